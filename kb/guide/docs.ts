/** Tutorials, learning path, cheatsheets, cookbook, class references and the RayTK catalog. */
import { readGuideFile } from "./load.js";
import {
  CheatsheetsFile,
  ClassReferencesFile,
  CookbookFile,
  RaytkFile,
  TutorialsFile,
  type Cheatsheet,
  type ClassReference,
  type CookbookEntry,
  type CookbookLanguage,
  type LearningPath,
  type RaytkFile as Raytk,
  type Tutorial,
} from "./schema-docs.js";

export function tutorials(): Tutorial[] {
  return readGuideFile("tutorials.yaml", TutorialsFile).tutorials;
}

export function getTutorial(name: string): Tutorial | undefined {
  return tutorials().find((t) => t.name === name.trim().toLowerCase());
}

export function learningPath(): LearningPath {
  return readGuideFile("tutorials.yaml", TutorialsFile).learningPath;
}

export function cheatsheets(): Cheatsheet[] {
  return readGuideFile("cheatsheets.yaml", CheatsheetsFile).cheatsheets;
}

export function cookbook(): CookbookEntry[] {
  return readGuideFile("cookbook.yaml", CookbookFile).entries;
}

/** The cookbook in one language: each entry's prompt and notes, with what it uses. */
export function cookbookIn(
  language: CookbookLanguage,
): { id: string; prompt: string; notes: string; uses: CookbookEntry["uses"] }[] {
  return cookbook().map((e) => ({ id: e.id, ...e[language], uses: e.uses }));
}

export function classReferences(): ClassReference[] {
  return readGuideFile("class-references.yaml", ClassReferencesFile).classes;
}

export function getClassReference(name: string): ClassReference | undefined {
  return classReferences().find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
}

export function raytk(): Raytk {
  return readGuideFile("raytk.yaml", RaytkFile);
}
