/**
 * Where svc check answered differently from TouchDesigner (issue #48, checker part): paths that
 * start at a COMP's own parameter, Python's bracket-nesting limit, and binds to one component of a
 * multi-value control.
 */
import { describe, expect, it } from "vitest";
import { codes, compileBody, covered, only } from "./helpers.js";

describe("op('./child') in a COMP's own parameter", () => {
  it("resolves inside that COMP, in an expression and in an operator reference", () => {
    const r = compileBody(
      [
        "  panel: containerCOMP {",
        "    opacity: = op('./inner').par.opacity",
        "    network { inner: containerCOMP }",
        "  }",
        "  geo: geometryCOMP {",
        "    material: ./skin",
        "    network { skin: phongMAT }",
        "  }",
      ].join("\n"),
    );
    expect(r.diagnostics).toEqual([]);
  });

  it("still warns when the COMP has no such child, and a sibling's path is read in the network", () => {
    const r = compileBody(
      [
        "  panel: containerCOMP {",
        "    opacity: = op('./nothere').par.opacity",
        "    network { inner: containerCOMP }",
        "  }",
        "  other: containerCOMP { opacity: = op('panel').par.opacity }",
      ].join("\n"),
    );
    expect(codes(r)).toEqual(["expression-unknown-operator"]);
    expect(covered(r.source, r.diagnostics[0]!)).toBe("./nothere");
  });
});

describe("Python's limit of 200 nested brackets", () => {
  const nested = (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`;

  it("accepts 200 levels, as Python 3.11 does", () => {
    expect(compileBody(`  n: noiseTOP { period: = ${nested(200)} }`).diagnostics).toEqual([]);
  });

  it("reports 201, 500 and 5,000 levels as TouchDesigner's Python will, at the first bracket too deep", () => {
    for (const n of [201, 500, 5000]) {
      const r = compileBody(`  n: noiseTOP { period: = ${nested(n)} }`);
      const d = only(r, "expression-syntax");
      expect(d.severity).toBe("error");
      expect(d.message).toContain("too many nested parentheses");
      expect(d.range.start.offset).toBe(r.source.indexOf("(") + 200);
    }
  });

  it("counts every kind of bracket, not those in strings or comments", () => {
    const mixed = `${"[".repeat(150)}${"(".repeat(51)}1${")".repeat(51)}${"]".repeat(150)}`;
    expect(codes(compileBody(`  n: noiseTOP { period: = ${mixed} }`))).toEqual(["expression-syntax"]);
    const quoted = `len('${"(".repeat(300)}')`;
    expect(compileBody(`  n: noiseTOP { period: = ${quoted} }`).diagnostics).toEqual([]);
  });

  it("holds for the Python of an Execute DAT too", () => {
    const text = `def onStart():\\n    x = ${nested(300)}\\n    # ${"(".repeat(300)}\\n`;
    const r = compileBody(`  run1: executeDAT { text: "${text}" }`);
    expect(only(r, "dat-python-syntax").message).toContain("too many nested parentheses");
  });
});

describe("binding one component of a multi-value control", () => {
  it("a component binds to a single parameter, a whole control to a tuplet", () => {
    const r = compileBody(
      [
        "  controls { Tint: rgb = (1, 0.5, 0) }",
        '  g: glslTOP { vec0name: "uTint", vec0valuex: bind Tintr, vec0valuey: bind Tintg, vec0valuez: bind Tintb }',
        "  c: constantTOP { color: bind Tint }",
      ].join("\n"),
    );
    expect(r.diagnostics).toEqual([]);
    const binds = (r.operations ?? []).filter((o) => o.kind === "set-bind") as unknown as Array<{
      param: string;
      expression: string;
    }>;
    expect(binds.map((b) => [b.param, b.expression])).toEqual(
      expect.arrayContaining([
        ["vec0valuex", "parent().par.Tintr"],
        ["vec0valuez", "parent().par.Tintb"],
        ["colorr", "parent().par.Tintr"],
      ]),
    );
  });

  it("the help for a whole control on one component names a component that then resolves", () => {
    const first = compileBody("  controls { Tint: rgb }\n  g: glslTOP { vec3valuex: bind Tint }");
    expect(only(first, "bind-type-mismatch").help).toEqual(["bind to one component: Tintr, Tintg, Tintb"]);
    const second = compileBody("  controls { Tint: rgb }\n  g: glslTOP { vec3valuex: bind Tintr }");
    expect(second.diagnostics).toEqual([]);
  });

  it("a component on a tuplet, or of the wrong kind, is a mismatch", () => {
    const tuplet = compileBody("  controls { Tint: rgb }\n  c: constantTOP { color: bind Tintr }");
    expect(only(tuplet, "bind-type-mismatch").help[0]).toContain("bind it to 'Tint'");
    const misspelt = compileBody("  controls { Tint: rgb }\n  g: glslTOP { vec0valuex: bind Tintq }");
    expect(codes(misspelt)).toEqual(["unknown-bind-control"]);
  });
});
