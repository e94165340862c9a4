/**
 * Every tool the files under runtime/mcp/tools export, found by reading the sources rather than the
 * manifest, so that a tool file whose manifest line is missing is still seen.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AnyToolDefinition } from "../../runtime/mcp/tools/registry.js";

const TOOLS_DIR = fileURLToPath(new URL("../../runtime/mcp/tools/", import.meta.url));
/** `export const x = defineTool(...)`, and the recipe and settings tool factories. */
const TOOL_EXPORT = /^export const (\w+)(?::[^=]+)? = define\w*Tool\(/gm;

export interface ToolFile {
  /** Relative to runtime/mcp/tools, without extension: "network/plan-network". */
  file: string;
  exportName: string;
  tool: AnyToolDefinition;
}

export async function toolFiles(): Promise<ToolFile[]> {
  const sources = readdirSync(TOOLS_DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const found: ToolFile[] = [];
  for (const source of sources) {
    const path = join(TOOLS_DIR, source);
    for (const [, exportName = ""] of readFileSync(path, "utf8").matchAll(TOOL_EXPORT)) {
      const mod = (await import(path)) as Record<string, AnyToolDefinition>;
      found.push({
        file: relative(TOOLS_DIR, path).replace(/\.ts$/, "").split("\\").join("/"),
        exportName,
        tool: mod[exportName] as AnyToolDefinition,
      });
    }
  }
  return found;
}
