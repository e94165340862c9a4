import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { artistOutput, networkName, previewSize, settings, sourceTop } from "./artist-schemas.js";

export const createDecks = defineTool({
  name: "create_decks",
  title: "Decks",
  description:
    "Build VJ decks: without 'decks', the classic A/B pair with a crossfader (the ab_decks recipe); with 'decks', 2 to 8 recipes played at once, each faded from the panel and mixed into one output.",
  input: {
    name: networkName("decks"),
    decks: z
      .array(
        z.object({
          recipe: z
            .string()
            .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
            .max(64)
            .describe("the deck's recipe"),
          settings,
          level: z.number().min(0).max(1).default(1).describe("the deck's fader (0..1)"),
        }),
      )
      .min(2)
      .max(8)
      .optional()
      .describe("explicit decks, 2 to 8; leave out for the A/B pair"),
    mix: z.enum(["add", "screen", "over", "maximum"]).default("add").describe("explicit decks: how they combine"),
    crossfader: z.number().min(0).max(1).optional().describe("A/B pair: 0 = A, 1 = B"),
    blend: z.enum(["mix", "lighten", "add"]).optional().describe("A/B pair: how A and B combine"),
    a_source: sourceTop.describe("A/B pair: a live TOP for deck A (default: its own picture)"),
    b_source: sourceTop.describe("A/B pair: a live TOP for deck B"),
    preview: previewSize,
  },
  output: artistOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ name, decks, mix, crossfader, blend, a_source, b_source, preview }, ctx) {
    const { buildAbDecks, buildDecks } = await import("./build-decks.js");
    if (decks === undefined) {
      const args = { ...(crossfader === undefined ? {} : { crossfader }), ...(blend === undefined ? {} : { blend }) };
      return buildAbDecks(name, args, { a: a_source, b: b_source }, preview, ctx);
    }
    const legacy = Object.entries({ crossfader, blend, a_source, b_source })
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    if (legacy.length)
      return failure(
        "invalid-arguments",
        `${legacy.join(", ")} belong to the A/B pair; with 'decks' each deck has its own recipe, settings and level`,
      );
    return buildDecks(name, decks, mix, preview, ctx);
  },
});
