/**
 * The svc language server (`svc lsp`, stdio): diagnostics as you type, completion and hover from
 * the knowledge base, navigation, rename, outline, folding, formatting and semantic tokens, all
 * from the same parser, compiler and knowledge base as `svc check`.
 */
import {
  CodeActionKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
  type TextEdit,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { hasErrors } from "../../diagnostics/index.js";
import { print } from "../../grammar/print.js";
import { lex } from "../../grammar/lexer.js";
import { complete, resolveCompletion } from "./completion.js";
import { uriToPath } from "./convert.js";
import { quickFixes } from "./diagnostics.js";
import { DocumentChecks } from "./document-checks.js";
import { hover } from "./hover.js";
import { LIVE_COMMANDS, liveCodeLenses, runLive, type LiveCommand } from "./live.js";
import { Navigation } from "./navigation.js";
import { documentSymbols, foldingRanges } from "./outline.js";
import { semanticTokens, semanticTokensLegend } from "./semantic-tokens.js";
import { visibleRecipes } from "./visible-recipes.js";
import { Workspace } from "./workspace.js";

export interface ServerOptions {
  /** How long typing must pause before the document is checked again (default 150 ms). */
  diagnosticsDelayMs?: number;
  /** The bridge plan and apply talk to; without one there are no plan/apply lenses. */
  bridgeUrl?: string;
}

const SERVER_NAME = "svc";

/** What the server offers; the plan/apply lenses and commands only with a bridge to run them on. */
function serverCapabilities(bridgeUrl: string | undefined): InitializeResult["capabilities"] {
  return {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    completionProvider: { triggerCharacters: [":", " ", ">", "[", ",", "$", "{"], resolveProvider: true },
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: true,
    foldingRangeProvider: true,
    documentFormattingProvider: true,
    semanticTokensProvider: { legend: semanticTokensLegend, full: true },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    ...(bridgeUrl === undefined
      ? {}
      : { codeLensProvider: {}, executeCommandProvider: { commands: [...LIVE_COMMANDS] } }),
  };
}

export function startLanguageServer(connection: Connection, options: ServerOptions = {}): Workspace {
  const workspace = new Workspace();
  const documents = new TextDocuments(TextDocument);
  const checks = new DocumentChecks(connection, documents, workspace, options.diagnosticsDelayMs ?? 150);
  let bridgeUrl = options.bridgeUrl;

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { diagnosticsDelayMs?: unknown; bridgeUrl?: unknown };
    if (typeof init.diagnosticsDelayMs === "number" && init.diagnosticsDelayMs >= 0)
      checks.delayMs = init.diagnosticsDelayMs;
    if (typeof init.bridgeUrl === "string" && init.bridgeUrl.trim() !== "") bridgeUrl = init.bridgeUrl.trim();
    return { capabilities: serverCapabilities(bridgeUrl), serverInfo: { name: SERVER_NAME } };
  });

  documents.onDidOpen((e) => {
    workspace.set(e.document);
    checks.publish(e.document);
    checks.schedule(e.document);
  });
  documents.onDidChangeContent((e) => {
    workspace.set(e.document);
    checks.schedule(e.document);
  });
  documents.onDidClose((e) => {
    workspace.close(e.document.uri);
    checks.close(e.document.uri);
  });

  answerLanguageRequests(connection, documents, workspace);
  connection.onCodeLens((p) => {
    const doc = documents.get(p.textDocument.uri);
    return doc === undefined || bridgeUrl === undefined ? [] : liveCodeLenses(doc.uri, workspace.parsed(doc).ast);
  });
  connection.onExecuteCommand(async (p) => {
    const command = p.command as LiveCommand;
    const uri = p.arguments?.[0];
    const doc = typeof uri === "string" ? documents.get(uri) : undefined;
    if (bridgeUrl === undefined || !LIVE_COMMANDS.includes(command) || doc === undefined)
      return { ok: false, text: "svc: nothing to run (no bridge configured, or the document is not open)" };
    const result = await runLive(command, bridgeUrl, doc.getText(), uriToPath(doc.uri));
    checks.reportLive(doc, result.diagnostics);
    return { ok: result.ok, text: result.text };
  });

  documents.listen(connection);
  connection.onShutdown(() => checks.stop());
  connection.listen();
  return workspace;
}

/** The language features of an open document: each request answered from the workspace's parse and analysis. */
function answerLanguageRequests(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  workspace: Workspace,
): void {
  const navigation = new Navigation(workspace);
  const withDoc = <T>(uri: string, empty: T, run: (doc: TextDocument) => T): T => {
    const doc = documents.get(uri);
    return doc === undefined ? empty : run(doc);
  };
  connection.onCompletion((p) =>
    withDoc(p.textDocument.uri, null, (doc) => {
      const parsed = workspace.parsed(doc);
      return complete({
        text: doc.getText(),
        offset: doc.offsetAt(p.position),
        ast: parsed.ast,
        recipes: visibleRecipes(workspace, uriToPath(doc.uri), parsed.ast),
      });
    }),
  );
  connection.onCompletionResolve((item) => resolveCompletion(item));
  connection.onHover((p) =>
    withDoc(p.textDocument.uri, null, (doc) => {
      const parsed = workspace.parsed(doc);
      return hover(parsed.ast, doc.offsetAt(p.position), visibleRecipes(workspace, uriToPath(doc.uri), parsed.ast));
    }),
  );
  connection.onDefinition((p) =>
    withDoc(p.textDocument.uri, [], (doc) => navigation.definition(workspace.analysis(doc), doc.offsetAt(p.position))),
  );
  connection.onReferences((p) =>
    withDoc(p.textDocument.uri, [], (doc) =>
      navigation.references(workspace.analysis(doc), doc.offsetAt(p.position), p.context.includeDeclaration),
    ),
  );
  connection.onPrepareRename((p) =>
    withDoc(p.textDocument.uri, null, (doc) =>
      navigation.prepareRename(workspace.analysis(doc), doc.offsetAt(p.position)),
    ),
  );
  connection.onRenameRequest((p) =>
    withDoc(p.textDocument.uri, null, (doc) =>
      navigation.rename(workspace.analysis(doc), doc.offsetAt(p.position), p.newName),
    ),
  );
  connection.onDocumentSymbol((p) =>
    withDoc(p.textDocument.uri, [], (doc) => documentSymbols(workspace.parsed(doc).ast)),
  );
  connection.onFoldingRanges((p) =>
    withDoc(p.textDocument.uri, [], (doc) => foldingRanges(workspace.parsed(doc).ast, lex(doc.getText()).comments)),
  );
  connection.onDocumentFormatting((p) =>
    withDoc(p.textDocument.uri, [] as TextEdit[], (doc) => {
      // `svc fmt`'s rule: a file with syntax errors is never rewritten.
      const parsed = workspace.parsed(doc);
      if (hasErrors(parsed.diagnostics)) return [];
      const formatted = print(parsed.ast);
      const text = doc.getText();
      return formatted === text
        ? []
        : [{ range: { start: doc.positionAt(0), end: doc.positionAt(text.length) }, newText: formatted }];
    }),
  );
  connection.languages.semanticTokens.on((p) =>
    withDoc(p.textDocument.uri, { data: [] }, (doc) => {
      const parsed = workspace.parsed(doc);
      const recipes = new Set(visibleRecipes(workspace, uriToPath(doc.uri), parsed.ast).map((r) => r.recipe.name.name));
      return semanticTokens(doc.getText(), parsed.ast, recipes);
    }),
  );
  connection.onCodeAction((p) => quickFixes(p.textDocument.uri, p.context.diagnostics));
}
