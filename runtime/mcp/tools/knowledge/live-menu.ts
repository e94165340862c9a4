/**
 * A menu parameter read from a live operator: the entries the running build offers, which can be
 * more than the documentation lists. Labels come from the knowledge base where the names agree.
 */
import { bridgeClient } from "../../bridge.js";
import { loadKb } from "../../knowledge/kb-access.js";
import { failure, success } from "../result.js";
import { segment } from "../live/live-input.js";

interface LivePar {
  name: string;
  value: unknown;
  style: string;
  label: string;
  default: unknown;
  menuNames?: string[];
}

export async function liveMenu(path: string, parameter: string) {
  const bridge = await bridgeClient();
  const r = await bridge.get<{ path: string; type: string; params: LivePar[] }>(`/api/nodes/${segment(path)}/params`, { keys: parameter });
  const p = r.params[0]!;
  if (p.menuNames === undefined) {
    return failure("not-a-menu", `${r.path}.${p.name} is a ${p.style} parameter, not a menu`, { details: { style: p.style } });
  }
  const kb = await loadKb();
  const op = kb.getOperatorByType(r.type);
  const known = op ? kb.getParam(op, p.name)?.param : undefined;
  const labelOf = new Map((known?.menuNames ?? []).map((n, i) => [n, known?.menuLabels?.[i] ?? n] as const));
  const data = {
    operator: r.type,
    parameter: p.name,
    label: p.label,
    style: p.style,
    names: p.menuNames,
    labels: p.menuNames.map((n) => labelOf.get(n) ?? n),
    default: typeof p.default === "string" ? p.default : null,
    acceptsOtherText: p.style === "StrMenu",
    incomplete: false,
    source: "live" as const,
    current: typeof p.value === "string" ? p.value : null,
  };
  return success(data, `${r.path}.${p.name} (live): ${data.names.join(", ")}; set to ${data.current ?? "?"}`);
}
