import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const releaseNetwork = defineTool({
  name: "release_network",
  title: "Release a network to the artist",
  description:
    "Stop managing the network in a COMP: svc's tags and record come off in one undo step and every node stays as it is, the artist's from now on.",
  input: { path: tdPath("the COMP svc manages, e.g. /project1/show") },
  output: { path: z.string(), released: z.array(z.string()), undoStep: z.string().nullable() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path }, ctx) {
    const { release } = await import("../../../engine/index.js");
    const r = await release(await ctx.services.bridge(), path);
    if (!r.ok) return failure(r.code, r.message);
    return success(
      { path: r.path, released: r.released, undoStep: r.undoStep ?? null },
      `svc no longer manages ${r.path}: ${r.released.length} node(s) are the artist's now (adopt_network with confirm takes them back)`,
    );
  },
});
