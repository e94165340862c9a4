/**
 * Embeddings through the Ollama API (spec 4.6): `POST {embed_url}/api/embed` with
 * `{ model, input: [...] }`, answered `{ embeddings: [[...], ...] }`, or the legacy single
 * `{ embedding: [...] }`. Every failure is typed: the server unreachable, too slow, answering an
 * error, missing the model, or not giving exactly one vector per input.
 */
import { request } from "undici";
import { EmbedApiError, EmbedConnectionError, EmbedModelNotFoundError, EmbedTimeoutError } from "./errors.js";

/** A batch of 512 long vectors as JSON stays well under this. */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

export interface EmbedSettings {
  embedUrl: string;
  embedModel: string;
  embedTimeoutMs: number;
}

function failureOf(err: unknown, url: string, ms: number): Error {
  const code = (err as { code?: string }).code ?? "";
  const name = (err as Error).name;
  if (TIMEOUT_CODES.has(code) || name === "TimeoutError") return new EmbedTimeoutError(url, ms);
  return new EmbedConnectionError(url, code || (err as Error).message);
}

function serverMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error.slice(0, 300);
  } catch {
    // not JSON: the raw text, bounded
  }
  return text.slice(0, 300);
}

function vectorsOf(reply: unknown, inputs: number, url: string): number[][] {
  const body = reply as { embeddings?: unknown; embedding?: unknown };
  let vectors: unknown[];
  if (Array.isArray(body.embeddings)) vectors = body.embeddings;
  else if (Array.isArray(body.embedding)) vectors = [body.embedding];
  else throw new EmbedApiError(`the embeddings server at ${url} answered without "embeddings"`);
  // The guard of spec 4.6: exactly one vector per input, in every batch.
  if (vectors.length !== inputs)
    throw new EmbedApiError(
      `the embeddings server at ${url} returned ${vectors.length} vector(s) for ${inputs} input(s)`,
    );
  const width = Array.isArray(vectors[0]) ? vectors[0].length : 0;
  for (const v of vectors) {
    if (
      !Array.isArray(v) ||
      v.length === 0 ||
      v.length !== width ||
      !v.every((x) => typeof x === "number" && Number.isFinite(x))
    ) {
      throw new EmbedApiError(
        `the embeddings server at ${url} returned a vector that is not ${width || "a non-empty list of"} finite numbers`,
      );
    }
  }
  return vectors as number[][];
}

/** One request: the vectors of `inputs`, in order. */
export async function embed(settings: EmbedSettings, inputs: readonly string[]): Promise<number[][]> {
  const url = `${settings.embedUrl}/api/embed`;
  const ms = settings.embedTimeoutMs;
  const body = JSON.stringify({ model: settings.embedModel, input: inputs });
  let response;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await request(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        headersTimeout: ms,
        bodyTimeout: ms,
        signal: AbortSignal.timeout(ms),
      });
      break;
    } catch (err) {
      // A kept-alive connection the server closed while idle fails at once; embedding is
      // idempotent, so one fresh attempt tells a stale socket from a server that is down.
      if (attempt === 1 && STALE_SOCKET_CODES.has((err as { code?: string }).code ?? "")) continue;
      throw failureOf(err, settings.embedUrl, ms);
    }
  }
  let text: string;
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_REPLY_BYTES) {
        response.body.destroy();
        throw new EmbedApiError(
          `the embeddings server at ${settings.embedUrl} answered more than ${MAX_REPLY_BYTES} bytes`,
          response.statusCode,
        );
      }
      chunks.push(chunk as Buffer);
    }
    text = Buffer.concat(chunks).toString("utf8");
  } catch (err) {
    if (err instanceof EmbedApiError) throw err;
    throw failureOf(err, settings.embedUrl, ms);
  }
  if (response.statusCode === 404 && /model\b.*\bnot found/i.test(text))
    throw new EmbedModelNotFoundError(settings.embedModel, settings.embedUrl);
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw new EmbedApiError(
      `the embeddings server at ${settings.embedUrl} answered HTTP ${response.statusCode}: ${serverMessage(text)}`,
      response.statusCode,
    );
  }
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new EmbedApiError(`the embeddings server at ${settings.embedUrl} did not answer JSON`, response.statusCode);
  }
  return vectorsOf(reply, inputs.length, settings.embedUrl);
}
