/**
 * The first-party recipe library: every required recipe exists, compiles without a single
 * diagnostic, carries its metadata, parameters and display output; and each one, used alone in a
 * network, applies to tdsim with no live error, re-plans to nothing and gives a preview.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { compile } from "../../compiler/index.js";
import { glslTops } from "../../compiler/check/glsl/shaders.js";
import type { NodeModel } from "../../compiler/model.js";
import { parse } from "../../grammar/parse.js";
import type { Recipe } from "../../grammar/ast.js";
import { BridgeClient, bridgeConfigFromEnv, encodePath } from "../../runtime/engine/bridge-client/index.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { fetchPreview } from "../../runtime/engine/apply/preview.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { loadLibrary, recipeCategory } from "../../runtime/recipes/library.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { REQUIRED_FILES } from "./recipe-names.js";
import { isTdsimGap } from "../support/tdsim-gaps.js";

const RECIPES = join(process.cwd(), "recipes");
const NUMERIC = new Set(["float", "int"]);

function recipeOf(file: string): Recipe {
  const parsed = parse(readFileSync(join(RECIPES, file), "utf8"), file);
  expect(parsed.diagnostics).toEqual([]);
  expect(parsed.ast.recipes).toHaveLength(1);
  return parsed.ast.recipes[0]!;
}

/** A network holding one use of the recipe, compiled as a file beside the recipe's own. */
function useOf(file: string, network: string, args = ""): { text: string; file: string } {
  const name = basename(file, ".svcnet");
  const text = `svcnet 1\nimport "${basename(file)}"\n\nnetwork ${network} {\n  r1: ${name}${args ? ` { ${args} }` : ""}\n}\n`;
  return { text, file: join(RECIPES, dirname(file), `${network}.use.svcnet`) };
}

describe("every required recipe file", () => {
  it.each(REQUIRED_FILES)("%s exists", (file) => {
    expect(existsSync(join(RECIPES, file))).toBe(true);
  });

  it.each(REQUIRED_FILES)("%s compiles with no diagnostics at all", async (file) => {
    const result = await compile(join(RECIPES, file), { layout: false });
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`)).toEqual([]);
  });

  it.each(REQUIRED_FILES)(
    "%s: one recipe named like its file, with metadata, params, controls and a display out1",
    (file) => {
      const recipe = recipeOf(file);
      expect(recipe.name.name).toBe(basename(file, ".svcnet"));
      expect(recipe.comments?.leading?.length ?? 0).toBeGreaterThan(0);

      const meta = Object.fromEntries(recipe.metadata.map((f) => [f.kind, f]));
      const summary = meta["SummaryFlag"];
      expect(summary?.kind === "SummaryFlag" ? summary.text.value.trim() : "").toMatch(/^\S.{10,}$/);
      const tags = meta["TagsFlag"];
      expect(tags?.kind === "TagsFlag" ? tags.tags.length : 0).toBeGreaterThan(0);
      const difficulty = meta["DifficultyFlag"];
      expect(difficulty?.kind === "DifficultyFlag" ? difficulty.level.name : "").toMatch(
        /^(beginner|intermediate|advanced)$/,
      );

      const params = recipe.params?.declarations ?? [];
      expect(params.length).toBeGreaterThan(0);
      for (const p of params) {
        expect(p.default, `${p.name.name} has a default`).not.toBeNull();
        if (NUMERIC.has(p.type.name)) expect(p.valueRange, `${p.name.name} has a range`).not.toBeNull();
      }
      expect(recipe.controls.flatMap((c) => c.declarations).length).toBeGreaterThan(0);

      const out1 = recipe.nodes.find((n) => n.name.name === "out1");
      expect(out1?.type.name).toBe("nullTOP");
      expect(out1?.flags.some((f) => f.kind === "BooleanFlag" && f.name === "display" && f.value)).toBe(true);
    },
  );
});

describe("the library reader (shared by the CLI and the MCP resources)", () => {
  it("sees every required recipe with its category and metadata, and no broken file", async () => {
    const library = await loadLibrary();
    expect(library.problems).toEqual([]);
    const seen = library.recipes.map((r) => `${recipeCategory(r)}/${r.name}.svcnet`).sort();
    expect(seen).toEqual([...REQUIRED_FILES].sort());
    for (const r of library.recipes) {
      expect(r.summary, r.name).toBeTruthy();
      expect(r.tags.length, r.name).toBeGreaterThan(0);
      expect(r.difficulty, r.name).toMatch(/^(beginner|intermediate|advanced)$/);
    }
  });
});

/** What a preview shows: how much of it is tdsim's grey label checkerboard, distinct colours, a digest. */
/** The CHOPs that make a recipe move with sound or time. */
const TIME_DRIVEN = /\b(audio\w*|timer|beat)CHOP\b/;

/**
 * Recipes driven by sound that stand still in tdsim, and why: they listen to an Audio Device In, which
 * is silent in tdsim (tdsim-no-device), and their stand-in without a device is a constant.
 */
const STILL_WITHOUT_DEVICE: Record<string, string> = {
  spectrum_bars: "Audio Device In, silent in tdsim; its stand-in is a constant spectrum",
  waveform_scope: "Audio Device In, silent in tdsim; its stand-in is a constant",
  sidechain_pump: "Audio Device In, silent in tdsim: no kick to pump",
  text_audio_reactive: "Audio Device In, silent in tdsim: the text does not pulse",
};

/** Frames a recipe runs before its picture is judged (feedback builds up, simulations start). */
const SETTLE_FRAMES = 8;

/**
 * Recipes whose picture is allowed to be flat, black or white in tdsim, and why (each reason is
 * what the recipe's comment or recipes/README.md says it shows without its hardware).
 */
const EXPECTED_LOOKS: Record<string, { flat?: string; black?: string; saturated?: string }> = {
  audio_level_meter: { black: "silent without an audio input: the meter is empty" },
  audio_reactive_basic: { black: "silent without an audio input: nothing pulses" },
  spectrum_bands: { black: "silent without an audio input: every band is at zero" },
  sidechain_pump: {
    flat: "its kick trigger (Trigger CHOP) pulses the level: a pulse can fill the frame with white",
    saturated: "its kick trigger (Trigger CHOP) pulses the level: a pulse can fill the frame with white",
  },
  strobe: { saturated: "a strobe: the whole picture flashes white while the strobe is on" },
};

/**
 * What a person sees in a picture (over black, as pre-multiplied pixels are): how many colours (5
 * bits a channel), the brightest pixel's level, the share of burnt-white pixels.
 */
function pictureStats(image: { png: Buffer }): { colours: number; brightest: number; saturated: number } {
  const { width, height, rgba } = decodePng(image.png);
  const colours = new Set<number>();
  let brightest = 0;
  let saturated = 0;
  for (let i = 0; i < width * height * 4; i += 4) {
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    const level = (r + g + b) / 3;
    brightest = Math.max(brightest, level);
    if (level > 250) saturated++;
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
  }
  return { colours: colours.size, brightest, saturated: saturated / (width * height) };
}

function pictureFacts(image: { png: Buffer }): { labelShare: number; colours: number; digest: string } {
  const { width, height, rgba: data } = decodePng(image.png);
  const colours = new Set<number>();
  let label = 0;
  for (let i = 0; i < width * height * 4; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r === g && g === b && (r === 70 || r === 110)) label++;
    if (colours.size < 64) colours.add((r << 16) | (g << 8) | b);
  }
  return {
    labelShare: label / (width * height),
    colours: colours.size,
    digest: createHash("sha256").update(data).digest("hex"),
  };
}

/**
 * A GLSL TOP whose picture changes with time: a uniform follows absTime unconditionally (a
 * conditional such as `... if Auto else Progress` may be off by default). Loops that evolve by
 * feedback alone are tested in tdsim's own feedback and GLSL tests.
 */
function animated(node: NodeModel): boolean {
  return node.params.some(
    (p) => p.value.kind === "expression" && p.value.python.includes("absTime") && !/\bif\b/.test(p.value.python),
  );
}

describe("every recipe used alone applies to tdsim", () => {
  let sim: RunningSim;
  let client: BridgeClient;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  });

  afterAll(async () => {
    await client?.close();
    await sim?.stop();
  });

  // Each case applies a recipe and renders its previews (a GLSL render each); on a busy shared
  // machine one has taken over a minute (software OpenGL at 1280x720), so the bound, ten minutes, only guards against a hang.
  it.each(REQUIRED_FILES)(
    "%s: applies with no live error, re-plans to nothing, previews",
    { timeout: 600_000 },
    async (file) => {
      const network = `use_${basename(file, ".svcnet")}`;
      try {
        await checkRecipeLive(file, network);
      } finally {
        // tdsim cooks every network of the project each frame: one left behind would slow every later case.
        await client.delete(`/api/nodes/${encodePath(`/project1/${network}`)}`, { confirmation_policy: "yolo" });
      }
    },
  );

  async function checkRecipeLive(file: string, network: string): Promise<void> {
    const input = useOf(file, network);
    const result = await applyFile(client, input, { previewSize: 128 });
    expect(
      result.diagnostics.filter((d) => !isTdsimGap(d)).map((d) => `${d.severity} ${d.code}: ${d.message}`),
    ).toEqual([]);
    expect(result.ok).toBe(true);

    const again = await planFile(client, input);
    for (const np of again.plans) {
      expect({
        changes: np.plan.changes,
        added: np.plan.wiresAdded,
        removed: np.plan.wiresRemoved,
        conflicts: np.plan.conflicts,
      }).toEqual({
        changes: [],
        added: [],
        removed: [],
        conflicts: [],
      });
    }

    // The use is a COMP, so the network's own level has no TOP: the preview is the recipe's out1.
    const image = result.preview ?? (await fetchPreview(client, `/project1/${network}/r1/out1`, 128));
    const decoded = decodePng(image.png);
    expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
    expect([image.width, image.height]).toEqual([1280, 720]);

    // GLSL TOPs run for real in tdsim: each shows a picture (not the label of what tdsim cannot
    // draw, not one flat colour), and one driven by time or a feedback loop moves on.
    const { program } = await compile(input, { layout: false });
    for (const { node, comp } of glslTops(program)) {
      const first = pictureFacts(await fetchPreview(client, node.path, 128));
      expect({ node: node.path, flat: first.colours < 2 }).toEqual({ node: node.path, flat: false });
      if (first.labelShare >= 0.5) {
        // Only a picture passed on from an input tdsim cannot draw (a camera) may look like a label.
        const source = comp.body.wires.find((w) => w.to.node === node && w.to.index === 0)?.from.node;
        expect(source, `${node.path} is labelled`).toBeDefined();
        expect(pictureFacts(await fetchPreview(client, source!.path, 128)).labelShare).toBeGreaterThanOrEqual(0.5);
      }
      if (!animated(node)) continue;
      const later = pictureFacts(await fetchPreview(client, node.path, 128, 3));
      expect(later.digest, `${node.path} moves on`).not.toBe(first.digest);
    }

    // The picture a person sees once the recipe has run a few frames: neither one flat colour,
    // nor black, nor burnt white, unless the recipe says why (EXPECTED_LOOKS).
    const settledImage = await fetchPreview(client, image.path, 128, SETTLE_FRAMES);
    const settled = pictureStats(settledImage);
    const expected = EXPECTED_LOOKS[basename(file, ".svcnet")] ?? {};
    if (!expected.flat) expect(settled.colours, `${file} is one flat colour`).toBeGreaterThanOrEqual(2);
    if (!expected.black) expect(settled.brightest, `${file} is black`).toBeGreaterThan(40);
    if (!expected.saturated) expect(settled.saturated, `${file} burns to white`).toBeLessThan(0.9);

    // A recipe driven by sound or a timer (audio, Timer, Beat CHOPs) moves: a few frames later its
    // picture differs, unless it is silent without its device (EXPECTED_LOOKS black,
    // STILL_WITHOUT_DEVICE).
    const still = STILL_WITHOUT_DEVICE[basename(file, ".svcnet")];
    if (TIME_DRIVEN.test(readFileSync(join(RECIPES, file), "utf8")) && !expected.black && !still) {
      const later = pictureFacts(await fetchPreview(client, image.path, 128, 6));
      expect(later.digest, `${file} stands still`).not.toBe(pictureFacts(settledImage).digest);
    }
  }

  it("an argument sets the default of the control it feeds, live", async () => {
    const input = useOf("feedback/feedback_tunnel.svcnet", "override", "gain: 0.5");
    const result = await applyFile(client, input);
    expect(result.diagnostics).toEqual([]);
    const live = await readLiveNetwork(client, "/project1/override");
    const pars = live.state.nodes.get("/project1/override/r1")?.customPages?.flatMap((p) => p.pars) ?? [];
    expect(pars.find((p) => p.name === "Gain")?.default).toBe(0.5);
  });

  it("an argument outside the parameter's range is a diagnostic at the argument", async () => {
    const input = useOf("feedback/feedback_tunnel.svcnet", "outside", "gain: 7");
    const result = await compile(input, { layout: false });
    const d = result.diagnostics.find((x) => x.code === "recipe-argument-range");
    expect(d).toBeDefined();
    expect(input.text.split("\n")[d!.range.start.line - 1]).toContain("gain: 7");
  });
});
