/** Live networks as one canonical .svcnet text, shared by export_network and serialize_network. */
import { type BridgeClient, type ExportedNetwork, exportProgram, readExport } from "../../../engine/index.js";
import type * as A from "../../../../grammar/ast.js";

export type ExportRead =
  | { ok: true; source: string; networks: Array<{ root: string; nodes: number }> }
  | { ok: false; code: string; message: string; details: Record<string, unknown> };

function countNodes(body: A.NetworkBody): number {
  return body.nodes.reduce((n, node) => n + 1 + (node.network ? countNodes(node.network) : 0), 0);
}

export async function exportNetworks(bridge: BridgeClient, paths: readonly string[]): Promise<ExportRead> {
  const unique = [...new Set(paths)];
  const names = unique.map((p) => p.slice(p.lastIndexOf("/") + 1));
  const clash = names.find((n, i) => names.indexOf(n) !== i);
  if (clash !== undefined) {
    return {
      ok: false,
      code: "duplicate-network-name",
      message: `two paths end in '${clash}': one file cannot hold two networks of the same name; export them one at a time`,
      details: { paths: unique },
    };
  }
  if (unique.includes("/"))
    return {
      ok: false,
      code: "not-a-network",
      message: "the root '/' is not a network; export a COMP such as /project1/tunnel",
      details: {},
    };
  const networks: ExportedNetwork[] = [];
  const missing: string[] = [];
  for (const path of unique) {
    const exported = await readExport(bridge, path);
    if (exported === undefined) missing.push(path);
    else networks.push(exported);
  }
  if (missing.length > 0)
    return { ok: false, code: "not-found", message: `nothing exists at ${missing.join(", ")}`, details: { missing } };
  return {
    ok: true,
    source: await exportProgram(networks),
    networks: networks.map((n) => ({ root: n.root, nodes: countNodes(n.network) })),
  };
}
