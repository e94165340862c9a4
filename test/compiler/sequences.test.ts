import { describe, expect, it } from "vitest";
import { codes, compileBody, covered, only } from "./helpers.js";
import type { Operation } from "../../compiler/lower/operations.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

const params = (ops: Operation[] | undefined, path: string) =>
  (ops ?? [])
    .filter((o) => o.path === path && o.kind === "set-param")
    .map((o) => `${(o as { param: string }).param}=${String((o as { value: unknown }).value)}`);

describe("parameter sequences in .svcnet", () => {
  it("a GLSL TOP carries eight uniforms: no error, and the block count grows to hold them", () => {
    const body = Array.from({ length: 8 }, (_, i) => `vec${i}name: "u${i}", vec${i}value: (${i}, 0, 0, 1)`).join(", ");
    const r = compileBody(`  g: glslTOP { ${body}, color2name: "uTint", color2rgb: (1, 0.5, 0) }`);
    expect(r.diagnostics).toEqual([]);
    const set = params(r.operations, "/project1/net/g");
    // The counts come before any block parameter of their sequence.
    expect(set.indexOf("vec=8")).toBeGreaterThanOrEqual(0);
    expect(set.indexOf("vec=8")).toBeLessThan(set.indexOf("vec0name=u0"));
    expect(set.indexOf("color=3")).toBeLessThan(set.indexOf("color2name=uTint"));
    expect(set).toContain("vec7valuex=7");
  });

  it("no count is added while the blocks fit the operator's default", () => {
    const r = compileBody(`  g: glslTOP { vec0name: "uTime" }`);
    expect(params(r.operations, "/project1/net/g")).toEqual(["vec0name=uTime"]);
  });

  it("a written count is kept, and a block past it is an error at the block's name", () => {
    const ok = compileBody(`  c: constantCHOP { const: 3, const1name: "b" }`);
    expect(ok.diagnostics).toEqual([]);
    expect(params(ok.operations, "/project1/net/c")).toEqual(["const=3", "const1name=b"]);
    const r = compileBody(`  c: constantCHOP { const: 2, const3name: "w" }`);
    const d = only(r, "sequence-block-beyond-count");
    expect(covered(r.source, d)).toBe("const3name");
    expect(d.help.join(" ")).toContain("const: 4");
  });

  it("a count that is not a whole number of blocks is an error", () => {
    for (const v of ["-1", "1.5", "= 3", '"two"']) {
      const r = compileBody(`  c: constantCHOP { const: ${v} }`);
      expect(codes(r)).toContain(v === '"two"' ? "parameter-type-mismatch" : "sequence-block-count");
    }
  });

  it("a malformed block name gets its own diagnostic with the name meant", () => {
    const cases: [string, string][] = [
      ["vecname", "vec0name"],
      ["vec01name", "vec1name"],
      ["vec2nmae", "vec2name"],
    ];
    for (const [written, meant] of cases) {
      const r = compileBody(`  g: glslTOP { ${written}: "u" }`);
      const d = only(r, "malformed-sequence-block");
      expect(covered(r.source, d)).toBe(written);
      expect(d.suggestions?.[0]?.replacement).toBe(meant);
    }
    expect(codes(compileBody(`  g: glslTOP { pixeldta: "x" }`))).toEqual(["unknown-parameter"]);
  });

  it("block values are checked against the template: menus, tuplet sizes, duplicates", () => {
    expect(codes(compileBody(`  g: glslTOP { array3type: vec5 }`))).toEqual(["unknown-menu-entry"]);
    expect(codes(compileBody(`  g: glslTOP { vec3value: (1, 2) }`))).toEqual(["tuple-size-mismatch"]);
    expect(codes(compileBody(`  g: glslTOP { vec3value: (1, 2, 3, 4), vec3valuex: 1 }`))).toEqual([
      "duplicate-parameter",
    ]);
  });

  it("canonical printing keeps a sequence's count and blocks in block order", () => {
    const text =
      'svcnet 1\n\nnetwork n {\n  g: glslTOP { vec10name: "k", vec2value: (1, 2, 3, 4), vec: 11, color0name: "c", vec2name: "b", vec1name: "a" }\n}\n';
    const printed = print(parse(text, "n.svcnet").ast);
    const names = [...printed.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]).filter((n) => n !== "g");
    expect(names).toEqual(["color0name", "vec", "vec1name", "vec2name", "vec2value", "vec10name"]);
  });
});
