import { describe, expect, test } from "vitest";
import { validateValue } from "../../kb/index.js";

describe("validateValue", () => {
  test("accepts values of the right kind", () => {
    expect(validateValue("noiseTOP", "period", 2.5)).toEqual({ ok: true });
    expect(validateValue("noiseTOP", "harmon", 3)).toEqual({ ok: true });
    expect(validateValue("noiseTOP", "mono", true)).toEqual({ ok: true });
    expect(validateValue("noiseTOP", "type", "simplex3d")).toEqual({ ok: true });
    expect(validateValue("noiseTOP", "resolution", [1280, 720])).toEqual({ ok: true });
    expect(validateValue("noiseTOP", "resolutionw", 1280)).toEqual({ ok: true });
  });

  test("rejects a wrong type and says what is expected", () => {
    const r = validateValue("noiseTOP", "period", "fast");
    expect(r).toMatchObject({ ok: false, problem: { kind: "wrong-type", expected: "number", param: "period" } });
    expect(validateValue("noiseTOP", "harmon", 2.5)).toMatchObject({
      ok: false,
      problem: { kind: "wrong-type", expected: "integer" },
    });
    expect(validateValue("noiseTOP", "mono", "yes")).toMatchObject({
      ok: false,
      problem: { kind: "wrong-type", expected: "boolean" },
    });
    expect(validateValue("noiseTOP", "type", 3)).toMatchObject({
      ok: false,
      problem: { kind: "wrong-type", expected: "menu-name" },
    });
  });

  test("rejects a menu value outside the menu and lists the entries", () => {
    const r = validateValue("noiseTOP", "type", "perlin5d");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.kind).toBe("not-in-menu");
    expect(r.problem.menu?.names).toContain("perlin2d");
    expect(r.problem.menu?.labels).toContain("Perlin 2D (GPU)");
    expect(r.problem.menu?.names.length).toBe(r.problem.menu?.labels.length);
  });

  test("a menu label given instead of its name suggests the name", () => {
    const r = validateValue("noiseTOP", "type", "Simplex 3D (GPU)");
    expect(r).toMatchObject({ ok: false, problem: { kind: "not-in-menu", suggestions: ["simplex3d"] } });
  });

  test("rejects a value outside a hard range and gives the range", () => {
    const r = validateValue("noiseTOP", "resolutionw", 0);
    expect(r).toMatchObject({
      ok: false,
      problem: { kind: "out-of-range", component: 0, range: { min: 1, clampMin: true } },
    });
    expect(validateValue("noiseTOP", "resolution", [640, -1])).toMatchObject({
      ok: false,
      problem: { kind: "out-of-range", component: 1 },
    });
  });

  test("a soft or unknown range never rejects", () => {
    expect(validateValue("noiseTOP", "period", -1000)).toEqual({ ok: true });
  });

  test("rejects a tuplet value of the wrong size", () => {
    expect(validateValue("noiseTOP", "resolution", [1280])).toMatchObject({
      ok: false,
      problem: { kind: "wrong-size", size: 2 },
    });
    expect(validateValue("noiseTOP", "resolution", 1280)).toMatchObject({
      ok: false,
      problem: { kind: "wrong-size", size: 2 },
    });
    expect(validateValue("noiseTOP", "resolutionw", [1, 2])).toMatchObject({
      ok: false,
      problem: { kind: "wrong-size", size: 1 },
    });
  });

  test("unknown parameters and operators come with suggestions", () => {
    expect(validateValue("noiseTOP", "monochrome", true)).toMatchObject({
      ok: false,
      problem: { kind: "unknown-parameter", suggestions: expect.arrayContaining(["mono"]) },
    });
    expect(validateValue("noiseTOPP", "period", 1)).toMatchObject({
      ok: false,
      problem: { kind: "unknown-operator", suggestions: expect.arrayContaining(["noiseTOP"]) },
    });
  });

  test("StrMenu takes any string; a parameter of unknown style takes anything", () => {
    expect(validateValue("lfoCHOP", "scope", "chan*")).toEqual({ ok: true });
    // gradient on noiseTOP has no known style in the facts.
    expect(validateValue("noiseTOP", "gradient", 42)).toEqual({ ok: true });
  });
});
