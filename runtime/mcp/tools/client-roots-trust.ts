/**
 * Whether the roots a client offers (MCP `roots/list`) may widen what the server reads. Only a client
 * the server has reason to trust: one on stdio (a process the user started) or one that proved itself
 * over HTTP (SVC_MCP_TOKEN or OAuth). An open HTTP server's client, which any local process can be,
 * reads only the folders the server was configured with. Untrusted unless a transport says so.
 */
const trusted = new WeakSet<object>();

/** Marks a request (its handler's `extra`) as coming from a client whose roots the server trusts. */
export function trustClientRoots(extra: object): void {
  trusted.add(extra);
}

export function clientRootsTrusted(extra: object | undefined): boolean {
  return extra !== undefined && trusted.has(extra);
}
