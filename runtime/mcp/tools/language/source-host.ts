/**
 * What `import` and `file("...")` may read when source text comes over MCP: the workspace folder the
 * server was given (SVC_MCP_WORKSPACE), svc's own recipe library, and the roots the client offers
 * (MCP roots, `roots/list`, file URIs only) only when the server trusts that client (stdio, or HTTP
 * with a token or OAuth: client-roots-trust.ts); never the server's working directory or the rest of
 * the machine; links out of them are not followed. Only source is read: `.svcnet` imports, and
 * `file()` targets that are shader or Python source (MCP_SOURCE_EXTENSIONS), so no diagnostic can
 * quote another kind of file. Relative paths resolve in the first root. Loaded when a tool runs, so
 * that the server's start-up loads no compiler module.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ListRootsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CompilerHost } from "../../../../compiler/resolve/host.js";
import { recipesDir } from "../../../recipes/catalog.js";
import type { RequestExtra } from "../../logging.js";
import { clientRootsTrusted } from "../client-roots-trust.js";

/** What source sent over MCP may read: `.svcnet` imports and the shader and Python files `file()` names. */
export const MCP_SOURCE_EXTENSIONS = [
  ".svcnet",
  ".glsl",
  ".frag",
  ".vert",
  ".geom",
  ".comp",
  ".tesc",
  ".tese",
  ".py",
] as const;

/** How long a client may take to list its roots before the call goes on without them. */
const ROOTS_TIMEOUT_MS = 5_000;

/**
 * The folders the client offers as roots, or none: a client the server does not trust with its
 * roots, one without the roots capability (the SDK refuses to ask it), one that fails to answer,
 * or roots that are not `file:` URIs.
 */
export async function clientRoots(extra: RequestExtra | undefined): Promise<string[]> {
  if (extra === undefined || !clientRootsTrusted(extra)) return [];
  try {
    const listed = await extra.sendRequest({ method: "roots/list" }, ListRootsResultSchema, {
      timeout: ROOTS_TIMEOUT_MS,
    });
    return listed.roots.flatMap((r) => {
      try {
        return r.uri.startsWith("file:") ? [fileURLToPath(r.uri)] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

export async function mcpSourceHost(env: NodeJS.ProcessEnv = process.env, extra?: RequestExtra): Promise<CompilerHost> {
  const { confinedHost } = await import("../../../../compiler/resolve/confined-host.js");
  const offered = await clientRoots(extra);
  const workspace = env.SVC_MCP_WORKSPACE?.trim();
  const roots = [...offered, ...(workspace ? [resolve(workspace)] : []), recipesDir()];
  const named = [
    offered.length > 0 ? "the client's roots" : undefined,
    workspace ? "the workspace folder (SVC_MCP_WORKSPACE)" : undefined,
    "svc's recipes",
  ].filter(Boolean);
  const what = named.join(", ").replace(/, ([^,]+)$/, " and $1");
  return confinedHost(
    roots,
    offered.length > 0 || workspace
      ? what
      : `${what} (set SVC_MCP_WORKSPACE, or offer MCP roots from a trusted client, to let source read a folder of yours)`,
    MCP_SOURCE_EXTENSIONS,
  );
}
