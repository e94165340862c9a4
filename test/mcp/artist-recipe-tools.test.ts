/**
 * The one-recipe artist tools end to end against tdsim, through an MCP client: valid arguments
 * build the recipe's COMP with its panel set from them, return a thumbnail and a .svcnet that
 * re-applies to an empty plan; invalid arguments are refused before anything changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "./helpers.js";
import { controlsOfParams, expectBuilt, libraryRecipes, livePanel } from "./artist-fixture.js";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";
import type { ArtistRecipe } from "../../runtime/mcp/tools/artist/recipe-catalog.js";

let f: NetworkFixture;
let library: Map<string, ArtistRecipe>;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  library = await libraryRecipes();
}, 60_000);

afterAll(async () => {
  await f?.close();
});

interface Case {
  tool: string;
  recipe: string;
  network: string;
  args: Record<string, unknown>;
  /** Each refused before the tool runs. */
  bad: Array<Record<string, unknown>>;
}

const CASES: Case[] = [
  {
    tool: "create_feedback_network",
    recipe: "feedback_tunnel",
    network: "feedback",
    args: { gain: 0.8, zoom: 1.05, spin: -2 },
    bad: [{ gain: 1.5 }, { zoom: 0.9 }, { spin: "fast" }],
  },
  {
    tool: "create_audio_reactive",
    recipe: "audio_reactive_basic",
    network: "audio_reactive",
    args: { sensitivity: 6, color: "#ff0080" },
    bad: [{ sensitivity: 40 }, { color: "pink" }],
  },
  {
    tool: "create_kaleidoscope",
    recipe: "glsl_kaleidoscope",
    network: "kaleidoscope",
    args: { segments: 6, zoom: 2 },
    bad: [{ segments: 1 }, { segments: 6.5 }, { source: "project1/x" }],
  },
  {
    tool: "create_color_grade",
    recipe: "color_grade",
    network: "grade",
    args: { exposure: 1.5, saturation: 0.5, tint: "#ffeedd" },
    bad: [{ exposure: -1 }, { hue: 200 }],
  },
  {
    tool: "create_glitch",
    recipe: "glitch",
    network: "glitch",
    args: { intensity: 0.7, block: 32 },
    bad: [{ intensity: 2 }, { block: 2 }],
  },
  {
    tool: "create_halftone",
    recipe: "halftone",
    network: "halftone",
    args: { cell: 8, colour: true },
    bad: [{ cell: 100 }, { colour: "yes" }],
  },
  {
    tool: "create_dither",
    recipe: "dither",
    network: "dither",
    args: { levels: 4, mono: true, light: "#ffcc00" },
    bad: [{ levels: 1 }, { pixel: 0 }],
  },
  {
    tool: "create_growth_system",
    recipe: "growth_system",
    network: "growth",
    args: { rate: 0.5, seed: "ground" },
    bad: [{ seed: "sky" }, { steps: 0 }],
  },
  {
    tool: "create_particle_system",
    recipe: "particle_system",
    network: "particles",
    args: { birth: 100, gravity: -3 },
    bad: [{ birth: -1 }],
  },
  {
    tool: "create_fluid_sim",
    recipe: "fluid_sim",
    network: "fluid",
    args: { force: 2.5, fade: 0.98 },
    bad: [{ fade: 0.5 }],
  },
  {
    tool: "create_scene_timeline",
    recipe: "timeline_demo",
    network: "timeline",
    args: { loop: 30, show_text: false },
    bad: [{ loop: 0 }],
  },
];

describe.each(CASES)("$tool", (c) => {
  it("builds its recipe with the arguments on the panel, a thumbnail, and a source that re-applies to nothing", async () => {
    const recipe = library.get(c.recipe);
    expect(recipe, `the library has ${c.recipe}`).toBeDefined();
    if (recipe === undefined) return;
    const data = await expectBuilt(f, await f.call(c.tool, { ...c.args, preview: 48 }), 48);
    expect(data.network).toBe(`/project1/${c.network}`);
    expect(data.recipes).toEqual([c.recipe]);
    // svc's library by name: the source compiles wherever it is applied.
    expect(data.source).toContain(`import "svc:recipes/${recipe.importPath}"`);
    const use = `${data.network}/${c.recipe}1`;
    expect((await f.node(use))?.type).toBe("baseCOMP");
    const panel = await livePanel(f, use);
    const controls = controlsOfParams(recipe);
    for (const [param, value] of Object.entries(c.args)) {
      if (typeof value === "string" && value.startsWith("#")) continue;
      expect(panel[controls.get(param)!], `${param} → ${controls.get(param)}`).toEqual(value);
    }
  });

  it("refuses invalid arguments and changes nothing", async () => {
    const before = await f.snapshot();
    for (const bad of c.bad) invalidArgs(await f.call(c.tool, { ...c.args, ...bad, name: `${c.network}_bad` }));
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("a live picture as source", () => {
  it("feeds a live TOP into a recipe that processes pictures", async () => {
    const r = await f.call("create_glitch", { name: "glitched_grade", source: "/project1/grade/out1", preview: 32 });
    const data = await expectBuilt(f, r, 32);
    expect(data.source).toMatch(/source: selectTOP \{ top: "?\/project1\/grade\/out1"? \}/);
    expect(await f.wires(data.network)).toContain("source[0]->glitch1[0]");
  });

  it("builds again with the same arguments without changing anything", async () => {
    const r = await f.call("create_glitch", { name: "glitched_grade", source: "/project1/grade/out1", preview: 32 });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect((r.structuredContent as { applied: boolean }).applied).toBe(false);
  });

  it("refuses to build over a different network of the same name, leaving it as it was", async () => {
    const before = await f.snapshot();
    const e = refused(
      await f.call("create_dither", { name: "glitched_grade" }),
      "network-exists",
      /already holds a different network/,
    );
    expect((e.details as { wouldRemove: string[] }).wouldRemove).toContain("/project1/glitched_grade/glitch1");
    expect(await f.snapshot()).toEqual(before);
  });
});
