/**
 * Where an artifact came from: which network, which environment and bridge, which svc, when, and a
 * fingerprint of the network's content (operators, types, non-default parameters, DAT text, wires)
 * so two stamps of an unchanged network agree and a changed one does not.
 */
import type { BridgeClient } from "../engine/index.js";
import { packageVersion } from "../package-root.js";
import { sha256 } from "./checksums.js";
import type { LiveTree } from "./live-tree.js";

export interface Provenance {
  source: string;
  /** SHA-256 of the network's content, independent of node ids and positions. */
  content_sha256: string;
  operators: number;
  svc_version: string;
  bridge_version: string;
  td_version: string;
  created_at: string;
  author?: string;
}

function contentFingerprint(tree: LiveTree): string {
  const rel = (p: string) => p.slice(tree.root.length);
  const nodes = tree.nodes.map((n) => ({
    path: rel(n.path),
    type: n.type,
    params: Object.values(n.params ?? {})
      .map((p) => [p.name, p.value, p.mode ?? "constant", p.expr ?? ""])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    text: n.text ?? null,
  }));
  const wires = tree.wires.map((w) => [rel(w.source), w.source_output, rel(w.target), w.target_input]);
  return sha256(JSON.stringify({ nodes, wires }));
}

export async function provenanceOf(
  client: BridgeClient,
  tree: LiveTree,
  author?: string,
  now: Date = new Date(),
): Promise<Provenance> {
  const info = await client.get<{ bridge_version: string; td_version: string }>("/api/info");
  return {
    source: tree.root,
    content_sha256: contentFingerprint(tree),
    operators: tree.nodes.length,
    svc_version: packageVersion(),
    bridge_version: info.bridge_version,
    td_version: info.td_version,
    created_at: now.toISOString(),
    ...(author === undefined ? {} : { author }),
  };
}
