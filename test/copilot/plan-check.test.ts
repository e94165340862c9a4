/**
 * A model's plan is checked like a tool call before plan_visual returns it: the tool, its schema,
 * the recipes it names. Against the real recipe library; no model here (the model's side is in
 * plan-visual-llm.test.ts, over the Ollama protocol).
 */
import { toolByName } from "../../runtime/mcp/tools/load-tools.js";
import { beforeAll, describe, expect, it } from "vitest";
import { checkPlan } from "../../runtime/mcp/tools/artist/plan-check.js";
import { loadArtistCatalog, type ArtistCatalog } from "../../runtime/mcp/tools/artist/recipe-catalog.js";
import {
  PROMPT_RECIPES,
  plannerPrompt,
  planWithModel,
  promptRecipes,
} from "../../runtime/mcp/tools/artist/visual-planner-llm.js";
import { TYPED_TOOLS } from "../../runtime/mcp/tools/artist/visual-planner.js";

let catalog: ArtistCatalog;
beforeAll(async () => {
  catalog = await loadArtistCatalog();
});

const problemsOf = async (proposal: unknown) => {
  const r = await checkPlan(proposal, catalog, toolByName);
  return r.ok ? [] : r.problems;
};

describe("checkPlan", () => {
  it("accepts a typed tool call within its schema and names the recipe it builds", async () => {
    expect(
      await checkPlan({ tool: "create_kaleidoscope", arguments: { segments: 6, spin: -20 } }, catalog, toolByName),
    ).toEqual({
      ok: true,
      plan: { tool: "create_kaleidoscope", arguments: { segments: 6, spin: -20 }, recipes: ["glsl_kaleidoscope"] },
    });
  });

  it("refuses a tool no plan may name, an argument the tool does not take, and a value out of range", async () => {
    expect((await problemsOf({ tool: "execute_python_script", arguments: { script: "x" } }))[0]).toMatch(
      /'execute_python_script' is not a tool a plan may name; one of .*create_kaleidoscope/,
    );
    expect(await problemsOf({ tool: "create_kaleidoscope", arguments: { segmentz: 6 } })).toEqual([
      expect.stringMatching(/unknown argument 'segmentz'; create_kaleidoscope takes .*segments/),
    ]);
    expect(await problemsOf({ tool: "create_kaleidoscope", arguments: { segments: 100 } })).toEqual([
      expect.stringMatching(/^arguments\.segments: .*32/),
    ]);
  });

  it("refuses what is not a plan at all", async () => {
    expect(await problemsOf("create_glitch")).toEqual(["the plan is not a JSON object with 'tool' and 'arguments'"]);
    expect(await problemsOf({ arguments: {} })).toEqual(["'tool' is missing or not a string"]);
    expect(await problemsOf({ tool: "create_glitch", arguments: [1] })).toEqual(["'arguments' is not a JSON object"]);
  });

  it("checks the recipes a plan names: that they exist, their settings, and that effects take a picture in", async () => {
    expect(await problemsOf({ tool: "apply_recipe", arguments: { recipe: "no_such_recipe", arguments: {} } })).toEqual([
      "arguments.recipe: no recipe 'no_such_recipe' in the library",
    ]);
    const wrongSetting = await problemsOf({
      tool: "create_generative_art",
      arguments: { style: "attractor", settings: { nonsense: 1 } },
    });
    expect(wrongSetting.join("\n")).toMatch(/^arguments\.settings: .*nonsense/);
    const notAnEffect = await problemsOf({
      tool: "create_visual_system",
      arguments: { source: "glsl_kaleidoscope", effects: [{ recipe: "feedback_tunnel", settings: {} }] },
    });
    expect(notAnEffect).toEqual([
      "arguments.effects[0]: 'feedback_tunnel' makes a picture of its own and takes none in, so it cannot be an effect",
    ]);
    expect(
      await checkPlan(
        {
          tool: "create_visual_system",
          arguments: {
            source: "audio_reactive_basic",
            effects: [{ recipe: "glsl_kaleidoscope", settings: { segments: 4 } }],
          },
        },
        catalog,
        toolByName,
      ),
    ).toMatchObject({
      ok: true,
      plan: { recipes: ["audio_reactive_basic", "glsl_kaleidoscope"] },
    });
  });
});

describe("the prompt", () => {
  it("shows a bounded part of the library: the request's matches first, then the recipes with a tool of their own", () => {
    const shown = promptRecipes("chromatic aberration on a strange attractor", catalog, PROMPT_RECIPES.small).map(
      (r) => r.name,
    );
    expect(shown).toHaveLength(PROMPT_RECIPES.small);
    expect(shown.slice(0, 2).sort()).toEqual(["chromatic_aberration", "strange_attractor"]);
    for (const typed of Object.keys(TYPED_TOOLS).filter((n) => catalog.byName(n))) expect(shown).toContain(typed);
    const prompt = plannerPrompt(catalog, promptRecipes("a glitch", catalog, PROMPT_RECIPES.small));
    expect(prompt).toContain(
      `(${catalog.recipes.length - PROMPT_RECIPES.small} more recipes of the library are not listed here.)`,
    );
    expect(prompt.length).toBeLessThan(plannerPrompt(catalog, catalog.recipes).length / 2);
  });
});

describe("planWithModel around the model's answer", () => {
  const off = { code: "llm-off", message: "no model" };

  it("uses a valid plan as the model gave it, with the model's reasons", async () => {
    const ask = async () =>
      JSON.stringify({ tool: "create_glitch", arguments: { rate: 4 }, reasons: ["a glitch, calmer than usual"] });
    const plan = await planWithModel("a calm glitch", catalog, ask, off, toolByName);
    expect(plan).toMatchObject({
      planner: "llm",
      fallback: null,
      tool: "create_glitch",
      arguments: { rate: 4 },
      recipes: ["glitch"],
      reasons: ["a glitch, calmer than usual"],
    });
  });

  it("reads a plan inside a ```json fence", async () => {
    const ask = async () => '```json\n{"tool": "create_halftone", "arguments": {}}\n```';
    expect(await planWithModel("halftone", catalog, ask, off, toolByName)).toMatchObject({
      planner: "llm",
      tool: "create_halftone",
    });
  });

  it("falls back to the deterministic plan, with the reason, when the model is off, fails, or answers badly", async () => {
    const deterministic = await planWithModel("a kaleidoscope with 6 segments", catalog, undefined, off, toolByName);
    expect(deterministic).toMatchObject({
      planner: "deterministic",
      tool: "create_kaleidoscope",
      arguments: { segments: 6 },
      fallback: { code: "llm-off", message: "no model" },
    });

    const failing = async () => {
      throw Object.assign(new Error("the model server did not finish in time"), { code: "llm-timeout" });
    };
    expect(await planWithModel("a kaleidoscope with 6 segments", catalog, failing, off, toolByName)).toMatchObject({
      planner: "deterministic",
      tool: "create_kaleidoscope",
      fallback: { code: "llm-timeout" },
    });

    const prose = await planWithModel(
      "a kaleidoscope with 6 segments",
      catalog,
      async () => "Sure! I would use a kaleidoscope.",
      off,
      toolByName,
    );
    expect(prose).toMatchObject({
      planner: "deterministic",
      tool: "create_kaleidoscope",
      fallback: { code: "llm-malformed-reply" },
    });
    expect(prose!.fallback!.message).toContain("Sure! I would use a kaleidoscope.");

    const invalid = await planWithModel(
      "a kaleidoscope with 6 segments",
      catalog,
      async () => '{"tool": "create_kaleidoscope", "arguments": {"segments": 500}}',
      off,
      toolByName,
    );
    expect(invalid).toMatchObject({
      planner: "deterministic",
      arguments: { segments: 6 },
      fallback: { code: "llm-invalid-plan", problems: [expect.stringMatching(/^arguments\.segments/)] },
    });
    expect(invalid!.reasons[0]).toMatch(/^the model's plan was not used \(llm-invalid-plan\)/);
  });
});
