/**
 * Where every node, control and recipe is declared and where it is used, read from the resolved
 * model (so `level1` in a wire, in `top: level1`, in `op('level1')`, in `bind lfo1.Speed` and in
 * the layout block all lead to the same node). Go to definition, find references and rename read
 * it. A recipe used twice builds its nodes twice; their occurrences are merged by source place.
 */
import type { SourceRange } from "../../diagnostics/index.js";
import {
  walkComponents,
  type ComponentModel,
  type CustomParamModel,
  type NodeModel,
  type Value,
} from "../../compiler/model.js";
import { expressionRange } from "../../compiler/util/expression-range.js";
import type { Program } from "../../grammar/ast.js";
import { rangeHolds } from "./convert.js";
import { LineIndex } from "./line-index.js";
import type { Analysis } from "./workspace.js";

export type SymbolKind = "node" | "control" | "recipe";

/** One place a symbol's name is written; `range` covers exactly the name (what a rename replaces). */
export interface Occurrence {
  file: string;
  range: SourceRange;
}

export interface IndexedSymbol {
  kind: SymbolKind;
  name: string;
  declaration: Occurrence;
  uses: Occurrence[];
  node?: NodeModel;
  control?: CustomParamModel;
}

const key = (o: Occurrence) => `${o.file}#${o.range.start.offset}`;

export class SymbolIndex {
  private readonly symbols = new Map<string, IndexedSymbol>();
  private readonly lines = new Map<string, LineIndex>();

  constructor(
    private readonly analysis: Analysis,
    parsedSource: (path: string) => Program | undefined,
  ) {
    const { program, unusedRecipes } = analysis;
    for (const [file] of program.sources) {
      for (const recipe of parsedSource(file)?.recipes ?? []) {
        if (recipe.name.name !== "") this.declare("recipe", recipe.name.name, { file, range: recipe.name.range });
      }
    }
    for (const network of [...program.networks, ...unusedRecipes]) {
      for (const comp of walkComponents(network.root)) this.indexComponent(comp);
    }
  }

  /** The symbol whose name is written at `offset` of `file`. */
  at(file: string, offset: number): IndexedSymbol | undefined {
    for (const symbol of this.symbols.values()) {
      for (const o of [symbol.declaration, ...symbol.uses])
        if (o.file === file && rangeHolds(o.range, offset)) return symbol;
    }
    return undefined;
  }

  all(): IndexedSymbol[] {
    return [...this.symbols.values()];
  }

  private declare(kind: SymbolKind, name: string, at: Occurrence, extra: Partial<IndexedSymbol> = {}): IndexedSymbol {
    const k = `${kind}:${key(at)}`;
    const known = this.symbols.get(k);
    if (known !== undefined) return known;
    const symbol: IndexedSymbol = { kind, name, declaration: at, uses: [], ...extra };
    this.symbols.set(k, symbol);
    return symbol;
  }

  private use(symbol: IndexedSymbol, at: Occurrence | undefined): void {
    if (at === undefined || key(at) === key(symbol.declaration) || symbol.uses.some((u) => key(u) === key(at))) return;
    symbol.uses.push(at);
  }

  private nodeSymbol(node: NodeModel | ComponentModel): IndexedSymbol | undefined {
    if (node.parent === undefined) return undefined; // a network root: named by `network x`, not a node
    return this.declare(
      "node",
      node.name,
      { file: node.origin.file, range: node.nameRange },
      { node: node as NodeModel },
    );
  }

  private lineIndex(file: string): LineIndex | undefined {
    let index = this.lines.get(file);
    if (index === undefined) {
      const text = this.analysis.program.sources.get(file);
      if (text === undefined) return undefined;
      index = new LineIndex(text);
      this.lines.set(file, index);
    }
    return index;
  }

  /** The last segment of `path` (the node's own name) where `path` is written inside `range`. */
  private segment(file: string, range: SourceRange, path: string, name: string, from = 0): Occurrence | undefined {
    const index = this.lineIndex(file);
    if (index === undefined || !path.endsWith(name)) return undefined;
    const written = index.text.slice(range.start.offset, range.end.offset);
    const at = written.indexOf(path, from);
    if (at < 0) return undefined;
    const start = range.start.offset + at + path.length - name.length;
    return { file, range: index.range(start, start + name.length) };
  }

  private indexComponent(comp: ComponentModel): void {
    for (const page of comp.customPages) {
      for (const control of page.params)
        this.declare("control", control.name, { file: control.origin.file, range: control.nameRange }, { control });
    }
    for (const node of comp.body.nodes) {
      const symbol = this.nodeSymbol(node);
      if (node.recipe !== undefined) {
        const recipe =
          this.all().find(
            (s) => s.kind === "recipe" && s.name === node.recipe && s.declaration.file === node.origin.file,
          ) ?? this.all().find((s) => s.kind === "recipe" && s.name === node.recipe);
        if (recipe !== undefined) this.use(recipe, { file: node.origin.file, range: node.typeRange });
      }
      for (const param of node.params) this.indexValue(param.value);
      if (node.pinned !== undefined && symbol !== undefined) {
        const entry = node.pinned.origin;
        const index = this.lineIndex(entry.file);
        const path =
          index === undefined
            ? undefined
            : /^[^\s:]+/.exec(index.text.slice(entry.range.start.offset, entry.range.end.offset))?.[0];
        if (path !== undefined) this.use(symbol, this.segment(entry.file, entry.range, path, node.name));
      }
    }
    for (const wire of comp.body.wires) {
      for (const end of [wire.from, wire.to]) {
        const symbol = this.nodeSymbol(end.node);
        const index = this.lineIndex(wire.origin.file);
        if (symbol !== undefined && index !== undefined) {
          const start = end.range.start.offset;
          this.use(symbol, { file: wire.origin.file, range: index.range(start, start + end.node.name.length) });
        }
      }
    }
  }

  private indexValue(v: Value): void {
    const file = v.origin.file;
    switch (v.kind) {
      case "name":
      case "op-ref":
        if (v.target !== undefined)
          this.useNode(
            v.target,
            this.segment(file, v.origin.range, v.kind === "name" ? v.name : v.path, v.target.name),
          );
        return;
      case "expression":
        for (const ref of v.refs) {
          if (ref.target === undefined) continue;
          const range = expressionRange(this.analysis.program.sources, v, ref.offset, ref.offset + ref.path.length);
          this.useNode(ref.target, this.segment(file, range, ref.path, ref.target.name));
        }
        return;
      case "bind": {
        const opAt =
          v.operator === undefined
            ? 0
            : (this.lineIndex(file)
                ?.text.slice(v.origin.range.start.offset, v.origin.range.end.offset)
                .indexOf(v.operator) ?? 0);
        if (v.operator !== undefined && v.owner !== undefined)
          this.useNode(v.owner, this.segment(file, v.origin.range, v.operator, v.owner.name));
        if (v.control !== undefined) {
          const control = this.declare(
            "control",
            v.control.name,
            { file: v.control.origin.file, range: v.control.nameRange },
            { control: v.control },
          );
          this.use(
            control,
            this.segment(file, v.origin.range, v.parameter, v.parameter, Math.max(0, opAt + (v.operator?.length ?? 0))),
          );
        }
        return;
      }
      case "export":
        if (v.target !== undefined)
          this.useNode(v.target, this.segment(file, v.origin.range, v.operator, v.target.name));
        return;
      case "tuple":
        for (const item of v.items) this.indexValue(item);
        return;
      default:
        return;
    }
  }

  private useNode(node: NodeModel | ComponentModel, at: Occurrence | undefined): void {
    const symbol = this.nodeSymbol(node);
    if (symbol !== undefined) this.use(symbol, at);
  }
}
