/**
 * What the language server knows about the files it edits: the open documents, one parse per
 * version of each file, and the analysis (resolve + check) of each open document.
 *
 * Incremental where it pays: a file is parsed again only when its text changed, so a keystroke in
 * one file re-parses that file alone while the files it imports keep their parsed trees; resolve
 * and check then run on the cached trees. Open documents win over the disk, so an import of an
 * unsaved file sees what the artist typed.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { analyze, diskHost, type CompilerHost, type ParseFn, type ProgramModel } from "../../compiler/index.js";
import type { NetworkModel } from "../../compiler/model.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import type { Program } from "../../grammar/ast.js";
import { parse } from "../../grammar/parse.js";
import { uriToPath } from "./convert.js";

export interface Parsed {
  ast: Program;
  diagnostics: Diagnostic[];
}

export interface Analysis {
  /** The document's path (the name its diagnostics carry). */
  path: string;
  program: ProgramModel;
  /** Every diagnostic of the program, in every file it read. */
  diagnostics: Diagnostic[];
  /** The document's recipes that no network uses, built alone (so navigation works in a recipe file). */
  unusedRecipes: NetworkModel[];
}

/** Files whose parse is kept; beyond it the least recently used is dropped (bounded memory). */
const PARSE_CACHE_LIMIT = 500;

export class Workspace {
  private readonly documents = new Map<string, TextDocument>();
  private readonly parses = new Map<string, { text: string; result: Parsed }>();
  private readonly analyses = new Map<string, { version: number; generation: number; analysis: Analysis }>();
  /** Bumped on every change of any open document: an analysis may depend on other open files. */
  private generation = 0;
  /** How many files were parsed, and how many analyses ran (the incremental benchmark reads these). */
  readonly counters = { parses: 0, analyses: 0 };

  constructor(private readonly disk: CompilerHost = diskHost) {}

  /** Reads open documents from memory and everything else from the disk. */
  readonly host: CompilerHost = {
    readFile: (path) => {
      const open = this.documents.get(path);
      return open !== undefined ? { ok: true, text: open.getText() } : this.disk.readFile(path);
    },
    resolve: (from, relative) => this.disk.resolve(from, relative),
  };

  /** Parses a file once per text. */
  readonly parseFile: ParseFn = (text, file) => {
    const key = file ?? "";
    const cached = this.parses.get(key);
    if (cached !== undefined && cached.text === text) {
      this.parses.delete(key);
      this.parses.set(key, cached);
      return cached.result;
    }
    this.counters.parses++;
    const result = parse(text, file);
    this.parses.set(key, { text, result });
    if (this.parses.size > PARSE_CACHE_LIMIT) this.parses.delete(this.parses.keys().next().value!);
    return result;
  };

  set(doc: TextDocument): void {
    this.documents.set(uriToPath(doc.uri), doc);
    this.generation++;
  }

  close(uri: string): void {
    this.documents.delete(uriToPath(uri));
    this.analyses.delete(uri);
    this.generation++;
  }

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uriToPath(uri));
  }

  openDocuments(): TextDocument[] {
    return [...this.documents.values()];
  }

  /** The document's syntax tree (best effort when it has syntax errors). */
  parsed(doc: TextDocument): Parsed {
    return this.parseFile(doc.getText(), uriToPath(doc.uri));
  }

  /** Resolve and check the document with what it imports; cached until any open document changes. */
  analysis(doc: TextDocument): Analysis {
    const cached = this.analyses.get(doc.uri);
    if (cached !== undefined && cached.version === doc.version && cached.generation === this.generation)
      return cached.analysis;
    this.counters.analyses++;
    const path = uriToPath(doc.uri);
    const { program, diagnostics, unusedRecipes } = analyze(
      { text: doc.getText(), file: path },
      { host: this.host, parse: this.parseFile },
    );
    const analysis: Analysis = { path, program, diagnostics, unusedRecipes };
    this.analyses.set(doc.uri, { version: doc.version, generation: this.generation, analysis });
    return analysis;
  }

  /** The parsed tree of any file the program read (imports included), from the cache. */
  parsedSource(path: string, program: ProgramModel): Parsed | undefined {
    const text = program.sources.get(path);
    return text === undefined ? undefined : this.parseFile(text, path);
  }
}
