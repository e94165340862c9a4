/**
 * A tool as `tools/list` shows it, computed from its zod schemas exactly as the SDK's McpServer does
 * (same conversion, same options, same key order). The build writes these for every tool
 * (generated-tool-list.ts) so a server answers `tools/list` without importing the tool files;
 * `test/mcp/tool-list-generated.test.ts` checks this against the SDK's own registration.
 */
import { normalizeObjectSchema, objectFromShape } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { strictInput, type AnyToolDefinition } from "./registry.js";

export type ListedTool = Tool;

/** The SDK's registerTool gives every tool this execution hint. */
const EXECUTION = { taskSupport: "forbidden" } as const;

export function listedTool(tool: AnyToolDefinition): ListedTool {
  const input = normalizeObjectSchema(strictInput(tool));
  const listed: Record<string, unknown> = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: input
      ? toJsonSchemaCompat(input, { strictUnions: true, pipeStrategy: "input" })
      : { type: "object", properties: {} },
    annotations: tool.annotations,
    execution: EXECUTION,
  };
  if (tool.output) {
    const output = normalizeObjectSchema(objectFromShape(tool.output));
    if (output) listed.outputSchema = toJsonSchemaCompat(output, { strictUnions: true, pipeStrategy: "output" });
  }
  // What goes over the wire: keys left undefined are dropped, as JSON.stringify drops them.
  return JSON.parse(JSON.stringify(listed)) as ListedTool;
}
