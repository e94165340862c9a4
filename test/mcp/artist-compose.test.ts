/**
 * The artist tools that choose or combine recipes, end to end against tdsim: apply_recipe (any
 * recipe by name), create_visual_system (a source and effects), create_decks (the A/B pair and
 * 2 to 8 explicit decks), create_generative_art (a style) and create_stage_dashboard.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipesDir } from "../../runtime/recipes/catalog.js";
import type { ArtistRecipe } from "../../runtime/mcp/tools/artist/recipe-catalog.js";
import { controlsOfParams, expectBuilt, libraryRecipes, livePanel } from "./artist-fixture.js";
import { textOf } from "./helpers.js";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";

let f: NetworkFixture;
let library: Map<string, ArtistRecipe>;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  library = await libraryRecipes();
}, 60_000);

afterAll(async () => {
  await f?.close();
});

/** Skips (never silently passes) a test whose recipes are not in the library yet. */

describe("apply_recipe", () => {
  it("builds any recipe by name with its arguments, in a network named after it, with progress and no local path", async () => {
    let progress = 0;
    const r = (await f.client.callTool(
      { name: "apply_recipe", arguments: { recipe: "spectrum_bars", arguments: { bars: 16, gain: 8 }, preview: 32 } },
      undefined,
      { onprogress: () => void progress++ },
    )) as CallToolResult;
    const data = await expectBuilt(f, r, 32);
    expect(progress).toBeGreaterThan(0);
    expect(JSON.stringify(r)).not.toContain(recipesDir());
    expect(data.file).toBe("svc://recipes/spectrum_bars.svcnet");
    expect(data.network).toBe("/project1/spectrum_bars");
    const controls = controlsOfParams(library.get("spectrum_bars")!);
    const panel = await livePanel(f, "/project1/spectrum_bars/spectrum_bars1");
    expect(panel[controls.get("bars")!]).toBe(16);
    expect(panel[controls.get("gain")!]).toBe(8);
  });

  it("a failure's details name the network's file without a path of this machine", async () => {
    const r = await f.call("apply_recipe", { recipe: "feedback_tunnel", name: "spectrum_bars" });
    const e = refused(r, "network-exists");
    expect((e.details as { file: string }).file).toBe("svc://recipes/spectrum_bars.svcnet");
    expect(JSON.stringify(r)).not.toContain(recipesDir());
  });

  it("names the closest recipes for an unknown name, and changes nothing", async () => {
    const before = await f.snapshot();
    const e = refused(
      await f.call("apply_recipe", { recipe: "feedback_tunel" }),
      "unknown-recipe",
      /did you mean 'feedback_tunnel'/,
    );
    expect((e.details as { closest: string[] }).closest[0]).toBe("feedback_tunnel");
    expect(await f.snapshot()).toEqual(before);
  });

  it("refuses unknown, mistyped and out-of-range arguments, all at once, and changes nothing", async () => {
    const before = await f.snapshot();
    const e = refused(
      await f.call("apply_recipe", {
        recipe: "feedback_tunnel",
        name: "never",
        arguments: { gain: 3, zoom: "big", colour: "#ffffff" },
      }),
      "invalid-arguments",
    );
    const problems = (e.details as { problems: Array<{ argument: string; message: string }> }).problems;
    expect(problems.map((p) => p.argument).sort()).toEqual(["colour", "gain", "zoom"]);
    expect(problems.find((p) => p.argument === "gain")!.message).toBe("'gain' is 3, outside its range 0..1");
    expect(problems.find((p) => p.argument === "colour")!.message).toMatch(
      /has no parameter 'colour' \(its parameters: gain, zoom, spin, drift\)/,
    );
    invalidArgs(await f.call("apply_recipe", { recipe: "bad name!" }));
    invalidArgs(await f.call("apply_recipe", { recipe: "feedback_tunnel", preview: 5000 }));
    expect(await f.snapshot()).toEqual(before);
  });

  it("refuses a source for a recipe that takes no picture", async () => {
    refused(
      await f.call("apply_recipe", { recipe: "feedback_tunnel", name: "never", source: "/project1/x" }),
      "no-input",
    );
  });
});

describe("create_visual_system", () => {
  it("chains a source recipe into effect recipes, one output", async () => {
    const r = await f.call("create_visual_system", {
      name: "vis",
      source: "audio_reactive_basic",
      source_settings: { sensitivity: 5 },
      effects: [
        { recipe: "glsl_kaleidoscope", settings: { segments: 12 } },
        { recipe: "color_grade", settings: { saturation: 1.5 } },
      ],
      preview: 32,
    });
    const data = await expectBuilt(f, r, 32);
    expect(data.recipes).toEqual(["audio_reactive_basic", "glsl_kaleidoscope", "color_grade"]);
    expect(await f.wires("/project1/vis")).toEqual([
      "audio_reactive_basic1_out[0]->glsl_kaleidoscope1[0]",
      "color_grade1_out[0]->out1[0]",
      "glsl_kaleidoscope1_out[0]->color_grade1[0]",
    ]);
    const segments = controlsOfParams(library.get("glsl_kaleidoscope")!).get("segments")!;
    expect((await livePanel(f, "/project1/vis/glsl_kaleidoscope1"))[segments]).toBe(12);
  });

  it("refuses an effect that cannot take a picture in, and a bad setting, naming the stage", async () => {
    const before = await f.snapshot();
    refused(
      await f.call("create_visual_system", {
        name: "vis2",
        source: "glsl_basic",
        effects: [{ recipe: "feedback_tunnel", settings: {} }],
      }),
      "not-an-effect",
      /feedback_tunnel/,
    );
    refused(
      await f.call("create_visual_system", {
        name: "vis2",
        source: "glsl_basic",
        effects: [{ recipe: "glitch", settings: { rate: 99 } }],
      }),
      "invalid-arguments",
      /^stage 1 \(glitch\): 'rate' is 99/,
    );
    invalidArgs(
      await f.call("create_visual_system", {
        name: "vis2",
        effects: Array.from({ length: 5 }, () => ({ recipe: "glitch", settings: {} })),
      }),
    );
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("create_decks", () => {
  it("mixes 3 explicit decks into one output, each with a fader on the panel", async () => {
    const r = await f.call("create_decks", {
      name: "three",
      decks: [
        { recipe: "glsl_basic" },
        { recipe: "feedback_tunnel", level: 0.5, settings: { gain: 0.9 } },
        { recipe: "strange_attractor", level: 0.25 },
      ],
      mix: "screen",
      preview: 32,
    });
    const data = await expectBuilt(f, r, 32);
    expect(data.recipes).toEqual(["glsl_basic", "feedback_tunnel", "strange_attractor"]);
    expect(await livePanel(f, "/project1/three")).toEqual({ Deck1: 1, Deck2: 0.5, Deck3: 0.25 });
    const wires = await f.wires("/project1/three");
    expect(wires).toEqual(
      expect.arrayContaining([
        "fade1[0]->mix[0]",
        "fade2[0]->mix[1]",
        "fade3[0]->mix[2]",
        "mix[0]->out1[0]",
        "deck2_out[0]->fade2[0]",
      ]),
    );
    expect((await f.node("/project1/three/fade2"))?.params.opacity).toMatchObject({
      mode: "bind",
      bindExpr: "parent().par.Deck2",
    });
    expect((await f.node("/project1/three/mix"))?.params.operand?.value).toBe("screen");
  });

  it("builds the legacy A/B pair with a crossfader, fed by live pictures", async () => {
    const r = await f.call("create_decks", {
      name: "ab",
      crossfader: 0.25,
      a_source: "/project1/three/out1",
      preview: 32,
    });
    const data = await expectBuilt(f, r, 32);
    expect(data.recipes).toEqual(["ab_decks"]);
    expect(await f.wires("/project1/ab")).toContain("deck_a[0]->decks1[0]");
    const crossfader = controlsOfParams(library.get("ab_decks")!).get("crossfader")!;
    expect((await livePanel(f, "/project1/ab/decks1"))[crossfader]).toBe(0.25);
  });

  it("refuses 1 or 9 decks, a bad level, A/B arguments with explicit decks, and changes nothing", async () => {
    const before = await f.snapshot();
    invalidArgs(await f.call("create_decks", { name: "bad", decks: [{ recipe: "glsl_basic" }] }));
    invalidArgs(
      await f.call("create_decks", { name: "bad", decks: Array.from({ length: 9 }, () => ({ recipe: "glsl_basic" })) }),
    );
    invalidArgs(
      await f.call("create_decks", {
        name: "bad",
        decks: [{ recipe: "glsl_basic", level: 2 }, { recipe: "glsl_basic" }],
      }),
    );
    refused(
      await f.call("create_decks", {
        name: "bad",
        crossfader: 0.5,
        decks: [{ recipe: "glsl_basic" }, { recipe: "glsl_basic" }],
      }),
      "invalid-arguments",
      /crossfader belong to the A\/B pair/,
    );
    refused(
      await f.call("create_decks", { name: "bad", decks: [{ recipe: "glsl_basic" }, { recipe: "nope_nope" }] }),
      "unknown-recipe",
    );
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("create_generative_art", () => {
  it("builds the recipe of the chosen style with its settings", async () => {
    const data = await expectBuilt(
      f,
      await f.call("create_generative_art", { style: "attractor", settings: { a: -1.2 }, preview: 32 }),
      32,
    );
    expect(data.network).toBe("/project1/generative");
    expect(data.recipes).toEqual(["strange_attractor"]);
    expect(
      (await livePanel(f, "/project1/generative/strange_attractor1"))[
        controlsOfParams(library.get("strange_attractor")!).get("a")!
      ],
    ).toBe(-1.2);
  });

  it("refuses an unknown style and settings the recipe does not declare", async () => {
    const before = await f.snapshot();
    invalidArgs(await f.call("create_generative_art", { style: "mandelbrot" }));
    refused(
      await f.call("create_generative_art", { name: "gen2", style: "attractor", settings: { e: 1 } }),
      "invalid-arguments",
      /has no parameter 'e'/,
    );
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("create_stage_dashboard", () => {
  it("builds the dashboard with layout v1 by default, its title and gain from the arguments", async () => {
    const data = await expectBuilt(
      f,
      await f.call("create_stage_dashboard", { title: "NIGHT ONE", meter_gain: 4, preview: 32 }),
      32,
    );
    expect(data.recipes).toEqual(["foh_dashboard"]);
    expect(data.source).toMatch(/# Stage dashboard, layout v1\./);
    const controls = controlsOfParams(library.get("foh_dashboard")!);
    const panel = await livePanel(f, "/project1/dashboard/dashboard1");
    expect(panel[controls.get("title")!]).toBe("NIGHT ONE");
    expect(panel[controls.get("meter_gain")!]).toBe(4);
  });

  it("opts into layout v2: a histogram scope over the live programme before the dashboard", async () => {
    const data = await expectBuilt(
      f,
      await f.call("create_stage_dashboard", {
        name: "dash2",
        layout: "v2",
        program: "/project1/three/out1",
        preview: 32,
      }),
      32,
    );
    expect(data.recipes).toEqual(["histogram_scope", "foh_dashboard"]);
    expect(await f.wires("/project1/dash2")).toEqual([
      "dashboard1_out[0]->out1[0]",
      "scope1_out[0]->dashboard1[0]",
      "source[0]->scope1[0]",
    ]);
  });

  it("refuses a layout that does not exist, and out-of-range settings", async () => {
    const before = await f.snapshot();
    invalidArgs(await f.call("create_stage_dashboard", { name: "dash3", layout: "v3" }));
    invalidArgs(await f.call("create_stage_dashboard", { name: "dash3", meter_gain: 50 }));
    expect(await f.snapshot()).toEqual(before);
  });

  it("has every artist tool answer in text with what it built", async () => {
    const r = await f.call("create_generative_art", { style: "attractor", settings: { a: -1.2 }, preview: 0 });
    expect(textOf(r)).toMatch(/^already up to date: \/project1\/generative from strange_attractor/);
    expect(r.content.some((c) => c.type === "image")).toBe(false);
  });
});
