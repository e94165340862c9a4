/** Reads a JSON request body with a size cap, without trusting Content-Length alone. */
import type { IncomingMessage } from "node:http";

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const tooLarge: BodyResult = {
    ok: false,
    status: 413,
    message: `payload too large: the body is over ${maxBytes} bytes`,
  };
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Drain without keeping anything, so the refusal can still be written on the connection.
    req.resume();
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on("error", () => resolve({ ok: false, status: 400, message: "the request body could not be read" }));
    req.on("end", () => {
      if (size > maxBytes) return resolve(tooLarge);
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        resolve({ ok: false, status: 400, message: "parse error: the body is not valid JSON" });
      }
    });
  });
}
