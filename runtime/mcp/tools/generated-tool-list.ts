/**
 * `tools/list` for every tool, written at build time (`npm run build` runs
 * scripts/generate-build-indexes.mjs after tsc) next to this module in dist/. A server reads it instead
 * of importing each tool file and converting its zod schemas; a tool the file lacks (a build by tsc
 * alone after a tool was added) is converted live, so the answer is right either way.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ListedTool } from "./listed-tool.js";

/** The command that regenerates the file; named in every message about it. */
export const REGENERATE_TOOL_LIST = "npm run build";

export const GENERATED_TOOL_LIST_PATH = fileURLToPath(new URL("./tool-list.generated.json", import.meta.url));

let cached: ReadonlyMap<string, ListedTool> | undefined;

/** The generated listing by tool name; empty when there is none (running from sources). */
export function generatedToolList(): ReadonlyMap<string, ListedTool> {
  if (cached) return cached;
  const listed = existsSync(GENERATED_TOOL_LIST_PATH)
    ? (JSON.parse(readFileSync(GENERATED_TOOL_LIST_PATH, "utf8")) as ListedTool[])
    : [];
  cached = new Map(listed.map((t) => [t.name, t]));
  return cached;
}

export function writeGeneratedToolList(listed: readonly ListedTool[]): void {
  writeFileSync(GENERATED_TOOL_LIST_PATH, JSON.stringify(listed) + "\n");
  cached = undefined;
}
