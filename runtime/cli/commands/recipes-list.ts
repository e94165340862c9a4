import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { allTags, loadLibrary, recipeCategory, recipesWithTag, type RecipeInfo } from "../../recipes/library.js";
import { libraryMarkdown } from "../../recipes/markdown-table.js";

function row(r: RecipeInfo) {
  return {
    name: r.name,
    category: recipeCategory(r),
    difficulty: r.difficulty,
    tags: r.tags,
    summary: r.summary,
    file: r.file,
  };
}

export const recipesListCommand: Command = {
  name: ["recipes", "list"],
  summary: "List the recipe library by category: name, difficulty and summary.",
  usage: "[--tag T] [--json | --markdown]",
  flags: {
    tag: { type: "string", valueName: "T", description: "only recipes with this tag (e.g. audio, glsl, tracking)" },
    json: { type: "boolean", description: "print the recipes as JSON" },
    markdown: { type: "boolean", description: "print Markdown tables by category (the table in recipes/README.md)" },
  },
  details: "Use 'svc recipes show <name>' for a recipe's parameters and 'svc recipes apply <name>' to build it.",
  async run(args, io) {
    if (args.positionals.length > 0)
      throw new UsageError(`'recipes list' takes no words (got '${args.positionals.join(" ")}'); filter with --tag`);
    if (args.flags.json && args.flags.markdown) throw new UsageError("choose one of --json and --markdown");
    const tag = typeof args.flags.tag === "string" ? args.flags.tag : undefined;
    const library = await loadLibrary();
    for (const p of library.problems) io.stderr(`svc recipes list: ${p.file} was skipped: ${p.message}\n`);
    const recipes = recipesWithTag(library, tag);
    if (args.flags.json) {
      io.stdout(
        JSON.stringify(
          {
            count: recipes.length,
            ...(tag === undefined ? {} : { tag }),
            recipes: recipes.map(row),
            problems: library.problems,
          },
          null,
          2,
        ) + "\n",
      );
      return recipes.length > 0 ? 0 : 1;
    }
    if (args.flags.markdown && recipes.length > 0) {
      io.stdout(libraryMarkdown(recipes));
      return 0;
    }
    if (library.recipes.length === 0) {
      io.stderr("svc recipes list: the recipes/ folder holds no recipe\n");
      return 1;
    }
    if (recipes.length === 0) {
      io.stderr(
        `svc recipes list: no recipe has the tag '${tag}'; tags in the library: ${allTags(library).join(", ")}\n`,
      );
      return 1;
    }
    const byCategory = new Map<string, RecipeInfo[]>();
    for (const r of recipes) {
      const list = byCategory.get(recipeCategory(r)) ?? [];
      list.push(r);
      byCategory.set(recipeCategory(r), list);
    }
    const nameWidth = Math.max(...recipes.map((r) => r.name.length));
    const levelWidth = Math.max(...recipes.map((r) => (r.difficulty ?? "").length));
    const blocks = [...byCategory.keys()].sort().map((category) => {
      const lines = byCategory
        .get(category)!
        .map((r) =>
          `  ${r.name.padEnd(nameWidth)}  ${(r.difficulty ?? "").padEnd(levelWidth)}  ${r.summary ?? ""}`.trimEnd(),
        );
      return `${category || "(top level)"}\n${lines.join("\n")}\n`;
    });
    io.stdout(blocks.join("\n"));
    io.stdout(
      `\n${recipes.length} recipe${recipes.length === 1 ? "" : "s"}${tag === undefined ? "" : ` tagged '${tag}'`}.\n`,
    );
    return 0;
  },
};
