/**
 * apply_creative_card (spec 4.4): hands one card of the creative repertoire to one of a fixed list
 * of layer-1 artist builders. Registered only with SVC_RAG_ENABLED=1 and SVC_RAG_APPLY_CARD=1. The
 * card's affordance names the builder; the card's palette, motion words and tags become the
 * builder's arguments (creative/card-arguments.ts); `overrides` may set any argument the builder
 * really takes. A dry run returns `{tool, args}` after the builder's schema defaults; otherwise the
 * builder runs exactly as when called itself (it writes .svcnet and applies it, run-artist.ts).
 * Everything is checked before any builder runs.
 */
import { z } from "zod";
import { defineTool, strictInput, type AnyToolDefinition, type ToolContext, type ToolLookup } from "../registry.js";
import { failure, success, type ToolOutcome } from "../result.js";
import { argumentValue } from "../artist/artist-schemas.js";

/** The builders a card may reach: the artist tools a card's affordances can name, nothing else. */
export const APPLY_TARGETS = [
  "create_color_grade",
  "create_dither",
  "create_feedback_network",
  "create_fluid_sim",
  "create_glitch",
  "create_growth_system",
  "create_halftone",
  "create_kaleidoscope",
  "create_particle_system",
] as const;

async function target(name: string, tools: ToolLookup): Promise<AnyToolDefinition | undefined> {
  if (!(APPLY_TARGETS as readonly string[]).includes(name)) return undefined;
  return tools(name);
}

type Planned = { tool: string; args: Record<string, unknown> };

async function plan(
  cardId: string,
  index: number,
  overrides: Record<string, unknown>,
  tools: ToolLookup,
): Promise<ToolOutcome<Planned> & { builder?: AnyToolDefinition }> {
  const { configFor } = await import("../../../creative/cli-support.js");
  const config = configFor(process.env, process.cwd());
  if (typeof config === "string") return failure("creative-config", config);
  if (!config.enabled) return failure("creative-disabled", "the creative repertoire is off; set SVC_RAG_ENABLED=1");
  const { readCard } = await import("../../../creative/store.js");
  const card = await readCard(config.dataDir, cardId);
  if (!card)
    return failure("card-not-found", `no creative card '${cardId}'; find ids with svc://creative/search?q=<words>`);
  if (card.tombstone)
    return failure("card-tombstoned", `card '${cardId}' (${card.title}) vanished upstream and is kept only for audit`);
  const name = card.svcAffordances[index];
  if (name === undefined) {
    return failure(
      "no-such-affordance",
      `card '${card.title}' has ${card.svcAffordances.length} affordance(s), so affordance_index ${index} is out of range: ${card.svcAffordances.map((a, i) => `${i} ${a}`).join(", ")}`,
    );
  }
  const builder = await target(name, tools);
  if (!builder)
    return failure(
      "target-not-allowed",
      `'${name}' is not a builder a card may run; allowed: ${APPLY_TARGETS.join(", ")}`,
    );
  const takes = Object.keys(builder.input);
  const unknown = Object.keys(overrides).filter((k) => !takes.includes(k));
  if (unknown.length) {
    return failure(
      "unknown-override",
      `${unknown.map((k) => `'${k}'`).join(", ")} ${unknown.length === 1 ? "is not an argument" : "are not arguments"} of ${name}; it takes ${[...takes].sort().join(", ")}`,
      { details: { tool: name, unknown, takes } },
    );
  }
  const { cardArguments } = await import("../../../creative/card-arguments.js");
  const fromCard = cardArguments(card, name, takes);
  const parsed = strictInput(builder).safeParse({ ...fromCard.args, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`);
    return failure("invalid-arguments", `${name} refuses these arguments: ${problems.join("; ")}`, {
      details: { tool: name, problems },
    });
  }
  return {
    ...success(
      { tool: name, args: parsed.data as Record<string, unknown> },
      `${name} for card '${card.title}' (${card.license}, ${card.sourceUrl}); from the card: ${fromCard.because.join("; ")}`,
    ),
    builder,
  };
}

export const applyCreativeCard = defineTool({
  name: "apply_creative_card",
  title: "Apply a creative card",
  description:
    "Build what a creative-repertoire card suggests: its affordance names an artist builder from a fixed list. dry_run (the default) returns {tool, args} without building.",
  input: {
    card_id: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "a card id is a hex SHA-256 (64 characters)")
      .describe("the card's id, from svc://creative/search"),
    affordance_index: z
      .number()
      .int()
      .min(0)
      .max(63)
      .describe("which of the card's svcAffordances to run (0 is the first)"),
    dry_run: z.boolean().default(true).describe("true: return the builder and its arguments only; false: build it"),
    overrides: z
      .record(z.string().max(64), argumentValue)
      .default({})
      .describe("arguments of the builder to set, each a real argument of it"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  feature: "creative-apply-card",
  async handler({ card_id, affordance_index, dry_run, overrides }, ctx: ToolContext) {
    const planned = await plan(card_id, affordance_index, overrides, ctx.tool);
    if (!planned.ok || dry_run) {
      if (!planned.ok) return planned;
      return success(planned.data, `dry run: ${planned.text}\n${JSON.stringify(planned.data)}`);
    }
    return planned.builder!.handler(planned.data.args as never, ctx);
  },
});
