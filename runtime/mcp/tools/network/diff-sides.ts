/** diff_network's work: each side compiled or read live, paired by name, compared with svc diff's function. */
import {
  type BridgeClient,
  diffNetworks,
  readSides,
  renderDiffText,
  type Side,
  type SideSpec,
} from "../../../engine/index.js";
import { diagnosticsFailure, success, type ToolOutcome } from "../result.js";
import { codeFrames } from "./loop-report.js";

type SideInput = { source: string; file?: string | undefined } | { path: string };

export async function diffSides(
  a: SideInput,
  b: SideInput,
  client: BridgeClient | undefined,
): Promise<ToolOutcome<{ same: boolean; networks: Record<string, unknown>[] }>> {
  const spec = (s: SideInput, name: string): SideSpec =>
    "source" in s ? { source: { text: s.source, file: s.file ?? name } } : { live: s.path };
  const [sa, sb] = await readSides(spec(a, "a.svcnet"), spec(b, "b.svcnet"), client);
  for (const s of [sa, sb]) {
    if (!s.ok) {
      const f = diagnosticsFailure(s.diagnostics);
      f.error.details = { codeFrames: codeFrames(s.diagnostics, s.sources) };
      return f;
    }
  }
  const left = (sa as Extract<Side, { ok: true }>).networks;
  const right = (sb as Extract<Side, { ok: true }>).networks;
  const file = (s: SideInput, name: string) => ("source" in s ? (s.file ?? name) : undefined);
  const diffs = diffNetworks(left, right, { a: file(a, "a.svcnet"), b: file(b, "b.svcnet") });
  const same = diffs.every((d) => d.same);
  return success(
    { same, networks: diffs as unknown as Record<string, unknown>[] },
    diffs.map(renderDiffText).join("\n"),
  );
}
