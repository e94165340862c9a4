/**
 * `svc chat`'s server from outside, over HTTP: the loopback guard of spec 5.2.3 against the ways
 * around it (rebound DNS names, look-alike hosts, user parts, foreign and `null` origins, a second
 * Origin header), the POST rules, and a message round trip through the scripted model.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChatServer, type ChatServer } from "../../runtime/chat/chat-server.js";
import { isLoopbackHost } from "../../runtime/chat/loopback-guard.js";
import type { Receipt } from "../../runtime/chat/receipt.js";
import { CopilotSession } from "../../runtime/chat/session.js";
import { rawRequest } from "../mcp/helpers.js";
import { FAKE_MODEL, startFakeOllama, type FakeOllama } from "./fake-ollama.js";

let fake: FakeOllama;
let session: CopilotSession;
let chat: ChatServer;
let port: number;
let home: string;

beforeAll(async () => {
  fake = await startFakeOllama();
  home = mkdtempSync(join(tmpdir(), "svc-chat-"));
  session = await CopilotSession.open(
    {
      HOME: home,
      SVC_SESSION_PROFILE: join(home, "p.json"),
      SVC_LLM_URL: fake.url,
      SVC_LLM_MODEL: FAKE_MODEL,
      SVC_MCP_TOKEN: "chat-secret-value-42",
    },
    "read-only",
  );
  chat = await startChatServer(session, { port: 0, turnTimeoutMs: 60_000 });
  port = Number(new URL(chat.url).port);
});
afterAll(async () => {
  await chat.close();
  await session.close();
  await fake.close();
  rmSync(home, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string>) => rawRequest(port, { method: "GET", path, headers });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(port, {
    method: "POST",
    path,
    body,
    headers: { host: `127.0.0.1:${port}`, "content-type": "application/json", ...headers },
  });

/** Bytes on a socket, for what an HTTP client library will not send (two Origin headers, HTTP/1.0). */
function rawBytes(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (out += d));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
  });
}

describe("loopback guard", () => {
  it("listens on 127.0.0.1 and serves the page to loopback names, with a strict content policy", async () => {
    expect(chat.url).toBe(`http://127.0.0.1:${port}/`);
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      "127.0.0.1",
      `127.5.6.7:${port}`,
    ]) {
      const r = await get("/", { host });
      expect(r.status, host).toBe(200);
      expect(r.body).toContain("<title>svc copilot</title>");
      expect(r.headers["content-security-policy"]).toMatch(/default-src 'none'; script-src 'self'/);
    }
  });

  it.each([
    "evil.example",
    "evil.example:80",
    "localhost.evil.example",
    "127.0.0.1.nip.io",
    "localhost.",
    "0.0.0.0",
    "127.1",
    "256.0.0.1",
    "127.0.0.256",
    "[::1].evil.example",
    "127.0.0.1@evil.example",
    "evil.example#@127.0.0.1",
    "127.0.0.1:99999",
    "[::ffff:127.0.0.1]",
    "192.168.1.10",
  ])("refuses Host %s with 403, on the page and on the API", async (host) => {
    expect((await get("/", { host })).status).toBe(403);
    const before = fake.requests.length;
    const r = await post("/api/message", JSON.stringify({ text: "hi" }), { host });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error).toMatchObject({ code: "forbidden" });
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    "http://evil.example",
    "null",
    "http://localhost.evil.example",
    "http://127.0.0.1@evil.example",
    "http://127.0.0.1.nip.io",
    "file://",
    "chrome-extension://abc",
    `http://127.0.0.1:${99999}`,
    "http://[::1]evil",
  ])("refuses Origin %s with 403 before the model is asked", async (origin) => {
    const before = fake.requests.length;
    const r = await post("/api/message", JSON.stringify({ text: "hi" }), { origin });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error.message).toMatch(/is not a loopback origin/);
    expect(fake.requests.length).toBe(before);
  });

  it("refuses a request without Host, and one with a second, foreign Origin", async () => {
    const noHost = await rawBytes("GET / HTTP/1.0\r\n\r\n");
    expect(noHost).toMatch(/^HTTP\/1\.1 (400|403) /);
    const twoOrigins = await rawBytes(
      `GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n`,
    );
    expect(twoOrigins).toMatch(/^HTTP\/1\.1 403 /);
  });

  it.each([
    ["loopback first, foreign second", `127.0.0.1:${"PORT"}`, "evil.example"],
    ["foreign first, loopback second", "evil.example", `127.0.0.1:${"PORT"}`],
    ["the same loopback name twice", `127.0.0.1:${"PORT"}`, `127.0.0.1:${"PORT"}`],
  ])("refuses two Host headers (%s) with 400 duplicate-host before anything runs", async (_label, first, second) => {
    const before = fake.requests.length;
    const fill = (h: string) => h.replace("PORT", String(port));
    const answer = await rawBytes(
      `POST /api/message HTTP/1.1\r\nHost: ${fill(first)}\r\nHost: ${fill(second)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{"text":"hi"}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    // The body may come chunked; the JSON object is the one brace-delimited span in it.
    const body = JSON.parse(/\{[\s\S]*\}/.exec(answer.slice(answer.indexOf("\r\n\r\n")))?.[0] ?? "null");
    expect(body.error).toMatchObject({ code: "duplicate-host" });
    expect(body.error.message).toMatch(/2 Host headers/);
    expect(fake.requests.length).toBe(before);
  });

  it("accepts only exact loopback spellings", () => {
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost("127.255.255.255:65535")).toBe(true);
    expect(isLoopbackHost("127.0.0.1:65536")).toBe(false);
    expect(isLoopbackHost(" 127.0.0.1")).toBe(false);
  });
});

describe("the API", () => {
  it("answers a message as NDJSON: each tool call, then the redacted receipt", async () => {
    fake.script(
      { toolCalls: [{ name: "search_operators", arguments: { query: "noise" } }] },
      { content: "Use noiseTOP. The token chat-secret-value-42 stays secret." },
    );
    const r = await post("/api/message", JSON.stringify({ text: "which operator makes noise?" }), {
      origin: `http://localhost:${port}`,
    });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/application\/x-ndjson/);
    const lines = r.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; tool?: string; ok?: boolean; receipt?: Receipt });
    expect(lines.map((l) => l.type)).toEqual(["call", "receipt"]);
    expect(lines[0]).toMatchObject({ tool: "search_operators", ok: true });
    expect(lines[1]!.receipt).toMatchObject({
      mode: "read-only",
      answer: "Use noiseTOP. The token [redacted] stays secret.",
      stop: "answer",
    });
    expect(r.body).not.toContain("chat-secret-value-42");
    // The second turn continues the conversation; a reset forgets it.
    fake.script({ content: "again" });
    await post("/api/message", JSON.stringify({ text: "and again?" }));
    expect(
      fake.requests
        .at(-1)!
        .messages.filter((m) => m.role === "user")
        .map((m) => m.content),
    ).toEqual(["which operator makes noise?", "and again?"]);
    expect((await post("/api/reset", "{}")).status).toBe(200);
    fake.script({ content: "fresh" });
    await post("/api/message", JSON.stringify({ text: "new start" }));
    expect(
      fake.requests
        .at(-1)!
        .messages.filter((m) => m.role === "user")
        .map((m) => m.content),
    ).toEqual(["new start"]);
  });

  it("refuses what is not a JSON message: another type, too large, not JSON, no text, wrong method or path", async () => {
    expect((await post("/api/message", "text=hi", { "content-type": "text/plain" })).status).toBe(415);
    expect(
      (await post("/api/message", "text=hi", { "content-type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await post("/api/message", JSON.stringify({ text: "x".repeat(40_000) }))).status).toBe(413);
    expect((await post("/api/message", "{not json")).status).toBe(400);
    expect((await post("/api/message", JSON.stringify({ prompt: "hi" }))).status).toBe(400);
    const empty = await post("/api/message", JSON.stringify({ text: "   " }));
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).error.message).toBe("the prompt is empty");
    expect((await get("/api/message", { host: `127.0.0.1:${port}` })).status).toBe(405);
    expect((await get("/etc/passwd", { host: `127.0.0.1:${port}` })).status).toBe(404);
  });

  it("runs one turn at a time", async () => {
    let release!: () => void;
    let arrived!: () => void;
    const reached = new Promise<void>((ok) => (arrived = ok));
    fake.script(() => {
      arrived();
      return { content: "slow answer", until: new Promise<void>((ok) => (release = ok)) };
    });
    const first = post("/api/message", JSON.stringify({ text: "one" }));
    await reached;
    const second = await post("/api/message", JSON.stringify({ text: "two" }));
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).error.code).toBe("busy");
    release();
    expect((await first).status).toBe(200);
  });

  it("cancels the turn when the page goes away, and takes the next message", async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((ok) => (arrived = ok));
    fake.script(() => {
      arrived();
      return { kind: "hang" };
    });
    // A page that closes while its turn runs: the request is dropped once the model has it.
    const dropped = new Promise<string>((resolve) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/message",
        headers: { "content-type": "application/json" },
      });
      req.on("error", (err) => resolve(err.message));
      req.end(JSON.stringify({ text: "never mind" }));
      void reached.then(() => req.destroy());
    });
    expect(await dropped).toMatch(/socket hang up|aborted/);
    fake.script({ content: "here" });
    // The cancelled turn ends at once; until it has, a message is refused as busy (nothing else).
    let next = await post("/api/message", JSON.stringify({ text: "still there?" }));
    for (let i = 0; i < 400 && next.status === 409; i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      next = await post("/api/message", JSON.stringify({ text: "still there?" }));
    }
    expect(next.status).toBe(200);
    expect(next.body).toContain('"answer":"here"');
  });
});
