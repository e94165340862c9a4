import { afterEach, describe, expect, it } from "vitest";
import { getOperatorByType } from "../../kb/index.js";
import { checkProgram } from "../../compiler/check/check.js";
import { analyze, memoryHost } from "../../compiler/index.js";
import { compileBody, covered, only } from "./helpers.js";

// Each check diagnostic: a source that triggers it, its code, the text its range covers, and its help.

describe("check: operators and parameters", () => {
  it("unknown-operator-type names the closest types", () => {
    const r = compileBody("  noise1: noizeTOP");
    const d = only(r, "unknown-operator-type");
    expect(covered(r.source, d)).toBe("noizeTOP");
    expect(d.help[0]).toMatch(/did you mean 'noiseTOP'/);
    expect(d.suggestions[0]?.replacement).toBe("noiseTOP");
    expect(r.operations).toBeUndefined();
  });

  it("unknown-parameter names the closest parameters of that operator", () => {
    const r = compileBody("  noise1: noiseTOP { resolutionx: 1280 }");
    const d = only(r, "unknown-parameter");
    expect(covered(r.source, d)).toBe("resolutionx");
    expect(d.message).toBe("'noiseTOP' has no parameter 'resolutionx'");
    expect(d.help[0]).toMatch(/'resolutionw'/);
  });

  it("duplicate-parameter: a tuplet and one of its components", () => {
    const r = compileBody("  noise1: noiseTOP { resolution: 640x480, resolutionw: 100 }");
    const d = only(r, "duplicate-parameter");
    expect(covered(r.source, d)).toBe("resolutionw");
    expect(d.help[0]).toMatch(/'resolution' at line 3 already sets it/);
  });

  describe("read-only-parameter", () => {
    const seed = () => getOperatorByType("noiseTOP")!.params.find((p) => p.name === "seed")!;
    afterEach(() => {
      delete seed().readOnly;
    });
    it("refuses to set a parameter the knowledge base marks read-only", () => {
      seed().readOnly = true; // no operator in the generated data has one yet
      const r = compileBody("  noise1: noiseTOP { seed: 2 }");
      const d = only(r, "read-only-parameter");
      expect(covered(r.source, d)).toBe("seed");
      expect(d.help[0]).toMatch(/remove the assignment/);
    });
  });

  it("parameter-type-mismatch: a number for a toggle, a toggle for a float, a bare word for a string", () => {
    const r = compileBody("  noise1: noiseTOP { mono: 3, period: on }\n  lfo1: lfoCHOP { channelname: chan }");
    const mismatches = r.diagnostics.filter((d) => d.code === "parameter-type-mismatch");
    expect(mismatches.map((d) => covered(r.source, d))).toEqual(["3", "on", "chan"]);
    expect(mismatches[0]!.message).toBe("'mono' of 'noiseTOP' takes on or off, not the number 3");
    expect(mismatches[0]!.help).toEqual(["write 'on' or 'off'"]);
    expect(mismatches[2]!.help).toEqual(['write it in quotes: "chan"']);
  });

  it("unknown-menu-entry lists the entries and suggests the closest", () => {
    const r = compileBody("  lfo1: lfoCHOP { wavetype: sine }");
    const d = only(r, "unknown-menu-entry");
    expect(covered(r.source, d)).toBe("sine");
    expect(d.help).toEqual(["did you mean 'sin'?", "the entries: sin, normal, tri, ramp, square, pulse"]);
    expect(d.suggestions[0]?.replacement).toBe("sin");
  });

  it("a menu entry may be written by its label's spelling and is suggested by name", () => {
    const r = compileBody("  lfo1: lfoCHOP { wavetype: Triangle }");
    const d = only(r, "unknown-menu-entry");
    expect(d.help[1]).toMatch(/the entries/);
  });

  it("value-out-of-range: below a hard minimum", () => {
    const r = compileBody("  noise1: noiseTOP { resolution: (0, 720) }");
    const d = only(r, "value-out-of-range");
    expect(covered(r.source, d)).toBe("0");
    expect(d.message).toBe("0 is outside the allowed range of 'resolutionw' (at least 1)");
    expect(d.suggestions[0]?.replacement).toBe("1");
  });

  it("tuple-size-mismatch: two values for an XYZ tuplet, a tuple for a scalar", () => {
    const r = compileBody("  noise1: noiseTOP { t: (1, 2), period: (1, 2) }");
    const sizes = r.diagnostics.filter((d) => d.code === "tuple-size-mismatch");
    expect(sizes.map((d) => covered(r.source, d))).toEqual(["(1, 2)", "(1, 2)"]);
    expect(sizes[0]!.message).toBe("'t' of 'noiseTOP' takes 3 values, not 2");
    expect(sizes[0]!.help).toEqual(["the components: tx, ty, tz"]);
    expect(sizes[1]!.message).toBe("'period' of 'noiseTOP' takes 1 values, not 2");
  });

  it("a colour with alpha for an RGB tuplet is the wrong size", () => {
    const r = compileBody("  c1: constantTOP { color: #ff880080 }");
    const d = only(r, "tuple-size-mismatch");
    expect(d.help).toEqual(["this colour has no alpha: write #rrggbb"]);
  });
});

describe("check: references", () => {
  it("unknown-operator-reference for a bare name that is no sibling", () => {
    const r = compileBody("  fb: feedbackTOP { top: levle1 }\n  level1: levelTOP\n  fb -> level1");
    const d = only(r, "unknown-operator-reference");
    expect(covered(r.source, d)).toBe("levle1");
    expect(d.help).toEqual(["did you mean 'level1'?"]);
    expect(d.suggestions).toEqual([{ title: "replace with 'level1'", replacement: "level1" }]);
  });

  it("unknown-operator-reference for a path that leads nowhere", () => {
    const r = compileBody("  fb: feedbackTOP { top: sub/level1 }\n  sub: baseCOMP { network { x: nullTOP } }");
    const d = only(r, "unknown-operator-reference");
    expect(covered(r.source, d)).toBe("sub/level1");
  });

  it("operator-reference-family: a feedbackTOP's top must be a TOP", () => {
    const r = compileBody("  fb: feedbackTOP { top: lfo1 }\n  lfo1: lfoCHOP");
    const d = only(r, "operator-reference-family");
    expect(covered(r.source, d)).toBe("lfo1");
    expect(d.message).toBe("'top' of 'feedbackTOP' needs a TOP, but 'lfo1' is a CHOP");
    expect(d.help[0]).toMatch(/previous frame/);
  });

  it("an export must come from a CHOP", () => {
    const r = compileBody(
      "  noise1: noiseTOP\n  level1: levelTOP { opacity: export noise1.chan1 }\n  noise1 -> level1",
    );
    const d = only(r, "operator-reference-family");
    expect(covered(r.source, d)).toBe("export noise1.chan1");
  });

  it("expression-unknown-operator points at the name inside op('...')", () => {
    const r = compileBody("  noise1: noiseTOP { period: = op('nosie1').par.amp * 2 }");
    const d = only(r, "expression-unknown-operator");
    expect(d.severity).toBe("warning");
    expect(covered(r.source, d)).toBe("nosie1");
    expect(d.help).toEqual(["did you mean 'noise1'?"]);
    expect(r.operations).toBeDefined(); // a warning does not stop lowering
  });
});

describe("check: expressions", () => {
  it("expression-syntax points at the offending token", () => {
    const r = compileBody("  t1: transformTOP { rotate: = absTime.seconds 10 }\n  noise1: noiseTOP\n  noise1 -> t1");
    const d = only(r, "expression-syntax");
    expect(covered(r.source, d)).toBe("seconds");
    expect(d.message).toMatch(/unexpected 'seconds'.*may be missing/);
    expect(d.help[0]).toMatch(/one Python expression/);
  });

  it("expression-syntax: a conditional without else", () => {
    const r = compileBody("  noise1: noiseTOP { period: = 1 if me.digits > 2 }");
    const d = only(r, "expression-syntax");
    expect(d.message).toMatch(/ends too early/);
    expect(d.range.start.line).toBe(3);
  });
});

describe("check: wires", () => {
  it("wire-family-mismatch suggests the converter when one exists", () => {
    const r = compileBody("  lfo1: lfoCHOP\n  level1: levelTOP\n  lfo1 -> level1");
    const d = only(r, "wire-family-mismatch");
    expect(covered(r.source, d)).toBe("lfo1 -> level1");
    expect(d.message).toBe("cannot wire a CHOP ('lfo1') into a TOP ('level1')");
    expect(d.help[1]).toMatch(/choptoTOP/);
  });

  it("input-index-out-of-range", () => {
    const r = compileBody("  noise1: noiseTOP\n  level1: levelTOP\n  noise1 -> level1\n  noise1 -> level1[1]");
    const d = only(r, "input-index-out-of-range");
    expect(covered(r.source, d)).toBe("level1[1]");
    expect(d.help).toEqual(["its only input is 0"]);
  });

  it("output-index-out-of-range", () => {
    const r = compileBody("  noise1: noiseTOP\n  level1: levelTOP\n  noise1[2] -> level1");
    const d = only(r, "output-index-out-of-range");
    expect(covered(r.source, d)).toBe("noise1[2]");
    expect(d.message).toBe("'noise1' (noiseTOP) has 1 output(s); output 2 does not exist");
  });

  it("a COMP's inputs are its in operators", () => {
    const r = compileBody(
      "  noise1: noiseTOP\n  fx: baseCOMP { network { in1: inTOP\n out1: outTOP\n in1 -> out1 } }\n  noise1 -> fx[1]",
    );
    const d = only(r, "input-index-out-of-range");
    expect(d.message).toMatch(/'fx' \(baseCOMP\) has 1 input/);
  });

  it("input-connected-twice", () => {
    const r = compileBody("  a: noiseTOP\n  b: noiseTOP\n  level1: levelTOP\n  a -> level1\n  b -> level1");
    const d = only(r, "input-connected-twice");
    expect(covered(r.source, d)).toBe("level1");
    expect(r.diagnostics.find((x) => x.code === "input-connected-twice")!.range.start.line).toBe(7);
    expect(d.help[0]).toMatch(/'a' is already wired there/);
  });

  it("wire-cycle names the loop and points at the wire that closes it", () => {
    const r = compileBody("  a: levelTOP\n  b: levelTOP\n  c: levelTOP\n  a -> b -> c\n  c -> a");
    const d = only(r, "wire-cycle");
    expect(covered(r.source, d)).toBe("c -> a");
    expect(d.message).toBe("these wires form a loop: a -> b -> c -> a");
    expect(d.help[0]).toMatch(/feedbackTOP/);
  });

  it("a feedback loop through a feedbackTOP reference is not a cycle", () => {
    const r = compileBody(
      "  noise1: noiseTOP\n  fb: feedbackTOP { top: level1 }\n  comp1: compositeTOP\n  level1: levelTOP\n  noise1 -> fb -> comp1[1]\n  noise1 -> comp1[0]\n  comp1 -> level1",
    );
    expect(r.diagnostics).toEqual([]);
  });

  it("required-input-unconnected is a warning at the node's name", () => {
    const r = compileBody("  level1: levelTOP");
    const d = only(r, "required-input-unconnected");
    expect(d.severity).toBe("warning");
    expect(covered(r.source, d)).toBe("level1");
    expect(d.help[0]).toMatch(/source -> level1/);
  });

  it("resolution-ignored: a TOP with an input sized by it, unless its output resolution says custom, fit or limit", () => {
    const glsl = (extra: string) =>
      compileBody(`  noise1: noiseTOP\n  glsl1: glslTOP { resolution: 1920x1080${extra} }\n  noise1 -> glsl1`);
    const r = glsl("");
    const d = only(r, "resolution-ignored");
    expect(d.severity).toBe("warning");
    expect(covered(r.source, d)).toBe("resolution");
    expect(d.message).toBe(
      "'resolution' of 'glsl1' is ignored: its output resolution is 'useinput', so its size comes from its input",
    );
    expect(d.help[0]).toMatch(/outputresolution: custom/);
    expect(only(glsl(", outputresolution: half"), "resolution-ignored").message).toContain("'half'");
    for (const mode of ["custom", "fit", "limit"])
      expect(glsl(`, outputresolution: ${mode}`).diagnostics.map((x) => x.code)).not.toContain("resolution-ignored");
    // A generator with nothing wired in sizes itself by its resolution.
    expect(compileBody("  glsl1: glslTOP { resolution: 1920x1080 }").diagnostics).toEqual([]);
  });
});

describe("check: binds, controls and names", () => {
  it("bind-type-mismatch: a float bound to a string control", () => {
    const r = compileBody('  controls { Title: string = "x" }\n  noise1: noiseTOP { period: bind Title }');
    const d = only(r, "bind-type-mismatch");
    expect(covered(r.source, d)).toBe("bind Title");
    expect(d.message).toBe("'period' (Float) cannot be bound to 'Title' (string)");
  });

  it("bind-type-mismatch: a scalar bound to a tuplet control suggests its components", () => {
    const r = compileBody("  controls { Pos: xy }\n  noise1: noiseTOP { period: bind Pos }");
    const d = only(r, "bind-type-mismatch");
    expect(d.help).toEqual(["bind to one component: Posx, Posy"]);
  });

  it("a tuplet binds to a control of the same size", () => {
    const r = compileBody("  controls { Offset: xyz }\n  noise1: noiseTOP { t: bind Offset }");
    expect(r.diagnostics).toEqual([]);
    expect(
      r.operations!.filter((o) => o.kind === "set-bind").map((o) => (o as { expression: string }).expression),
    ).toEqual(["parent().par.Offsetx", "parent().par.Offsety", "parent().par.Offsetz"]);
  });

  it("bind to another operator's parameter checks that parameter exists", () => {
    const r = compileBody("  lfo1: lfoCHOP\n  noise1: noiseTOP { period: bind lfo1.frequencyy }");
    const d = only(r, "unknown-parameter");
    expect(d.message).toBe("'lfoCHOP' has no parameter 'frequencyy'");
    expect(d.help).toEqual(["did you mean 'frequency'?"]);
  });

  it("invalid-control-name suggests a legal one", () => {
    const r = compileBody("  controls { gain_amount: float }");
    const d = only(r, "invalid-control-name");
    expect(covered(r.source, d)).toBe("gain_amount");
    expect(d.suggestions[0]?.replacement).toBe("Gainamount");
  });

  it("a control's default must fit its type", () => {
    const r = compileBody('  controls { Gain: float = "loud" }');
    const d = only(r, "parameter-type-mismatch");
    expect(covered(r.source, d)).toBe('"loud"');
  });

  it("control-range-inverted (for models built without the parser)", () => {
    const r = analyze(
      { file: "main.svcnet", text: "svcnet 1\nnetwork net {\n  controls { Gain: float range 0..1 }\n}\n" },
      { host: memoryHost({}) },
    );
    const control = r.program.networks[0]!.root.customPages[0]!.params[0]!;
    control.min = 2;
    const d = checkProgram(r.program).find((x) => x.code === "control-range-inverted")!;
    expect(d.message).toBe("the range of 'Gain' starts above its end (2..1)");
    expect(d.help).toEqual(["write it as 1..2"]);
  });

  it("invalid-node-name (for models built without the parser, e.g. by an exporter)", () => {
    const r = analyze(
      { file: "main.svcnet", text: "svcnet 1\nnetwork net {\n  noise1: noiseTOP\n}\n" },
      { host: memoryHost({}) },
    );
    r.program.networks[0]!.root.body.nodes[0]!.name = "2noise";
    const d = checkProgram(r.program).find((x) => x.code === "invalid-node-name")!;
    expect(d.message).toBe("'2noise' is not a valid TouchDesigner operator name");
    expect(d.suggestions[0]?.replacement).toBe("_2noise");
  });

  it("flag-not-supported: a CHOP has no render flag", () => {
    const r = compileBody("  lfo1: lfoCHOP [render]");
    const d = only(r, "flag-not-supported");
    expect(d.severity).toBe("warning");
    expect(covered(r.source, d)).toBe("lfo1");
  });
});

describe("check: DAT text", () => {
  it("`text` on a DAT is its contents", () => {
    const r = compileBody('  t1: textDAT { text: "hello" }');
    expect(r.diagnostics).toEqual([]);
    expect(r.operations!.find((o) => o.kind === "set-text")).toMatchObject({ path: "/project1/net/t1", text: "hello" });
  });

  it("a DAT's text must be text", () => {
    const r = compileBody("  t1: textDAT { text: 3 }");
    const d = only(r, "parameter-type-mismatch");
    expect(d.message).toMatch(/'text' of 'textDAT' takes a string/);
  });
});

describe('file("...") in a path parameter', () => {
  it("is refused: it would put the file's contents where a path goes, and the help says what to write", () => {
    const text = 'svcnet 1\nnetwork net {\n  script: textDAT { file: file("scripts/setup.py") }\n}\n';
    const r = analyze(
      { file: "main.svcnet", text },
      { host: memoryHost({ "main.svcnet": text, "scripts/setup.py": "print('hi')\n" }) },
    );
    const d = r.diagnostics.filter((x) => x.severity === "error");
    expect(d.map((x) => x.code)).toEqual(["parameter-type-mismatch"]);
    expect(d[0]!.help.join(" ")).toContain(
      'write file: "scripts/setup.py", or text: file("scripts/setup.py") for the DAT\'s text',
    );
  });

  it("is a DAT's text when written as text:", () => {
    const text = 'svcnet 1\nnetwork net {\n  script: textDAT { text: file("scripts/setup.py") }\n}\n';
    const r = analyze(
      { file: "main.svcnet", text },
      { host: memoryHost({ "main.svcnet": text, "scripts/setup.py": "print('hi')\n" }) },
    );
    expect(r.diagnostics.filter((x) => x.severity === "error")).toEqual([]);
  });
});
