import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { llmConfigFromEnv, llmConfigured, urlFromOllamaHost } from "../../runtime/copilot/llm-config.js";
import { LlmError } from "../../runtime/copilot/llm-errors.js";
import { OllamaClient, type OllamaSettings } from "../../runtime/copilot/ollama-client.js";
import { runToolLoop, type ToolRunner } from "../../runtime/chat/tool-loop.js";
import { FAKE_DIGEST, FAKE_MODEL, startFakeOllama, type FakeOllama } from "./fake-ollama.js";

let fake: FakeOllama;
let settings: OllamaSettings;
const client = (over: Partial<OllamaSettings> = {}) => new OllamaClient({ ...settings, ...over });

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

beforeAll(async () => {
  fake = await startFakeOllama();
  settings = { url: fake.url, model: FAKE_MODEL, temperature: 0.2, timeoutMs: 30_000, maxReplyBytes: 1024 * 1024 };
});
afterAll(() => fake.close());

describe("settings", () => {
  it("is off until a model is named, then has the tier's defaults", () => {
    expect(llmConfigured({})).toBe(false);
    expect(() => llmConfigFromEnv({})).toThrow(/SVC_LLM_MODEL/);
    const c = llmConfigFromEnv({ SVC_LLM_MODEL: "qwen3:8b" });
    expect(c).toMatchObject({
      url: "http://127.0.0.1:11434",
      model: "qwen3:8b",
      visionModel: "qwen3:8b",
      tier: "medium",
      maxSteps: 8,
      maxTools: 16,
      temperature: 0.2,
    });
    expect(llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_TIER: "small" })).toMatchObject({ maxSteps: 4, maxTools: 8 });
    expect(
      llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_TIER: "small", SVC_LLM_MAX_STEPS: "6", SVC_LLM_TEMPERATURE: "0" }),
    ).toMatchObject({ maxSteps: 6, temperature: 0 });
  });

  it("reads the server from SVC_LLM_URL first, then Ollama's own OLLAMA_HOST", () => {
    expect(llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_URL: "http://127.0.0.1:9/", OLLAMA_HOST: "x:1" }).url).toBe(
      "http://127.0.0.1:9",
    );
    expect(llmConfigFromEnv({ SVC_LLM_MODEL: "m", OLLAMA_HOST: "0.0.0.0" }).url).toBe("http://127.0.0.1:11434");
    expect(urlFromOllamaHost("127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    expect(urlFromOllamaHost(":7000")).toBe("http://127.0.0.1:7000");
    expect(urlFromOllamaHost("https://models.example")).toBe("https://models.example");
  });

  it("names the variable and its range when a value is wrong", () => {
    expect(() => llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_TIER: "huge" })).toThrow(
      /SVC_LLM_TIER must be small, medium or large, not 'huge'/,
    );
    expect(() => llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_MAX_STEPS: "0" })).toThrow(
      /SVC_LLM_MAX_STEPS must be a whole number from 1 to 32/,
    );
    expect(() => llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_MAX_STEPS: "2.5" })).toThrow(/SVC_LLM_MAX_STEPS/);
    expect(() => llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_TEMPERATURE: "3" })).toThrow(
      /SVC_LLM_TEMPERATURE must be a number from 0 to 2, not '3'/,
    );
    expect(() => llmConfigFromEnv({ SVC_LLM_MODEL: "m", SVC_LLM_URL: "ftp://x" })).toThrow(
      /SVC_LLM_URL must be an http\(s\) URL/,
    );
  });
});

describe("chat", () => {
  it("sends the Ollama request shape and reads a non-streaming tool call", async () => {
    fake.script({ content: "", toolCalls: [{ name: "get_td_info", arguments: { verbose: true } }] });
    const before = fake.requests.length;
    const reply = await client().chat({
      stream: false,
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "what is this?", images: ["iVBORw0KGgo="] },
      ],
      tools: [
        {
          name: "get_td_info",
          description: "The environment's version.",
          parameters: { type: "object", properties: { verbose: { type: "boolean" } } },
        },
      ],
    });
    expect(reply.toolCalls).toEqual([{ name: "get_td_info", arguments: { verbose: true } }]);
    expect(reply).toMatchObject({
      model: FAKE_MODEL,
      doneReason: "stop",
      usage: { promptTokens: 26, replyTokens: 12 },
    });
    const sent = fake.requests[before]!;
    expect(sent).toMatchObject({ model: FAKE_MODEL, stream: false, options: { temperature: 0.2 } });
    expect(sent.messages[1]).toEqual({ role: "user", content: "what is this?", images: ["iVBORw0KGgo="] });
    expect(sent.tools?.[0]).toMatchObject({
      type: "function",
      function: { name: "get_td_info", parameters: { type: "object" } },
    });
  });

  it("assembles a streamed reply and hands each piece to onToken", async () => {
    fake.script({
      content: "The tunnel feeds back into itself.",
      toolCalls: [{ name: "find_td_nodes", arguments: '{"pattern": "noise*"}' }],
    });
    const seen: string[] = [];
    const reply = await client().chat({ messages: [{ role: "user", content: "hi" }], onToken: (t) => seen.push(t) });
    expect(reply.content).toBe("The tunnel feeds back into itself.");
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.join("")).toBe(reply.content);
    // A model that sends its arguments as JSON text still gives an object.
    expect(reply.toolCalls).toEqual([{ name: "find_td_nodes", arguments: { pattern: "noise*" } }]);
    expect(fake.requests.at(-1)!.stream).toBe(true);
  });

  it("sends the history of tool calls and tool results back", async () => {
    fake.script({ content: "done" });
    await client().chat({
      stream: false,
      messages: [
        { role: "user", content: "q" },
        { role: "assistant", content: "", toolCalls: [{ name: "t", arguments: { a: 1 } }] },
        { role: "tool", toolName: "t", content: '{"ok":true}' },
      ],
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.messages[1]).toEqual({
      role: "assistant",
      content: "",
      tool_calls: [{ function: { name: "t", arguments: { a: 1 } } }],
    });
    expect(sent.messages[2]).toEqual({ role: "tool", content: '{"ok":true}', tool_name: "t" });
  });

  it.each([
    ["not JSON", { kind: "raw" as const, body: "<html>proxy error</html>" }, /malformed reply: not JSON/],
    ["no message", { kind: "raw" as const, body: '{"done":false}\n' }, /a chunk without "message"/],
    [
      "a call without a name",
      {
        kind: "raw" as const,
        body: '{"message":{"role":"assistant","content":"","tool_calls":[{"function":{}}]},"done":true}',
      },
      /a tool call without a function name/,
    ],
    [
      "arguments that are not JSON",
      { toolCalls: [{ name: "x", arguments: "{oops" }] },
      /the arguments of the call to 'x' are not JSON/,
    ],
    [
      "arguments that are a list",
      { toolCalls: [{ name: "x", arguments: [1, 2] }] },
      /the arguments of the call to 'x' are not an object/,
    ],
    [
      "a stream cut before done",
      { kind: "cut-stream" as const, content: "half an answer" },
      /the stream ended before a chunk with "done": true/,
    ],
  ])("refuses a malformed reply: %s", async (_what, step, message) => {
    fake.script(step);
    const err = await failure(client().chat({ messages: [{ role: "user", content: "x" }] }));
    expect(err.code).toBe("llm-malformed-reply");
    expect(err.message).toMatch(message);
  });

  it("reports the server's own error, on an HTTP status and mid-stream", async () => {
    fake.script({ kind: "http-error", status: 500, error: "llama runner process has terminated" });
    const http = await failure(client().chat({ messages: [{ role: "user", content: "x" }] }));
    expect(http.code).toBe("llm-api");
    expect(http.message).toMatch(/HTTP 500: llama runner process has terminated/);
    fake.script({ kind: "stream-error", content: "partly", error: "an error was encountered while running the model" });
    const mid = await failure(client().chat({ messages: [{ role: "user", content: "x" }] }));
    expect(mid.code).toBe("llm-api");
    expect(mid.message).toMatch(/reported: an error was encountered while running the model/);
  });

  it("says which model to pull when the server does not have it", async () => {
    const err = await failure(client({ model: "llama9:70b" }).chat({ messages: [{ role: "user", content: "x" }] }));
    expect(err.code).toBe("llm-model-not-found");
    expect(err.message).toMatch(/ollama pull llama9:70b/);
  });

  it("times out a reply that never comes, and one that trickles past the deadline", async () => {
    fake.script({ kind: "hang" });
    const hang = await failure(client({ timeoutMs: 400 }).chat({ messages: [{ role: "user", content: "x" }] }));
    expect(hang.code).toBe("llm-timeout");
    expect(hang.message).toMatch(/within 400 ms/);
    fake.script({ kind: "trickle", content: "one two three four five six seven eight nine ten", gapMs: 150 });
    const slow = await failure(client().chat({ messages: [{ role: "user", content: "x" }], timeoutMs: 400 }));
    expect(slow.code).toBe("llm-timeout");
  });

  it("refuses a reply past the byte cap", async () => {
    fake.script({ content: "word ".repeat(2000) });
    const err = await failure(client({ maxReplyBytes: 4096 }).chat({ messages: [{ role: "user", content: "x" }] }));
    expect(err.code).toBe("llm-reply-too-large");
  });

  it("stops when the caller cancels", async () => {
    fake.script({ kind: "hang" });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const err = await failure(client().chat({ messages: [{ role: "user", content: "x" }], signal: abort.signal }));
    expect(err.code).toBe("llm-cancelled");
  });

  it("says the server cannot be reached", async () => {
    const gone = await startFakeOllama();
    const url = gone.url;
    await gone.close();
    const err = await failure(client({ url }).chat({ messages: [{ role: "user", content: "x" }] }));
    expect(err.code).toBe("llm-connection");
    expect(err.message).toContain(url);
  });

  it("lists the pulled models with their build digests", async () => {
    expect(await client().listModels()).toEqual([{ name: FAKE_MODEL, digest: FAKE_DIGEST.replace(/^sha256:/, "") }]);
  });
});

describe("tool loop", () => {
  const adder: ToolRunner = {
    specs: [
      {
        name: "add",
        description: "Adds two numbers.",
        parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
      },
    ],
    call: async (call) =>
      call.name === "add"
        ? { ok: true, text: JSON.stringify({ sum: Number(call.arguments.a) + Number(call.arguments.b) }) }
        : { ok: false, text: `no tool '${call.name}'` },
  };

  it("runs the calls, feeds their results back, and ends on the model's answer", async () => {
    fake.script(
      {
        toolCalls: [
          { name: "add", arguments: { a: 2, b: 3 } },
          { name: "nope", arguments: {} },
        ],
      },
      (req) => ({ content: `the sum is ${JSON.parse(req.messages.at(-2)!.content).sum}` }),
    );
    const result = await runToolLoop(client(), {
      messages: [{ role: "user", content: "2+3?" }],
      tools: adder,
      maxSteps: 4,
    });
    expect(result).toMatchObject({ content: "the sum is 5", stop: "answer", steps: 2, unrunCalls: [] });
    expect(result.calls).toEqual([
      { step: 1, name: "add", arguments: { a: 2, b: 3 }, ok: true, result: '{"sum":5}' },
      { step: 1, name: "nope", arguments: {}, ok: false, result: "no tool 'nope'" },
    ]);
    expect(result.usage).toEqual({ promptTokens: 52, replyTokens: 24 });
    expect(fake.requests.at(-1)!.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool"]);
  });

  it("stops at the step budget without running the last reply's calls", async () => {
    fake.script(
      { toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] },
      { toolCalls: [{ name: "add", arguments: { a: 2, b: 2 } }] },
    );
    const result = await runToolLoop(client(), {
      messages: [{ role: "user", content: "loop" }],
      tools: adder,
      maxSteps: 2,
    });
    expect(result.stop).toBe("max-steps");
    expect(result.steps).toBe(2);
    expect(result.calls.map((c) => c.arguments)).toEqual([{ a: 1, b: 1 }]);
    expect(result.unrunCalls).toEqual([{ name: "add", arguments: { a: 2, b: 2 } }]);
    expect(fake.remaining()).toBe(0);
  });
});
