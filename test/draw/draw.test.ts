/** `svc draw`: pictures of every example, snapshot-tested, checked against the network they draw, and rendered to PNG. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { walkComponents } from "../../compiler/model.js";
import { drawProgram } from "../../runtime/draw/draw.js";
import { recipeUseSource } from "../../runtime/draw/recipe-picture.js";
import { svgToPng } from "../../runtime/draw/png.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { runSvc } from "../cli/run-cli.js";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith(".svcnet"))
  .sort();
const work = mkdtempSync(join(tmpdir(), "svc-draw-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("svc draw: pictures of the examples", () => {
  it.each(examples)(
    "%s is drawn the same every time (snapshot), with every node, wire and COMP inside",
    async (file) => {
      const drawing = await drawProgram(join(EXAMPLES, file));
      if (!drawing.ok) throw new Error(drawing.diagnostics.map((d) => d.message).join("\n"));
      await expect(drawing.svg).toMatchFileSnapshot(`__snapshots__/${file.replace(/\.svcnet$/, ".svg")}`);
      const again = await drawProgram(join(EXAMPLES, file));
      expect(again.ok && again.svg).toBe(drawing.svg);

      // One tile per node, one path per wire, one box per level that has nodes.
      const tiles = [...drawing.svg.matchAll(/<g class="node" data-path="([^"]+)">/g)].map((m) => m[1]);
      const levels = [...drawing.svg.matchAll(/<g class="level" data-path="([^"]+)">/g)].map((m) => m[1]);
      const wires = [...drawing.svg.matchAll(/<path class="wire"[^>]*><title>([^<]+)<\/title>/g)].map((m) => m[1]);
      const expectedNodes: string[] = [];
      const expectedLevels: string[] = [];
      const expectedWires: string[] = [];
      for (const network of drawing.program.networks) {
        for (const comp of walkComponents(network.root)) {
          if (comp.body.nodes.length > 0) expectedLevels.push(comp.path);
          expectedNodes.push(...comp.body.nodes.map((n) => n.path));
          expectedWires.push(
            ...comp.body.wires.map(
              (w) => `${w.from.node.name}[${w.from.index}] -&gt; ${w.to.node.name}[${w.to.index}]`,
            ),
          );
        }
      }
      expect([...tiles].sort()).toEqual([...expectedNodes].sort());
      expect([...levels].sort()).toEqual([...expectedLevels].sort());
      expect([...wires].sort()).toEqual([...expectedWires].sort());
      expect(drawing.nodes).toBe(expectedNodes.length);
    },
  );

  it("nests a COMP's inside in its parent's box and colours tiles by family", async () => {
    const drawing = await drawProgram(join(EXAMPLES, "control-panel.svcnet"));
    if (!drawing.ok) throw new Error("control-panel does not compile");
    const outer = drawing.svg.indexOf('<g class="level" data-path="/project1/panel">');
    const inner = drawing.svg.indexOf('<g class="level" data-path="/project1/panel/look">');
    expect(outer).toBeGreaterThan(-1);
    expect(inner).toBeGreaterThan(outer);
    // The inner box closes before the outer one: it is drawn inside it.
    const depthAt = (at: number) =>
      (drawing.svg.slice(0, at).match(/<g[ >]/g) ?? []).length -
      (drawing.svg.slice(0, at).match(/<\/g>/g) ?? []).length;
    expect(depthAt(inner)).toBeGreaterThan(depthAt(outer));
    const tile = (path: string) => drawing.svg.slice(drawing.svg.indexOf(`data-path="${path}"`)).split("</g>")[0]!;
    expect(tile("/project1/panel/noise1")).toContain('stroke="#8e5bb5"');
    expect(tile("/project1/panel/look")).toContain('stroke="#7a7a7a"');
    expect(tile("/project1/panel/final")).toContain("<title>display</title>");
  });

  it("labels the input indices of a node with several inputs", async () => {
    const drawing = await drawProgram(join(EXAMPLES, "feedback-tunnel.svcnet"));
    if (!drawing.ok) throw new Error("feedback-tunnel does not compile");
    expect(drawing.svg).toContain("<title>noise1[0] -&gt; comp1[0]</title>");
    expect(drawing.svg).toContain("<title>feedback1[0] -&gt; comp1[1]</title>");
    expect(drawing.svg).toMatch(/font-size="9" fill="#a0a0a0">1<\/text>/);
  });

  it("renders the SVG to a PNG with resvg: the picture's size, the background and family colours in its pixels", async () => {
    const drawing = await drawProgram(join(EXAMPLES, "feedback-tunnel.svcnet"));
    if (!drawing.ok) throw new Error("feedback-tunnel does not compile");
    const png = await svgToPng(drawing.svg);
    const svgWidth = Number(/width="(\d+)"/.exec(drawing.svg)![1]);
    expect(png.width).toBe(Math.round(svgWidth * 1.5));
    const image = decodePng(png.data);
    expect(image.width).toBe(png.width);
    const colours = new Set<string>();
    for (let i = 0; i < image.rgba.length; i += 4 * 7)
      colours.add(`${image.rgba[i]},${image.rgba[i + 1]},${image.rgba[i + 2]}`);
    expect(colours.has("28,28,28")).toBe(true); // background #1c1c1c
    expect(colours.has("142,91,181")).toBe(true); // TOP #8e5bb5
    expect((await svgToPng(drawing.svg, 400)).width).toBe(400);
  });
});

describe("svc draw (command)", () => {
  it("writes SVG and PNG files and says what it drew", async () => {
    const svg = join(work, "tunnel.svg");
    const png = join(work, "tunnel.png");
    const run = await runSvc(["draw", join(EXAMPLES, "feedback-tunnel.svcnet"), "--svg", svg, "--png", png]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${svg}: 6 nodes, 6 wires`);
    expect(run.stdout).toMatch(/tunnel\.png: 6 nodes, 6 wires, \d+x\d+ pixels/);
    expect(readFileSync(svg, "utf8")).toMatch(/^<svg xmlns/);
    expect(decodePng(readFileSync(png)).width).toBeGreaterThan(0);
  });

  it("prints the SVG when no output file is named", async () => {
    const run = await runSvc(["draw", join(EXAMPLES, "glsl-shader.svcnet")]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^<svg xmlns[\s\S]*<\/svg>\n$/);
  });

  it("refuses a network with errors, showing them, and writes nothing", async () => {
    const bad = join(work, "bad.svcnet");
    writeFileSync(bad, "svcnet 1\nnetwork main {\n  n: noiseTOPP\n}\n");
    const out = join(work, "bad.svg");
    const run = await runSvc(["draw", bad, "--svg", out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("unknown-operator-type");
    expect(run.stderr).toContain("no picture");
    expect(() => readFileSync(out)).toThrow();
  });
});

describe("the README's picture", () => {
  it("is the current drawing of the main example", async () => {
    const drawing = await drawProgram(join(EXAMPLES, "feedback-tunnel.svcnet"));
    if (!drawing.ok) throw new Error("feedback-tunnel does not compile");
    // Regenerate with: svc draw examples/feedback-tunnel.svcnet --svg examples/pictures/feedback-tunnel.svg
    expect(readFileSync(join(EXAMPLES, "pictures/feedback-tunnel.svg"), "utf8")).toBe(drawing.svg);
  });
});

describe("the recipes README's network gallery", () => {
  const RECIPES = new URL("../../recipes/", import.meta.url).pathname;
  const recipeFiles = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".svcnet") ? [join(dir, e.name)] : [],
    );
  })(RECIPES);

  it("shows a picture of every recipe, and a picture is the current drawing of its recipe", async () => {
    const readme = readFileSync(join(RECIPES, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("<!-- networks:"), readme.indexOf("<!-- end of networks -->"));
    const names = recipeFiles.map((f) => f.slice(f.lastIndexOf("/") + 1, -".svcnet".length)).sort();
    expect([...section.matchAll(/\(pictures\/([\w-]+)\.svg\)/g)].map((m) => m[1]).sort()).toEqual(names);
    for (const name of names) expect(readFileSync(join(RECIPES, "pictures", `${name}.svg`), "utf8")).toContain("<svg");
    // One picture checked against a fresh drawing (all of them would cost a layout each):
    // regenerate with node scripts/recipe-pictures.mjs after changing a recipe or the drawing.
    const file = recipeFiles.find((f) => f.endsWith("/feedback_tunnel.svcnet"))!;
    const drawing = await drawProgram(recipeUseSource(file));
    if (!drawing.ok) throw new Error("feedback_tunnel does not compile");
    expect(readFileSync(join(RECIPES, "pictures", "feedback_tunnel.svg"), "utf8")).toBe(drawing.svg);
  });
});
