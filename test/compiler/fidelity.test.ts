import { describe, expect, it } from "vitest";
import { getOperator, listFamily } from "../../kb/index.js";
import { codes, compileBody, covered, only } from "./helpers.js";

describe("the kb answers as the real build does", () => {
  it("networks using the real build's parameters, menus and sequences check with no error", () => {
    const r = compileBody(
      [
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
        "  big: levelTOP { outputresolution: custom, resolutionw: 1920, resolutionh: 1080 }",
        "  wave: waveCHOP",
        "  wave -> lag1",
        "  g -> big",
      ].join("\n"),
    );
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
      ["renamed-operator-type", "warning"],
      ["renamed-operator-type", "warning"],
      ["renamed-operator-type", "warning"],
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
    expect(
      style.operations?.some((o) => o.kind === "set-param" && (o as { param: string }).param === "opshortcut"),
    ).toBe(true);
    // Inferred (assumed) unit menu entries.
    const menu = compileBody("  lag1: lagCHOP { lagunit: minutes }");
    expect(only(menu, "unknown-menu-entry").severity).toBe("warning");
    // A documented menu is a fact: still an error.
    expect(only(compileBody("  n: noiseTOP { type: plasma }"), "unknown-menu-entry").severity).toBe("error");
  });

  it("a POP's x/y/z tuplet is an XYZW tuplet of three, as the live build reports, on every POP", () => {
    const styleOf = (type: string, name: string) => getOperator(type)!.params.find((p) => p.name === name)?.style;
    // Inferred from component names before; the live dump shows every such POP tuplet as XYZW.
    expect(styleOf("forcePOP", "t")).toBe("XYZW");
    expect(styleOf("linePOP", "pt0pos")).toBe("XYZW");
    for (const op of listFamily("POP")) {
      for (const p of op.params) {
        const comps = p.components ?? [];
        const numeric = p.style !== "Int" && p.style !== "Toggle";
        if (numeric && comps.length === 3 && comps.every((c, i) => c === p.name + "xyz"[i]))
          expect([op.type, p.name, p.style]).toEqual([op.type, p.name, "XYZW"]);
      }
    }
    // Elsewhere the docs' XYZ stands (no fact says otherwise).
    expect(styleOf("geometryCOMP", "t")).toBe("XYZ");
    expect(styleOf("transformSOP", "t")).toBe("XYZ");
    const r = compileBody(
      "  f: forcePOP { t: (0, 0, 1), windforcez: 2 }\n  b: boxPOP { tz: 1, r: (0, 90, 0) }\n  w: boxPOP { tw: 1 }",
    );
    expect(codes(r)).toEqual(["unknown-parameter"]);
    expect(only(r, "unknown-parameter").message).toContain("tw");
  });

  it("every COMP that instances takes rottoxform in instancerottoorder", () => {
    const instancing = listFamily("COMP").filter((op) => op.params.some((p) => p.name === "instancerottoorder"));
    // The four whose docs pages show the Instance pages, and every 3D object COMP (Xform, Pre-Xform
    // and Render pages), which has them in the build (issue #48).
    expect(instancing.map((op) => op.type).sort()).toEqual([
      "actorCOMP",
      "blendCOMP",
      "boneCOMP",
      "bulletsolverCOMP",
      "cameraCOMP",
      "camerablendCOMP",
      "fbxCOMP",
      "geometryCOMP",
      "geotextCOMP",
      "lightCOMP",
      "nullCOMP",
      "nvidiaflexsolverCOMP",
      "nvidiaflowemitterCOMP",
      "usdCOMP",
    ]);
    const body = instancing.map((op, i) => `  c${i}: ${op.type} { instancerottoorder: rottoxform }`).join("\n");
    expect(compileBody(body).diagnostics).toEqual([]);
    expect(codes(compileBody("  t: baseCOMP { instancerottoorder: rottoxform }"))).toEqual(["unknown-parameter"]);
  });

  it("resizecomp and the Parameter CHOP's parameters have assumed styles: another kind of value warns", () => {
    const r = compileBody(
      '  p1: containerCOMP { resizecomp: 3 }\n  p2: containerCOMP { resizecomp: p1 }\n  c: parameterCHOP { parameters: 3 }\n  d: parameterCHOP { parameters: "tx ty" }',
    );
    expect(r.diagnostics.map((d) => [d.code, d.severity, covered(r.source, d)])).toEqual([
      ["parameter-type-mismatch", "warning", "3"],
      ["parameter-type-mismatch", "warning", "3"],
    ]);
    expect(getOperator("buttonCOMP")!.params.find((p) => p.name === "resizecomp")).toMatchObject({
      style: "COMP",
      assumed: ["style"],
    });
  });
});
