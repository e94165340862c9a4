import { z } from "zod";
import { MAX_SOURCE_CHARS } from "../language/source-input.js";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";

const side = z.union([
  z
    .object({
      source: z.string().min(1).max(MAX_SOURCE_CHARS).describe(".svcnet source"),
      file: z.string().max(260).optional(),
    })
    .strict(),
  z.object({ path: tdPath("live network COMP, e.g. /project1/tunnel") }).strict(),
]);

export const diffNetwork = defineTool({
  name: "diff_network",
  title: "Compare two networks by meaning",
  description:
    "Compare two networks (.svcnet source or a live path) by meaning: nodes, types, parameters, flags, text, wires. Formatting, order, comments and positions do not count.",
  input: { a: side, b: side },
  output: {
    same: z.boolean(),
    networks: z
      .array(z.record(z.string(), z.unknown()))
      .describe("per network pair: a, b, same, changes, wiresOnlyInA, wiresOnlyInB"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ a, b }, ctx) {
    const { diffSides } = await import("./diff-sides.js");
    const needsBridge = "path" in a || "path" in b;
    return diffSides(a, b, needsBridge ? await ctx.services.bridge() : undefined);
  },
});
