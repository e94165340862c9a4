import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const adoptNetwork = defineTool({
  name: "adopt_network",
  title: "Adopt a hand-built network",
  description:
    "Export a hand-built live COMP as canonical .svcnet; with confirm: true svc manages it from then on (one undo step; release_network gives it back).",
  input: {
    path: tdPath("the COMP, e.g. /project1/show"),
    confirm: z.boolean().default(false).describe("true: take ownership; false (default): only export, change nothing"),
  },
  output: {
    path: z.string(),
    source: z.string().describe("the network as canonical .svcnet"),
    adopted: z.boolean().describe("false: a read-only export; nothing changed"),
    taken: z.array(z.string()).describe("nodes svc manages from now on (or would, with confirm)"),
    leftOut: z.array(z.string()).describe("nodes the export could not declare: they stay the artist's"),
    replanEmpty: z.boolean().nullable().describe("after adoption: planning the source again finds nothing to do"),
    undoStep: z.string().nullable(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["core"],
  async handler({ path, confirm }, ctx) {
    const { adopt } = await import("../../../engine/index.js");
    const bridge = await ctx.services.bridge();
    await ctx.progress(`${confirm ? "adopting" : "exporting"} ${path}`);
    const r = await adopt(bridge, path, confirm);
    if (!r.ok) {
      if (r.code === "diagnostics" && r.planned) {
        const { loopFailure } = await import("./loop-report.js");
        return loopFailure(r.planned, { source: "" });
      }
      return failure(r.code, r.message);
    }
    const data = {
      path: r.path,
      source: r.source,
      adopted: r.adopted,
      taken: r.taken,
      leftOut: r.leftOut,
      replanEmpty: r.replan?.empty ?? null,
      undoStep: r.undoStep ?? null,
    };
    const head = r.adopted
      ? `svc now manages ${r.taken.length} node(s) in ${r.path}${r.replan?.empty ? "; planning the source again finds nothing to do" : `; planning again still shows:\n${r.replan?.text ?? ""}`}. release_network ${r.path} gives them back.`
      : `read-only export of ${r.path} (${r.taken.length} node(s)); nothing changed. Call again with confirm: true to let svc manage them.`;
    const left = r.leftOut.length > 0 ? `\nleft out (stay the artist's): ${r.leftOut.join(", ")}` : "";
    return success(data, `${head}${left}\n\n${r.source}`);
  },
});
