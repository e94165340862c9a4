/**
 * The artist tools' parts without a live project: recipe arguments, the network text they emit,
 * their schemas against the recipes they build, and which profiles offer them.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { print } from "../../grammar/print.js";
import { GENERATIVE_STYLES } from "../../runtime/mcp/tools/artist/generative-styles.js";
import { chainNetwork, networkFile } from "../../runtime/mcp/tools/artist/network-source.js";
import { recipeArguments } from "../../runtime/mcp/tools/artist/recipe-arguments.js";
import type { RecipeParamInfo } from "../../runtime/mcp/tools/artist/recipe-catalog.js";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { inProfile } from "../../runtime/mcp/tools/registry.js";
import { libraryRecipes } from "./artist-fixture.js";
import { memoryClient } from "./helpers.js";

const param = (name: string, type: string, extra: Partial<RecipeParamInfo> = {}): RecipeParamInfo => ({
  name,
  type,
  default: null,
  range: null,
  label: null,
  ...extra,
});

describe("recipe arguments", () => {
  const recipe = {
    name: "demo",
    params: [
      param("gain", "float", { range: [0, 1] }),
      param("count", "int", { range: [1, 8] }),
      param("on", "toggle"),
      param("mode", "menu", { entries: ["add", "over"] }),
      param("tint", "rgb"),
      param("centre", "xy"),
      param("size", "wh"),
      param("title", "string"),
    ],
  };

  it("writes each JSON value as a value of the parameter's type", () => {
    const r = recipeArguments(recipe, {
      gain: 0.5,
      count: 3,
      on: true,
      mode: "over",
      tint: "#FF8800",
      centre: [0.1, -0.2],
      size: [640, 360],
      title: "Hi",
    });
    if (!("params" in r)) throw new Error(JSON.stringify(r));
    expect(r.params.map((p) => [p.name.name, p.value.kind])).toEqual([
      ["gain", "Number"],
      ["count", "Number"],
      ["on", "Boolean"],
      ["mode", "Name"],
      ["tint", "Color"],
      ["centre", "Tuple"],
      ["size", "Tuple"],
      ["title", "String"],
    ]);
    expect(r.params.find((p) => p.name.name === "tint")!.value).toMatchObject({ hex: "ff8800" });
  });

  it("reports every problem: unknown names, wrong types, ranges, menu entries, colours, sizes", () => {
    const r = recipeArguments(recipe, {
      gian: 1,
      gain: 2,
      count: 2.5,
      on: 1,
      mode: "under",
      tint: "orange",
      centre: [1, 2, 3],
      size: [0, 10],
    });
    if (!("problems" in r)) throw new Error("accepted");
    expect(Object.fromEntries(r.problems.map((p) => [p.argument, p.message]))).toEqual({
      gian: "recipe 'demo' has no parameter 'gian' (its parameters: gain, count, on, mode, tint, centre, size, title)",
      gain: "'gain' is 2, outside its range 0..1",
      count: "'count' takes a whole number, not 2.5",
      on: "'on' takes true or false, not 1",
      mode: "'mode' takes one of add, over, not \"under\"",
      tint: '\'tint\' takes a colour like "#ff8800", not "orange"',
      centre: "'centre' takes 2 numbers, not [1,2,3]",
      size: "'size' takes two whole numbers of at least 1, not [0,10]",
    });
  });
});

describe("the network an artist tool emits", () => {
  it("imports its recipes, chains them, and compiles cleanly as the file it names", async () => {
    const lib = await libraryRecipes();
    const draft = chainNetwork("look", [
      { node: "audio_reactive_basic1", recipe: lib.get("audio_reactive_basic")!, params: [] },
      { node: "glitch1", recipe: lib.get("glitch")!, params: [] },
    ]);
    const text = print(draft.program());
    expect(text).toBe(
      [
        "svcnet 1",
        "",
        'import "svc:recipes/audio/audio_reactive_basic.svcnet"',
        'import "svc:recipes/post/glitch.svcnet"',
        "",
        "network look {",
        "  audio_reactive_basic1: audio_reactive_basic",
        "  audio_reactive_basic1_out: selectTOP { top: audio_reactive_basic1/out1 }",
        "  glitch1: glitch",
        "  glitch1_out: selectTOP { top: glitch1/out1 }",
        "  out1: nullTOP [display]",
        "",
        "  audio_reactive_basic1_out -> glitch1",
        "  glitch1_out -> out1",
        "}",
        "",
      ].join("\n"),
    );
    expect(analyze({ text, file: networkFile("look") }).diagnostics).toEqual([]);
  });
});

/** Tools bound to one recipe, whose arguments are that recipe's parameters. */
const TYPED: Record<string, string> = {
  create_feedback_network: "feedback_tunnel",
  create_audio_reactive: "audio_reactive_basic",
  create_kaleidoscope: "glsl_kaleidoscope",
  create_color_grade: "color_grade",
  create_glitch: "glitch",
  create_halftone: "halftone",
  create_dither: "dither",
  create_growth_system: "growth_system",
  create_particle_system: "particle_system",
  create_fluid_sim: "fluid_sim",
  create_scene_timeline: "timeline_demo",
  create_stage_dashboard: "foh_dashboard",
};
const NOT_RECIPE_ARGS = new Set(["name", "preview", "source", "layout", "program"]);

describe("tool schemas follow their recipes", () => {
  let listing: Promise<Awaited<ReturnType<Awaited<ReturnType<typeof memoryClient>>["listTools"]>>> | undefined;
  const listTools = () =>
    (listing ??= memoryClient({ profile: "full", rawPython: false }).then(async (client) => {
      const list = await client.listTools();
      await client.close();
      return list;
    }));

  it.each(Object.entries(TYPED))("%s offers %s's parameters with its types and ranges", async (tool, recipeName) => {
    const listed = (await listTools()).tools.find((t) => t.name === tool)!;
    const recipe = (await libraryRecipes()).get(recipeName)!;
    const props = listed.inputSchema.properties as Record<
      string,
      { type?: string; minimum?: number; maximum?: number; enum?: string[]; pattern?: string }
    >;
    const args = Object.keys(props).filter((k) => !NOT_RECIPE_ARGS.has(k));
    expect(args.sort()).toEqual(recipe.params.map((p) => p.name).sort());
    for (const p of recipe.params) {
      const s = props[p.name]!;
      if (p.range) expect([s.minimum, s.maximum], p.name).toEqual(p.range);
      if (p.type === "int") expect(s.type).toBe("integer");
      if (p.type === "float") expect(s.type).toBe("number");
      if (p.type === "toggle") expect(s.type).toBe("boolean");
      if (p.type === "menu") expect(s.enum, p.name).toEqual(p.entries);
      if (p.type === "rgb") expect(s.pattern).toBe("^#[0-9a-fA-F]{6}$");
    }
  });
});

describe("create_generative_art's styles", () => {
  it.each(Object.entries(GENERATIVE_STYLES))(
    "%s is the library recipe %s, which makes its own picture",
    async (_, recipe) => {
      const r = (await libraryRecipes()).get(recipe);
      expect(r, `${recipe} is not in the library`).toBeDefined();
      expect(r!.takesInput).toBe(false);
    },
  );
});

describe("profiles", () => {
  // The show's safety and failover tools build recipes too, but they take over live outputs: full
  // profile only.
  const SHOW_SAFETY = ["create_panic", "create_safety_blackout_chain", "create_show_failover"];
  const artist = allTools.filter(
    (t) =>
      !SHOW_SAFETY.includes(t.name) &&
      (t.name === "apply_recipe" ||
        t.name === "plan_visual" ||
        (t.name.startsWith("create_") && t.output !== undefined && "recipes" in (t.output as object))),
  );

  it("finds the artist tools", () => {
    expect(artist.map((t) => t.name).sort()).toEqual(
      [
        "apply_recipe",
        "plan_visual",
        "create_visual_system",
        "create_feedback_network",
        "create_audio_reactive",
        "create_generative_art",
        "create_kaleidoscope",
        "create_growth_system",
        "create_color_grade",
        "create_glitch",
        "create_halftone",
        "create_dither",
        "create_particle_system",
        "create_fluid_sim",
        "create_decks",
        "create_scene_timeline",
        "create_stage_dashboard",
      ].sort(),
    );
  });

  it("core offers apply_recipe and plan_visual only; safe offers them all, none destructive", () => {
    expect(
      artist
        .filter((t) => inProfile(t, "core"))
        .map((t) => t.name)
        .sort(),
    ).toEqual(["apply_recipe", "plan_visual"]);
    expect(artist.every((t) => inProfile(t, "safe") && inProfile(t, "full") && !t.annotations.destructiveHint)).toBe(
      true,
    );
    expect(artist.find((t) => t.name === "plan_visual")!.annotations.readOnlyHint).toBe(true);
  });

  it("offers the show's safety and failover tools in the full profile only", () => {
    const safety = allTools.filter((t) => SHOW_SAFETY.includes(t.name));
    expect(safety.map((t) => t.name).sort()).toEqual(SHOW_SAFETY);
    expect(safety.every((t) => inProfile(t, "full") && !inProfile(t, "safe") && !inProfile(t, "core"))).toBe(true);
  });
});
