/**
 * Typed failures of a bridge call. Each says in one line what went wrong and what to try,
 * so a CLI can print `message` and an MCP tool can return `kind` + `code`.
 */
export type BridgeErrorKind = "connection" | "timeout" | "http" | "bridge" | "protocol";

export class BridgeError extends Error {
  readonly kind: BridgeErrorKind;
  /** The bridge's error code for `bridge` failures; an HTTP-derived code otherwise. */
  readonly code: string;
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  /** Further fields of the bridge's error object (a failed batch names `index`, `action`, `cause`). */
  readonly details: Record<string, unknown>;

  constructor(
    kind: BridgeErrorKind,
    code: string,
    message: string,
    request: { method: string; path: string },
    status?: number,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.details = details;
    this.name = "BridgeError";
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.method = request.method;
    this.path = request.path;
  }

  /** A one-line form for terminals: what happened, where, and what to do. */
  oneLine(): string {
    return `${this.message} (${this.method} ${readablePath(this.path)})`;
  }
}

/**
 * A request path as a person reads it: the TouchDesigner paths in it decoded (they travel encoded
 * twice, see path.ts), so a message says `/api/network//project1/tunnel/state`, not `%252Fproject1%252F...`.
 */
function readablePath(path: string): string {
  const [route = "", query] = path.split("?", 2);
  const once = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const decoded = route
    .split("/")
    .map((segment) => once(once(segment)))
    .join("/");
  return query === undefined ? decoded : `${decoded}?${query}`;
}

export function connectionRefused(url: string, request: { method: string; path: string }): BridgeError {
  return new BridgeError(
    "connection",
    "connection_refused",
    `cannot reach the bridge at ${url}: nothing is listening. Start TouchDesigner with the bridge, or run 'svc sim'`,
    request,
  );
}

export function timedOut(url: string, ms: number, request: { method: string; path: string }): BridgeError {
  return new BridgeError("timeout", "timeout", `the bridge at ${url} did not answer within ${ms} ms`, request);
}

export function connectionLost(url: string, request: { method: string; path: string }): BridgeError {
  return new BridgeError(
    "connection",
    "connection_lost",
    `the bridge at ${url} closed the connection before answering in full (TouchDesigner may have stopped or reloaded the bridge)`,
    request,
  );
}
