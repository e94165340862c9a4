/**
 * Resolve: from the entry file to the model. Reads and parses every imported file, builds the
 * recipe table each file sees, builds the component tree of the entry file's networks, ties
 * references to nodes and applies the pinned positions of the layout block.
 */
import type * as ast from "../../grammar/ast.js";
import { diagnostic, hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { ComponentModel, NetworkModel, NodeModel, ProgramModel } from "../model.js";
import { DEFAULT_BUILD_OPTIONS, TreeBuilder, type BuildOptions, type RecipeTable } from "./build.js";
import type { CompilerHost } from "./host.js";
import { loadProgram, type ParseFn, type SourceFile } from "./load.js";
import { ReferenceResolver } from "./references.js";

export interface ResolveResult {
  program: ProgramModel;
  diagnostics: Diagnostic[];
  /**
   * The entry file's recipes that no network uses, each built on its own (arguments at their
   * defaults) so that they are checked too. Never lowered.
   */
  unusedRecipes: NetworkModel[];
}

export function resolveProgram(
  entry: { path: string; text?: string },
  host: CompilerHost,
  parse: ParseFn,
  options: Partial<BuildOptions> = {},
): ResolveResult {
  const loaded = loadProgram(entry, host, parse);
  const diagnostics = [...loaded.diagnostics];
  const sources = new Map<string, string>();
  for (const [path, file] of loaded.files) sources.set(path, file.text);
  const program: ProgramModel = { networks: [], sources, entry: entry.path, recipes: [] };
  // A file that does not parse gives a best-effort tree; checking it would bury the syntax error
  // under follow-on problems, so resolution stops at the syntax errors.
  if (loaded.entry === undefined || hasErrors(loaded.diagnostics)) return { program, diagnostics, unusedRecipes: [] };

  const tables = new Map<string, RecipeTable>();
  for (const file of loaded.files.values()) {
    tables.set(file.path, recipeTable(file, diagnostics));
    program.recipes.push(...file.ast.recipes.map((r) => r.name.name).filter((n) => n !== ""));
  }
  const builder = new TreeBuilder(host, diagnostics, sources, tables, { ...DEFAULT_BUILD_OPTIONS, ...options });
  const seen = new Set<string>();
  for (const net of loaded.entry.ast.networks) {
    if (net.name.name === "") continue;
    if (seen.has(net.name.name)) {
      diagnostics.push(
        diagnostic(
          "duplicate-network",
          net.name.range,
          { name: net.name.name },
          { file: loaded.entry.path, help: ["each network is built at its own path; rename one"] },
        ),
      );
      continue;
    }
    seen.add(net.name.name);
    program.networks.push(builder.buildNetwork(net, loaded.entry));
  }
  const unusedRecipes = loaded.entry.ast.recipes
    .filter((r) => r.name.name !== "" && !builder.expanded.has(r))
    .map((r) => builder.buildRecipeAlone(r, loaded.entry!));
  new ReferenceResolver(program, diagnostics).resolveAll();
  new ReferenceResolver({ ...program, networks: unusedRecipes }, diagnostics).resolveAll();
  applyPins(program.networks, loaded.entry.ast.layout, loaded.entry.path, diagnostics);
  return { program, diagnostics, unusedRecipes };
}

/** The recipes `file` can use: its own, then those of the files it imports directly. */
function recipeTable(file: SourceFile, diagnostics: Diagnostic[]): RecipeTable {
  const table: RecipeTable = new Map();
  for (const recipe of file.ast.recipes) {
    const name = recipe.name.name;
    if (name === "") continue;
    const other = table.get(name);
    if (other !== undefined) {
      diagnostics.push(
        diagnostic(
          "duplicate-recipe",
          recipe.name.range,
          { name, other: `line ${other.recipe.name.range.start.line}` },
          { file: file.path },
        ),
      );
      continue;
    }
    table.set(name, { recipe, file });
  }
  for (const { file: imported, range: importRange } of file.imports) {
    for (const recipe of imported.ast.recipes) {
      const name = recipe.name.name;
      const other = table.get(name);
      if (other === undefined) {
        table.set(name, { recipe, file: imported });
        continue;
      }
      if (other.recipe === recipe) continue;
      // Report it where this file can fix it: its own declaration, or the import that brings the clash.
      const own = other.file === file;
      diagnostics.push(
        diagnostic(
          "duplicate-recipe",
          own ? other.recipe.name.range : importRange,
          { name, other: own ? imported.path : other.file.path },
          {
            file: file.path,
            help: ["recipe names must be unique among a file and the files it imports"],
          },
        ),
      );
    }
  }
  return table;
}

function applyPins(
  networks: NetworkModel[],
  layout: ast.LayoutBlock | null,
  file: string,
  diagnostics: Diagnostic[],
): void {
  if (layout === null) return;
  for (const entry of layout.entries) {
    const [networkName, ...rest] = entry.path.split("/");
    let comp: ComponentModel | undefined = networks.find((n) => n.name === networkName)?.root;
    let node: NodeModel | undefined;
    for (const name of rest) {
      node = comp?.body.nodes.find((n) => n.name === name);
      comp = node?.body !== undefined ? (node as ComponentModel) : undefined;
      if (node === undefined) break;
    }
    if (node === undefined || rest.length === 0) {
      diagnostics.push(
        diagnostic(
          "unknown-layout-node",
          entry.range,
          { path: entry.path },
          { file, help: ["paths in the layout block start with the network name: network/node"] },
        ),
      );
      continue;
    }
    node.pinned = { x: entry.x, y: entry.y, origin: { file, range: entry.range } };
  }
}
