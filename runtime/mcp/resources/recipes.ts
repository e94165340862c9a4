import { loadRecipeLibrary, NO_RECIPES, searchRecipes, type RecipeLibrary } from "../../recipes/catalog.js";
import { json, ResourceNotFound, type FixedResource, type TemplatedResource } from "./registry.js";

function summary(library: RecipeLibrary) {
  return library.recipes.map((r) => ({
    name: r.name,
    file: r.file,
    summary: r.summary,
    tags: r.tags,
    difficulty: r.difficulty,
    description: r.description,
    params: r.params.map((p) => p.name),
  }));
}

/** `svc://recipes`: every recipe of the library, one line each. */
export const recipeListResource: FixedResource = {
  name: "recipes",
  title: "Recipe library",
  description: "Every recipe in the library with its file, summary, tags, difficulty, description and parameter names.",
  mimeType: "application/json",
  uri: "svc://recipes",
  async read() {
    const library = await loadRecipeLibrary();
    return json({
      count: library.recipes.length,
      recipes: summary(library),
      problems: library.problems,
      ...(library.recipes.length === 0 ? { note: NO_RECIPES } : {}),
    });
  },
};

/** `svc://recipes/glow`: one recipe with its parameters and source. */
export const recipeResource: TemplatedResource = {
  name: "recipe",
  title: "Recipe",
  description:
    "One recipe: its parameters (type, default, range, label), the operators it uses and its .svcnet source.",
  mimeType: "application/json",
  template: "svc://recipes/{name}",
  complete: {
    name: async () => (await loadRecipeLibrary()).recipes.map((r) => r.name),
  },
  async read({ name = "" }) {
    const library = await loadRecipeLibrary();
    const recipe =
      library.recipes.find((r) => r.name === name) ??
      library.recipes.find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (recipe) {
      const { path: _localPath, ...shown } = recipe; // a path of this machine means nothing to a client
      return json(shown);
    }
    if (library.recipes.length === 0) throw new ResourceNotFound(`no recipe '${name}': ${NO_RECIPES}`);
    const near = searchRecipes(library.recipes, name, 5).map((h) => h.name);
    const hint = near.length
      ? ` Closest: ${near.join(", ")}.`
      : " Search with svc://recipes/search/{query} or list them at svc://recipes.";
    throw new ResourceNotFound(`no recipe '${name}'.${hint}`);
  },
};

/** `svc://recipes/search/feedback%20tunnel`: recipes matching every word, best first. */
export const recipeSearchResource: TemplatedResource = {
  name: "recipe-search",
  title: "Recipe search",
  description: "Recipes whose name, description, parameters or operators contain every word of the query, best first.",
  mimeType: "application/json",
  template: "svc://recipes/search/{query}",
  async read({ query = "" }) {
    const library = await loadRecipeLibrary();
    const matches = searchRecipes(library.recipes, query);
    return json({
      query,
      matches,
      searched: library.recipes.length,
      ...(library.recipes.length === 0 ? { note: NO_RECIPES } : {}),
    });
  },
};
