/**
 * Builds the component tree from the syntax tree: networks become COMPs at their root path, nodes
 * get their absolute paths, COMP bodies nest, recipe uses expand into COMPs holding the recipe's
 * network (with its controls as the COMP's custom parameters), and wires are tied to nodes.
 */
import type * as ast from "../../grammar/ast.js";
import { wireEdges } from "../../grammar/wires.js";
import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import {
  familyOfType,
  type ComponentModel,
  type CustomPageModel,
  type CustomParamModel,
  type NetworkModel,
  type NodeModel,
  type Origin,
  type ParamModel,
} from "../model.js";
import { closestNames, didYouMean } from "../util/closest.js";
import type { CompilerHost } from "./host.js";
import type { SourceFile } from "./load.js";
import { bindRecipeArgs, standaloneArgs } from "./recipe-args.js";
import { convertValue, hexToRgba, originOf, type ValueContext } from "./values.js";

export interface BuildOptions {
  /** The TouchDesigner path a network is built at (default `/project1/<name>`). */
  rootPath: (network: string) => string;
  /** The COMP type a network root and a recipe use become. */
  componentType: string;
}

export const DEFAULT_BUILD_OPTIONS: BuildOptions = {
  rootPath: (name) => `/project1/${name}`,
  componentType: "baseCOMP",
};

interface RecipeEntry {
  recipe: ast.Recipe;
  file: SourceFile;
}

/** What a file can see: its own recipes and those of the files it imports. */
export type RecipeTable = Map<string, RecipeEntry>;

export class TreeBuilder {
  private readonly recipeStack: string[] = [];
  /** Every recipe expanded at least once. */
  readonly expanded = new Set<ast.Recipe>();

  constructor(
    private readonly host: CompilerHost,
    private readonly diagnostics: Diagnostic[],
    private readonly sources: Map<string, string>,
    private readonly recipeTables: Map<string, RecipeTable>,
    private readonly options: BuildOptions,
  ) {}

  private context(file: SourceFile, extra: Partial<ValueContext> = {}): ValueContext {
    return {
      file: file.path,
      text: file.text,
      host: this.host,
      diagnostics: this.diagnostics,
      sources: this.sources,
      ...extra,
    };
  }

  buildNetwork(net: ast.Network, file: SourceFile): NetworkModel {
    const ctx = this.context(file);
    // The COMP's name in TouchDesigner is the last part of its path, which a fixed root path may
    // choose differently from the network's name.
    const rootPath = this.options.rootPath(net.name.name);
    const compName = rootPath.slice(rootPath.lastIndexOf("/") + 1) || net.name.name;
    const root = this.rootComponent(compName, rootPath, originOf(ctx, net.range), net.name.range);
    this.fillBody(root, net, file, ctx);
    return { name: net.name.name, root, origin: root.origin };
  }

  /**
   * A recipe on its own, so a file of recipes is checked even where nothing uses them: its
   * parameters take their defaults, or a neutral value of their type when they have none. Built
   * under a path of its own; never lowered.
   */
  buildRecipeAlone(recipe: ast.Recipe, file: SourceFile): NetworkModel {
    const ctx = this.context(file);
    const name = recipe.name.name;
    const root = this.rootComponent(name, `/recipe:${name}`, originOf(ctx, recipe.range), recipe.name.range);
    this.recipeStack.push(name);
    this.fillBody(root, recipe, file, { ...ctx, recipe: { recipe: name, args: standaloneArgs(recipe, ctx) } });
    this.recipeStack.pop();
    return { name, root, origin: root.origin };
  }

  private rootComponent(name: string, path: string, origin: Origin, nameRange: ast.SourceRange): ComponentModel {
    return {
      name,
      type: this.options.componentType,
      family: "COMP",
      path,
      params: [],
      flags: {},
      meta: { tags: [] },
      parent: undefined,
      origin,
      nameRange,
      typeRange: nameRange,
      customPages: [],
      body: { nodes: [], wires: [] },
    };
  }

  /** Nodes, controls and wires of `body` into `comp`. */
  private fillBody(comp: ComponentModel, body: ast.NetworkBody, file: SourceFile, ctx: ValueContext): void {
    comp.customPages = this.buildControls(body.controls, ctx);
    const byName = new Map<string, NodeModel>();
    for (const decl of body.nodes) {
      const name = decl.name.name;
      if (name === "") continue; // the parser already reported the missing name
      if (byName.has(name)) {
        this.diagnostics.push(
          diagnostic(
            "duplicate-node",
            decl.name.range,
            { name },
            {
              file: ctx.file,
              help: [`the first '${name}' is at line ${byName.get(name)!.nameRange.start.line}; rename one of them`],
            },
          ),
        );
        continue;
      }
      const node = this.buildNode(decl, comp, file, ctx);
      byName.set(name, node);
      comp.body.nodes.push(node);
    }
    for (const wire of body.wires) {
      const edges = wireEdges(wire);
      edges.forEach((edge, i) => {
        const a = wire.chain[i]!;
        const b = wire.chain[i + 1]!;
        const from = this.wireNode(a, byName, ctx);
        const to = this.wireNode(b, byName, ctx);
        if (from === undefined || to === undefined) return;
        comp.body.wires.push({
          from: { node: from, index: edge.fromOutput, range: a.range },
          to: { node: to, index: edge.toInput, range: b.range },
          origin: originOf(ctx, edge.range),
        });
      });
    }
  }

  private wireNode(end: ast.WireEndpoint, byName: Map<string, NodeModel>, ctx: ValueContext): NodeModel | undefined {
    const node = byName.get(end.node.name);
    if (node === undefined && end.node.name !== "") {
      const close = closestNames(end.node.name, byName.keys());
      this.diagnostics.push(
        diagnostic(
          "unknown-wire-node",
          end.node.range,
          { name: end.node.name },
          {
            file: ctx.file,
            help: [
              ...didYouMean(close),
              "wires connect nodes of the same network; declare the node or wire it inside its own network",
            ],
            suggestions: close.slice(0, 1).map((c) => ({ title: `replace with '${c}'`, replacement: c })),
          },
        ),
      );
    }
    return node;
  }

  private buildNode(decl: ast.NodeDecl, parent: ComponentModel, file: SourceFile, ctx: ValueContext): NodeModel {
    const recipe = this.recipeTables.get(file.path)?.get(decl.type.name);
    const node: NodeModel = {
      name: decl.name.name,
      type: recipe !== undefined ? this.options.componentType : decl.type.name,
      family: recipe !== undefined ? "COMP" : familyOfType(decl.type.name),
      path: `${parent.path === "/" ? "" : parent.path}/${decl.name.name}`,
      params: [],
      flags: {},
      meta: { tags: [] },
      parent,
      origin: originOf(ctx, decl.range),
      nameRange: decl.name.range,
      typeRange: decl.type.range,
      customPages: [],
    };
    this.applyFlags(node, decl.flags);
    if (recipe !== undefined) {
      node.recipe = recipe.recipe.name.name;
      this.expandRecipe(node as ComponentModel & NodeModel, decl, recipe, parent, ctx);
      return node;
    }
    node.params = this.convertParams(decl.params, ctx);
    if (decl.network !== null) {
      node.body = { nodes: [], wires: [] };
      this.fillBody(node as ComponentModel & NodeModel, decl.network, file, ctx);
    }
    return node;
  }

  private convertParams(params: ast.Param[], ctx: ValueContext): ParamModel[] {
    const out: ParamModel[] = [];
    for (const p of params) {
      if (p.name.name === "") continue;
      const value = convertValue(p.value, ctx);
      if (value === undefined) continue;
      out.push({ name: p.name.name, value, origin: originOf(ctx, p.range), nameRange: p.name.range, scalars: [] });
    }
    return out;
  }

  private expandRecipe(
    node: ComponentModel & NodeModel,
    decl: ast.NodeDecl,
    entry: RecipeEntry,
    parent: ComponentModel,
    useCtx: ValueContext,
  ): void {
    const recipeName = entry.recipe.name.name;
    node.body = { nodes: [], wires: [] };
    if (decl.network !== null) {
      this.diagnostics.push(
        diagnostic(
          "recipe-use-with-network",
          decl.network.range,
          { name: decl.name.name, recipe: recipeName },
          { file: useCtx.file },
        ),
      );
    }
    const at = this.recipeStack.indexOf(recipeName);
    if (at >= 0) {
      const chain = [...this.recipeStack.slice(at), recipeName].join(" -> ");
      this.diagnostics.push(
        diagnostic(
          "recipe-cycle",
          decl.type.range,
          { recipe: recipeName, chain },
          { file: useCtx.file, help: ["a recipe cannot contain itself, directly or through other recipes"] },
        ),
      );
      return;
    }
    this.expanded.add(entry.recipe);
    const recipeCtx = this.context(entry.file, { via: node.origin });
    const args = bindRecipeArgs({ recipe: entry.recipe, recipeCtx, use: decl, useCtx, useScope: parent });
    this.recipeStack.push(recipeName);
    this.fillBody(node, entry.recipe, entry.file, { ...recipeCtx, recipe: { recipe: recipeName, args } });
    this.recipeStack.pop();
  }

  private applyFlags(node: NodeModel, flags: ast.Flag[]): void {
    for (const flag of flags) {
      switch (flag.kind) {
        case "BooleanFlag":
          node.flags[flag.name] = flag.value;
          break;
        case "ColorFlag": {
          const [r, g, b] = hexToRgba(flag.color.hex);
          node.meta.color = [r, g, b];
          break;
        }
        case "TagsFlag":
          node.meta.tags.push(...flag.tags.map((t) => t.value));
          break;
        case "NodeCommentFlag":
          node.meta.comment = flag.text.value;
          break;
        case "RenamedFromFlag":
          node.renamedFrom = flag.name.name;
          break;
      }
    }
  }

  private buildControls(blocks: ast.ControlsBlock[], ctx: ValueContext): CustomPageModel[] {
    const pages = new Map<string, CustomPageModel>();
    const seen = new Map<string, Origin>();
    for (const block of blocks) {
      const pageName = block.page?.value ?? "Custom";
      let page = pages.get(pageName);
      if (page === undefined) {
        page = { name: pageName, params: [], origin: originOf(ctx, block.range) };
        pages.set(pageName, page);
      }
      for (const d of block.declarations) {
        const name = d.name.name;
        if (name === "") continue;
        if (seen.has(name)) {
          this.diagnostics.push(
            diagnostic(
              "duplicate-control",
              d.name.range,
              { name },
              { file: ctx.file, help: [`the first '${name}' is at line ${seen.get(name)!.range.start.line}`] },
            ),
          );
          continue;
        }
        const origin = originOf(ctx, d.range);
        seen.set(name, origin);
        const control: CustomParamModel = {
          name,
          type: d.type.name as CustomParamModel["type"],
          clamp: d.clamp,
          page: pageName,
          origin,
          nameRange: d.name.range,
        };
        if (d.label !== null) control.label = d.label.value;
        if (d.help != null && d.help.value !== "") control.help = d.help.value;
        if (d.valueRange !== null) {
          control.min = d.valueRange.min.value;
          control.max = d.valueRange.max.value;
        }
        if (d.entries !== null)
          control.entries = d.entries.map((e) => ({ name: e.name, label: e.label?.value ?? e.name }));
        if (d.default !== null) {
          const value = convertValue(d.default, ctx);
          if (value !== undefined) control.default = value;
        }
        page.params.push(control);
      }
    }
    return [...pages.values()];
  }
}
