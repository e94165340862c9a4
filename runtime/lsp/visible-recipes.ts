/** The recipes a file can use by name: its own and those of the files it imports directly (as resolve reads them). */
import type * as ast from "../../grammar/ast.js";
import type { Workspace } from "./workspace.js";

export interface VisibleRecipe {
  recipe: ast.Recipe;
  file: string;
}

export function visibleRecipes(workspace: Workspace, path: string, program: ast.Program): VisibleRecipe[] {
  const out: VisibleRecipe[] = program.recipes
    .filter((r) => r.name.name !== "")
    .map((recipe) => ({ recipe, file: path }));
  for (const imp of program.imports) {
    const file = workspace.host.resolve(path, imp.path.value);
    const read = workspace.host.readFile(file);
    if (!read.ok) continue;
    for (const recipe of workspace.parseFile(read.text, file).ast.recipes) {
      if (recipe.name.name !== "" && !out.some((r) => r.recipe.name.name === recipe.name.name))
        out.push({ recipe, file });
    }
  }
  return out;
}
