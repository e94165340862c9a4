/**
 * The checks every HTTP request passes before any MCP code sees it. They defend a loopback
 * server against web pages: DNS rebinding (a foreign name resolving to 127.0.0.1 shows up in Host),
 * cross-site requests (Origin), form posts that skip CORS preflight (Content-Type), and, when a
 * token is set, any local process that does not know it.
 */
import { createHash, timingSafeEqual } from "node:crypto";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Splits `name:port` or `[v6]:port`; the name comes back lower-cased, the port as written. */
function splitHost(host: string): { name: string; port: string | undefined } {
  const bracketEnd = host.startsWith("[") ? host.indexOf("]") : -1;
  const colon = host.indexOf(":", bracketEnd + 1);
  if (colon < 0) return { name: host.toLowerCase(), port: undefined };
  return { name: host.slice(0, colon).toLowerCase(), port: host.slice(colon + 1) };
}

/** Host must be a loopback name with the port the server listens on. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const { name, port: given } = splitHost(host.trim());
  return LOOPBACK_NAMES.has(name) && given === String(port);
}

/** The Host values the server accepts, for the SDK's own DNS-rebinding check. */
export function allowedHostValues(port: number): string[] {
  return [...LOOPBACK_NAMES].map((name) => `${name}:${port}`);
}

/** No Origin (a non-browser client) is fine; a present one must be an http(s) loopback origin. */
export function originAllowed(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_NAMES.has(url.hostname.toLowerCase());
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * `Authorization: Bearer <token>`, compared in constant time. Both sides are hashed first so the
 * comparison takes the same time whatever the length of the guess.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const given = match?.[1] ?? "";
  const equal = timingSafeEqual(digest(given), digest(token));
  return match !== null && equal;
}
