/**
 * Go to definition, find references and rename, for nodes, controls, recipes and imports. Symbols
 * come from the resolved model (symbol-index.ts); a file with syntax errors has no model, so these
 * answer nothing until it parses again, rather than guess.
 */
import { ResponseError, ErrorCodes, type Location, type Range, type WorkspaceEdit } from "vscode-languageserver";
import { pathToUri, toLspRange } from "./convert.js";
import { spotAt } from "./locate.js";
import type { IndexedSymbol, Occurrence } from "./symbol-index.js";
import { SymbolIndex } from "./symbol-index.js";
import type { Analysis, Workspace } from "./workspace.js";

/** TouchDesigner's rule for operator names (as check/names.ts enforces). */
const NODE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const location = (o: Occurrence): Location => ({ uri: pathToUri(o.file), range: toLspRange(o.range) });

export class Navigation {
  private index: { analysis: Analysis; value: SymbolIndex } | undefined;

  constructor(private readonly workspace: Workspace) {}

  private symbols(analysis: Analysis): SymbolIndex {
    if (this.index?.analysis !== analysis) {
      this.index = {
        analysis,
        value: new SymbolIndex(analysis, (p) => this.workspace.parsedSource(p, analysis.program)?.ast),
      };
    }
    return this.index.value;
  }

  /** The file an import at `offset` names, resolved from `path`. */
  private importAt(analysis: Analysis, offset: number): string | undefined {
    const ast = this.workspace.parsedSource(analysis.path, analysis.program)?.ast;
    const spot = ast === undefined ? undefined : spotAt(ast, offset);
    return spot?.kind === "import" ? this.workspace.host.resolve(analysis.path, spot.import.path.value) : undefined;
  }

  symbolAt(analysis: Analysis, offset: number): IndexedSymbol | undefined {
    return this.symbols(analysis).at(analysis.path, offset);
  }

  definition(analysis: Analysis, offset: number): Location[] {
    const imported = this.importAt(analysis, offset);
    if (imported !== undefined)
      return this.workspace.host.readFile(imported).ok ? [{ uri: pathToUri(imported), range: FILE_START }] : [];
    const symbol = this.symbolAt(analysis, offset);
    return symbol === undefined ? [] : [location(symbol.declaration)];
  }

  references(analysis: Analysis, offset: number, includeDeclaration: boolean): Location[] {
    const imported = this.importAt(analysis, offset);
    if (imported !== undefined) {
      const out: Location[] = [];
      for (const file of analysis.program.sources.keys()) {
        for (const imp of this.workspace.parsedSource(file, analysis.program)?.ast.imports ?? []) {
          if (this.workspace.host.resolve(file, imp.path.value) === imported)
            out.push({ uri: pathToUri(file), range: toLspRange(imp.path.range) });
        }
      }
      return out;
    }
    const symbol = this.symbolAt(analysis, offset);
    if (symbol === undefined) return [];
    return [...(includeDeclaration ? [symbol.declaration] : []), ...symbol.uses].map(location);
  }

  /** The name a rename at `offset` would change, or null when nothing renamable is there. */
  prepareRename(analysis: Analysis, offset: number): { range: Range; placeholder: string } | null {
    const symbol = this.symbolAt(analysis, offset);
    if (symbol?.kind !== "node") return null;
    const here = [symbol.declaration, ...symbol.uses].find(
      (o) => o.file === analysis.path && o.range.start.offset <= offset && offset <= o.range.end.offset,
    )!;
    return { range: toLspRange(here.range), placeholder: symbol.name };
  }

  /** Renames a node everywhere it is named: declaration, wires, references, `op('...')`, binds, exports, layout. */
  rename(analysis: Analysis, offset: number, newName: string): WorkspaceEdit {
    const symbol = this.symbolAt(analysis, offset);
    if (symbol?.kind !== "node")
      throw new ResponseError(
        ErrorCodes.InvalidRequest,
        "only a node can be renamed here: put the cursor on a node's name",
      );
    if (!NODE_NAME.test(newName)) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `'${newName}' is not a valid operator name: use letters, digits and '_', not starting with a digit`,
      );
    }
    const siblings = symbol.node?.parent.body.nodes.map((n) => n.name) ?? [];
    if (newName !== symbol.name && siblings.includes(newName)) {
      throw new ResponseError(ErrorCodes.InvalidParams, `a node named '${newName}' already exists in this network`);
    }
    const changes: Record<string, { range: Range; newText: string }[]> = {};
    for (const o of [symbol.declaration, ...symbol.uses])
      (changes[pathToUri(o.file)] ??= []).push({ range: toLspRange(o.range), newText: newName });
    return { changes };
  }
}
