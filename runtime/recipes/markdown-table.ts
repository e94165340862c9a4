/**
 * The library as Markdown: one table per category (name, summary, difficulty). `svc recipes list
 * --markdown` prints it; recipes/README.md holds it between two marker comments, and a test keeps
 * the two equal.
 */
import { relative, sep } from "node:path";
import { recipeCategory, recipesDir, type RecipeInfo } from "./library.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

export function libraryMarkdown(recipes: readonly RecipeInfo[]): string {
  const byCategory = new Map<string, RecipeInfo[]>();
  for (const r of recipes) {
    const category = recipeCategory(r) || "(top level)";
    byCategory.set(category, [...(byCategory.get(category) ?? []), r]);
  }
  const sections = [...byCategory.keys()].sort().map((category) => {
    const rows = byCategory
      .get(category)!
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(
        (r) =>
          `| [\`${r.name}\`](${encodeURI(relative(recipesDir(), r.path).split(sep).join("/"))}) | ${cell(r.summary ?? "")} | ${r.difficulty ?? ""} |`,
      );
    return [`### ${category}`, "", "| recipe | what it does | difficulty |", "|---|---|---|", ...rows].join("\n");
  });
  return sections.join("\n\n") + "\n";
}
