/**
 * A loopback server speaking Ollama's chat protocol, answering from a script: each POST /api/chat
 * takes the next scripted reply. Streaming (Ollama's default) answers NDJSON: the text in pieces, the
 * tool calls in one chunk, then a final `done` chunk with statistics; `"stream": false` answers one
 * object. Scripted failures: an HTTP error, a body that is not the protocol, an error line mid-stream,
 * a stream cut before `done`, a reply that never comes and one that trickles.
 * GET /api/tags and /api/version answer as Ollama does, for model identity.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_MODEL = "fake-tools:latest";
export const FAKE_DIGEST = "sha256:4c1e1c6a5f0e2b7d9a3f8e6d5c4b3a29180706f5e4d3c2b1a09f8e7d6c5b4a39";

interface ScriptedToolCall {
  name: string;
  /** An object as Ollama sends it; a string to script a model that sends JSON text. */
  arguments: unknown;
}

export type Scripted =
  | {
      kind?: "reply";
      content?: string;
      toolCalls?: ScriptedToolCall[];
      doneReason?: string;
      delayMs?: number;
      until?: Promise<void>;
    }
  | { kind: "http-error"; status: number; error: string }
  | { kind: "raw"; body: string; status?: number; contentType?: string }
  | { kind: "stream-error"; content: string; error: string }
  | { kind: "cut-stream"; content: string }
  | { kind: "hang" }
  | { kind: "trickle"; content: string; gapMs: number };

export interface FakeChatRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string; images?: string[]; tool_calls?: unknown[]; tool_name?: string }>;
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: unknown } }>;
  options?: { temperature?: number };
  format?: unknown;
}

export type ScriptStep = Scripted | ((request: FakeChatRequest) => Scripted);

export interface FakeOllama {
  url: string;
  /** Every chat request body received, in order. */
  requests: FakeChatRequest[];
  /** Appends replies to the script. */
  script(...steps: ScriptStep[]): void;
  /** Scripted replies not yet used. */
  remaining(): number;
  close(): Promise<void>;
}

const STATS = {
  total_duration: 5_191_566,
  load_duration: 2_154,
  prompt_eval_count: 26,
  prompt_eval_duration: 383_809,
  eval_count: 12,
  eval_duration: 4_799_921,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

function wireCalls(calls: readonly ScriptedToolCall[]): unknown[] {
  return calls.map((c, index) => ({ function: { index, name: c.name, arguments: c.arguments } }));
}

/** Text in pieces of a word or so, as a model streams it. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function answer(step: Scripted, body: FakeChatRequest, res: ServerResponse): Promise<void> {
  const at = () => new Date().toISOString();
  const line = (obj: unknown) => res.write(`${JSON.stringify(obj)}\n`);
  const chunk = (content: string, extra: Record<string, unknown> = {}) =>
    line({ model: body.model, created_at: at(), message: { role: "assistant", content, ...extra }, done: false });
  const ndjson = () => res.writeHead(200, { "content-type": "application/x-ndjson" });
  switch (step.kind) {
    case "hang":
      return; // never answers: the client's deadline must fire
    case "http-error":
      return send(res, step.status, { error: step.error });
    case "raw":
      res.writeHead(step.status ?? 200, { "content-type": step.contentType ?? "application/json" }).end(step.body);
      return;
    case "stream-error":
      ndjson();
      for (const p of pieces(step.content)) chunk(p);
      line({ error: step.error });
      res.end();
      return;
    case "cut-stream":
      ndjson();
      for (const p of pieces(step.content)) chunk(p);
      res.end();
      return;
    case "trickle":
      ndjson();
      for (const p of pieces(step.content)) {
        if (res.destroyed) return;
        chunk(p);
        await sleep(step.gapMs);
      }
      if (!res.destroyed)
        res.end(
          `${JSON.stringify({ model: body.model, created_at: at(), message: { role: "assistant", content: "" }, done_reason: "stop", done: true, ...STATS })}\n`,
        );
      return;
    default: {
      if (step.delayMs) await sleep(step.delayMs);
      if (step.until) await step.until;
      if (res.destroyed) return;
      const calls = step.toolCalls ?? [];
      const content = step.content ?? "";
      const doneReason = step.doneReason ?? "stop";
      if (!body.stream) {
        return send(res, 200, {
          model: body.model,
          created_at: at(),
          message: { role: "assistant", content, ...(calls.length ? { tool_calls: wireCalls(calls) } : {}) },
          done_reason: doneReason,
          done: true,
          ...STATS,
        });
      }
      ndjson();
      for (const p of pieces(content)) chunk(p);
      if (calls.length) chunk("", { tool_calls: wireCalls(calls) });
      res.end(
        `${JSON.stringify({ model: body.model, created_at: at(), message: { role: "assistant", content: "" }, done_reason: doneReason, done: true, ...STATS })}\n`,
      );
    }
  }
}

export async function startFakeOllama(
  steps: ScriptStep[] = [],
  models: readonly string[] = [FAKE_MODEL],
): Promise<FakeOllama> {
  const queue: ScriptStep[] = [...steps];
  const requests: FakeChatRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method === "GET" && req.url === "/api/version") return send(res, 200, { version: "0.12.6" });
    if (req.method === "GET" && req.url === "/api/tags") {
      return send(res, 200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: "2026-01-01T00:00:00Z",
          size: 1_000_000,
          digest: FAKE_DIGEST.replace(/^sha256:/, ""),
          details: { format: "gguf", family: "fake", parameter_size: "1B", quantization_level: "Q4_0" },
        })),
      });
    }
    if (req.method !== "POST" || req.url !== "/api/chat")
      return res.writeHead(404, { "content-type": "text/plain" }).end("404 page not found");
    let body: FakeChatRequest;
    try {
      const parsed = JSON.parse(raw) as Partial<FakeChatRequest> & { stream?: boolean };
      body = { ...(parsed as FakeChatRequest), stream: parsed.stream !== false };
    } catch {
      return send(res, 400, { error: "invalid character looking for beginning of value" });
    }
    if (typeof body.model !== "string" || body.model === "") return send(res, 400, { error: "model is required" });
    if (!models.includes(body.model))
      return send(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
    requests.push(body);
    const next = queue.shift();
    if (next === undefined)
      return send(res, 500, { error: `fake ollama: no scripted reply left for request ${requests.length}` });
    void answer(typeof next === "function" ? next(body) : next, body, res);
  };
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(parts).toString("utf8")));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    script: (...more) => void queue.push(...more),
    remaining: () => queue.length,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
