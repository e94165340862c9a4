/**
 * One question to the local model and its text answer: what the AI tools need (a plan as JSON, a
 * caption, a commentary), as opposed to the copilot's tool loop. A system message sets the task;
 * the user message carries the data (and images, for the vision model). An empty answer is a
 * malformed reply: every caller needs some text.
 */
import { LlmMalformedReplyError } from "./llm-errors.js";
import type { OllamaClient } from "./ollama-client.js";

export interface Question {
  system: string;
  user: string;
  /** Base64 PNGs, for the vision model. */
  images?: string[];
  /** The chat model unless given. */
  model?: string;
  /** A JSON schema the answer must follow (Ollama's structured output). */
  format?: Record<string, unknown>;
  signal?: AbortSignal;
}

export async function askModel(client: OllamaClient, q: Question): Promise<string> {
  const reply = await client.chat({
    messages: [
      { role: "system", content: q.system },
      { role: "user", content: q.user, ...(q.images?.length ? { images: q.images } : {}) },
    ],
    stream: false,
    ...(q.model ? { model: q.model } : {}),
    ...(q.format ? { format: q.format } : {}),
    ...(q.signal ? { signal: q.signal } : {}),
  });
  const text = reply.content.trim();
  if (text === "") throw new LlmMalformedReplyError(client.settings.url, "an empty answer");
  return text;
}
