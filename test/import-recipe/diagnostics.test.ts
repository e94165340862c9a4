/**
 * Each kind of malformed input gives its diagnostic, at the JSON path and line of the offending
 * field, and nothing is produced for a file with an error.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getSequence } from "../../kb/index.js";
import { importRecipe, type ImportResult } from "../../runtime/recipes/import/import-recipe.js";

const FILE = "bad.json";

function run(doc: unknown): ImportResult {
  const text = typeof doc === "string" ? doc : JSON.stringify(doc, null, 2);
  return importRecipe(text, FILE, { outDir: "out" });
}

/** A small valid recipe each case changes one thing of. */
function base(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "probe",
    nodes: [
      { name: "noise1", type: "noiseTOP", parameters: { period: 2 } },
      { name: "level1", type: "levelTOP" },
      { name: "out1", type: "nullTOP" },
    ],
    connections: [
      { from: "noise1", to: "level1" },
      { from: "level1", to: "out1" },
    ],
    ...extra,
  };
}

/** The one diagnostic with this code (fails with the whole list otherwise). */
function only(r: ImportResult, code: string) {
  const found = r.diagnostics.filter((d) => d.code === code);
  expect(found, JSON.stringify(r.diagnostics.map((d) => `${d.code} ${d.message}`))).toHaveLength(1);
  return found[0]!;
}

/** The line of the first occurrence of `needle` in the pretty-printed document. */
function lineOf(doc: unknown, needle: string): number {
  const lines = JSON.stringify(doc, null, 2).split("\n");
  const i = lines.findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`${needle} not in the document`);
  return i + 1;
}

function expectError(r: ImportResult, code: string, path: string, line?: number) {
  const d = only(r, code);
  expect(d.severity).toBe("error");
  expect(d.message.startsWith(`${path}`) || d.message.includes(path), d.message).toBe(true);
  expect(d.file).toBe(FILE);
  if (line !== undefined) expect(d.range.start.line).toBe(line);
  expect(r.text).toBeUndefined();
  return d;
}

describe("a valid base", () => {
  it("converts with no diagnostics", () => {
    const r = run(base());
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toMatch(/recipe probe \{/);
  });
});

describe("shape of the JSON", () => {
  it("invalid JSON: import-invalid-json with line and column", () => {
    const r = run('{\n  "id": "x",\n  "nodes": [\n    { "name": "a", "type": "noiseTOP" },\n  ]\n}');
    const d = expectError(r, "import-invalid-json", "", 5);
    expect(d.range.start.column).toBe(3);
    expect(d.message).toMatch(/comma before '\]'/);
  });

  it("a field of the wrong type: import-field-type", () => {
    const doc = base();
    (doc.nodes as Array<Record<string, unknown>>)[1]!.type = 42;
    const d = expectError(run(doc), "import-field-type", "$.nodes[1].type", lineOf(doc, '"type": 42'));
    expect(d.message).toBe("$.nodes[1].type must be a string, not a number");
  });

  it("a connection index that is not a whole number", () => {
    const doc = base({ connections: [{ from: "noise1", to: "level1", to_input: 0.5 }] });
    expectError(run(doc), "import-field-type", "$.connections[0].to_input");
  });

  it("the top level is not an object", () => {
    expectError(run("[1, 2]"), "import-field-type", "$", 1);
  });

  it("a required field is missing: import-missing-field", () => {
    const doc = base();
    delete (doc.nodes as Array<Record<string, unknown>>)[2]!.type;
    expectError(run(doc), "import-missing-field", "$.nodes[2].type", lineOf(doc, '"name": "out1"') - 1);
  });

  it("neither id nor name", () => {
    const doc = base();
    delete doc.id;
    expectError(run(doc), "import-missing-field", "$.id", 1);
  });

  it("a key twice: import-duplicate-key", () => {
    const text = '{"id": "x", "nodes": [{"name": "a", "type": "noiseTOP", "parameters": {"period": 1, "period": 2}}]}';
    expectError(run(text), "import-duplicate-key", "$.nodes[0].parameters.period", 1);
  });

  it("an unknown field is a warning and the rest still converts", () => {
    const r = run(base({ thumbnail: "x.png" }));
    const d = only(r, "import-unknown-field");
    expect(d.severity).toBe("warning");
    expect(d.message).toMatch(/^\$\.thumbnail /);
    expect(d.help.join(" ")).toMatch(/glsl_uniforms/);
    expect(r.text).toBeDefined();
  });

  it("a value outside its choices: import-invalid-value", () => {
    const doc = base({ difficulty: "expert" });
    const d = expectError(run(doc), "import-invalid-value", "$.difficulty", lineOf(doc, "expert"));
    expect(d.message).toMatch(/beginner, intermediate, advanced/);
  });

  it("a uniform kind that does not exist", () => {
    const doc = base({ glsl_uniforms: [{ node: "noise1", name: "uM", kind: "matrix" }] });
    expectError(run(doc), "import-invalid-value", "$.glsl_uniforms[0].kind");
  });
});

describe("nodes", () => {
  it("unknown operator type, with the closest names", () => {
    const doc = base();
    (doc.nodes as Array<Record<string, unknown>>)[0]!.type = "noiseTOPP";
    const d = expectError(run(doc), "import-unknown-operator-type", "$.nodes[0].type", lineOf(doc, "noiseTOPP"));
    expect(d.help[0]).toMatch(/did you mean 'noiseTOP'/);
  });

  it("an unknown parameter is left out, kept as a comment above its node, with the closest names", () => {
    const doc = base();
    (doc.nodes as Array<Record<string, unknown>>)[0]!.parameters = { perod: 2, amp: 0.5 };
    const r = run(doc);
    const d = only(r, "import-left-out");
    expect(d.severity).toBe("warning");
    expect(d.message.startsWith("$.nodes[0].parameters.perod:")).toBe(true);
    expect(d.range.start.line).toBe(lineOf(doc, "perod"));
    expect(d.help[0]).toMatch(/'period'/);
    expect(r.leftOut).toBe(1);
    expect(r.text).toContain(
      "  # left out by svc import-recipe: \"perod\": 2 ('noiseTOP' has no parameter 'perod')\n  noise1: noiseTOP { amp: 0.5 }",
    );
  });

  it("--fix applies a clear did-you-mean to names and menu values, and leaves out what is not clear", () => {
    const doc = base();
    (doc.nodes as Array<Record<string, unknown>>)[0]!.parameters = { monochrome: true, amplitude: 0.5 };
    (doc.nodes as unknown[]).push(
      { name: "lfo1", type: "lfoCHOP", parameters: { wavetype: "sine" } },
      { name: "warp", type: "displaceTOP", parameters: { displaceweightx: 0.3 } },
      { name: "grade", type: "levelTOP", parameters: { brightness: 1.2 } },
    );
    const plain = run(doc);
    expect(plain.diagnostics.filter((d) => d.code.startsWith("import-")).map((d) => d.code)).toEqual(
      Array(5).fill("import-left-out"),
    );
    expect(plain.leftOut).toBe(5);
    const fixed = importRecipe(JSON.stringify(doc, null, 2), FILE, { outDir: "out", fix: true });
    expect(fixed.diagnostics.filter((d) => d.code.startsWith("import-")).map((d) => `${d.code} ${d.message}`)).toEqual([
      "import-fixed $.nodes[0].parameters.monochrome: 'monochrome' is written as 'mono' (--fix)",
      "import-fixed $.nodes[0].parameters.amplitude: 'amplitude' is written as 'amp' (--fix)",
      "import-fixed $.nodes[3].parameters.wavetype: 'sine' is written as 'sin' (--fix)",
      "import-fixed $.nodes[4].parameters.displaceweightx: 'displaceweightx' is written as 'displaceweight1' (--fix)",
      expect.stringMatching(
        /^import-left-out \$\.nodes\[5\]\.parameters\.brightness: 'levelTOP' has no parameter 'brightness'/,
      ),
    ]);
    expect(fixed.leftOut).toBe(1);
    expect(fixed.diagnostics[0]!.code).toBe("import-fixed");
    expect(fixed.text).toContain("noise1: noiseTOP { amp: 0.5, mono: on }");
    expect(fixed.text).toContain("lfo1: lfoCHOP { wavetype: sin }");
    expect(fixed.text).toContain("warp: displaceTOP { displaceweight1: 0.3 }");
    expect(fixed.text).toContain('# left out by svc import-recipe: "brightness": 1.2');
  });

  it("a node declared twice", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "level1", type: "blurTOP" });
    const d = expectError(run(doc), "import-duplicate-node", "$.nodes[3].name");
    expect(d.message).toMatch(/already declared at \$\.nodes\[1\]\.name/);
  });

  it("a parent that is not a COMP", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "inner", type: "blurTOP", parent: "level1" });
    const d = expectError(run(doc), "import-parent-not-comp", "$.nodes[3].parent");
    expect(d.message).toMatch(/'level1' is a levelTOP, not a COMP/);
  });

  it("a parent that names no node", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "inner", type: "blurTOP", parent: "nowhere" });
    expectError(run(doc), "import-unknown-node", "$.nodes[3].parent");
  });

  it("COMPs inside each other", () => {
    const doc = base();
    (doc.nodes as unknown[]).push(
      { name: "a", type: "baseCOMP", parent: "b" },
      { name: "b", type: "baseCOMP", parent: "a" },
    );
    const d = expectError(run(doc), "import-parent-cycle", "$.nodes[");
    expect(d.message).toMatch(/a -> b -> a|b -> a -> b/);
  });

  it("a name TouchDesigner refuses is renamed, with a warning", () => {
    const doc = base();
    (doc.nodes as Array<Record<string, unknown>>)[0]!.name = "Noise 1";
    (doc.connections as Array<Record<string, unknown>>)[0]!.from = "Noise 1";
    const r = run(doc);
    const d = only(r, "import-renamed");
    expect(d.severity).toBe("warning");
    expect(d.message).toBe(
      "$.nodes[0].name: 'Noise 1' is not a valid operator name in TouchDesigner; it becomes 'Noise_1'",
    );
    expect(r.text).toMatch(/Noise_1 -> level1 -> out1/);
  });
});

describe("connections and references", () => {
  it("a connection to a missing node", () => {
    const doc = base({ connections: [{ from: "noise1", to: "blur9" }] });
    const d = expectError(run(doc), "import-unknown-node", "$.connections[0].to", lineOf(doc, "blur9"));
    expect(d.help.join(" ")).toMatch(/noise1, level1, out1/);
  });

  it("a connection between two networks", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "fx", type: "baseCOMP" }, { name: "blur1", type: "blurTOP", parent: "fx" });
    (doc.connections as unknown[]).push({ from: "noise1", to: "blur1" });
    expectError(run(doc), "import-cross-network-connection", "$.connections[2]");
  });

  it("a problem with a later wire of a chain names that connection, not the chain's first", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "null2", type: "nullCHOP" }, { name: "lfo1", type: "lfoCHOP" });
    (doc.connections as unknown[]).push({ from: "lfo1", to: "null2" }, { from: "out1", to: "null2" });
    const r = run(doc);
    const d = r.diagnostics.find((x) => x.code === "wire-family-mismatch")!;
    expect(d.message.startsWith("$.connections[3]:"), d.message).toBe(true);
    expect(d.range.start.line).toBe(lineOf(doc, '"from": "out1"') - 1);
  });

  it("a wire into a converter from another family is its source parameter, across networks too", () => {
    const doc = base();
    (doc.nodes as unknown[]).push(
      { name: "lfo1", type: "lfoCHOP" },
      { name: "bars", type: "choptoTOP" },
      { name: "fx", type: "baseCOMP" },
      { name: "probe", type: "toptoCHOP", parent: "fx" },
      { name: "table1", type: "tableDAT" },
      { name: "rows", type: "dattoCHOP" },
      { name: "final", type: "nullTOP" },
    );
    (doc.connections as unknown[]).push(
      { from: "lfo1", to: "bars" },
      { from: "out1", to: "probe" },
      { from: "table1", to: "rows" },
      { from: "bars", to: "final" },
    );
    const r = run(doc);
    expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(r.text).toContain("bars: choptoTOP { chop: lfo1 }");
    expect(r.text).toContain("probe: toptoCHOP { top: ../out1 }");
    expect(r.text).toContain("rows: dattoCHOP { dat: table1 }");
    expect(r.text).toContain("bars -> final");
  });

  it("controls written with bind_to bind every parameter they name", () => {
    const doc = base({
      controls: [{ name: "Gain", type: "float", default: 0.5, bind_to: ["level1.opacity", "noise1.amp"] }],
    });
    const r = run(doc);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toMatch(/level1: levelTOP \{ opacity: bind Gain \}/);
    expect(r.text).toMatch(/noise1: noiseTOP \{ amp: bind Gain, period: 2 \}/);
    const bad = base({ controls: [{ name: "Gain", type: "float", bind_to: ["level1"] }] });
    expectError(run(bad), "import-invalid-value", "$.controls[0].bind_to[0]", lineOf(bad, '"bind_to"') + 1);
    const unknown = base({ controls: [{ name: "Gain", type: "float", bind_to: ["level1.opacityy"] }] });
    expectError(run(unknown), "import-unknown-parameter", "$.controls[0].bind_to[0]");
  });

  it("a number on a menu is the entry at that index, as TouchDesigner reads it", () => {
    const doc = base();
    (doc.nodes as unknown[]).push(
      { name: "lfo1", type: "lfoCHOP", parameters: { wavetype: 1 } },
      { name: "geo1", type: "geometryCOMP", parameters: { xord: 5 } },
    );
    const r = run(doc);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toContain("lfo1: lfoCHOP { wavetype: normal }");
    expect(r.text).toContain("geo1: geometryCOMP { xord: trs }");
  });

  it("--fix applies a clear did-you-mean to a control's bind_to and targets too", () => {
    const doc = base({
      controls: [
        { name: "Gain", type: "float", default: 0.5, bind_to: ["noise1.amplitude"] },
        { name: "Mono", type: "toggle", targets: [{ node: "noise1", param: "monochrome" }] },
      ],
    });
    // Without --fix the unknown names stop the file, as before.
    expect(
      run(doc)
        .diagnostics.filter((d) => d.severity === "error")
        .map((d) => d.code),
    ).toEqual(["import-unknown-parameter", "import-unknown-parameter"]);
    const fixed = importRecipe(JSON.stringify(doc, null, 2), FILE, { outDir: "out", fix: true });
    expect(fixed.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "import-fixed $.controls[0].bind_to[0]: 'amplitude' is written as 'amp' (--fix)",
      "import-fixed $.controls[1].targets[0].param: 'monochrome' is written as 'mono' (--fix)",
    ]);
    expect(fixed.text).toMatch(/noise1: noiseTOP \{ amp: bind Gain, mono: bind Mono, period: 2 \}/);
  });

  it("a menu control's entries are its menu, in their order, and the bound menu takes them", () => {
    const doc = base({
      nodes: [
        { name: "noise1", type: "noiseTOP" },
        { name: "comp1", type: "compositeTOP" },
      ],
      connections: [{ from: "noise1", to: "comp1" }],
      controls: [
        {
          name: "Blend",
          type: "menu",
          default: "multiply",
          entries: ["add", "multiply", "screen"],
          targets: [{ node: "comp1", param: "operand" }],
        },
      ],
    });
    const r = run(doc);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toContain('blend: menu = multiply label "Operation" entries (add, multiply, screen)');
    expect(r.text).toContain('Blend: menu = $blend label "Operation" entries (add, multiply, screen)');
    expect(r.text).toMatch(/comp1: compositeTOP \{ operand: bind Blend \}/);
  });

  it("op('x') naming no node", () => {
    const doc = base({ parameters: [{ node: "level1", param: "opacity", expr: "op('lfo9')['chan1']" }] });
    const d = expectError(run(doc), "import-unknown-op-reference", "$.parameters[0].expr");
    expect(d.message).toMatch(/op\('lfo9'\)/);
  });

  it("a compiler problem is reported at the JSON field it came from", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({
      name: "comp1",
      type: "compositeTOP",
      parameters: { fillmode: "best", resolution: ["wide", 720] },
    });
    const d = expectError(
      run(doc),
      "parameter-type-mismatch",
      "$.nodes[3].parameters.resolution",
      lineOf(doc, '"resolution"'),
    );
    expect(d.message).toMatch(/^\$\.nodes\[3\]\.parameters\.resolution: /);
    expect(d.help.join("\n")).toMatch(/generated as: comp1: compositeTOP \{ .*resolution: \("wide", 720\)/);
  });

  it("a menu value that is not an entry is left out, with the entries", () => {
    const doc = base();
    (doc.nodes as unknown[]).push({ name: "comp1", type: "compositeTOP", parameters: { operand: "sideways" } });
    const r = run(doc);
    const d = only(r, "import-left-out");
    expect(d.message).toMatch(/^\$\.nodes\[3\]\.parameters\.operand: 'sideways' is not an entry of the menu 'operand'/);
    expect(d.range.start.line).toBe(lineOf(doc, "sideways"));
    expect(d.help.join(" ")).toMatch(/the entries: .*add/);
    expect(r.text).toContain('# left out by svc import-recipe: "operand": "sideways"');
  });
});

describe("controls, exposed parameters, uniforms, code", () => {
  it("value and expr together", () => {
    const doc = base({ parameters: [{ node: "level1", param: "opacity", value: 1, expr: "0.5" }] });
    expectError(run(doc), "import-value-conflict", "$.parameters[0].expr");
  });

  it("one parameter driven twice", () => {
    const doc = base({
      parameters: [{ name: "Gain", node: "level1", param: "opacity", value: 1 }],
      controls: [{ name: "Fade", targets: [{ node: "level1", param: "opacity" }] }],
    });
    const d = expectError(run(doc), "import-parameter-driven-twice", "$.parameters[0]");
    expect(d.message).toMatch(/'level1\.opacity' is already driven by \$\.controls\[0\]\.targets\[0\]/);
  });

  it("two controls with one name", () => {
    const doc = base({
      controls: [
        { name: "Gain", default: 1 },
        { name: "Gain", default: 2 },
      ],
    });
    expectError(run(doc), "import-duplicate-control", "$.controls[1].name");
  });

  it("a control type that does not exist", () => {
    const doc = base({ controls: [{ name: "Gain", type: "slider" }] });
    expectError(run(doc), "import-invalid-value", "$.controls[0].type");
  });

  it("a control range that runs backwards", () => {
    const doc = base({ controls: [{ name: "Gain", default: 1, min: 2, max: 0 }] });
    expectError(run(doc), "import-invalid-value", "$.controls[0].min");
  });

  it("uniforms on an operator that is no GLSL TOP", () => {
    const doc = base({ glsl_uniforms: [{ node: "level1", name: "uGain", kind: "float", value: 1 }] });
    const d = expectError(run(doc), "import-not-glsl", "$.glsl_uniforms[0].node");
    expect(d.message).toMatch(/'level1' is a levelTOP, which has no vec uniform parameters/);
  });

  it("GLSL code for an operator that runs no shader", () => {
    const doc = base({ glsl_code: { noise1: "void main() {}\n" } });
    expectError(run(doc), "import-not-glsl", "$.glsl_code.noise1");
  });

  it("each uniform takes the next block of its sequence, past the blocks the docs list", () => {
    const doc = base({
      nodes: [{ name: "glsl1", type: "glslTOP" }],
      connections: [],
      glsl_uniforms: [
        { node: "glsl1", name: "uA", kind: "float", value: 1 },
        { node: "glsl1", name: "uB", kind: "float", value: 2 },
      ],
    });
    const r = run(doc);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toMatch(/vec0name: "uA"/);
    expect(r.text).toMatch(/vec1name: "uB", vec1valuex: bind B/);
  });

  it("a uniform past a block maximum the kb knows is left out with a warning", () => {
    const vec = getSequence("glslTOP", "vec")!;
    vec.maxBlocks = 1;
    try {
      const r = run(
        base({
          nodes: [{ name: "glsl1", type: "glslTOP" }],
          connections: [],
          glsl_uniforms: [
            { node: "glsl1", name: "uA", kind: "float", value: 1 },
            { node: "glsl1", name: "uB", kind: "float", value: 2 },
          ],
        }),
      );
      const d = only(r, "import-no-uniform-slot");
      expect(d.severity).toBe("warning");
      expect(d.message).toMatch(/^\$\.glsl_uniforms\[1\]: 'glsl1' has no free vec block for the uniform 'uB'/);
      expect(r.text).not.toMatch(/uB/);
    } finally {
      vec.maxBlocks = null;
    }
  });

  it("Python for a node that runs none is kept, with a warning", () => {
    const r = run(base({ python_code: { noise1: "print('hi')\n" } }));
    const d = only(r, "import-code-not-run");
    expect(d.message).toMatch(
      /^\$\.python_code\.noise1: 'noise1' \(noiseTOP\) does not run Python; the code is kept in 'noise1_python'/,
    );
    expect(r.text).toMatch(/noise1_python: textDAT/);
  });

  it("fields with no meaning for an expression are reported and ignored", () => {
    const r = run(base({ parameters: [{ node: "level1", param: "opacity", expr: "0.5", min: 0 }] }));
    const d = only(r, "import-field-ignored");
    expect(d.message).toBe("$.parameters[0].min has no meaning for a parameter driven by an expression; it is ignored");
    expect(r.text).toMatch(/opacity: = 0\.5/);
  });
});

describe("catalog", () => {
  const catalog = readFileSync("diagnostics/messages.ts", "utf8");
  const start = catalog.indexOf("// ── recipe import");
  const end = catalog.indexOf("// ──", start + 10);
  const codes = [...catalog.slice(start, end < 0 ? undefined : end).matchAll(/^\s+"([a-z0-9-]+)":/gm)].map(
    (m) => m[1]!,
  );
  const self = readFileSync(new URL(import.meta.url), "utf8");

  it.each(codes)("%s has a case here", (code) => {
    expect(self).toContain(`"${code}"`);
  });
});
