/**
 * A bounded client of Ollama's chat API (POST /api/chat): messages (with images for vision models),
 * tools the model may call, streaming or not. Every request has a deadline (headers and body
 * together), every reply a byte cap, and every failure is a typed LlmError; nothing here loops,
 * so the number of model requests is the caller's (see tool-loop.ts).
 */
import { request } from "undici";
import type { LlmConfig } from "./llm-config.js";
import {
  LlmApiError,
  LlmCancelledError,
  LlmConnectionError,
  LlmMalformedReplyError,
  LlmModelNotFoundError,
  LlmReplyTooLargeError,
  LlmTimeoutError,
} from "./llm-errors.js";
import {
  chunkOf,
  serverMessage,
  wireRequest,
  type ChatMessage,
  type ChatReply,
  type ToolCall,
  type ToolSpec,
  type WireChunk,
} from "./ollama-wire.js";

export interface ChatOptions {
  messages: readonly ChatMessage[];
  tools?: readonly ToolSpec[];
  /** Stream the reply (Ollama's default); onToken then sees the text as it comes. */
  stream?: boolean;
  onToken?: (text: string) => void;
  /** The chat model unless given (a vision tool passes the vision model). */
  model?: string;
  temperature?: number;
  /** "json" or a JSON Schema: Ollama's structured output. */
  format?: "json" | Record<string, unknown>;
  /** Shorter than the configured timeout, never longer. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ModelInfo {
  name: string;
  /** The exact build of the model (Ollama's manifest digest). */
  digest: string;
}

export type OllamaSettings = Pick<LlmConfig, "url" | "model" | "temperature" | "timeoutMs" | "maxReplyBytes">;

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);

export class OllamaClient {
  constructor(readonly settings: OllamaSettings) {}

  /** One model request: the reply's text and the tool calls it asks for. */
  async chat(options: ChatOptions): Promise<ChatReply> {
    const stream = options.stream ?? true;
    const model = options.model ?? this.settings.model;
    const body = wireRequest(
      model,
      options.messages,
      options.tools ?? [],
      stream,
      options.temperature ?? this.settings.temperature,
      options.format,
    );
    const ms = Math.min(options.timeoutMs ?? this.settings.timeoutMs, this.settings.timeoutMs);
    const { status, lines } = await this.post("/api/chat", body, ms, options.signal);
    if (!stream || status < 200 || status >= 300) {
      const text = await this.collect(lines);
      this.throwOnHttpError(status, text, model);
      return this.single(text);
    }
    return this.streamed(lines, options.onToken);
  }

  /** The models the server has pulled, with their exact build digests (GET /api/tags). */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<ModelInfo[]> {
    const { status, lines } = await this.send("GET", "/api/tags", undefined, this.settings.timeoutMs, options.signal);
    const text = await this.collect(lines);
    this.throwOnHttpError(status, text, this.settings.model);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LlmMalformedReplyError(this.settings.url, "/api/tags did not answer JSON");
    }
    const models = (parsed as { models?: unknown }).models;
    if (!Array.isArray(models))
      throw new LlmMalformedReplyError(this.settings.url, '/api/tags answered without "models"');
    return models
      .filter(
        (m): m is { name: string; digest?: unknown } =>
          typeof m === "object" && m !== null && typeof (m as { name?: unknown }).name === "string",
      )
      .map((m) => ({ name: m.name, digest: typeof m.digest === "string" ? m.digest : "" }));
  }

  private post(path: string, body: unknown, ms: number, signal: AbortSignal | undefined) {
    return this.send("POST", path, JSON.stringify(body), ms, signal);
  }

  /** Sends, and yields the body as it comes, each piece counted against the byte cap and the deadline. */
  private async send(
    method: "GET" | "POST",
    path: string,
    body: string | undefined,
    ms: number,
    signal: AbortSignal | undefined,
  ) {
    const url = `${this.settings.url}${path}`;
    const deadline = AbortSignal.timeout(ms);
    const both = signal ? AbortSignal.any([deadline, signal]) : deadline;
    const fail = (err: unknown): Error => {
      if (signal?.aborted) return new LlmCancelledError();
      const code = (err as { code?: string }).code ?? "";
      if (deadline.aborted || TIMEOUT_CODES.has(code) || (err as Error).name === "TimeoutError")
        return new LlmTimeoutError(this.settings.url, ms);
      return new LlmConnectionError(this.settings.url, code || (err as Error).message);
    };
    let response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await request(url, {
          method,
          headers: body ? { "content-type": "application/json" } : {},
          body,
          headersTimeout: ms,
          bodyTimeout: ms,
          signal: both,
        });
        break;
      } catch (err) {
        // A kept-alive socket the server closed while idle fails at once, before anything was
        // processed; one fresh attempt tells it from a server that is down.
        if (attempt === 1 && STALE_SOCKET_CODES.has((err as { code?: string }).code ?? "") && !both.aborted) continue;
        throw fail(err);
      }
    }
    const limit = this.settings.maxReplyBytes;
    const source = response.body;
    const serverUrl = this.settings.url;
    async function* lines(): AsyncGenerator<string> {
      let size = 0;
      let pending = "";
      try {
        for await (const piece of source) {
          size += (piece as Buffer).length;
          if (size > limit) {
            source.destroy();
            throw new LlmReplyTooLargeError(serverUrl, limit);
          }
          pending += (piece as Buffer).toString("utf8");
          let nl: number;
          while ((nl = pending.indexOf("\n")) >= 0) {
            yield pending.slice(0, nl);
            pending = pending.slice(nl + 1);
          }
        }
      } catch (err) {
        if (err instanceof LlmReplyTooLargeError) throw err;
        throw fail(err);
      }
      if (pending !== "") yield pending;
    }
    return { status: response.statusCode, lines: lines() };
  }

  private async collect(lines: AsyncIterable<string>): Promise<string> {
    const parts: string[] = [];
    for await (const line of lines) parts.push(line);
    return parts.join("\n");
  }

  private throwOnHttpError(status: number, text: string, model: string): void {
    if (status === 404 && /model\b.*\bnot found/i.test(text)) throw new LlmModelNotFoundError(model, this.settings.url);
    if (status < 200 || status >= 300)
      throw new LlmApiError(
        `the model server at ${this.settings.url} answered HTTP ${status}: ${serverMessage(text)}`,
        status,
      );
  }

  private parse(text: string): unknown {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LlmMalformedReplyError(this.settings.url, `not JSON: ${JSON.stringify(text.slice(0, 80))}`);
    }
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === "string")
      throw new LlmApiError(`the model server at ${this.settings.url} reported: ${error.slice(0, 300)}`);
    return parsed;
  }

  private single(text: string): ChatReply {
    const chunk = chunkOf(this.parse(text), this.settings.url);
    if (!chunk.done) throw new LlmMalformedReplyError(this.settings.url, 'a non-streaming reply without "done": true');
    return replyOf([chunk]);
  }

  /** NDJSON: one object a line; an {"error"} line fails the request; the stream must end with done. */
  private async streamed(
    lines: AsyncIterable<string>,
    onToken: ((text: string) => void) | undefined,
  ): Promise<ChatReply> {
    const chunks: WireChunk[] = [];
    for await (const line of lines) {
      if (line.trim() === "") continue;
      const chunk = chunkOf(this.parse(line), this.settings.url);
      chunks.push(chunk);
      if (chunk.content && onToken) onToken(chunk.content);
      if (chunk.done) return replyOf(chunks);
    }
    throw new LlmMalformedReplyError(this.settings.url, 'the stream ended before a chunk with "done": true');
  }
}

function replyOf(chunks: readonly WireChunk[]): ChatReply {
  const last = chunks[chunks.length - 1]!;
  const toolCalls: ToolCall[] = chunks.flatMap((c) => c.toolCalls);
  return {
    model: last.model || chunks.find((c) => c.model)?.model || "",
    content: chunks.map((c) => c.content).join(""),
    toolCalls,
    doneReason: last.doneReason,
    usage: { promptTokens: last.promptTokens, replyTokens: last.replyTokens },
  };
}
