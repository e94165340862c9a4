import { describe, expect, test } from "vitest";
import {
  blockParamName,
  getOperator,
  getParam,
  getSequence,
  getSequences,
  readSequenceName,
  sequenceBlockParams,
  sequenceOf,
  validateValue,
} from "../../kb/index.js";

describe("parameter sequences in the kb", () => {
  test("the GLSL TOP's uniform sequences are data: prefix, block template, default block count", () => {
    const names = getSequences("glslTOP").map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["vec", "color", "array", "matrix", "const"]));
    const vec = getSequence("glslTOP", "vec")!;
    expect(vec.blockParams.map((t) => t.suffix)).toEqual(["name", "value"]);
    expect(vec.blockParams[1]!.componentSuffixes).toEqual(["valuex", "valuey", "valuez", "valuew"]);
    expect(vec.defaultBlocks).toBe(1);
    expect(vec.defaultBlocksSource).toBe("assumed");
    expect(vec.maxBlocks).toBeNull();
  });

  test("a block count seen in a running build is not an assumption", () => {
    const attr = getSequence("attributePOP", "attr")!;
    expect(attr.defaultBlocksSource).toBe("td-live");
  });

  test("any block's parameters are found, tuplets and their components too", () => {
    const name = getParam("glslTOP", "vec7name")!;
    expect(name.param.name).toBe("vec7name");
    expect(name.param.sequence).toBe("vec");
    expect(name.param.blockIndex).toBe(7);
    const z = getParam("glslTOP", "vec7valuez")!;
    expect(z.param.name).toBe("vec7value");
    expect(z.param.components).toEqual(["vec7valuex", "vec7valuey", "vec7valuez", "vec7valuew"]);
    expect(z.component).toBe(2);
    expect(getParam("constantCHOP", "const12value")?.param.blockIndex).toBe(12);
    expect(getParam("glslMAT", "vec3name")?.param.sequence).toBe("vec");
  });

  test("block parameters keep the template's style and menu", () => {
    const type = getParam("glslTOP", "array4type")!.param;
    expect(type.style).toBe("Menu");
    expect(type.menuNames).toEqual(["float", "vec2", "vec3", "vec4"]);
    expect(validateValue("glslTOP", "array4type", "vec3")).toEqual({ ok: true });
    expect(validateValue("glslTOP", "array4type", "vec5")).toMatchObject({
      ok: false,
      problem: { kind: "not-in-menu" },
    });
  });

  test("a block's parameters in template order, and names built from parts", () => {
    expect(sequenceBlockParams("glslTOP", "color", 2).map((p) => p.name)).toEqual([
      "color2name",
      "color2rgb",
      "color2alpha",
    ]);
    expect(sequenceBlockParams("glslTOP", "nosuch", 2)).toEqual([]);
    expect(blockParamName("vec", 3, "name")).toBe("vec3name");
    expect(sequenceOf("glslTOP", "vec5valuex")?.name).toBe("vec");
    expect(sequenceOf("glslTOP", "vec")?.name).toBe("vec");
    expect(sequenceOf("glslTOP", "pixeldat")).toBeUndefined();
  });

  test("malformed block names are told apart from other unknown names", () => {
    expect(readSequenceName("glslTOP", "vecname")).toMatchObject({
      kind: "malformed",
      reason: "missing-index",
      suggestion: "vec0name",
    });
    expect(readSequenceName("glslTOP", "vec01name")).toMatchObject({
      kind: "malformed",
      reason: "leading-zero",
      suggestion: "vec1name",
    });
    expect(readSequenceName("glslTOP", "vec2nmae")).toMatchObject({
      kind: "malformed",
      reason: "unknown-suffix",
      block: 2,
    });
    expect(readSequenceName("glslTOP", "pixeldat")).toBeUndefined();
    expect(getParam("glslTOP", "vec2nmae")).toBeUndefined();
  });

  test("a known maximum bounds the blocks", () => {
    const op = structuredClone(getOperator("constantCHOP")!);
    op.sequences![0]!.maxBlocks = 4;
    expect(readSequenceName(op, "const3name")?.kind).toBe("block");
    expect(readSequenceName(op, "const4name")).toMatchObject({ kind: "malformed", reason: "beyond-max" });
  });
});
