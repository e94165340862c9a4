/**
 * What `import` and `file("...")` may read when source text comes over MCP: the workspace folder
 * the server was given (SVC_MCP_WORKSPACE) and svc's own recipe library, never the server's
 * working directory or the rest of the machine; links out of them are not followed. Loaded when a
 * tool runs, so that the server's start-up loads no compiler module.
 */
import { resolve } from "node:path";
import type { CompilerHost } from "../../../../compiler/resolve/host.js";
import { recipesDir } from "../../knowledge/recipes.js";

export async function mcpSourceHost(env: NodeJS.ProcessEnv = process.env): Promise<CompilerHost> {
  const { confinedHost } = await import("../../../../compiler/resolve/confined-host.js");
  const workspace = env.SVC_MCP_WORKSPACE?.trim();
  const roots = workspace ? [resolve(workspace), recipesDir()] : [recipesDir()];
  return confinedHost(roots, workspace ? "the workspace folder (SVC_MCP_WORKSPACE) and svc's recipes" : "svc's recipes (set SVC_MCP_WORKSPACE to let source read a folder of yours)");
}
