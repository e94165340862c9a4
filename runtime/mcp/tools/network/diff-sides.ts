/** diff_network's work: each side compiled or read live, paired by name, compared with svc diff's function. */
import { compile } from "../../../../compiler/index.js";
import { hasErrors } from "../../../../compiler/diagnostics/index.js";
import type { BridgeClient } from "../../../bridge-client/index.js";
import { desiredState, networkRoots } from "../../../apply/desired-state.js";
import { liveSide, pairNetworks, type Side } from "../../../diff/read-side.js";
import { renderDiffText, semanticDiff } from "../../../diff/semantic-diff.js";
import type { NetworkState } from "../../../plan/network-state.js";
import { diagnosticsFailure, success, type ToolOutcome } from "../result.js";
import { codeFrames } from "./loop-report.js";

type SideInput = { source: string; file?: string | undefined } | { path: string };

async function sourceSide(source: string, file: string): Promise<Side> {
  const result = await compile({ text: source, file }, { layout: false });
  if (hasErrors(result.diagnostics) || result.operations === undefined) {
    return { ok: false, diagnostics: result.diagnostics, sources: new Map(result.program.sources) };
  }
  const ops = result.operations;
  return { ok: true, networks: networkRoots(ops).map((root) => desiredState(ops, root)) };
}

const empty = (root: string): NetworkState => ({ root, nodes: new Map(), wires: [] });

export async function diffSides(a: SideInput, b: SideInput, client: BridgeClient | undefined): Promise<ToolOutcome<{ same: boolean; networks: Record<string, unknown>[] }>> {
  // Sources first: a live side then reads the parameters the source sets even at their defaults.
  const read = async (s: SideInput, name: string, other?: Side): Promise<Side> => {
    if ("source" in s) return sourceSide(s.source, s.file ?? name);
    const like = other?.ok && other.networks.length === 1 ? other.networks[0] : undefined;
    return liveSide(client!, s.path, like);
  };
  const aFirst = "source" in a || !("source" in b);
  const first = aFirst ? await read(a, "a.svcnet") : await read(b, "b.svcnet");
  const second = aFirst ? await read(b, "b.svcnet", first) : await read(a, "a.svcnet", first);
  const [sa, sb] = aFirst ? [first, second] : [second, first];
  for (const s of [sa, sb]) {
    if (!s.ok) {
      const f = diagnosticsFailure(s.diagnostics);
      f.error.details = { codeFrames: codeFrames(s.diagnostics, s.sources) };
      return f;
    }
  }
  const left = (sa as Extract<Side, { ok: true }>).networks;
  const right = (sb as Extract<Side, { ok: true }>).networks;
  const diffs = pairNetworks(left, right).map(([x, y]) => semanticDiff(x ?? empty(y!.root), y ?? empty(x!.root)));
  const same = diffs.every((d) => d.same);
  return success({ same, networks: diffs as unknown as Record<string, unknown>[] }, diffs.map(renderDiffText).join("\n"));
}
