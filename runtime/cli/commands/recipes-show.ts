import type { Command } from "../command.js";
import { recipeFromArgs } from "../recipe-argument.js";
import { recipeCategory, type RecipeParamInfo } from "../../recipes/library.js";

interface Widths {
  name: number;
  type: number;
  default: number;
  range: number;
}

const defaultText = (p: RecipeParamInfo) => `default ${p.default ?? "(none)"}`;
const rangeText = (p: RecipeParamInfo) => (p.range ? `range ${p.range[0]}..${p.range[1]}` : "");

function paramLine(p: RecipeParamInfo, widths: Widths): string {
  const parts = [p.name.padEnd(widths.name), p.type.padEnd(widths.type), defaultText(p).padEnd(widths.default)];
  if (widths.range > 0) parts.push(rangeText(p).padEnd(widths.range));
  if (p.entries) parts.push(`one of ${p.entries.join(", ")}`);
  if (p.label) parts.push(`"${p.label}"`);
  return `  ${parts.join("   ")}`.trimEnd();
}

/** A use line with the first parameter set to its default, as a copyable start. */
function exampleUse(name: string, params: readonly RecipeParamInfo[]): string {
  const first = params.find((p) => p.default !== null);
  return `${name}1: ${name}${first ? ` { ${first.name}: ${first.default} }` : ""}`;
}

export const recipesShowCommand: Command = {
  name: ["recipes", "show"],
  summary: "Show one recipe: summary, tags, difficulty, parameters (type, default, range) and its file.",
  usage: "<name> [--json]",
  flags: {
    json: { type: "boolean", description: "print the recipe as JSON" },
  },
  async run(args, io) {
    const recipe = await recipeFromArgs(args);
    const category = recipeCategory(recipe);
    if (args.flags.json) {
      const { path: _localPath, source: _source, ...shown } = recipe;
      io.stdout(JSON.stringify({ ...shown, category }, null, 2) + "\n");
      return 0;
    }
    const lines = [`${recipe.name}${recipe.summary ? ` — ${recipe.summary}` : ""}`];
    lines.push(
      `category: ${category || "(top level)"}   difficulty: ${recipe.difficulty ?? "(not given)"}   tags: ${recipe.tags.join(", ") || "(none)"}`,
    );
    lines.push(`file: ${recipe.file}`);
    if (recipe.description) lines.push("", ...recipe.description.split("\n").map((l) => `  ${l}`.trimEnd()));
    lines.push("", "params:");
    if (recipe.params.length === 0) lines.push("  (none)");
    const widest = (text: (p: RecipeParamInfo) => string) => Math.max(0, ...recipe.params.map((p) => text(p).length));
    const widths = {
      name: widest((p) => p.name),
      type: widest((p) => p.type),
      default: widest(defaultText),
      range: widest(rangeText),
    };
    for (const p of recipe.params) lines.push(paramLine(p, widths));
    lines.push(
      "",
      "use it in a file:",
      `  import "${recipe.file}"   (the path is relative to your file)`,
      `  ${exampleUse(recipe.name, recipe.params)}`,
    );
    lines.push(
      "or build it now:",
      `  svc recipes apply ${recipe.name}${recipe.params[0] ? ` --set ${recipe.params[0].name}=${recipe.params[0].default ?? "..."}` : ""}`,
    );
    io.stdout(lines.join("\n") + "\n");
    return 0;
  },
};
