/** `--set key=value` text read by each recipe parameter type. */
import { describe, expect, it } from "vitest";
import type { RecipeParamInfo } from "../../runtime/recipes/catalog.js";
import { argumentLiteral } from "../../runtime/recipes/arguments.js";

const param = (type: string, extra: Partial<RecipeParamInfo> = {}): RecipeParamInfo => ({
  name: "p",
  type,
  default: null,
  range: null,
  label: null,
  ...extra,
});
const literal = (type: string, raw: string, extra: Partial<RecipeParamInfo> = {}) => {
  const r = argumentLiteral(param(type, extra), raw);
  return r.ok ? r.literal : `ERROR ${r.message}`;
};

describe("argumentLiteral", () => {
  it("reads numbers by type, refusing non-numbers and fractions for int", () => {
    expect(literal("float", "0.50")).toBe("0.5");
    expect(literal("float", "-2e-3")).toBe("-0.002");
    expect(literal("float", "abc")).toBe("ERROR 'p' takes a number (float), not 'abc'");
    expect(literal("float", "1.")).toMatch(/^ERROR/);
    expect(literal("int", "12")).toBe("12");
    expect(literal("int", "1.5")).toBe("ERROR 'p' takes a whole number (int), not '1.5'");
  });

  it("reads toggles from on/off words", () => {
    expect(literal("toggle", "ON")).toBe("on");
    expect(literal("toggle", "false")).toBe("off");
    expect(literal("toggle", "maybe")).toBe("ERROR 'p' is a toggle: give on or off, not 'maybe'");
  });

  it("accepts only a menu's entries, quoting those that are not names", () => {
    expect(literal("menu", "add", { entries: ["add", "multiply"] })).toBe("add");
    expect(literal("menu", "sub", { entries: ["add", "multiply"] })).toBe(
      "ERROR 'p' is a menu: give one of add, multiply (not 'sub')",
    );
    expect(literal("menu", "4x", { entries: ["4x"] })).toBe('"4x"');
  });

  it("reads colours with or without #, lower-cased, and widens rgb to rgba", () => {
    expect(literal("rgb", "#FF8800")).toBe("#ff8800");
    expect(literal("rgb", "ff8800")).toBe("#ff8800");
    expect(literal("rgba", "#ff8800")).toBe("#ff8800ff");
    expect(literal("rgb", "#fff")).toBe("ERROR 'p' is a colour: give #rrggbb in hex, not '#fff'");
  });

  it("writes any text as a string with escapes", () => {
    expect(literal("string", 'say "hi"')).toBe('"say \\"hi\\""');
    expect(literal("string", "é")).toBe('"é"');
  });

  it("reads tuples as comma-separated numbers, sizes also as WxH", () => {
    expect(literal("xy", "0.1, 0.5")).toBe("(0.1, 0.5)");
    expect(literal("xy", "(0, 0)")).toBe("(0, 0)");
    expect(literal("wh", "1920x1080")).toBe("(1920, 1080)");
    expect(literal("xyz", "1,2")).toBe("ERROR 'p' takes 3 numbers (xyz), e.g. 0,1,2; not '1,2'");
  });

  it("reads operator paths and refuses other text", () => {
    expect(literal("op", "../noise1")).toBe("../noise1");
    expect(literal("op", "no spaces please")).toMatch(/^ERROR 'p' takes an operator path/);
  });
});
