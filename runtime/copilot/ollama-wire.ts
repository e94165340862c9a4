/**
 * The Ollama chat protocol's shapes (POST /api/chat) and the checks that turn a server's JSON into
 * them. Tool-call arguments are an object on the wire; a string of JSON (some models and older
 * servers) is accepted when it parses to an object, anything else is a malformed reply.
 */
import { LlmMalformedReplyError } from "./llm-errors.js";

type ChatRole = "system" | "user" | "assistant" | "tool";

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** Base64 images (no data: prefix), for vision models. */
  images?: string[];
  /** On an assistant message: the calls it made, sent back as history. */
  toolCalls?: ToolCall[];
  /** On a tool message: the tool whose result this is. */
  toolName?: string;
}

/** A tool offered to the model: a name, one sentence, and a JSON Schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatUsage {
  promptTokens: number;
  replyTokens: number;
}

export interface ChatReply {
  model: string;
  content: string;
  toolCalls: ToolCall[];
  /** Ollama's done_reason ("stop", "length", ...), or "" when the server gave none. */
  doneReason: string;
  usage: ChatUsage;
}

/** The request body as Ollama reads it. */
export function wireRequest(
  model: string,
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[],
  stream: boolean,
  temperature: number,
  format: "json" | Record<string, unknown> | undefined,
): Record<string, unknown> {
  return {
    model,
    stream,
    messages: messages.map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.images?.length ? { images: m.images } : {}),
      ...(m.toolCalls?.length
        ? { tool_calls: m.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) }
        : {}),
      ...(m.toolName ? { tool_name: m.toolName } : {}),
    })),
    ...(tools.length
      ? {
          tools: tools.map((t) => ({
            type: "function",
            function: { name: t.name, description: t.description, parameters: t.parameters },
          })),
        }
      : {}),
    ...(format !== undefined ? { format } : {}),
    options: { temperature },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function toolCallOf(raw: unknown, url: string): ToolCall {
  const fn = isObject(raw) ? raw.function : undefined;
  if (!isObject(fn) || typeof fn.name !== "string" || fn.name === "")
    throw new LlmMalformedReplyError(url, "a tool call without a function name");
  let args: unknown = fn.arguments ?? {};
  if (typeof args === "string") {
    try {
      args = args.trim() === "" ? {} : JSON.parse(args);
    } catch {
      throw new LlmMalformedReplyError(url, `the arguments of the call to '${fn.name}' are not JSON`);
    }
  }
  if (!isObject(args))
    throw new LlmMalformedReplyError(url, `the arguments of the call to '${fn.name}' are not an object`);
  return { name: fn.name, arguments: args };
}

/** One chunk (a stream line, or the whole non-streaming reply), checked. */
export interface WireChunk {
  model: string;
  content: string;
  toolCalls: ToolCall[];
  done: boolean;
  doneReason: string;
  promptTokens: number;
  replyTokens: number;
}

export function chunkOf(raw: unknown, url: string): WireChunk {
  if (!isObject(raw)) throw new LlmMalformedReplyError(url, "the reply is not a JSON object");
  const message = raw.message;
  if (message !== undefined && !isObject(message)) throw new LlmMalformedReplyError(url, '"message" is not an object');
  // The final stream line carries only statistics; every other chunk must carry a message.
  if (message === undefined && raw.done !== true) throw new LlmMalformedReplyError(url, 'a chunk without "message"');
  const content = message?.content ?? "";
  if (typeof content !== "string") throw new LlmMalformedReplyError(url, '"message.content" is not a string');
  const calls = message?.tool_calls ?? [];
  if (calls !== null && !Array.isArray(calls))
    throw new LlmMalformedReplyError(url, '"message.tool_calls" is not a list');
  const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
  return {
    model: typeof raw.model === "string" ? raw.model : "",
    content,
    toolCalls: (calls ?? []).map((c: unknown) => toolCallOf(c, url)),
    done: raw.done === true,
    doneReason: typeof raw.done_reason === "string" ? raw.done_reason : "",
    promptTokens: count(raw.prompt_eval_count),
    replyTokens: count(raw.eval_count),
  };
}

/** The error text of a body like {"error": "..."}, or the raw text, bounded. */
export function serverMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error.slice(0, 300);
  } catch {
    // not JSON: the raw text, bounded
  }
  return text.slice(0, 300);
}
