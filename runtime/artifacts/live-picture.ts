/**
 * The SVG picture of a live network, as `svc draw /path` makes it: the network read back as
 * `.svcnet` (svc's export), laid out and drawn. A network that does not export to source that
 * compiles has no picture; the reason says why.
 */
import type { BridgeClient } from "../engine/index.js";

export type LivePicture = { ok: true; svg: string; nodes: number; wires: number } | { ok: false; reason: string };

export async function livePicture(client: BridgeClient, root: string): Promise<LivePicture> {
  const { exportProgram, readExport } = await import("../engine/index.js");
  const { drawProgram } = await import("../draw/draw.js");
  const exported = await readExport(client, root);
  if (exported === undefined) return { ok: false, reason: `nothing is at ${root}` };
  const text = await exportProgram([exported]);
  const drawing = await drawProgram({ text, file: `${root}.svcnet` }, { rootPath: () => root });
  if (!drawing.ok) {
    const first = drawing.diagnostics.find((d) => d.severity === "error");
    return { ok: false, reason: `its export does not compile${first ? `: ${first.code}: ${first.message}` : ""}` };
  }
  return { ok: true, svg: drawing.svg, nodes: drawing.nodes, wires: drawing.wires };
}
