/**
 * The bounded model ↔ tools loop: ask the model, run the tools it calls, give it their results, until
 * it answers without a call or the step budget is spent. Which tools exist and what a call does is
 * the caller's (svc's own tools in a copilot turn, fixture tools in calibration); this file only
 * keeps the conversation well-formed and every part of it bounded.
 */
import type { OllamaClient } from "../copilot/ollama-client.js";
import type { ChatMessage, ChatUsage, ToolCall, ToolSpec } from "../copilot/ollama-wire.js";

/** What a tool call gave back, as the model will read it. */
export interface ToolCallResult {
  ok: boolean;
  /** Text for the model (JSON or a message); cut to MAX_TOOL_RESULT_CHARS. */
  text: string;
}

export interface ToolRunner {
  specs: readonly ToolSpec[];
  call(call: ToolCall, signal: AbortSignal | undefined): Promise<ToolCallResult>;
}

export interface LoopCall {
  step: number;
  name: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  /** The result as sent to the model (already cut). */
  result: string;
}

type LoopStop = "answer" | "max-steps";

export interface LoopResult {
  /** The model's final text (its last reply's text when the budget ran out). */
  content: string;
  stop: LoopStop;
  /** Model requests made. */
  steps: number;
  calls: LoopCall[];
  /** Calls the model asked for in its last reply that were not run because the budget was spent. */
  unrunCalls: ToolCall[];
  /** The whole conversation, ready to continue (a chat's next turn). */
  messages: ChatMessage[];
  usage: ChatUsage;
}

export interface LoopOptions {
  messages: readonly ChatMessage[];
  tools: ToolRunner;
  maxSteps: number;
  onToken?: (text: string) => void;
  /** Told about each call as it finishes (a chat page shows them live). */
  onCall?: (call: LoopCall) => void;
  signal?: AbortSignal;
  stream?: boolean;
  timeoutMs?: number;
}

const MAX_TOOL_RESULT_CHARS = 16_000;
/** A reply asking for more calls than this has the rest refused, not run. */
const MAX_CALLS_PER_STEP = 8;

function cut(text: string, max = MAX_TOOL_RESULT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[cut: ${text.length - max} more characters]`;
}

export async function runToolLoop(client: OllamaClient, options: LoopOptions): Promise<LoopResult> {
  const messages: ChatMessage[] = [...options.messages];
  const calls: LoopCall[] = [];
  const usage: ChatUsage = { promptTokens: 0, replyTokens: 0 };
  for (let step = 1; ; step++) {
    const reply = await client.chat({
      messages,
      tools: options.tools.specs,
      ...(options.stream !== undefined ? { stream: options.stream } : {}),
      ...(options.onToken ? { onToken: options.onToken } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    usage.promptTokens += reply.usage.promptTokens;
    usage.replyTokens += reply.usage.replyTokens;
    messages.push({
      role: "assistant",
      content: reply.content,
      ...(reply.toolCalls.length ? { toolCalls: reply.toolCalls } : {}),
    });
    if (reply.toolCalls.length === 0)
      return { content: reply.content, stop: "answer", steps: step, calls, unrunCalls: [], messages, usage };
    if (step >= options.maxSteps)
      return {
        content: reply.content,
        stop: "max-steps",
        steps: step,
        calls,
        unrunCalls: reply.toolCalls,
        messages,
        usage,
      };
    for (const [i, call] of reply.toolCalls.entries()) {
      const result: ToolCallResult =
        i < MAX_CALLS_PER_STEP
          ? await options.tools.call(call, options.signal)
          : {
              ok: false,
              text: `not run: at most ${MAX_CALLS_PER_STEP} tool calls are run per reply; call it again in your next reply`,
            };
      const text = cut(result.text);
      const done: LoopCall = { step, name: call.name, arguments: call.arguments, ok: result.ok, result: text };
      calls.push(done);
      options.onCall?.(done);
      messages.push({ role: "tool", toolName: call.name, content: text });
    }
  }
}
