/**
 * The guidance content's data files load against their schemas, hold the counts the spec names,
 * cite sources, and refer only to things that exist: operator types (anywhere in the text), Python
 * class members, patterns, techniques, tutorials and recipes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  allMembers,
  allOperatorEntries,
  getOperator,
  getOperatorByType,
  getPythonClass,
  typeForAlias,
} from "../../kb/index.js";
import { releaseProfiles } from "../../kb/releases.js";
import * as guide from "../../kb/guide/index.js";
import { loadLibrary } from "../../runtime/recipes/library.js";

const DATA = join(process.cwd(), "kb", "guide", "data");
const OPERATOR_TYPE = /\b[a-z][a-z0-9]*(?:TOP|CHOP|SOP|POP|DAT|MAT|COMP)\b/g;
let recipeNames: Set<string>;

beforeAll(async () => {
  recipeNames = new Set((await loadLibrary()).recipes.map((r) => r.name));
});

describe("guide data files", () => {
  it("every file loads and every operator type written anywhere in them exists in the kb", () => {
    // Loading everything validates every file against its schema.
    guide.patterns();
    guide.techniques();
    guide.tutorials();
    guide.learningPath();
    guide.cheatsheets();
    guide.cookbook();
    guide.classReferences();
    guide.publishedProfiles();
    guide.experimentalSeries();
    guide.operatorCompat();
    guide.raytk();
    const raytkNames = new Set(guide.raytk().operators.map((o) => o.name));
    for (const file of readdirSync(DATA)) {
      const text = readFileSync(join(DATA, file), "utf8");
      for (const type of new Set(text.match(OPERATOR_TYPE) ?? [])) {
        if (raytkNames.has(type)) continue;
        // An older name counts when the kb knows what it became; compat.yaml names older types on purpose.
        const known =
          getOperator(type) ?? getOperator(typeForAlias(type) ?? "") ?? (file === "compat.yaml" ? {} : undefined);
        expect(known, `${file}: ${type}`).toBeDefined();
      }
    }
  });

  it("hold the spec's counts", () => {
    expect(guide.operatorCompat().length).toBeGreaterThanOrEqual(45);
    expect(guide.pythonCompat()).toHaveLength(9);
    expect(guide.experimentalSeries()).toHaveLength(6);
    expect(guide.classReferences()).toHaveLength(6);
    expect(releaseProfiles()).toHaveLength(7);
  });

  it("every entry cites at least one source", () => {
    const all = [
      ...guide.patterns(),
      ...guide.techniquePacks(),
      ...guide.tutorials(),
      ...guide.cheatsheets(),
      ...guide.classReferences(),
      ...guide.publishedProfiles(),
      ...guide.experimentalSeries(),
      ...guide.operatorCompat(),
      ...guide.pythonCompat(),
    ];
    for (const entry of all) expect(entry.sources.length, JSON.stringify(entry).slice(0, 80)).toBeGreaterThan(0);
  });
});

/** Documentation pages other than operator and class pages, each seen in the documentation itself. */
const VERIFIED_GENERAL_PAGES = new Set([
  "Write_a_GLSL_TOP",
  "Cook",
  "Custom_Parameters",
  "Export",
  "Release_Notes",
  "Release_Notes/099/2019.10000",
  "Release_Notes/099/2019.30000_Experimental",
]);

describe("cited documentation pages", () => {
  it("are operator pages of kb operators, class pages of the Python catalog, or general pages known to exist", () => {
    const operatorPages = new Set(allOperatorEntries().map((e) => `${e.label.replace(/ /g, "_")}_${e.family}`));
    for (const file of readdirSync(DATA)) {
      // compat.yaml is generated from the facts' own page names, older pages included.
      if (file === "compat.yaml") continue;
      for (const [, page] of readFileSync(join(DATA, file), "utf8").matchAll(
        /https:\/\/docs\.derivative\.ca\/([A-Za-z0-9_./-]+)/g,
      )) {
        const known =
          VERIFIED_GENERAL_PAGES.has(page!) ||
          operatorPages.has(page!) ||
          (page!.endsWith("_Class") && getPythonClass(page!.slice(0, -6)) !== undefined);
        expect(known, `${file}: ${page}`).toBe(true);
      }
    }
  });
});

describe("cross-references", () => {
  const patternNames = () => new Set(guide.patterns().map((p) => p.name));
  const techniqueNames = () => new Set(guide.techniques().map((t) => t.name));

  it("tutorials, the learning path and the cookbook point at real patterns, techniques, tutorials and recipes", () => {
    const tutorialNames = new Set(guide.tutorials().map((t) => t.name));
    const refs = [
      ...guide.tutorials().map((t) => ({
        patterns: t.patterns,
        techniques: t.techniques,
        recipes: t.recipes,
        tutorials: [] as string[],
      })),
      ...guide
        .learningPath()
        .stages.map((s) => ({ patterns: s.patterns, techniques: [], recipes: [], tutorials: s.tutorials })),
      ...guide.cookbook().map((e) => ({ ...e.uses, tutorials: [] })),
    ];
    for (const r of refs) {
      for (const p of r.patterns) expect(patternNames().has(p), p).toBe(true);
      for (const t of r.techniques) expect(techniqueNames().has(t), t).toBe(true);
      for (const t of r.tutorials) expect(tutorialNames.has(t), t).toBe(true);
      for (const name of r.recipes) expect(recipeNames.has(name), name).toBe(true);
    }
    // Every tutorial is on the learning path.
    expect(new Set(guide.learningPath().stages.flatMap((s) => s.tutorials))).toEqual(tutorialNames);
  });

  it("class references name only members the Python catalog has", () => {
    for (const ref of guide.classReferences()) {
      const members = new Set(allMembers(ref.name).map((m) => m.member.name));
      expect(members.size, ref.name).toBeGreaterThan(0);
      for (const group of ref.groups)
        for (const m of group.members) expect(members.has(m), `${ref.name}.${m}`).toBe(true);
    }
  });

  it("compatibility entries agree with the kb: renamed types resolve to their replacement", () => {
    for (const entry of guide.operatorCompat()) {
      for (const change of entry.changes) {
        if (change.kind === "renamed") expect(getOperatorByType(change.replacement!)?.type).toBe(change.replacement);
      }
    }
    const added = guide.getOperatorCompat("layerTOP");
    expect(added?.changes.map((c) => c.kind)).toContain("added");
  });

  it("the cookbook has every entry in English and Portuguese, and RayTK operators are not passed off as TouchDesigner's", () => {
    for (const lang of guide.COOKBOOK_LANGUAGES) expect(guide.cookbookIn(lang)).toHaveLength(guide.cookbook().length);
    for (const op of guide.raytk().operators) expect(getOperator(op.name), op.name).toBeUndefined();
    expect(guide.raytk().unknown.length).toBeGreaterThan(0);
  });
});
