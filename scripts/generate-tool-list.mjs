#!/usr/bin/env node
// Writes tools/list for every tool (dist/runtime/mcp/tools/tool-list.generated.json) from the built
// tool files, so an MCP server lists its tools without importing them. Part of `npm run build`, after tsc.
import { existsSync } from "node:fs";

const dist = new URL("../dist/runtime/mcp/tools/", import.meta.url);
if (!existsSync(new URL("all-tools.js", dist))) {
  console.error("generate-tool-list: dist/ is missing; run `npx tsc -p tsconfig.build.json` first (npm run build does both)");
  process.exit(1);
}
const { allTools } = await import(new URL("all-tools.js", dist).href);
const { checkCatalog } = await import(new URL("registry.js", dist).href);
const { listedTool } = await import(new URL("listed-tool.js", dist).href);
const { writeGeneratedToolList, GENERATED_TOOL_LIST_PATH } = await import(new URL("generated-tool-list.js", dist).href);

const problems = checkCatalog(allTools);
if (problems.length > 0) {
  console.error(`generate-tool-list: the tool registry is inconsistent:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
writeGeneratedToolList(allTools.map(listedTool));
console.log(`generate-tool-list: ${allTools.length} tools -> ${GENERATED_TOOL_LIST_PATH.slice(process.cwd().length + 1) || GENERATED_TOOL_LIST_PATH}`);
