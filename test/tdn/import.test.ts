/**
 * `importTdn` on files covering every field of the TDN specification: what has a .svcnet meaning
 * is in the network, what has none is a diagnostic at its field (code, JSONPath, line), and bad
 * input is refused with a specific diagnostic. tdn_ref files are read relative to the referring
 * file or an allowed root, never from outside the roots, never deeper than MAX_REF_DEPTH or in a loop.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importTdn, MAX_REF_DEPTH, type TdnImportResult } from "../../runtime/tdn/import-tdn.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-tdn-import-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Imports a TDN text written to a file of its own. */
function importText(text: string, name = "net.tdn", roots?: string[]): TdnImportResult {
  const file = join(dir, name);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return importTdn(file, roots ? { allowedRoots: roots } : {});
}

const found = (r: TdnImportResult) => r.diagnostics.map((d) => `${d.code} ${d.message.split(":")[0]!.split(" ")[0]}`);
const errors = (r: TdnImportResult) => r.diagnostics.filter((d) => d.severity === "error");
const doc = (operators: string, extra = "") =>
  `format: tdn\nversion: '2.0'\nnetwork_path: /project1/net\n${extra}operators:\n${operators}`;

describe("a TDN file with every field of the specification", () => {
  const r = importTdn("test/tdn/fixtures/every-field.tdn");

  it("is written, with what has a .svcnet meaning in it", () => {
    expect(errors(r)).toEqual([]);
    expect(r.network).toBe("stage");
    const text = r.text!;
    expect(text).toContain(
      "# Imported from TDN 2.0: generator Embody/6.0.4, td_build 2025.32050, source_file Show.toe, build 12",
    );
    expect(text).toContain('controls "Setup" {\n    Level: float = 0.8\n    Source: strmenu\n    Title: string\n  }');
    expect(text).toContain('Build: int = 3 label "Build Number"');
    // type_defaults: parameters merged (the operator's own win), colour and tags given to both.
    expect(text).toContain('clip1: moviefileinTOP [color: #339966, tags: "media"] { play: off }');
    expect(text).toContain(
      'clip2: moviefileinTOP [color: #808033, tags: "media"] { play: on, speed: = me.par.play * 2 }',
    );
    expect(text).toContain("stage/external: (900, 0)");
  });

  it("reports each field with no .svcnet meaning at its place", () => {
    const expected = [
      "tdn-normalised $.type",
      "tdn-unknown-field $.type_defaults.moviefileinTOP.comment",
      "tdn-no-meaning $.par_templates.about[0].readOnly",
      "tdn-normalised $.custom_pars.Setup[0].default",
      "tdn-no-meaning $.custom_pars.Setup[0].clampMin",
      "tdn-no-meaning $.custom_pars.Setup[0].min",
      "tdn-no-meaning $.custom_pars.Setup[1].menuSource",
      "tdn-no-meaning $.custom_pars.Setup[2].size",
      "tdn-unsupported-style $.custom_pars.Setup[3].style",
      "tdn-no-meaning $.custom_pars.Setup[4].startSection",
      "tdn-no-meaning $.custom_pars.Setup[4].value",
      'tdn-unknown-template $.custom_pars.Missing["$t"]',
      "tdn-no-meaning $.parameters",
      "tdn-no-meaning $.flags",
      "tdn-no-meaning $.color",
      "tdn-no-meaning $.tags",
      "tdn-no-meaning $.comment",
      "tdn-no-meaning $.storage",
      "tdn-no-meaning $.annotations",
      "tdn-no-meaning $.operators[0].size",
      "tdn-no-meaning $.operators[0].dock",
      "tdn-no-meaning $.operators[0].storage",
      "tdn-no-meaning $.operators[0].startup_storage",
      "tdn-no-meaning $.operators[0].flags[0]",
      "tdn-unknown-flag $.operators[0].flags[1]",
      "tdn-bind-as-expression $.operators[1].parameters.speed",
      "tdn-unknown-parameter $.operators[1].parameters.nosuchpar",
      "tdn-unknown-input $.operators[1].inputs[0]",
      "tdn-unknown-input $.operators[1].inputs[1]",
      "tdn-normalised $.operators[1].color",
      "tdn-unknown-field $.operators[1].unknownfield",
      "tdn-no-meaning $.operators[2].palette_clone",
      "tdn-no-meaning $.operators[2].comp_inputs",
      "tdn-no-meaning $.operators[2].annotations",
      "tdn-no-meaning $.operators[3].tox_ref",
      "tdn-normalised $.operators[4].dat_read_only",
      "tdn-no-meaning $.operators[5].dat_content",
      "tdn-no-meaning $.operators[5].custom_pars",
      "tdn-no-meaning $.operators[5].children",
      "tdn-missing-field $.operators[6]",
    ];
    for (const e of expected) expect(found(r)).toContain(e);
    // Each is placed on its line of the file, with the file named.
    const dock = r.diagnostics.find((d) => d.message.startsWith("$.operators[0].dock"))!;
    expect(dock).toMatchObject({
      severity: "warning",
      file: "test/tdn/fixtures/every-field.tdn",
      range: { start: { line: 67 } },
    });
    expect(dock.message).toBe("$.operators[0].dock: docking to 'clip2' has no .svcnet meaning; it is left out");
    expect(r.diagnostics.find((d) => d.code === "tdn-unknown-parameter")!.help).toContain(
      "'svc kb show moviefileinTOP' lists its parameters",
    );
  });
});

describe("bad input", () => {
  it("YAML that does not parse: tdn-invalid-document with its line", () => {
    const r = importText("format: tdn\noperators:\n  - name: a\n   type: nullTOP\n");
    expect(errors(r)).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "tdn-invalid-document", range: { start: { line: 4 } } });
    expect(r.text).toBeUndefined();
  });

  it("legacy JSON that does not parse: tdn-invalid-document naming JSON", () => {
    const r = importText('{\n\t"format": "tdn",\n\t"operators": [,]\n}\n');
    expect(r.diagnostics[0]!.message).toMatch(/^the file is not a TDN document: invalid JSON/);
    expect(r.diagnostics[0]!.range.start.line).toBe(3);
  });

  it("an empty file, a top level that is no mapping, a format that is not tdn", () => {
    expect(importText("").diagnostics[0]!.message).toBe("the file is not a TDN document: it is empty");
    expect(importText("- 1\n- 2\n").diagnostics.map((d) => d.code)).toEqual(["tdn-field-type", "tdn-field-type"]);
    expect(importText("just text\n").diagnostics[0]!.message).toBe(
      "the file is not a TDN document: the top level is a string, not a mapping",
    );
    const r = importText("format: toe\nversion: '2.0'\noperators: []\n");
    expect(errors(r).map((d) => d.message)).toEqual(['the file is not a TDN document: format is "toe", not "tdn"']);
  });

  it("a newer version is read with a warning", () => {
    const r = importText("format: tdn\nversion: '3.1'\noperators: []\n");
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["tdn-version", "warning"]]);
    expect(r.text).toContain("network net {");
  });

  it("an unknown operator type, with the closest types", () => {
    const r = importText(doc("- {name: n, type: noizeTOP}\n"));
    expect(errors(r)[0]).toMatchObject({
      code: "tdn-unknown-operator-type",
      help: ["did you mean 'noiseTOP', 'noiseSOP' or 'noisePOP'?"],
    });
    expect(r.text).toBeUndefined();
  });

  it("a name .svcnet cannot write, and two siblings of one name", () => {
    expect(errors(importText(doc("- {name: 'my node', type: nullTOP}\n")))[0]!.code).toBe("tdn-invalid-name");
    const twice = importText(doc("- {name: a, type: nullTOP}\n- {name: a, type: nullTOP}\n"));
    expect(errors(twice).map((d) => d.message)).toEqual([
      "$.operators[1].name: a sibling named 'a' is already declared",
    ]);
  });

  it("operators that are not a list, and a field of the wrong type", () => {
    expect(errors(importText("format: tdn\nversion: '2.0'\noperators: {a: 1}\n"))[0]!.message).toBe(
      "$.operators must be a list of operators, not a mapping",
    );
    const r = importText(doc("- {name: a, type: nullTOP, position: here}\n"));
    expect(errors(r)[0]!.message).toBe("$.operators[0].position must be [x, y], not a string");
  });

  it("a table cell holding a tab cannot be DAT text", () => {
    const r = importText(
      doc('- name: t\n  type: tableDAT\n  dat_content:\n  - [a, "b\\tc"]\n  dat_content_format: table\n'),
    );
    expect(errors(r)[0]).toMatchObject({
      code: "tdn-table-cell",
      message:
        "$.operators[0].dat_content[0]: a table cell holding a tab or a line break cannot be written as DAT text",
    });
  });

  it("COMPs nested deeper than the limit are refused, not a stack overflow", () => {
    let ops = "{name: leaf, type: nullTOP}";
    for (let i = 0; i < 70; i++) ops = `{name: c${i}, type: baseCOMP, children: [${ops}]}`;
    const r = importText(`format: tdn\nversion: '2.0'\noperators: [${ops}]\n`);
    expect(errors(r).map((d) => d.message)).toEqual([expect.stringContaining("COMPs are nested more than 64 deep")]);
  });

  it("a parameter value that is a list or a mapping", () => {
    const r = importText(doc("- {name: n, type: noiseTOP, parameters: {period: [1, 2]}}\n"));
    expect(errors(r)[0]!.message).toBe(
      "$.operators[0].parameters.period must be a number, string, boolean or null, not a list",
    );
  });
});

describe("tdn_ref", () => {
  const ref = (name: string, target: string) =>
    `format: tdn\nversion: '2.0'\nnetwork_path: /project1/${name}\noperators:\n- {name: sub, type: baseCOMP, tdn_ref: ${target}}\n`;
  const child =
    "format: tdn\nversion: '2.0'\nnetwork_path: /project1/top/sub\ncustom_pars:\n  Main:\n  - {name: Gain, style: Float, default: 0.5}\noperators:\n- {name: n1, type: noiseTOP, parameters: {period: 2}}\n- {name: o1, type: nullTOP, position: [200, 0], inputs: [n1]}\n";

  it("reads the file beside the referring one into the COMP, with its controls", () => {
    writeFileSync(join(dir, "sub.tdn"), child);
    const r = importText(ref("top", "sub.tdn"), "top.tdn");
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toContain(
      '    network {\n      controls "Main" {\n        Gain: float = 0.5\n      }\n\n      n1: noiseTOP { period: 2 }\n      o1: nullTOP\n\n      n1 -> o1\n    }',
    );
    expect(r.text).toContain("top/sub/o1: (200, 0)");
  });

  it("reads a path written from the externalization folder (an allowed root), as Embody writes it", () => {
    mkdirSync(join(dir, "proj", "Embody", "top"), { recursive: true });
    writeFileSync(join(dir, "proj", "Embody", "top", "sub.tdn"), child);
    const r = importText(ref("top", "Embody/top/sub.tdn"), "proj/Embody/top.tdn", [join(dir, "proj")]);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toContain("n1: noiseTOP { period: 2 }");
  });

  it("notes a referenced file that describes a COMP of another name", () => {
    writeFileSync(join(dir, "other.tdn"), child.replace("/project1/top/sub", "/project1/top/other"));
    const r = importText(ref("top", "other.tdn"), "named.tdn");
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "tdn-normalised",
        "$.network_path: the file describes 'other'; it is read into the COMP 'sub' whose tdn_ref names it",
      ],
    ]);
    expect(r.diagnostics[0]!.file).toBe(join(dir, "other.tdn"));
  });

  it("refuses a path outside the allowed folders, an absolute path and a missing file", () => {
    writeFileSync(join(dir, "outside.tdn"), child);
    const escape = importText(ref("top", "../outside.tdn"), "inner/top.tdn");
    expect(errors(escape).map((d) => d.message)).toEqual([
      "$.operators[0].tdn_ref: tdn_ref '../outside.tdn' leads outside the allowed folders",
    ]);
    expect(escape.text).toBeUndefined();
    expect(errors(importText(ref("top", join(dir, "sub.tdn")), "abs.tdn"))[0]!.message).toMatch(
      /is absolute; it must be relative to the file$/,
    );
    expect(errors(importText(ref("top", "nothere.tdn"), "missing.tdn"))[0]!.message).toBe(
      "$.operators[0].tdn_ref: tdn_ref 'nothere.tdn' names no file",
    );
  });

  it("refuses a loop and a chain deeper than the limit", () => {
    writeFileSync(join(dir, "loop-b.tdn"), ref("b", "loop-a.tdn"));
    const loop = importText(ref("a", "loop-b.tdn"), "loop-a.tdn");
    expect(errors(loop).map((d) => d.message)).toEqual([
      "$.operators[0].tdn_ref: tdn_ref 'loop-a.tdn' leads back to a file that refers to it (a loop)",
    ]);
    for (let i = 1; i <= MAX_REF_DEPTH + 1; i++)
      writeFileSync(join(dir, `deep${i}.tdn`), ref(`d${i}`, `deep${i + 1}.tdn`));
    writeFileSync(join(dir, `deep${MAX_REF_DEPTH + 2}.tdn`), child);
    const deep = importText(ref("d0", "deep1.tdn"), "deep0.tdn");
    expect(errors(deep).map((d) => d.message)).toEqual([
      `$.operators[0].tdn_ref: tdn_ref 'deep${MAX_REF_DEPTH + 1}.tdn' is more than ${MAX_REF_DEPTH} files deep`,
    ]);
  });

  it("refuses children and tdn_ref together", () => {
    const r = importText(doc("- {name: s, type: baseCOMP, tdn_ref: sub.tdn, children: []}\n"), "both.tdn");
    expect(errors(r).map((d) => d.code)).toEqual(["tdn-ref"]);
  });
});

describe("the known differences from real exports (issue 48)", () => {
  const stubbed =
    "format: tdn\nversion: '2.0'\nnetwork_path: /project1/top\noperators:\n- name: sub\n  type: baseCOMP\n  tdn_ref: sub-stub.tdn\n  custom_pars:\n    Main:\n    - {name: Gain, style: Float, default: 0.5, value: 0.5}\n    - {name: Extra, style: Toggle}\n";
  const target =
    "format: tdn\nversion: '2.0'\nnetwork_path: /project1/top/sub\ncustom_pars:\n  Main:\n  - {name: Gain, style: Float, default: 0.5, value: 0.75}\noperators:\n- {name: n1, type: noiseTOP}\n";

  it("reads a tdn_ref stub that repeats the referenced COMP's controls as one COMP (the referenced file wins)", () => {
    writeFileSync(join(dir, "sub-stub.tdn"), target);
    const r = importText(stubbed, "stubbed.tdn");
    // Not duplicate-control: one COMP, its controls once; the stale stub value is noted, not kept.
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "tdn-normalised",
        "$.operators[0].custom_pars: the COMP's tdn_ref stub and its referenced file define Gain differently; the referenced file's definition is kept (it owns the COMP)",
      ],
      [
        "tdn-normalised",
        "$.custom_pars.Main[0].default: the control's value becomes its default (0.75); the default 0.5 is not kept",
      ],
    ]);
    expect(r.text).toContain('controls "Main" {\n        Gain: float = 0.75\n        Extra: toggle\n      }');
  });

  it("resolves a tdn_ref against the folder of the project the export came from (its source_file)", () => {
    mkdirSync(join(dir, "show", "Embody", "project1"), { recursive: true });
    writeFileSync(join(dir, "show", "Show.toe"), "");
    writeFileSync(join(dir, "show", "Embody", "project1", "sub.tdn"), target);
    const top =
      "format: tdn\nversion: '2.0'\nsource_file: Show.toe\nnetwork_path: /project1\noperators:\n- {name: sub, type: baseCOMP, tdn_ref: Embody/project1/sub.tdn}\n";
    // No --root: the project's folder is found from the file (the folder holding Show.toe).
    const r = importText(top, "show/Embody/project1.tdn");
    expect(errors(r)).toEqual([]);
    expect(r.text).toContain("n1: noiseTOP");
  });

  it("reads a number on a menu as the entry at that index, as TouchDesigner does (xord: 5 is trs)", () => {
    const r = importText(
      doc(
        "- {name: geo1, type: geometryCOMP, parameters: {xord: 5}}\n- {name: lfo1, type: lfoCHOP, parameters: {wavetype: 1}}\n",
      ),
      "menu-index.tdn",
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toContain("geo1: geometryCOMP { xord: trs }");
    expect(r.text).toContain("lfo1: lfoCHOP { wavetype: normal }");
    // An index the menu does not have is not guessed: the checker refuses it with the entries.
    const bad = importText(doc("- {name: geo1, type: geometryCOMP, parameters: {xord: 9}}\n"), "menu-index-bad.tdn");
    expect(errors(bad).map((d) => d.code)).toEqual(["parameter-type-mismatch"]);
  });

  it("imports a GLSL MAT's attribute sequences (mattr)", () => {
    const r = importText(
      doc(
        "- name: mat1\n  type: glslMAT\n  sequences:\n    mattr:\n    - {name: aInstanceXform, numrows: 4, numcols: 4}\n    - {name: aTint, numrows: 1, numcols: 4}\n",
      ),
      "glslmat.tdn",
    );
    expect(r.diagnostics.map((d) => d.code)).toEqual([]);
    // The block count (2) is implied by the blocks written, as for every sequence.
    expect(r.text).toContain('mattr0name: "aInstanceXform"');
    expect(r.text).toContain("mattr1numcols: 4");
  });
});
