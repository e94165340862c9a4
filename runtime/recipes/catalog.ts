/**
 * The recipe library: every `recipe` declared in the `.svcnet` files under `recipes/`, read fresh
 * on each request (a long-running HTTP server sees edits) and parsed with the grammar, so a recipe's
 * parameters are its real declarations, not a copy.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Recipe } from "../../grammar/ast.js";
import { libraryRecipesDir, setLibraryRecipesDir } from "../../compiler/resolve/library.js";
import { packageRoot } from "../package-root.js";

export interface RecipeParamInfo {
  name: string;
  type: string;
  /** The default as written in the source, e.g. `0.96` or `#ff8800`. */
  default: string | null;
  range: [number, number] | null;
  label: string | null;
  entries?: string[];
}

export interface RecipeInfo {
  name: string;
  /** Relative to the package root, with forward slashes. */
  file: string;
  /** The file's absolute path on this machine (not shown to clients). */
  path: string;
  /** The comment lines written just above the recipe. */
  description: string | null;
  /** Metadata beside the recipe's name (`[summary: ..., tags: (...), difficulty: ...]`). */
  summary: string | null;
  tags: string[];
  difficulty: string | null;
  params: RecipeParamInfo[];
  /** Operator (or recipe) types its nodes use, sorted. */
  uses: string[];
  nodeCount: number;
  source: string;
}

interface RecipeFileProblem {
  file: string;
  message: string;
}

export interface RecipeLibrary {
  recipes: RecipeInfo[];
  /** Files that could not be read or have syntax errors; their recipes are left out. */
  problems: RecipeFileProblem[];
}

/** The library's folder: the one `import "svc:recipes/..."` names (one setting for both). */
export function recipesDir(): string {
  return libraryRecipesDir();
}

/** Reads recipes from another folder (tests); undefined restores `recipes/` of the package. */
export function setRecipesDir(dir: string | undefined): void {
  setLibraryRecipesDir(dir);
}

async function svcnetFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true });
    return entries
      .filter((e) => e.endsWith(".svcnet"))
      .map((e) => join(dir, e))
      .sort();
  } catch {
    return [];
  }
}

function slice(text: string, range: { start: { offset: number }; end: { offset: number } }): string {
  return text.slice(range.start.offset, range.end.offset);
}

function recipeMetadata(recipe: Recipe): Pick<RecipeInfo, "summary" | "tags" | "difficulty"> {
  const meta: Pick<RecipeInfo, "summary" | "tags" | "difficulty"> = { summary: null, tags: [], difficulty: null };
  for (const flag of recipe.metadata ?? []) {
    if (flag.kind === "SummaryFlag") meta.summary = flag.text.value;
    else if (flag.kind === "TagsFlag") meta.tags = flag.tags.map((t) => t.value);
    else if (flag.kind === "DifficultyFlag") meta.difficulty = flag.level.name;
  }
  return meta;
}

function describe(text: string, file: string, path: string, recipe: Recipe): RecipeInfo {
  const params = (recipe.params?.declarations ?? []).map((d) => {
    const info: RecipeParamInfo = {
      name: d.name.name,
      type: d.type.name,
      default: d.default ? slice(text, d.default.range) : null,
      range: d.valueRange ? [d.valueRange.min.value, d.valueRange.max.value] : null,
      label: d.label?.value ?? null,
    };
    if (d.entries) info.entries = d.entries.map((e) => e.name);
    return info;
  });
  const comments = recipe.comments?.leading ?? [];
  const meta = recipeMetadata(recipe);
  return {
    name: recipe.name.name,
    file,
    path,
    description: comments.length ? comments.map((c) => c.text).join("\n") : null,
    ...meta,
    params,
    uses: [...new Set(recipe.nodes.map((n) => n.type.name))].sort(),
    nodeCount: recipe.nodes.length,
    source: slice(text, recipe.range),
  };
}

export async function loadRecipeLibrary(): Promise<RecipeLibrary> {
  const dir = recipesDir();
  // Files are named from the package (recipes/glsl/x.svcnet), or from a test's own folder.
  const root = dir === join(packageRoot(), "recipes") ? packageRoot() : dir;
  const files = await svcnetFiles(dir);
  const library: RecipeLibrary = { recipes: [], problems: [] };
  if (files.length === 0) return library;
  const { parse } = await import("../../grammar/parse.js");
  for (const path of files) {
    const file = relative(root, path).split(sep).join("/");
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (err) {
      library.problems.push({ file, message: `unreadable: ${(err as Error).message}` });
      continue;
    }
    const parsed = parse(text, file);
    const errors = parsed.diagnostics.filter((d) => d.severity === "error");
    if (errors.length) {
      const first = errors[0]!;
      library.problems.push({
        file,
        message: `${errors.length} syntax error(s); first at ${first.range.start.line}:${first.range.start.column}: ${first.message}`,
      });
      continue;
    }
    for (const recipe of parsed.ast.recipes) library.recipes.push(describe(text, file, path, recipe));
  }
  library.recipes.sort((a, b) => a.name.localeCompare(b.name));
  return library;
}

export const NO_RECIPES = "no recipes are installed: the recipes/ folder holds no .svcnet file declaring a recipe";

export interface RecipeHit {
  name: string;
  file: string;
  description: string | null;
  params: string[];
  score: number;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Every query word must appear somewhere in the recipe; the name counts most, then the description. */
export function searchRecipes(recipes: readonly RecipeInfo[], query: string, limit = 20): RecipeHit[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  const hits: RecipeHit[] = [];
  for (const r of recipes) {
    const name = r.name.toLowerCase();
    const description = new Set(words(`${r.description ?? ""} ${r.summary ?? ""} ${r.tags.join(" ")}`));
    const other = new Set([
      ...r.params.flatMap((p) => words(`${p.name} ${p.label ?? ""}`)),
      ...r.uses.flatMap((u) => [u.toLowerCase(), ...words(u.replace(/([a-z])([A-Z])/g, "$1 $2"))]),
    ]);
    let score = 0;
    let all = true;
    for (const w of wanted) {
      if (name === w) score += 10;
      else if (name.includes(w)) score += 6;
      else if (description.has(w)) score += 3;
      else if ([...description].some((d) => d.startsWith(w))) score += 2;
      else if (other.has(w)) score += 1;
      else all = false;
    }
    if (all)
      hits.push({ name: r.name, file: r.file, description: r.description, params: r.params.map((p) => p.name), score });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return hits.slice(0, limit);
}
