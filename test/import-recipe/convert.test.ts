/** The fixtures (every field of the format) become canonical recipes the compiler accepts. */
import { describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { convertFixture, FIXTURES, fixtureJson } from "./fixtures.js";

describe.each(FIXTURES)("%s", (name) => {
  const r = convertFixture(name);

  it("converts with no diagnostics into canonical text that compiles cleanly", () => {
    expect(r.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    expect(r.text).toBeDefined();
    const text = r.text!;
    const parsed = parse(text, r.outFile);
    expect(parsed.diagnostics).toEqual([]);
    expect(print(parsed.ast)).toBe(text);
    expect(analyze({ text, file: r.outFile! }).diagnostics).toEqual([]);
  });

  it("keeps the code of every glsl_code and python_code entry as DAT text", () => {
    const json = fixtureJson(name);
    const recipe = parse(r.text!).ast.recipes[0]!;
    const texts = recipe.nodes.flatMap((n) =>
      n.params.filter((p) => p.name.name === "text").map((p) => (p.value.kind === "String" ? p.value.value : "")),
    );
    for (const code of [...Object.values(json.glsl_code), ...Object.values(json.python_code)])
      expect(texts).toContain(code);
  });
});

describe("neon-tunnel in detail", () => {
  const text = convertFixture("neon-tunnel").text!;

  it("names the recipe after its id and writes description, tags and difficulty as metadata", () => {
    expect(text).toContain(
      'recipe neon_tunnel [summary: "A noise seed folded into a zooming feedback loop, tinted by a shader.", tags: ("feedback", "glsl", "tunnel"), difficulty: intermediate] {',
    );
  });

  it("keeps the title, the rest of the description, td_version_min and preview_description as comments", () => {
    expect(text).toContain("# Neon Tunnel\n");
    expect(text).toContain("# Play Zoom and Gain live; the shader's speed and tint are on the panel too.\n");
    expect(text).toContain("# Needs TouchDesigner 2023.11000 or newer.\n");
    expect(text).toContain("# Preview: A bright ring of noise rushing toward the viewer, tinted orange.\n");
  });

  it("makes controls and exposed values a panel the parameters bind to, started by recipe parameters", () => {
    expect(text).toMatch(/^ {4}zoom: float = 1\.03 range 1\.\.1\.2 label "Zoom"$/m);
    expect(text).toMatch(/^ {4}Zoom: float = \$zoom range 1\.\.1\.2$/m); // a label equal to the name is left out
    expect(text).toMatch(/^ {4}Period: float = \$period range 0\.5\.\.10 label "Noise Period"$/m);
    expect(text).toMatch(/sx: bind Zoom/);
    expect(text).toMatch(/level1: levelTOP \{ brightness1: bind Gain \}/);
    expect(text).toMatch(/comp1: compositeTOP \{ operand: bind Blend \}/);
    expect(text).toMatch(/period: bind Period/);
  });

  it("turns an exposed expr into an expression", () => {
    expect(text).toMatch(/rotate: = absTime\.seconds \* op\('noise1'\)\.par\.period/);
  });

  it("drives GLSL uniforms from controls on the GLSL TOP's vector and colour blocks", () => {
    expect(text).toMatch(/vec0name: "uSpeed"\n\s+vec0valuex: bind Speed/);
    expect(text).toMatch(/color0name: "uTint"\n\s+color0rgb: bind Tint/);
    expect(text).toMatch(/vec0valuex: bind Offsetx\n\s+vec0valuey: bind Offsety/);
    expect(text).toMatch(/^ {4}Tint: rgb = \$tint$/m);
    expect(text).toMatch(/pixeldat: glsl1_pixel/);
    expect(text).toMatch(/glsl1_pixel: textDAT \{\n\s+text: ```glsl\n/);
  });

  it("nests nodes in their parent COMP and points references across networks", () => {
    // Inside the COMP, as the pictures flow: the Select TOP first, its output last.
    expect(text).toMatch(
      /fx: baseCOMP \{\n\s+network \{\n\s+pick: selectTOP \{ top: \.\.\/glsl1 \}\n(.|\n)*fxout: outTOP/,
    );
    expect(text).toMatch(/pick -> soft -> fxout/);
  });

  it("keeps render and comment flags, and Python in a callbacks DAT or the DAT itself", () => {
    expect(text).toMatch(/geo1: geometryCOMP \[render\]/);
    expect(text).toMatch(/ball: sphereSOP \[render, comment: "what the camera sees"\]/);
    expect(text).toMatch(/noise1: noiseTOP \[comment: "the seed"\]/);
    expect(text).toMatch(/script1: scriptCHOP \{ callbacks: script1_callbacks \}/);
    expect(text).toMatch(/startup: executeDAT \{\n\s+start: on\n\s+text: ```python\n\s+def onStart\(\):/);
  });

  it("writes connections as wires with their indices", () => {
    expect(text).toMatch(/comp1 -> transform1 -> level1 -> out1/);
    expect(text).toMatch(/noise1 -> feedback1 -> comp1\[1\]/);
    expect(text).toMatch(/noise1 -> comp1\[0\]/);
  });
});

describe("pulse-grid in detail", () => {
  const text = convertFixture("pulse-grid").text!;

  it("names a recipe without id after its name, and infers control types from their targets", () => {
    expect(text).toMatch(/^recipe pulse_grid \[/m);
    expect(text).toMatch(/^ {4}Colour: rgb = \$colour label "Field Colour"$/m);
    expect(text).toMatch(/^ {4}colour: rgb = #3366ff label "Field Colour"$/m);
    expect(text).toMatch(/^ {4}Offset: xy = \$offset range -1\.\.1/m);
    expect(text).toMatch(/^ {4}smooth: toggle = on/m);
    expect(text).toMatch(/move: transformTOP \{ t: bind Offset \}/);
  });

  it("rewrites op('name') to reach the node from a nested network", () => {
    expect(text).toContain("pulse: levelTOP { opacity: = 0.5 + 0.5 * op('../../lfo1')['chan1'] }");
    expect(text).toContain("top: ../../out1");
  });
});
