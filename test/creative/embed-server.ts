/**
 * A loopback server speaking the Ollama embed protocol (`POST /api/embed` with `{model, input}`),
 * with deterministic embeddings: a hashed bag of words, so texts sharing words score higher.
 * Modes make it fail the ways spec 7 names: an API error, a model not pulled, a reply that hangs,
 * the wrong number of vectors, or the legacy single-vector reply.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const DIMENSION = 64;
export const TEST_MODEL = "bag-of-words";

type EmbedMode = "ok" | "legacy" | "api-error" | "model-missing" | "hang" | "short";

/** The vector of a text: each word (lower-case, letters and digits) adds 1 at its hashed slot. */
export function bagOfWords(text: string): number[] {
  const v = new Array<number>(DIMENSION).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const h = createHash("sha256").update(word).digest();
    v[h.readUInt32BE(0) % DIMENSION]! += 1;
  }
  return v;
}

export interface EmbedServer {
  url: string;
  mode: EmbedMode;
  /** This many requests are answered normally before `mode` applies. */
  okFirst: number;
  /** Every request body received. */
  requests: Array<{ model: string; input: string[] }>;
  close(): Promise<void>;
}

export async function startEmbedServer(models: readonly string[] = [TEST_MODEL]): Promise<EmbedServer> {
  const state: EmbedServer = { url: "", mode: "ok", okFirst: 0, requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (req.method !== "POST" || req.url !== "/api/embed") return send(404, { error: "404 page not found" });
      const body = JSON.parse(raw) as { model: string; input: string | string[] };
      const input = Array.isArray(body.input) ? body.input : [body.input];
      state.requests.push({ model: body.model, input });
      const mode = state.requests.length > state.okFirst ? state.mode : "ok";
      if (mode === "hang") return; // never answers: the client's timeout must fire
      if (mode === "api-error") return send(500, { error: "llama runner process has terminated: out of memory" });
      if (mode === "model-missing" || !models.includes(body.model))
        return send(404, { error: `model "${body.model}" not found, try pulling it first` });
      const embeddings = input.map(bagOfWords);
      if (mode === "short") return send(200, { model: body.model, embeddings: embeddings.slice(1) });
      if (mode === "legacy") return send(200, { embedding: embeddings[0] });
      send(200, {
        model: body.model,
        embeddings,
        total_duration: 1000,
        load_duration: 10,
        prompt_eval_count: input.length,
      });
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return state;
}
