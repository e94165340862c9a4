import { describe, expect, it } from "vitest";
import { codes, compileBody, only } from "./helpers.js";

describe("the kb answers as the real build does", () => {
  it("networks using the real build's parameters, menus and sequences check with no error", () => {
    const r = compileBody([
      '  g: glslTOP { vec0name: "uTime", vec1name: "uTint", vec1value: (1, 0.5, 0, 1), color2name: "uGlow" }',
      "  shader: textDAT { language: python, extension: frag, defaultreadencoding: utf8 }",
      "  notes: textDAT { language: glsl, extension: vert }",
      "  config: textDAT { language: json, extension: md }",
      "  raw: textDAT { language: input }",
      "  lag1: lagCHOP { lagunit: seconds, lag1: 0.2 }",
      '  panel1: containerCOMP { resizecomp: "panel2" }',
      "  panel2: containerCOMP",
      '  label1: textCOMP { font: "Verdana Pro" }',
      "  onsave: executeDAT { projectpresave: on, projectpostsave: on }",
      "  pars: parameterDAT { label: on }",
      '  pchop: parameterCHOP { parameters: "tx ty" }',
      "  geo: geometryCOMP { instancerottoorder: rottoxform }",
      '  k: constantCHOP { const1name: "b", const1value: 2, commonrenamefrom: "a" }',
      "  big: levelTOP { resolutionw: 1920, resolutionh: 1080 }",
      "  wave: waveCHOP",
      "  wave -> lag1",
      "  g -> big",
    ].join("\n"));
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });

  it("a resolution is a whole number of pixels on every TOP", () => {
    const r = compileBody("  c: constantTOP { resolutionw: 640.5 }");
    expect(codes(r)).toEqual(["parameter-type-mismatch"]);
  });

  it("the docs' older type names build the real build's type, with a warning", () => {
    const r = compileBody("  f: freedCHOP\n  s: stypeCHOP\n  e: flowemitterCOMP");
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["renamed-operator-type", "warning"], ["renamed-operator-type", "warning"], ["renamed-operator-type", "warning"],
    ]);
    const types = (r.operations ?? []).filter((o) => o.kind === "create").map((o) => (o as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(["freedinCHOP", "stypeinCHOP", "nvidiaflowemitterCOMP"]));
    expect(r.diagnostics[0]!.suggestions[0]?.replacement).toBe("freedinCHOP");
  });

  it("the docs' parameter name the build renamed is unknown, with the new one offered", () => {
    const r = compileBody('  p: parameterCHOP { parameter: "tx" }');
    expect(only(r, "unknown-parameter").suggestions[0]?.replacement).toBe("parameters");
  });

  it("a problem found only against an assumption is a warning that says so, and the value is kept", () => {
    // Curated (assumed) hard range: a TOP resolution of at least 1.
    const range = compileBody("  l: levelTOP { resolutionw: 0 }");
    const d = only(range, "value-out-of-range");
    expect(d.severity).toBe("warning");
    expect(d.help.join(" ")).toMatch(/assumes this range .*svc kb import/);
    // Curated (assumed) style: a COMP shortcut is a word.
    const style = compileBody("  b: baseCOMP { opshortcut: 3 }");
    expect(only(style, "parameter-type-mismatch").severity).toBe("warning");
    expect(style.operations?.some((o) => o.kind === "set-param" && (o as { param: string }).param === "opshortcut")).toBe(true);
    // Inferred (assumed) unit menu entries.
    const menu = compileBody("  lag1: lagCHOP { lagunit: minutes }");
    expect(only(menu, "unknown-menu-entry").severity).toBe("warning");
    // A documented menu is a fact: still an error.
    expect(only(compileBody("  n: noiseTOP { type: plasma }"), "unknown-menu-entry").severity).toBe("error");
  });
});
