/**
 * What of a URL or a text may be persisted by the creative repertoire. A URL is rebuilt from the parts
 * known to be safe (an http(s) scheme, host, port, path segments without `;` matrix parameters, and
 * query parameters whose name is not a credential's and whose value carries no secret, a nested URL
 * in a value rebuilt the same way); user parts and the fragment are never kept. Any text (a card, a
 * log line, an error) then has every configured secret value replaced wherever it appears, in any
 * case and in its percent-encoded forms, so a key a source echoes back in an odd place is caught too.
 */

const REDACTED = "[redacted]";

/** Parameter names that carry credentials, compared lower-case with `-` and `_` removed. */
const CREDENTIAL_NAMES = new Set([
  "key",
  "apikey",
  "wskey",
  "token",
  "accesstoken",
  "auth",
  "authorization",
  "signature",
  "sig",
  "clientsecret",
  "password",
  "secret",
]);
/** ...and any name ending like one (`x-api-key`, `refresh_token`, `client-password`). */
const CREDENTIAL_ENDINGS = /(?:key|token|secret|password)$/;

function isCredentialName(name: string): boolean {
  const bare = name.toLowerCase().replace(/[-_]/g, "");
  return CREDENTIAL_NAMES.has(bare) || CREDENTIAL_ENDINGS.test(bare);
}

/** The spellings of a secret that may appear in text: as is, and percent-encoded (once and twice). */
function spellings(secret: string): string[] {
  const once = encodeURIComponent(secret);
  return [...new Set([secret, once, encodeURIComponent(once)])].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `text` with every spelling of every secret replaced by `[redacted]`, case-insensitively. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const words = secrets.filter((s) => s.length > 0).flatMap(spellings);
  if (words.length === 0) return text;
  return text.replace(new RegExp(words.map(escapeRegExp).join("|"), "gi"), REDACTED);
}

function carriesSecret(text: string, secrets: readonly string[]): boolean {
  return redactSecrets(text, secrets) !== text || redactSecrets(safeDecode(text), secrets) !== safeDecode(text);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const NESTED_URL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/** A path segment without its matrix parameters (`;key=...`), and dropped whole when it carries a secret. */
function safeSegment(segment: string, secrets: readonly string[]): string {
  const bare = segment.split(";")[0]!;
  return carriesSecret(bare, secrets) ? "redacted" : bare;
}

/** One raw `name=value` pair of a query, kept as written (so an id hashed from the URL stays stable), or null. */
function safeQueryPair(pair: string, secrets: readonly string[], depth: number): string | null {
  const eq = pair.indexOf("=");
  const rawName = eq < 0 ? pair : pair.slice(0, eq);
  const rawValue = eq < 0 ? "" : pair.slice(eq + 1);
  const name = safeDecode(rawName.replace(/\+/g, " "));
  const value = safeDecode(rawValue.replace(/\+/g, " "));
  if (!name || isCredentialName(name) || carriesSecret(name, secrets)) return null;
  if (NESTED_URL.test(value)) {
    // A URL inside a parameter (a redirect target, a proxy) is cleaned the same way, a few levels deep.
    const inner = depth < 3 ? secretFreeUrl(value, secrets, depth + 1) : "";
    return inner ? `${rawName}=${encodeURIComponent(inner)}` : null;
  }
  return carriesSecret(value, secrets) ? null : pair;
}

/**
 * The URL as it may be persisted (see the file comment). A protocol-relative URL is read as https.
 * A URL that is not http(s) or cannot be parsed keeps only its text before any `?`, `#` or `;`.
 */
export function secretFreeUrl(url: string, secrets: readonly string[] = [], depth = 0): string {
  const text = url.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(text.startsWith("//") ? `https:${text}` : text);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
    return redactSecrets(text.split(/[?#;]/)[0]!, secrets);
  const path = parsed.pathname
    .split("/")
    .map((segment) => safeSegment(segment, secrets))
    .join("/");
  const query = parsed.search
    .slice(1)
    .split("&")
    .filter(Boolean)
    .map((pair) => safeQueryPair(pair, secrets, depth))
    .filter((pair): pair is string => pair !== null)
    .join("&");
  const host = parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  return redactSecrets(`${parsed.protocol}//${host}${path}${query ? `?${query}` : ""}`, secrets);
}

/** Every string inside a JSON-like value with the secrets redacted (for a card before it is written). */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === "string") return redactSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)])) as T;
  return value;
}
