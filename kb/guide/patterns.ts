/** Workflow patterns and shader techniques (kb/guide/data/patterns.yaml, techniques.yaml). */
import { readGuideFile } from "./load.js";
import { PatternsFile, TechniquesFile, type Pattern, type Technique, type TechniquePack } from "./schema.js";

export function patterns(): Pattern[] {
  return readGuideFile("patterns.yaml", PatternsFile).patterns;
}

export function getPattern(name: string): Pattern | undefined {
  const wanted = name.trim().toLowerCase();
  return patterns().find((p) => p.name === wanted);
}

export function techniquePacks(): TechniquePack[] {
  return readGuideFile("techniques.yaml", TechniquesFile).packs;
}

export interface TechniqueEntry extends Technique {
  pack: string;
  /** The pack's sources and the technique's own. */
  allSources: string[];
}

export function techniques(): TechniqueEntry[] {
  return techniquePacks().flatMap((pack) =>
    pack.techniques.map((t) => ({ ...t, pack: pack.id, allSources: [...pack.sources, ...t.sources] })),
  );
}

export function getTechnique(name: string): TechniqueEntry | undefined {
  const wanted = name.trim().toLowerCase();
  return techniques().find((t) => t.name === wanted);
}
