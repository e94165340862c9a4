/**
 * Diagnostics as you type: each open document is checked after a pause in typing, and so is every
 * other open document that read it; what the live project reported for a document (plan/apply lenses)
 * is shown beside the compiler's until the document changes.
 */
import type { Connection, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../../diagnostics/index.js";
import { uriToPath } from "./convert.js";
import { documentDiagnostics } from "./diagnostics.js";
import type { Workspace } from "./workspace.js";

export class DocumentChecks {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** The files each open document's last check read: a change to one re-checks its readers. */
  private readonly reads = new Map<string, ReadonlySet<string>>();
  /** What the live project last reported for a document, shown until the document changes. */
  private readonly live = new Map<string, { version: number; diagnostics: Diagnostic[] }>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly workspace: Workspace,
    /** How long typing must pause before a document is checked again, in milliseconds. */
    public delayMs: number,
  ) {}

  /** Checks `doc` now and sends its diagnostics. */
  publish(doc: TextDocument): void {
    const analysis = this.workspace.analysis(doc);
    this.reads.set(doc.uri, new Set(analysis.program.sources.keys()));
    const parsed = this.workspace.parsed(doc);
    const reported = this.live.get(doc.uri);
    // The live run compiled the same text: keep only what the live project added.
    const added =
      reported?.version !== doc.version
        ? []
        : reported.diagnostics.filter(
            (d) =>
              !analysis.diagnostics.some(
                (a) => a.code === d.code && a.range.start.offset === d.range.start.offset && a.message === d.message,
              ),
          );
    const all = [...analysis.diagnostics, ...added];
    void this.connection.sendDiagnostics({
      uri: doc.uri,
      version: doc.version,
      diagnostics: documentDiagnostics(analysis.path, parsed.ast, all, this.workspace.host),
    });
  }

  /** Checks `doc` after a pause, and every other open document that reads it. */
  schedule(doc: TextDocument): void {
    const changed = uriToPath(doc.uri);
    for (const other of this.documents.all()) {
      if (other.uri !== doc.uri && this.reads.get(other.uri)?.has(changed) !== true) continue;
      clearTimeout(this.pending.get(other.uri));
      this.pending.set(
        other.uri,
        setTimeout(() => {
          this.pending.delete(other.uri);
          const current = this.documents.get(other.uri);
          if (current !== undefined) this.publish(current);
        }, this.delayMs),
      );
    }
  }

  /** Keeps what a live run reported for `doc` and shows it with the compiler's diagnostics. */
  reportLive(doc: TextDocument, diagnostics: Diagnostic[]): void {
    this.live.set(doc.uri, { version: doc.version, diagnostics });
    this.publish(doc);
  }

  /** A closed document: its pending check dropped and its diagnostics cleared. */
  close(uri: string): void {
    clearTimeout(this.pending.get(uri));
    this.pending.delete(uri);
    this.reads.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** Every pending check dropped (the server shuts down). */
  stop(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }
}
