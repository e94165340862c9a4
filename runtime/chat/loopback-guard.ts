/**
 * Spec 5.2.3: the copilot chat answers only requests whose Host, and Origin when there is one, is a
 * loopback name. A page on another site (its Origin) or a DNS name rebound to 127.0.0.1 (its Host)
 * gets 403 before anything runs. Strict on purpose: exactly `localhost`, a dotted 127.x.x.x address
 * or `[::1]`, with an optional port; no trailing dot, no other spelling, no user part.
 */
const LOOPBACK_NAME = /^(?:localhost|127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})|\[::1\])(?::(\d{1,5}))?$/i;

export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const m = LOOPBACK_NAME.exec(host);
  if (!m) return false;
  const octets = [m[1], m[2], m[3]].filter((o): o is string => o !== undefined).map(Number);
  const port = m[4] === undefined ? 0 : Number(m[4]);
  return octets.every((o) => o <= 255) && port <= 65535;
}

function isLoopbackOrigin(origin: string): boolean {
  // `Origin: null` (a sandboxed frame, a file) and anything that is not an http(s) origin is refused.
  const m = /^(https?):\/\/([^/?#@]+)$/i.exec(origin);
  return m !== null && isLoopbackHost(m[2]);
}

/** Why a request is refused, or null when its Host and Origin are loopback names. */
export function loopbackRefusal(headers: {
  host?: string | undefined;
  origin?: string | string[] | undefined;
}): string | null {
  if (!isLoopbackHost(headers.host)) return `Host '${headers.host ?? ""}' is not a loopback name`;
  const origin = headers.origin;
  if (origin !== undefined && (Array.isArray(origin) || !isLoopbackOrigin(origin)))
    return `Origin '${String(origin)}' is not a loopback origin`;
  return null;
}

/** How many Host headers a request carried (Node's `req.headers.host` shows only the first). */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === "host") count++;
  return count;
}
