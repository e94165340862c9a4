/**
 * Typed failures of the creative repertoire (spec 7). Each names what failed and what to do; the CLI
 * prints them as one line and exits 1, and a server that reads the repertoire is never affected.
 */
export class CreativeError extends Error {
  /** Stable, machine-readable: printed by the CLI and returned by the MCP surface. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "CreativeError";
    this.code = code;
  }
}

/** A configuration variable with a value outside its range (spec 8.1). */
export class CreativeConfigError extends CreativeError {
  constructor(message: string) {
    super("config", message);
    this.name = "CreativeConfigError";
  }
}

/** The data directory (SVC_RAG_DATA_DIR) cannot be created or written. */
export class DataDirError extends CreativeError {
  readonly path: string;
  constructor(path: string, cause: string) {
    super(
      "data-dir-unwritable",
      `the creative data directory ${path} is not writable (${cause}); set SVC_RAG_DATA_DIR to a folder you can write`,
    );
    this.name = "DataDirError";
    this.path = path;
  }
}

/** The embeddings server could not be reached at all. */
export class EmbedConnectionError extends CreativeError {
  constructor(url: string, cause: string) {
    super(
      "embed-connection",
      `cannot reach the embeddings server at ${url} (${cause}); start it (ollama serve) or set SVC_RAG_OLLAMA_URL`,
    );
    this.name = "EmbedConnectionError";
  }
}

/** The embeddings server took longer than the timeout to answer. */
export class EmbedTimeoutError extends CreativeError {
  constructor(url: string, ms: number) {
    super("embed-timeout", `the embeddings server at ${url} did not answer within ${ms} ms`);
    this.name = "EmbedTimeoutError";
  }
}

/** The embeddings server answered, but with an error or a reply that is not one vector per input. */
export class EmbedApiError extends CreativeError {
  readonly status: number | undefined;
  constructor(message: string, status?: number, code = "embed-api") {
    super(code, message);
    this.name = "EmbedApiError";
    this.status = status;
  }
}

/** The model is not pulled on the embeddings server (Ollama answers 404 "model ... not found"). */
export class EmbedModelNotFoundError extends EmbedApiError {
  readonly model: string;
  constructor(model: string, url: string) {
    super(
      `the embeddings server at ${url} has no model '${model}'; pull it (ollama pull ${model}) or set SVC_RAG_EMBED_MODEL`,
      404,
      "embed-model-not-found",
    );
    this.name = "EmbedModelNotFoundError";
    this.model = model;
  }
}

/** `index --rebuild` stopped before every card was embedded; the old index is untouched. */
export class IndexRebuildError extends CreativeError {
  /** The code of what stopped it (`embed-connection`, `embed-timeout`, ...), when it is a repertoire failure. */
  readonly causeCode: string | undefined;
  constructor(cause: unknown, keptRows: number, embedded: number, total: number) {
    const causeCode = cause instanceof CreativeError ? cause.code : undefined;
    const why = (cause as Error)?.message ?? String(cause);
    super(
      "index-rebuild-failed",
      `the rebuild stopped after ${embedded} of ${total} cards (${why}${causeCode ? ` [${causeCode}]` : ""}); ` +
        `the old index (${keptRows} row${keptRows === 1 ? "" : "s"}) is kept as it was: fix the cause and run \`svc creative-rag index --rebuild\` again`,
    );
    this.name = "IndexRebuildError";
    this.causeCode = causeCode;
  }
}

/** A source answered with something its adapter cannot read (wrong shape, HTTP error). */
export class SourceError extends CreativeError {
  readonly source: string;
  readonly status: number | undefined;
  constructor(source: string, message: string, status?: number) {
    super("source", `${source}: ${message}`);
    this.name = "SourceError";
    this.source = source;
    this.status = status;
  }
}

/** A card or index file that cannot be read back. */
export class CardFormatError extends CreativeError {
  constructor(file: string, problem: string) {
    super("card-format", `${file}: ${problem}`);
    this.name = "CardFormatError";
  }
}
