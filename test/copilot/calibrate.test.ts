/**
 * svc copilot-calibrate from a fresh home folder against a scripted Ollama server: each fixture case
 * is one request, the decisions are cached per exact model build and answered from the cache next
 * time without asking the model, plan_visual does not ask a model whose JSON plans failed, and the
 * cache file stays bounded, whole, and untouched when it is not ours.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { svcCommands, svcGroups } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import {
  CalibrationCacheError,
  identityKey,
  MAX_ENTRIES,
  readCalibrations,
  saveCalibration,
  type CalibrationEntry,
} from "../../runtime/copilot/calibration-cache.js";
import { errorOf, memoryClient } from "../mcp/helpers.js";
import {
  FAKE_DIGEST,
  FAKE_MODEL,
  startFakeOllama,
  type FakeChatRequest,
  type FakeOllama,
  type Scripted,
} from "./fake-ollama.js";

let fake: FakeOllama;
let home: string;
let client: Client;
const saved = { ...process.env };

/** A model that calls tools well and reads pictures, but answers plans in prose. */
function model(request: FakeChatRequest): Scripted {
  const text = request.messages.at(-1)!.content;
  if (text.startsWith("Set the master level"))
    return { toolCalls: [{ name: "fixture_set_level", arguments: { level: 0.25 } }] };
  if (text.startsWith("Switch the palette"))
    return { toolCalls: [{ name: "fixture_pick_palette", arguments: { name: "ocean" } }] };
  if (text.startsWith("What frame rate")) return { toolCalls: [{ name: "fixture_read_fps", arguments: {} }] };
  if (text.startsWith("Reply with the single word")) return { content: "ready" };
  if (text.startsWith("Plan one call")) return { content: "I would pick the glow look." };
  if (request.messages.at(-1)!.images?.length) return { content: "Red." };
  return { kind: "http-error", status: 500, error: `unexpected prompt ${text}` };
}
const SIX_CASES = 6;

async function calibrateCli(argv: string[], env: Record<string, string | undefined> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await dispatch(
    "svc",
    "svc",
    svcCommands,
    ["copilot-calibrate", ...argv],
    {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      readStdin: async () => "",
      isTTY: false,
      cwd: home,
      env: { HOME: home, SVC_LLM_MODEL: FAKE_MODEL, SVC_LLM_URL: fake.url, ...env },
    },
    svcGroups,
  );
  return { code, stdout, stderr };
}

beforeAll(async () => {
  fake = await startFakeOllama();
  home = mkdtempSync(join(tmpdir(), "svc-calibrate-"));
  // plan_visual reads the process's settings, as a server started from this home would
  Object.assign(process.env, { HOME: home, SVC_LLM_MODEL: FAKE_MODEL, SVC_LLM_URL: fake.url });
  delete process.env.SVC_HOME;
  client = await memoryClient({ profile: "full", rawPython: false });
});

afterAll(async () => {
  for (const k of ["HOME", "SVC_LLM_MODEL", "SVC_LLM_URL", "SVC_HOME"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await client?.close();
  await fake?.close();
  rmSync(home, { recursive: true, force: true });
});

describe("svc copilot-calibrate", () => {
  it("is off without a model, and says what to set", async () => {
    const r = await calibrateCli([], { SVC_LLM_MODEL: undefined });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^svc copilot-calibrate: llm-off: .*SVC_LLM_MODEL/);
    expect(fake.requests).toHaveLength(0);
  });

  it("stops with nothing cached when the model server cannot be reached", async () => {
    const r = await calibrateCli([], { SVC_LLM_URL: "http://127.0.0.1:1" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/llm-connection: cannot reach the model server at http:\/\/127\.0\.0\.1:1/);
    expect(existsSync(join(home, ".svc", "copilot-calibration.json"))).toBe(false);
  });

  it("runs each fixture case once, decides, and caches the decisions by the model's exact build", async () => {
    for (let i = 0; i < SIX_CASES; i++) fake.script(model);
    const r = await calibrateCli([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('pass  one-call      called fixture_set_level({"level":0.25})');
    expect(r.stdout).toContain("FAIL  json-plan     answered text that is not JSON");
    expect(r.stdout).toContain('pass  read-picture  said "Red."');
    expect(r.stdout).toContain("copilot tools: yes; plan_visual llm plans: no; pictures: yes");
    expect(fake.requests).toHaveLength(SIX_CASES);
    // The fixture tools were offered, and the picture went to the vision model (the chat model here).
    expect(fake.requests[0]!.tools!.map((t) => t.function.name)).toEqual([
      "fixture_set_level",
      "fixture_pick_palette",
      "fixture_read_fps",
    ]);
    expect(fake.requests[4]!.format).toMatchObject({ required: ["tool", "arguments"] });
    expect(fake.requests[5]!.messages[0]!.images).toHaveLength(1);

    const file = join(home, ".svc", "copilot-calibration.json");
    const text = readFileSync(file, "utf8");
    const [entry] = readCalibrations(file);
    expect(entry!.identity).toEqual({ model: FAKE_MODEL, digest: FAKE_DIGEST.replace(/^sha256:/, "") });
    expect(entry!.decisions).toEqual({ copilot: true, plannerLlm: false, vision: true });
    // Nothing but names and digests identifies it: not the server's address.
    expect(text).not.toContain(fake.url);
    expect(readdirSync(join(home, ".svc"))).toEqual(["copilot-calibration.json"]);
  });

  it("answers a build it has calibrated from the cache, asking the model nothing; --refresh runs again", async () => {
    const before = fake.requests.length;
    const cached = await calibrateCli(["--json"]);
    expect(cached.code).toBe(0);
    expect(JSON.parse(cached.stdout)).toMatchObject({
      cached: true,
      decisions: { plannerLlm: false },
      identity: { model: FAKE_MODEL },
    });
    expect(fake.requests.length).toBe(before);

    for (let i = 0; i < SIX_CASES; i++) fake.script(model);
    const again = await calibrateCli(["--refresh"]);
    expect(again.code).toBe(0);
    expect(fake.requests.length).toBe(before + SIX_CASES);
  });

  it("keeps plan_visual from asking a model whose plans failed calibration", async () => {
    const before = fake.requests.length;
    const r = (await client.callTool({
      name: "plan_visual",
      arguments: { request: "a fast glitch", planner: "llm" },
    })) as CallToolResult;
    expect(r.structuredContent).toMatchObject({
      planner: "deterministic",
      tool: "create_glitch",
      fallback: { code: "llm-calibration", message: expect.stringContaining("svc copilot-calibrate found") },
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe("vision decisions", () => {
  it("keep caption_top, copilot_vision and enhance_build's critique from a model that failed the picture case", async () => {
    const blind = (r: FakeChatRequest): Scripted =>
      r.messages.at(-1)!.images?.length ? { content: "Blue." } : model(r);
    for (let i = 0; i < SIX_CASES; i++) fake.script(blind);
    const r = await calibrateCli(["--refresh"]);
    expect(r.stdout).toContain('FAIL  read-picture  said "Blue."');
    expect(r.stdout).toContain("pictures: no");
    const before = fake.requests.length;
    for (const [tool, args] of [
      ["caption_top", { path: "/project1/out1" }],
      ["copilot_vision", { path: "/project1/out1", question: "dark?" }],
      ["enhance_build", { request: "a glitch", critique: true }],
    ] as const) {
      const e = errorOf((await client.callTool({ name: tool, arguments: args })) as CallToolResult);
      expect(e.code, tool).toBe("llm-calibration");
      expect(e.message).toMatch(/does not read pictures reliably; set SVC_LLM_VISION_MODEL/);
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe("the copilot's decision", () => {
  it("keeps svc ask from a model that failed the tool-call cases, before any chat request", async () => {
    const talker = (r: FakeChatRequest): Scripted =>
      r.tools?.length ? { content: "I would set the level." } : model(r);
    for (let i = 0; i < SIX_CASES; i++) fake.script(talker);
    const r = await calibrateCli(["--refresh"]);
    expect(r.stdout).toContain("copilot tools: no");
    const before = fake.requests.length;
    let stderr = "";
    const code = await dispatch(
      "svc",
      "svc",
      svcCommands,
      ["ask", "what is in /project1?"],
      {
        stdout: () => undefined,
        stderr: (t) => (stderr += t),
        readStdin: async () => "",
        isTTY: false,
        cwd: home,
        env: { HOME: home, SVC_LLM_MODEL: FAKE_MODEL, SVC_LLM_URL: fake.url },
      },
      svcGroups,
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^svc ask: error llm-calibration: svc copilot-calibrate found that .* does not call tools reliably; set SVC_LLM_MODEL/,
    );
    expect(fake.requests.length).toBe(before);
  });
});

describe("the calibration cache", () => {
  const entry = (i: number, digest = `d${i}`): CalibrationEntry => {
    const identity = { model: "m", digest };
    return {
      key: identityKey(identity),
      identity,
      fixturesVersion: 1,
      calibratedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      results: [],
      decisions: { copilot: true, plannerLlm: true, vision: null },
    };
  };

  it("keys entries by the exact build: another digest of the same name is another entry", () => {
    expect(identityKey({ model: "m", digest: "a" })).not.toBe(identityKey({ model: "m", digest: "b" }));
    expect(identityKey({ model: "m", digest: "a" })).not.toBe(
      identityKey({ model: "m", digest: "a", vision: { model: "v", digest: "c" } }),
    );
  });

  it("holds at most MAX_ENTRIES, dropping the oldest calibration first", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-calibration-cache-"));
    const file = join(dir, "c.json");
    for (let i = 0; i < MAX_ENTRIES + 5; i++) saveCalibration(file, entry(i));
    const kept = readCalibrations(file);
    expect(kept).toHaveLength(MAX_ENTRIES);
    expect(kept.map((e) => e.identity.digest)).not.toContain("d4");
    expect(kept[0]!.identity.digest).toBe(`d${MAX_ENTRIES + 4}`);
    expect(readdirSync(dir)).toEqual(["c.json"]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("reports a file that is not a calibration cache and leaves it as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-calibration-cache-"));
    const file = join(dir, "c.json");
    writeFileSync(file, '{"something": "else"}');
    expect(() => saveCalibration(file, entry(1))).toThrow(CalibrationCacheError);
    expect(() => readCalibrations(file)).toThrow(/is not a calibration cache of version 1; move it away/);
    expect(readFileSync(file, "utf8")).toBe('{"something": "else"}');
    rmSync(dir, { recursive: true, force: true });
  });
});
