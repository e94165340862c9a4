/**
 * The kb answers closer to the real build and is lenient nowhere silently (issue #48): shared
 * pages and sequences, styles, closed menus, warnings where a value cannot be checked, older
 * names with their newer spelling, menu indexes.
 */
import { describe, expect, it } from "vitest";
import { getOperator } from "../../kb/index.js";
import { codes, compileBody, covered, only } from "./helpers.js";

const param = (type: string, name: string) => getOperator(type)!.params.find((p) => p.name === name);

describe("pages and sequences a family shares", () => {
  it("instancing is on the 3D object COMPs, and every instancing COMP has all three Instance pages", () => {
    const r = compileBody(
      [
        "  cam: cameraCOMP { instancing: on, instanceop: pts, instancerottoorder: rottoxform }",
        "  key: lightCOMP { instancing: on, instancecountmode: manual, numinstances: 4 }",
        '  emit: nvidiaflowemitterCOMP { instance: 1, instance0customx: "tx" }',
        "  pts: noiseCHOP",
      ].join("\n"),
    );
    expect(r.diagnostics).toEqual([]);
    expect(param("nullCOMP", "instancetx")).toMatchObject({ page: "Instance", addedFrom: "family-shared-page" });
    expect(getOperator("cameraCOMP")!.pages).toEqual(expect.arrayContaining(["Instance", "Instance 2", "Instance 3"]));
  });

  it("the GLSL MAT has array blocks and mattr blocks, the GLSL COMP a const sequence", () => {
    const r = compileBody(
      [
        '  m: glslMAT { array1name: "uBins", array1chop: bins, mattr0name: "uXform", mattr: 2, mattr1numrows: 4 }',
        '  c: glslCOMP { const1name: "kSteps", const1value: 8 }',
        "  p: glslcreatePOP { array0arraytype: texturebuffer }",
        "  bins: noiseCHOP",
      ].join("\n"),
    );
    expect(r.diagnostics).toEqual([]);
    expect(getOperator("glslMAT")!.sequences!.map((s) => s.name)).toEqual(
      expect.arrayContaining(["attr", "mattr", "array"]),
    );
  });

  it("a name outside an assumed sequence template warns and is written as given", () => {
    const r = compileBody('  m: glslMAT { mattr0type: "mat4" }');
    const d = only(r, "malformed-sequence-block");
    expect(d.severity).toBe("warning");
    expect(d.help.join(" ")).toContain("svc assumes the blocks of 'mattr'");
    expect(r.operations?.some((o) => o.kind === "set-param" && (o as { param: string }).param === "mattr0type")).toBe(
      true,
    );
    // A documented sequence stays strict.
    expect(only(compileBody('  g: glslTOP { vec0nmae: "x" }'), "malformed-sequence-block").severity).toBe("error");
  });
});

describe("styles the build reports", () => {
  it("camera, light and camera blend COMPs' x/y/z tuplets are XYZW of three; file-out paths are FileSave", () => {
    expect(param("cameraCOMP", "t")).toMatchObject({ style: "XYZW", components: ["tx", "ty", "tz"] });
    expect(param("lightCOMP", "r")?.style).toBe("XYZW");
    expect(param("camerablendCOMP", "s")?.style).toBe("XYZW");
    expect(param("geometryCOMP", "t")?.style).toBe("XYZ");
    for (const type of ["moviefileoutTOP", "fileoutDAT", "fileoutCHOP", "fileoutPOP"])
      expect(param(type, "file")?.style).toBe("FileSave");
    expect(codes(compileBody("  cam: cameraCOMP { tw: 1 }"))).toEqual(["unknown-parameter"]);
    expect(compileBody('  rec: moviefileoutTOP { file: "out/take1.mov" }').diagnostics).toEqual([]);
  });
});

describe("menus: closed where the facts allow, a warning where they do not", () => {
  it("an entry of an incomplete menu svc does not know warns instead of passing in silence", () => {
    const r = compileBody("  t: textDAT { language: klingon }");
    const d = only(r, "unchecked-menu-entry");
    expect(d.severity).toBe("warning");
    expect(d.message).toContain("'klingon' could not be checked against the menu 'language' of 'textDAT'");
    expect(d.help[0]).toContain("python");
    expect(compileBody("  t: textDAT { language: python }").diagnostics).toEqual([]);
  });

  it("a menu whose entries svc does not know warns on any value", () => {
    const d = only(compileBody("  l: levelTOP { chanmask: rgb }"), "unchecked-menu-entry");
    expect(d.message).toContain("does not know its entries");
  });

  it("a POP menu documented without entries takes its family's, as an assumption", () => {
    expect(param("noisePOP", "parmcolorspace")).toMatchObject({ menuFrom: "family", assumed: ["menu"] });
    expect(compileBody("  n: noisePOP { parmcolorspace: rec709 }").diagnostics).toEqual([]);
    expect(only(compileBody("  n: noisePOP { parmcolorspace: plasma }"), "unknown-menu-entry").severity).toBe(
      "warning",
    );
  });

  it("a number on a menu names the entry at that index", () => {
    const r = compileBody("  n: noiseTOP { type: 4 }");
    const d = only(r, "parameter-type-mismatch");
    expect(covered(r.source, d)).toBe("4");
    expect(d.help).toEqual(["4 is the index of the entry 'simplex3d': write type: simplex3d"]);
  });
});

describe("names only in older documentation", () => {
  it("warn, with the newer spelling when the facts give one", () => {
    const r = compileBody(
      '  a: attributePOP { mat0name: "xf", mat0numrows: 3 }\n  b: analyzePOP { attrsclass: point }\n  c: accumulatePOP { inputattr: P }',
    );
    expect(r.diagnostics.map((d) => [d.code, d.severity, covered(r.source, d)])).toEqual([
      ["older-parameter-name", "warning", "mat0name"],
      ["older-parameter-name", "warning", "mat0numrows"],
      ["older-parameter-name", "warning", "attrsclass"],
      ["older-parameter-name", "warning", "inputattr"],
    ]);
    expect(r.diagnostics[0]!.message).toContain("current builds call it 'matattr0name'");
    expect(r.diagnostics[1]!.suggestions[0]?.replacement).toBe("matattr0numrows");
    expect(r.diagnostics[2]!.suggestions[0]?.replacement).toBe("attrclass");
    expect(r.diagnostics[3]!.message).toContain("may have renamed or removed it");
  });
});

describe("creation values", () => {
  it("a POP's file parameter is empty at creation where the build reports a sample file as its default", () => {
    expect(param("fileinPOP", "file")).toMatchObject({
      default: "$TT/Geo/defgeo.tog",
      creationValue: "",
      creationValueSource: "real-build",
    });
  });
});
