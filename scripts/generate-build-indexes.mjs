#!/usr/bin/env node
// Part of `npm run build`, after tsc: writes, from the built modules, what lets svc start without
// importing what it does not run:
// - dist/runtime/mcp/tools/tool-list.generated.json: tools/list for every tool (runtime/mcp/tools/generated-tool-list.ts)
// - dist/runtime/cli/command-index.generated.json: which module holds each command, and its declaration (runtime/cli/command-index.ts)
// - dist/runtime/mcp/resources/resource-index.generated.json: every resource's registration and module (runtime/mcp/resources/resource-index.ts)
import { existsSync, readdirSync, writeFileSync } from "node:fs";

const dist = new URL("../dist/", import.meta.url);
if (!existsSync(new URL("runtime/cli/commands/index.js", dist))) {
  console.error(
    "generate-build-indexes: dist/ is missing; run `npx tsc -p tsconfig.build.json` first (npm run build does both)",
  );
  process.exit(1);
}
const built = (path) => import(new URL(path, dist).href);

// tools/list, converted from every tool's zod schemas as the SDK converts them
const { allTools } = await built("runtime/mcp/tools/all-tools.js");
const { checkCatalog } = await built("runtime/mcp/tools/registry.js");
const { listedTool } = await built("runtime/mcp/tools/listed-tool.js");
const { writeGeneratedToolList } = await built("runtime/mcp/tools/generated-tool-list.js");
const problems = checkCatalog(allTools);
if (problems.length > 0) {
  console.error(`generate-build-indexes: the tool registry is inconsistent:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
writeGeneratedToolList(allTools.map(listedTool));

// the module of each svc command, found by identity among the command modules' exports
const { svcCommands, svcGroups } = await built("runtime/cli/commands/index.js");
const { commandIndex, commandListSource, COMMAND_INDEX_PATH } = await built("runtime/cli/command-index.js");
/** The exports of every module of a built folder but `skip`, by file name. */
async function modulesOf(folder, skip) {
  const dir = new URL(folder, dist);
  const modules = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".js") && !skip.includes(f))
    .sort())
    modules.set(file, await import(new URL(file, dir).href));
  return modules;
}
const index = commandIndex(
  svcCommands,
  await modulesOf("runtime/cli/commands/", ["index.js"]),
  svcGroups,
  commandListSource(),
);
writeFileSync(COMMAND_INDEX_PATH, JSON.stringify(index) + "\n");
const entries = index.commands;

// every resource's registration and module, with the catalog's text it was made from
const { allResources } = await built("runtime/mcp/resources/all-resources.js");
const { indexResources, catalogSource, RESOURCE_INDEX_PATH } = await built("runtime/mcp/resources/resource-index.js");
const resourceIndex = indexResources(
  allResources,
  await modulesOf("runtime/mcp/resources/", ["catalog.js", "all-resources.js"]),
  catalogSource(),
);
writeFileSync(RESOURCE_INDEX_PATH, JSON.stringify(resourceIndex) + "\n");
console.log(
  `generate-build-indexes: ${allTools.length} tools listed, ${entries.length} of ${svcCommands.length} commands and ${resourceIndex.resources.length} resources indexed`,
);
