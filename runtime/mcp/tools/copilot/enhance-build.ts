import { z } from "zod";
import type { ArtistData } from "../artist/run-artist.js";
import { defineTool, strictInput, type ToolContext } from "../registry.js";
import { failure, success, type ToolOutcome } from "../result.js";
import { isLocalModel, localModel, modelFailure, visionModel } from "./local-model.js";

const planSchema = z.object({
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  planner: z.enum(["deterministic", "llm"]),
  reasons: z.array(z.string()),
});
const buildSchema = z.object({
  network: z.string(),
  applied: z.boolean(),
  operations: z.number(),
  errors: z.number(),
  preview: z.object({ path: z.string(), width: z.number(), height: z.number() }).nullable(),
});

type Built = {
  plan: { tool: string; arguments: Record<string, unknown> };
  data: ArtistData;
  blocks: NonNullable<Extract<ToolOutcome<ArtistData>, { ok: true }>["blocks"]>;
};

/** Runs a checked plan through its own tool, into the network `name` when given. */
async function build(
  plan: { tool: string; arguments: Record<string, unknown> },
  name: string | undefined,
  preview: number,
  ctx: ToolContext,
): Promise<Built | ToolOutcome<never>> {
  const tool = (await ctx.tool(plan.tool))!;
  const args = strictInput(tool).safeParse({ ...plan.arguments, ...(name ? { name } : {}), preview });
  if (!args.success)
    return failure(
      "invalid-arguments",
      `${plan.tool} refuses the plan's arguments: ${args.error.issues.map((i) => i.message).join("; ")}`,
    );
  const r = (await tool.handler(args.data, ctx)) as ToolOutcome<ArtistData>;
  if (!r.ok) return r;
  if (r.isError)
    return failure(
      "build-errors",
      `${plan.tool} built ${r.data.network} with ${r.data.errors} live error(s): ${r.text.split("\n")[0]}`,
      { details: { build: r.data } },
    );
  return { plan, data: r.data, blocks: r.blocks ?? [] };
}

const brief = (b: Built) => ({
  network: b.data.network,
  applied: b.data.applied,
  operations: b.data.operations,
  errors: b.data.errors,
  preview: b.data.preview,
});
const isBuilt = (x: Built | ToolOutcome<never>): x is Built => "data" in x && !("ok" in x);

/**
 * enhance_build (spec 4.4): the local model plans a look from the request (plan_visual's llm path,
 * checked, with the deterministic plan as fallback) and it is built through the plan's own tool.
 * With `critique`, the vision model looks at what was built, says what to change, and the model
 * revises the plan once with the same tool, which rebuilds the same network in place.
 */
export const enhanceBuild = defineTool({
  name: "enhance_build",
  title: "Plan and build with the local model",
  description:
    "Build a look from a plain-language request with the local model planning it (checked, deterministic fallback); with critique, the vision model reviews the built picture and one revision is applied. Off unless a local model is configured (SVC_LLM_MODEL).",
  input: {
    request: z.string().min(1).max(500).describe("what to make, e.g. 'a slow purple kaleidoscope'"),
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a network name is letters, digits and '_', not starting with a digit")
      .optional()
      .describe("network name: the COMP built at /project1/<name> (default: the planned tool's own)"),
    critique: z
      .boolean()
      .default(false)
      .describe("let the vision model review the built picture and apply one revision"),
    preview: z.number().int().min(16).max(1024).default(256).describe("thumbnail size of the output"),
  },
  output: {
    plan: planSchema,
    fallback: z
      .object({ code: z.string(), message: z.string(), problems: z.array(z.string()) })
      .nullable()
      .describe("why the model's plan was not used"),
    build: buildSchema,
    critique: z.string().nullable().describe("what the vision model said of the first build"),
    revision: z
      .object({ plan: planSchema.nullable(), applied: z.boolean(), reason: z.string(), build: buildSchema.nullable() })
      .nullable()
      .describe("the revised plan after the critique, and whether it was built"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: ["safe"],
  async handler({ request, name, critique, preview }, ctx) {
    const model = critique ? await visionModel() : await localModel();
    if (!isLocalModel(model)) return model;
    const [{ loadArtistCatalog }, { planWithModel }, { plannerModel }] = await Promise.all([
      import("../artist/recipe-catalog.js"),
      import("../artist/visual-planner-llm.js"),
      import("./planner-model.js"),
    ]);
    const catalog = await loadArtistCatalog();
    const planner = await plannerModel();
    const plan = await planWithModel(request, catalog, planner.ask, planner.off, ctx.tool, planner.recipesShown);
    if (plan === undefined)
      return failure("recipe-missing", "the recipe library is empty: there is nothing to plan with");
    const first = await build(plan, name, preview, ctx);
    if (!isBuilt(first)) return first;
    const planned = { tool: plan.tool, arguments: plan.arguments, planner: plan.planner, reasons: plan.reasons };
    const data = {
      plan: planned,
      fallback: plan.fallback,
      build: brief(first),
      critique: null as string | null,
      revision: null as null | {
        plan: typeof planned | null;
        applied: boolean;
        reason: string;
        build: ReturnType<typeof brief> | null;
      },
    };
    let last = first;
    if (critique && first.data.preview) {
      const { critiqueTop } = await import("../../../copilot/vision.js");
      try {
        data.critique = (
          await critiqueTop(
            await ctx.services.bridge(),
            model.client,
            model.config,
            first.data.preview.path,
            request,
            512,
            ctx.signal,
          )
        ).text;
      } catch (err) {
        const f = modelFailure(err);
        if (f)
          return failure(f.error.code, `${first.data.network} was built; its critique failed: ${f.error.message}`, {
            details: { ...f.error.details, build: brief(first) },
          });
        throw err;
      }
      const again = `${request}\nThe first build was ${plan.tool} ${JSON.stringify(plan.arguments)}. A look at its picture says: ${data.critique}\nRevise the plan with the same tool "${plan.tool}" so the picture fits the request better.`;
      const revised = await planWithModel(again, catalog, planner.ask, planner.off, ctx.tool, planner.recipesShown);
      const revisedPlan = revised && {
        tool: revised.tool,
        arguments: revised.arguments,
        planner: revised.planner,
        reasons: revised.reasons,
      };
      if (!revised || revised.planner !== "llm") {
        data.revision = {
          plan: null,
          applied: false,
          reason: `the model's revision was not used (${revised?.fallback?.code ?? "no plan"}): ${revised?.fallback?.message ?? ""}`,
          build: null,
        };
      } else if (revised.tool !== plan.tool) {
        data.revision = {
          plan: revisedPlan!,
          applied: false,
          reason: `the revision changes the tool to ${revised.tool}; only the same tool rebuilds the network in place`,
          build: null,
        };
      } else {
        const second = await build(revised, first.data.network.split("/").pop(), preview, ctx);
        if (!isBuilt(second))
          return failure(
            second.ok ? "internal-error" : second.error.code,
            `${first.data.network} was built; its revision failed: ${second.ok ? "" : second.error.message}`,
            { details: { build: brief(first) } },
          );
        data.revision = {
          plan: revisedPlan!,
          applied: second.data.applied,
          reason: second.data.applied ? "the critique's changes are applied" : "the revision asks for nothing new",
          build: brief(second),
        };
        last = second;
      }
    }
    const lines = [
      `${plan.tool} ${JSON.stringify(plan.arguments)} (${plan.planner === "llm" ? "planned by the local model" : `planned deterministically: ${plan.fallback?.code}`}) -> ${first.data.network}`,
    ];
    if (data.critique) lines.push(`critique: ${data.critique}`);
    if (data.revision)
      lines.push(
        `revision: ${data.revision.reason}${data.revision.plan ? ` (${JSON.stringify(data.revision.plan.arguments)})` : ""}`,
      );
    return success(data, lines.join("\n"), last.blocks);
  },
});
