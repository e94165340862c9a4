/**
 * plan_visual: plain-language requests become a recipe and the tool call that builds it,
 * deterministically. The planner is tested on a small fixed library (so the expectations do not move
 * with the real one), and through MCP on the real library for realistic requests.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtistRecipe, RecipeParamInfo } from "../../runtime/mcp/tools/artist/recipe-catalog.js";
import { planVisual, requestWords } from "../../runtime/mcp/tools/artist/visual-planner.js";
import { memoryClient, textOf } from "./helpers.js";

function p(name: string, type: string, extra: Partial<RecipeParamInfo> = {}): RecipeParamInfo {
  return { name, type, default: null, range: null, label: null, ...extra };
}

function recipe(name: string, category: string, extra: Partial<ArtistRecipe> = {}): ArtistRecipe {
  return {
    name,
    path: `/lib/${category}/${name}.svcnet`,
    importPath: `${category}/${name}.svcnet`,
    category,
    params: [],
    summary: null,
    tags: [],
    difficulty: "beginner",
    description: null,
    takesInput: false,
    ...extra,
  };
}

const LIBRARY: ArtistRecipe[] = [
  recipe("audio_reactive_basic", "audio", {
    tags: ["audio", "reactive"],
    summary: "Loudness swells a glowing circle",
    params: [p("sensitivity", "float", { default: "3", range: [0, 20] }), p("color", "rgb")],
  }),
  recipe("glsl_kaleidoscope", "glsl", {
    tags: ["kaleidoscope", "mirror"],
    takesInput: true,
    summary: "Mirrored segments that turn",
    params: [
      p("segments", "int", { default: "8", range: [2, 32] }),
      p("spin", "float", { default: "10", range: [-90, 90] }),
    ],
  }),
  recipe("feedback_tunnel", "feedback", {
    tags: ["feedback", "tunnel"],
    summary: "A seed folded into a zooming loop",
    params: [p("gain", "float", { default: "0.94", range: [0, 1] })],
  }),
  recipe("feedback_tunnel_performable", "feedback", {
    tags: ["feedback", "tunnel", "live"],
    difficulty: "intermediate",
  }),
  recipe("glitch", "post", {
    tags: ["glitch"],
    takesInput: true,
    params: [p("rate", "float", { default: "8", range: [0, 30] })],
  }),
  recipe("chromatic_aberration", "post", { tags: ["lens", "colour"], takesInput: true }),
  recipe("halftone", "post", {
    tags: ["print", "dots"],
    takesInput: true,
    params: [p("ink", "rgb"), p("cell", "float", { default: "10", range: [3, 60] })],
  }),
  recipe("strange_attractor", "glsl", { tags: ["generative"], params: [p("color", "rgb")] }),
  recipe("spectrum_bars", "audio", {
    tags: ["audio", "spectrum"],
    params: [p("bars", "int", { default: "32", range: [4, 128] })],
  }),
  recipe("glsl_basic", "glsl", { tags: ["glsl"] }),
];

describe("the planner", () => {
  it("reads the request's words: hyphens split, plurals and synonyms folded, colours and fillers left out", () => {
    expect(requestWords("Make me an audio-reactive Kaleidoscope, in RED, with trails!")).toEqual([
      "audio",
      "reactive",
      "kaleidoscope",
      "feedback",
    ]);
  });

  it("an audio-reactive kaleidoscope: the audio source processed by the kaleidoscope", () => {
    const plan = planVisual("make me an audio-reactive kaleidoscope", LIBRARY)!;
    expect(plan.tool).toBe("create_visual_system");
    expect(plan.arguments).toEqual({
      source: "audio_reactive_basic",
      source_settings: {},
      effects: [{ recipe: "glsl_kaleidoscope", settings: {} }],
    });
    expect(plan.recipes).toEqual(["audio_reactive_basic", "glsl_kaleidoscope"]);
    expect(plan.reasons.join("\n")).toMatch(/glsl_kaleidoscope processes audio_reactive_basic's picture/);
  });

  it("an effect named on another picture is applied to that picture", () => {
    const plan = planVisual("chromatic aberration on a kaleidoscope", LIBRARY)!;
    expect(plan.arguments).toMatchObject({
      source: "glsl_kaleidoscope",
      effects: [{ recipe: "chromatic_aberration" }],
    });
  });

  it("one recipe with a tool of its own goes to that tool, with the arguments the request states", () => {
    expect(planVisual("halftone dots in red with 12 cells", LIBRARY)).toMatchObject({
      tool: "create_halftone",
      arguments: { ink: "#ff2a2a", cell: 12 },
    });
    expect(planVisual("a kaleidoscope with 6 segments", LIBRARY)).toMatchObject({
      tool: "create_kaleidoscope",
      arguments: { segments: 6 },
    });
    expect(planVisual("a fast glitch", LIBRARY)).toMatchObject({ tool: "create_glitch", arguments: { rate: 16 } });
  });

  it("prefers the recipe whose whole name the request says, then the easier one", () => {
    expect(planVisual("a feedback tunnel", LIBRARY)).toMatchObject({
      tool: "create_feedback_network",
      recipes: ["feedback_tunnel"],
    });
  });

  it("a generative style goes to create_generative_art; other recipes to apply_recipe", () => {
    expect(planVisual("purple strange attractor", LIBRARY)).toMatchObject({
      tool: "create_generative_art",
      arguments: { style: "attractor", settings: { color: "#8844ff" } },
    });
    expect(planVisual("spectrum bars for my music with 64 bars", LIBRARY)).toMatchObject({
      tool: "apply_recipe",
      arguments: { recipe: "spectrum_bars", arguments: { bars: 64 } },
    });
  });

  it("leaves a stated value outside the parameter's range at its default, and says so", () => {
    const plan = planVisual("a kaleidoscope with 100 segments", LIBRARY)!;
    expect(plan.arguments).toEqual({});
    expect(plan.reasons.join("\n")).toMatch(/100 segments is outside segments's range 2\.\.32/);
  });

  it("starts from a basic recipe when nothing matches, and says so", () => {
    const plan = planVisual("something pretty", LIBRARY)!;
    expect(plan).toMatchObject({
      tool: "apply_recipe",
      arguments: { recipe: "glsl_basic", arguments: {} },
      alternatives: [],
    });
    expect(plan.reasons[0]).toMatch(/no recipe matches 'pretty'/);
  });

  it("is deterministic: the same request and library give the same plan", () => {
    const requests = ["make me an audio-reactive kaleidoscope", "glitchy halftone", "a slow tunnel"];
    for (const r of requests) expect(planVisual(r, LIBRARY)).toEqual(planVisual(r, [...LIBRARY].reverse()));
  });
});

describe("plan_visual through MCP on the real library", () => {
  let client: Client;
  const call = async (request: unknown) =>
    (await client.callTool({ name: "plan_visual", arguments: { request } })) as CallToolResult;

  // The safe profile offers the recipe tools (create_*); core has apply_recipe for them (below).
  beforeAll(async () => {
    client = await memoryClient({ profile: "safe", rawPython: false });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("plans an audio-reactive kaleidoscope as audio source and kaleidoscope effect, the same way twice", async () => {
    const r = await call("make me an audio-reactive kaleidoscope");
    expect(r.isError, textOf(r)).toBeFalsy();
    const plan = r.structuredContent as {
      tool: string;
      arguments: { source: string; effects: Array<{ recipe: string }> };
    };
    expect(plan.tool).toBe("create_visual_system");
    expect(plan.arguments.source).toBe("audio_reactive_basic");
    expect(plan.arguments.effects[0]!.recipe).toMatch(/kaleido/);
    expect((await call("make me an audio-reactive kaleidoscope")).structuredContent).toEqual(r.structuredContent);
  });

  it("sends a colour grade request to create_color_grade", async () => {
    expect((await call("a warm colour grade for the show")).structuredContent).toMatchObject({
      tool: "create_color_grade",
    });
  });

  it("sends a tunnel request to create_feedback_network", async () => {
    expect((await call("a slow hypnotic feedback tunnel")).structuredContent).toMatchObject({
      tool: "create_feedback_network",
      recipes: ["feedback_tunnel"],
    });
  });

  it("reads a stated value into the arguments", async () => {
    expect((await call("retro dither with 4 levels")).structuredContent).toMatchObject({
      tool: "create_dither",
      arguments: { levels: 4 },
    });
  });

  it("refuses an empty or overlong request", async () => {
    for (const bad of ["", "x".repeat(501), 42]) {
      const r = await call(bad);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/Input validation error/);
    }
  });
});

describe("plan_visual recommends only tools the client's profile offers", () => {
  let core: Client;
  beforeAll(async () => {
    core = await memoryClient({ profile: "core", rawPython: false });
  });
  afterAll(async () => {
    await core?.close();
  });

  it("in core, where the create_* tools are not offered, names apply_recipe with the same recipe and arguments", async () => {
    const offered = new Set((await core.listTools()).tools.map((t) => t.name));
    expect(offered.has("create_dither")).toBe(false);
    for (const request of [
      "retro dither with 4 levels",
      "make me an audio-reactive kaleidoscope",
      "a slow feedback tunnel",
    ]) {
      const r = (await core.callTool({ name: "plan_visual", arguments: { request } })) as CallToolResult;
      const plan = r.structuredContent as { tool: string; arguments: { recipe: string }; reasons: string[] };
      expect(offered.has(plan.tool), `${request}: ${plan.tool}`).toBe(true);
      expect(plan.tool).toBe("apply_recipe");
      expect(plan.reasons.join(" ")).toMatch(/is not offered by this server's tool profile/);
    }
    const dither = (await core.callTool({ name: "plan_visual", arguments: { request: "retro dither with 4 levels" } }))
      .structuredContent as { arguments: { recipe: string; arguments: { levels: number } } };
    expect(dither.arguments).toEqual({ recipe: "dither", arguments: { levels: 4 } });
  });
});
