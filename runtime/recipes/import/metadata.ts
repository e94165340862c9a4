/**
 * The recipe's name and library metadata: `id` (or `name`) gives the recipe's name in the library's
 * snake_case; `description`, `tags` and `difficulty` become the metadata beside the name
 * (`[summary: "...", tags: (...), difficulty: ...]`); the title, a longer description,
 * `td_version_min` and `preview_description` have no place in the language and become comments.
 */
import type * as A from "../../../grammar/ast.js";
import { RECIPE_DIFFICULTIES } from "../../../grammar/ast.js";
import { NO_RANGE } from "../../../diagnostics/source-range.js";
import { astBuild } from "../../engine/index.js";
import type { RecipeShape } from "./build-recipe.js";
import type { RecipeDocument } from "./recipe-format.js";
import type { Report } from "./report.js";
const { ident, str, tagsFlag } = astBuild;

/** `Neon Tunnel!` or `neon-tunnel` → `neon_tunnel`. */
function recipeNameOf(text: string): string {
  const snake = text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  if (snake === "") return "imported_recipe";
  return /^[0-9]/.test(snake) ? `recipe_${snake}` : snake;
}

function comment(text: string): A.Comment {
  return { text, range: NO_RANGE };
}

function lines(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trimEnd());
}

export function recipeShape(doc: RecipeDocument, report: Report): RecipeShape {
  const name = recipeNameOf(doc.id?.value ?? doc.name?.value ?? "");
  const metadata: A.Flag[] = [];
  const comments: A.Comment[] = [];
  if (doc.name !== undefined && doc.name.value.trim() !== "") comments.push(comment(doc.name.value.trim()));

  const description = doc.description?.value.trim() ?? "";
  if (description !== "") {
    const all = lines(description);
    metadata.push({ kind: "SummaryFlag", text: str(all[0]!), range: NO_RANGE });
    // The summary is one line; the rest of a longer description is kept above the recipe.
    if (all.length > 1) {
      if (comments.length) comments.push(comment(""));
      comments.push(...all.map(comment));
    }
  }
  const tags = [...new Set(doc.tags.map((t) => t.value.trim()).filter((t) => t !== ""))];
  if (tags.length) metadata.push(tagsFlag(tags));
  if (doc.difficulty !== undefined) {
    const level = doc.difficulty.value.trim().toLowerCase();
    if ((RECIPE_DIFFICULTIES as readonly string[]).includes(level)) {
      metadata.push({ kind: "DifficultyFlag", level: ident(level), range: NO_RANGE });
    } else {
      report.add("import-invalid-value", doc.difficulty.at, {
        value: JSON.stringify(doc.difficulty.value),
        expected: `one of ${RECIPE_DIFFICULTIES.join(", ")}`,
      });
    }
  }
  const notes: string[] = [];
  if (doc.tdVersionMin !== undefined && doc.tdVersionMin.value.trim() !== "")
    notes.push(`Needs TouchDesigner ${doc.tdVersionMin.value.trim()} or newer.`);
  if (doc.previewDescription !== undefined && doc.previewDescription.value.trim() !== "") {
    notes.push(...lines(`Preview: ${doc.previewDescription.value.trim()}`));
  }
  if (notes.length) {
    if (comments.length) comments.push(comment(""));
    comments.push(...notes.map(comment));
  }
  return { name, metadata, comments };
}
