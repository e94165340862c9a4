/**
 * MCP prompts: short walk-throughs that tell an assistant which svc tools to call in which order.
 * A prompt names the tools it relies on in `requires`; it is offered only when every one of them is
 * registered, so a prompt never points at a tool the client cannot call.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

export interface PromptDefinition<
  Args extends Record<string, z.ZodType<string | undefined>> = Record<string, z.ZodType<string | undefined>>,
> {
  name: string;
  title?: string;
  /** One plain sentence: what the walk-through achieves. */
  description: string;
  /** Prompt arguments are strings (MCP); describe each one briefly. */
  args: Args;
  /** Tools the text tells the assistant to call. */
  requires: readonly string[];
  /** The instruction text; `tools` are the tools this server registered, for optional steps. */
  build(args: { [K in keyof Args]: z.infer<Args[K]> }, tools: ReadonlySet<string>): string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPromptDefinition = PromptDefinition<any>;

export function definePrompt<Args extends Record<string, z.ZodType<string | undefined>>>(
  def: PromptDefinition<Args>,
): PromptDefinition<Args> {
  return def;
}

export function selectPrompts(
  all: readonly AnyPromptDefinition[],
  toolNames: ReadonlySet<string>,
): AnyPromptDefinition[] {
  return all.filter((p) => p.requires.every((t) => toolNames.has(t)));
}

export function registerPrompts(
  server: McpServer,
  prompts: readonly AnyPromptDefinition[],
  tools: ReadonlySet<string>,
): void {
  for (const p of prompts) {
    const callback = async (args: Record<string, string | undefined>): Promise<GetPromptResult> => ({
      description: p.description,
      messages: [{ role: "user", content: { type: "text", text: p.build(args, tools) } }],
    });
    const config = { description: p.description, argsSchema: p.args, ...(p.title ? { title: p.title } : {}) };
    (server.registerPrompt as (name: string, config: object, cb: typeof callback) => unknown).call(
      server,
      p.name,
      config,
      callback,
    );
  }
}
