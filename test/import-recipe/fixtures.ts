/** The JSON recipes the importer tests convert, read once, and their conversion. */
import { readFileSync } from "node:fs";
import { importRecipe, type ImportResult } from "../../runtime/recipes/import/import-recipe.js";

export const FIXTURES = ["neon-tunnel", "pulse-grid"] as const;
export type FixtureName = (typeof FIXTURES)[number];

export function fixturePath(name: FixtureName): string {
  return `test/import-recipe/fixtures/${name}.json`;
}

export function fixtureJson(
  name: FixtureName,
): Record<string, unknown> & { glsl_code: Record<string, string>; python_code: Record<string, string> } {
  return JSON.parse(readFileSync(fixturePath(name), "utf8"));
}

export function convertFixture(name: FixtureName, outDir = "out"): ImportResult {
  return importRecipe(readFileSync(fixturePath(name), "utf8"), fixturePath(name), { outDir });
}
