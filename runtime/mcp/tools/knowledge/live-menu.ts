/**
 * A menu parameter read from a live operator through the bridge's menu route: the entries and labels
 * the running build offers (which can be more than the documentation lists) and the current value.
 */
import { BridgeError, type BridgeClient } from "../../../engine/index.js";
import { failure, success } from "../result.js";
import { segment } from "../live/live-input.js";

interface LiveMenu {
  path: string;
  param: string;
  label: string;
  style: string;
  names: string[];
  labels: string[];
  complete: boolean;
  value: unknown;
  default: unknown;
  accepts_other_text: boolean;
}

export async function liveMenu(bridge: BridgeClient, path: string, parameter: string) {
  let r: LiveMenu;
  try {
    r = await bridge.get<LiveMenu>(`/api/nodes/${segment(path)}/params/${encodeURIComponent(parameter)}/menu`);
  } catch (err) {
    if (err instanceof BridgeError && err.code === "not_a_menu") {
      return failure("not-a-menu", err.message, {
        details: { style: (err.details.style as string | undefined) ?? null },
      });
    }
    throw err;
  }
  const node = await bridge.get<{ type: string }>(`/api/nodes/${segment(path)}`);
  const data = {
    operator: node.type,
    parameter: r.param,
    label: r.label,
    style: r.style,
    names: r.names,
    labels: r.labels,
    default: typeof r.default === "string" ? r.default : null,
    acceptsOtherText: r.accepts_other_text,
    incomplete: !r.complete,
    source: "live" as const,
    current: typeof r.value === "string" ? r.value : null,
  };
  return success(data, `${r.path}.${r.param} (live): ${data.names.join(", ")}; set to ${data.current ?? "?"}`);
}
