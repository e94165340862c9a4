import { describe, expect, test } from "vitest";
import { FAMILIES, listFamily, allOperatorEntries, resolveTuplet, getParam, scalarNames } from "../../kb/index.js";

// Per-family operator counts of the td-facts release the data was generated from (its stats.json).
const FACT_COUNTS = { TOP: 147, CHOP: 170, SOP: 113, POP: 103, DAT: 74, MAT: 13, COMP: 41 } as const;

describe("generated data", () => {
  test("operator counts per family match the facts", () => {
    for (const family of FAMILIES) expect(listFamily(family).length, family).toBe(FACT_COUNTS[family]);
    expect(allOperatorEntries().length).toBe(661);
  });

  test("index and family files list the same operators", () => {
    const fromFamilies = FAMILIES.flatMap((f) =>
      listFamily(f).map((op) => `${op.type}/${op.family}/${op.label}`),
    ).sort();
    const fromIndex = allOperatorEntries()
      .map((e) => `${e.type}/${e.family}/${e.label}`)
      .sort();
    expect(fromIndex).toEqual(fromFamilies);
  });

  test("every Menu default is one of its menu names (except menus the live build shows incomplete)", () => {
    const bad: string[] = [];
    const incomplete: string[] = [];
    let checked = 0;
    for (const family of FAMILIES) {
      for (const op of listFamily(family)) {
        for (const p of op.params) {
          if (p.style !== "Menu" || !p.menuNames || p.default === null) continue;
          if (p.menuIncomplete) {
            incomplete.push(`${op.type}.${p.name}`);
            continue;
          }
          checked++;
          if (!p.menuNames.includes(p.default as string)) bad.push(`${op.type}.${p.name}=${String(p.default)}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(400);
    expect(incomplete.sort()).toEqual(["dmxfixturePOP.quantizeuni", "soptoPOP.polygons"]);
  });

  test("menu names and labels pair up", () => {
    for (const family of FAMILIES) {
      for (const op of listFamily(family)) {
        for (const p of op.params) {
          if (p.menuNames) expect(p.menuLabels?.length, `${op.type}.${p.name}`).toBe(p.menuNames.length);
        }
      }
    }
  });

  test("scalar names are unique per operator and every tuplet resolves both ways", () => {
    let tuplets = 0;
    for (const family of FAMILIES) {
      for (const op of listFamily(family)) {
        const names = scalarNames(op);
        expect(new Set(names).size, op.type).toBe(names.length);
        for (const p of op.params) {
          if (!p.components) continue;
          tuplets++;
          expect(resolveTuplet(op, p.name)).toEqual({ tuplet: p.name, components: p.components, index: null });
          p.components.forEach((c, i) => {
            expect(resolveTuplet(op, c)).toEqual({ tuplet: p.name, components: p.components, index: i });
            expect(getParam(op, c)?.param).toBe(p);
          });
          if (Array.isArray(p.default)) expect(p.default.length, `${op.type}.${p.name}`).toBe(p.components.length);
        }
      }
    }
    // 1385 in the facts, plus the tuplets the family common pages add (kb/generate/fidelity.py).
    expect(tuplets).toBe(1388);
  });

  test("curated facts are marked as such and only where the overlay put them", () => {
    const noise = listFamily("TOP").find((op) => op.type === "noiseTOP")!;
    const resolution = noise.params.find((p) => p.name === "resolution")!;
    expect(resolution).toMatchObject({ default: [256, 256], defaultSource: "curated", min: 1, clampMin: true });
    expect(noise.inputs).toEqual({ min: 0, max: 2 });
    expect(noise.isGenerator).toBe(true);
    const level = listFamily("TOP").find((op) => op.type === "levelTOP")!;
    expect(level.params.find((p) => p.name === "brightness1")).toMatchObject({ default: 1, defaultSource: "curated" });
    expect(level.isGenerator).toBe(false);
    // No invented defaults: outside POPs (live dump) every default is curated.
    for (const family of FAMILIES.filter((f) => f !== "POP")) {
      for (const op of listFamily(family)) {
        for (const p of op.params)
          if (p.default !== null) expect(p.defaultSource, `${op.type}.${p.name}`).toBe("curated");
      }
    }
  });

  test("unknown facts stay null", () => {
    const comp = listFamily("COMP").find((op) => op.type === "baseCOMP")!;
    expect(comp.outputs).toBeNull();
    const sop = listFamily("SOP").find((op) => op.type === "mergeSOP")!;
    expect(sop.params).toEqual([]);
    const unknownInputs = FAMILIES.flatMap((f) => listFamily(f)).filter((op) => op.inputs === null);
    expect(unknownInputs.length).toBeGreaterThan(100);
  });
});
