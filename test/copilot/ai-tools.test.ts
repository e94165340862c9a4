/**
 * The AI tools end to end: one tdsim and one scripted Ollama server for the file. A model's plan is
 * checked and built on tdsim and read back; a malformed answer, an invalid plan, a model that never
 * answers and no model at all give the deterministic plan with the reason; the vision tools send the
 * TOP's own pixels (checked in the request the server received); narrate_set reads the cue engine and
 * a caption; enhance_build's critique revises a build in place; each tool is off without a model.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { decodePng } from "../../runtime/image/png-decode.js";
import { livePanel } from "../mcp/artist-fixture.js";
import { errorOf, textOf } from "../mcp/helpers.js";
import { startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { FAKE_MODEL, startFakeOllama, type FakeChatRequest, type FakeOllama } from "./fake-ollama.js";

let f: NetworkFixture;
let fake: FakeOllama;
let home: string;
const saved = { ...process.env };

const SWATCH = `svcnet 1

network swatch {
  swatch1: constantTOP { color: (1, 0.25, 0), resolution: 32x24 }
}
`;

beforeAll(async () => {
  [f, fake] = await Promise.all([startNetworkFixture("full"), startFakeOllama()]);
  home = mkdtempSync(join(tmpdir(), "svc-ai-tools-"));
  Object.assign(process.env, { SVC_LLM_MODEL: FAKE_MODEL, SVC_LLM_URL: fake.url, SVC_HOME: home });
  delete process.env.SVC_LLM_VISION_MODEL;
  delete process.env.SVC_LLM_TIMEOUT_SECONDS;
  await f.ok("apply_network", { source: SWATCH, preview: 0 });
}, 60_000);

afterAll(async () => {
  for (const k of ["SVC_LLM_MODEL", "SVC_LLM_URL", "SVC_HOME", "SVC_LLM_TIMEOUT_SECONDS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await Promise.all([f?.close(), fake?.close()]);
  rmSync(home, { recursive: true, force: true });
});

type Plan = {
  tool: string;
  arguments: Record<string, unknown>;
  planner: string;
  fallback: { code: string; message: string; problems: string[] } | null;
  reasons: string[];
};

const lastRequest = (): FakeChatRequest => fake.requests.at(-1)!;
const userText = (r: FakeChatRequest) => r.messages.find((m) => m.role === "user")!.content;

describe("plan_visual with planner llm", () => {
  it("asks the model for a plan of the tools' shape, and the plan builds on tdsim as it says", async () => {
    fake.script({
      content: JSON.stringify({
        tool: "create_kaleidoscope",
        arguments: { segments: 6, spin: 20 },
        reasons: ["six mirrored segments, turning slowly"],
      }),
    });
    const plan = await f.ok<Plan>("plan_visual", { request: "a slowly turning six-fold kaleidoscope", planner: "llm" });
    expect(plan).toMatchObject({
      planner: "llm",
      fallback: null,
      tool: "create_kaleidoscope",
      arguments: { segments: 6, spin: 20 },
      reasons: ["six mirrored segments, turning slowly"],
    });

    const asked = lastRequest();
    expect(asked.model).toBe(FAKE_MODEL);
    expect((asked.format as { properties: { tool: { enum: string[] } } }).properties.tool.enum).toContain(
      "create_kaleidoscope",
    );
    expect(asked.messages[0]).toMatchObject({
      role: "system",
      content: expect.stringContaining("glsl_kaleidoscope [effect]"),
    });
    expect(userText(asked)).toBe("Request: a slowly turning six-fold kaleidoscope");

    const built = await f.ok<{ network: string; errors: number }>(plan.tool, {
      ...plan.arguments,
      name: "llm_kaleido",
      preview: 0,
    });
    expect(built).toMatchObject({ network: "/project1/llm_kaleido", errors: 0 });
    expect(await livePanel(f, "/project1/llm_kaleido/glsl_kaleidoscope1")).toMatchObject({ Segments: 6, Spin: 20 });
  });

  it("falls back to the deterministic plan when the answer is not JSON, and says what came", async () => {
    fake.script({ content: "A kaleidoscope would look lovely here!" });
    const plan = await f.ok<Plan>("plan_visual", { request: "a kaleidoscope with 6 segments", planner: "llm" });
    expect(plan).toMatchObject({
      planner: "deterministic",
      tool: "create_kaleidoscope",
      arguments: { segments: 6 },
      fallback: { code: "llm-malformed-reply" },
    });
    expect(plan.fallback!.message).toContain("A kaleidoscope would look lovely here!");
    expect(plan.reasons[0]).toMatch(/^the model's plan was not used \(llm-malformed-reply\)/);
  });

  it("falls back when the plan does not fit the tools, naming every problem", async () => {
    fake.script({
      content: JSON.stringify({ tool: "create_kaleidoscope", arguments: { segments: 99, colour: "red" } }),
    });
    const r = await f.call("plan_visual", { request: "a kaleidoscope with 6 segments", planner: "llm" });
    const plan = r.structuredContent as unknown as Plan;
    expect(plan).toMatchObject({
      planner: "deterministic",
      arguments: { segments: 6 },
      fallback: { code: "llm-invalid-plan" },
    });
    expect(plan.fallback!.problems.join("\n")).toMatch(/unknown argument 'colour'/);
    expect(textOf(r)).toContain("planned deterministically (llm-invalid-plan)");
  });

  it("falls back when the model does not answer in time", async () => {
    process.env.SVC_LLM_TIMEOUT_SECONDS = "1";
    try {
      fake.script({ kind: "hang" });
      const plan = await f.ok<Plan>("plan_visual", { request: "a fast glitch", planner: "llm" });
      expect(plan).toMatchObject({
        planner: "deterministic",
        tool: "create_glitch",
        fallback: { code: "llm-timeout" },
      });
    } finally {
      delete process.env.SVC_LLM_TIMEOUT_SECONDS;
    }
  });
});

describe("the vision tools", () => {
  it("caption_top sends the TOP's own pixels to the vision model and returns its caption", async () => {
    fake.script({ content: "  A flat orange rectangle.  " });
    const caption = await f.ok<{
      caption: string;
      sent: { width: number; height: number };
      resolution: { width: number };
    }>("caption_top", { path: "/project1/swatch/swatch1" });
    expect(caption).toMatchObject({
      caption: "A flat orange rectangle.",
      sent: { width: 32, height: 24 },
      resolution: { width: 32 },
    });

    const sent = lastRequest().messages.find((m) => m.images)!.images!;
    expect(sent).toHaveLength(1);
    // The picture the server received is the bridge's image of the TOP, pixel for pixel.
    const preview = await f.bridge.get<{ png_base64: string }>(
      `/api/preview/${encodePath("/project1/swatch/swatch1")}`,
    );
    const got = decodePng(Buffer.from(sent[0]!, "base64"));
    const want = decodePng(Buffer.from(preview.png_base64, "base64"));
    expect([got.width, got.height]).toEqual([32, 24]);
    expect(Buffer.from(got.rgba).equals(Buffer.from(want.rgba))).toBe(true);
    expect([...got.rgba.subarray(0, 4)]).toEqual([255, 64, 0, 255]);
  });

  it("copilot_vision asks the operator's question about the picture", async () => {
    fake.script({ content: "Yes: it is bright orange, nothing dark in it." });
    const r = await f.ok<{ answer: string }>("copilot_vision", {
      path: "/project1/swatch/swatch1",
      question: "Is it too dark?",
      size: 16,
    });
    expect(r.answer).toBe("Yes: it is bright orange, nothing dark in it.");
    const asked = lastRequest();
    expect(userText(asked)).toContain("Question: Is it too dark?");
    const img = decodePng(Buffer.from(asked.messages.find((m) => m.images)!.images![0]!, "base64"));
    expect([img.width, img.height]).toEqual([16, 12]);
  });

  it("names a path that is not a TOP as the bridge does, and asks no model", async () => {
    const before = fake.requests.length;
    const r = await f.call("caption_top", { path: "/project1/nothing_here" });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toMatch(/not_found/);
    expect(fake.requests.length).toBe(before);
  });
});

describe("narrate_set", () => {
  it("writes the commentary from the cue engine's setlist and a caption of the output", async () => {
    await f.ok("manage_cue", {
      action: "create",
      cue: "ember",
      values: [{ path: "/project1/swatch/swatch1", parameter: "colorg", value: 0.25 }],
    });
    await f.ok("manage_cue", {
      action: "create",
      cue: "ice",
      fade: 4,
      values: [{ path: "/project1/swatch/swatch1", parameter: "colorb", value: 1 }],
    });
    await f.ok("create_setlist_runner", { scenes: [{ cue: "ember" }, { cue: "ice", duration: 30 }], command: "start" });
    for (let i = 0; i < 1000 && (await f.node("/project1/cues"))?.params.Current?.value !== "ember"; i++)
      await new Promise((r) => setTimeout(r, 20));

    fake.script(
      { content: "An orange field." },
      { content: "The set opens on ember, a warm orange field; ice comes next, fading to blue over four seconds." },
    );
    const n = await f.ok<{
      commentary: string;
      current: string;
      scene: number;
      caption: { cue: string; text: string };
      moments: Array<{ cue: string; state: string; caption: string | null }>;
    }>("narrate_set", {
      output: "/project1/swatch/swatch1",
      max_words: 40,
    });
    expect(n).toMatchObject({ current: "ember", scene: 1, caption: { cue: "ember", text: "An orange field." } });
    expect(n.commentary).toBe(
      "The set opens on ember, a warm orange field; ice comes next, fading to blue over four seconds.",
    );
    expect(n.moments).toEqual([
      expect.objectContaining({ cue: "ember", state: "playing", caption: "An orange field." }),
      expect.objectContaining({ cue: "ice", state: "upcoming", caption: null }),
    ]);

    const [captioned, narrated] = fake.requests.slice(-2);
    expect(captioned!.messages.some((m) => m.images?.length === 1)).toBe(true);
    expect(narrated!.messages.some((m) => m.images)).toBe(false);
    const story = JSON.parse(userText(narrated!)) as { set: { moments: Array<{ cue: string; values: string[] }> } };
    expect(story.set.moments.map((m) => m.cue)).toEqual(["ember", "ice"]);
    expect(story.set.moments[1]!.values).toEqual(["/project1/swatch/swatch1 colorb -> 1"]);
    expect(narrated!.messages[0]!.content).toMatch(/at most 40 words/);
  });

  it("continues a running commentary with the next line, and cuts an answer to the word budget", async () => {
    fake.script({
      content:
        "Ember still glows while the room waits for ice, and the light holds steady and warm for a while longer yet",
    });
    const n = await f.ok<{ commentary: string }>("narrate_set", {
      previous: ["The set opens on ember."],
      max_words: 10,
    });
    expect(n.commentary).toBe("Ember still glows while the room waits for ice, and...");
    const asked = lastRequest();
    expect(asked.messages[0]!.content).toMatch(/only the next line/);
    expect(JSON.parse(userText(asked)).commentary_so_far).toEqual(["The set opens on ember."]);
  });

  it("svc-agent narrate-set prints the commentary, with the tool's options as flags", async () => {
    fake.script({ content: "Ember plays; ice is next." });
    let stdout = "";
    let stderr = "";
    const io = {
      stdout: (t: string) => (stdout += t),
      stderr: (t: string) => (stderr += t),
      readStdin: async () => "",
      isTTY: false,
      cwd: home,
      env: process.env,
    };
    const code = await dispatch(
      "svc-agent",
      "svc-agent",
      agentCommands,
      ["narrate-set", "--engine", "/project1/cues", "--max-words", "20"],
      io,
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toBe("Ember plays; ice is next.\n");
    expect(lastRequest().messages[0]!.content).toMatch(/at most 20 words/);
  });

  it("svc-agent narrate-set --follow writes a line at each cue, continuing from the lines and captions so far", async () => {
    const captions = ["Orange.", "Turning blue."];
    let line = 0;
    const responder = (r: FakeChatRequest) =>
      r.messages.some((m) => m.images?.length) ? { content: captions.shift()! } : { content: `line ${++line}` };
    fake.script(responder, responder, responder, responder);
    const start = fake.requests.length;
    let stdout = "";
    let stderr = "";
    const io = {
      stdout: (t: string) => (stdout += t),
      stderr: (t: string) => (stderr += t),
      readStdin: async () => "",
      isTTY: false,
      cwd: home,
      env: process.env,
    };
    const running = dispatch(
      "svc-agent",
      "svc-agent",
      agentCommands,
      ["narrate-set", "--follow", "--count", "2", "--interval", "50", "--output", "/project1/swatch/swatch1", "--json"],
      io,
    );
    for (let i = 0; i < 500 && fake.requests.length < start + 2; i++) await new Promise((r) => setTimeout(r, 20));
    await f.ok("manage_cue", { action: "fire", cue: "ice" });
    expect(await running, stderr).toBe(0);
    const written = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { cue: string; commentary: string; caption: { text: string } });
    expect(written.map((w) => [w.cue, w.commentary, w.caption.text])).toEqual([
      ["ember", "line 1", "Orange."],
      ["ice", "line 2", "Turning blue."],
    ]);
    const second = fake.requests.at(-1)!;
    const told = JSON.parse(userText(second)) as {
      commentary_so_far: string[];
      set: { moments: Array<{ cue: string; caption: string | null; state: string }> };
    };
    expect(told.commentary_so_far).toEqual(["line 1"]);
    expect(told.set.moments).toEqual([
      expect.objectContaining({ cue: "ember", caption: "Orange.", state: "played" }),
      expect.objectContaining({ cue: "ice", caption: "Turning blue.", state: "playing" }),
    ]);
  });

  it("refuses a COMP that is no cue engine, without asking the model", async () => {
    const before = fake.requests.length;
    const r = await f.call("narrate_set", { engine: "/project1/swatch" });
    expect(errorOf(r)).toMatchObject({ code: "no-cue-engine", message: expect.stringContaining("manage_cue") });
    expect(fake.requests.length).toBe(before);
  });
});

describe("enhance_build", () => {
  it("builds the model's plan, has the picture critiqued, and applies the revision in place", async () => {
    fake.script(
      { content: JSON.stringify({ tool: "create_kaleidoscope", arguments: { segments: 6, spin: 20 } }) },
      { content: "Six segments look sparse for 'dense'; more segments would fit." },
      {
        content: JSON.stringify({
          tool: "create_kaleidoscope",
          arguments: { segments: 12, spin: 20 },
          reasons: ["denser"],
        }),
      },
    );
    const r = await f.call("enhance_build", {
      request: "a dense kaleidoscope",
      name: "llm_kaleido",
      critique: true,
      preview: 32,
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as {
      plan: Plan;
      build: { network: string };
      critique: string;
      revision: { applied: boolean; plan: Plan };
    };
    expect(data.plan).toMatchObject({ planner: "llm", arguments: { segments: 6 } });
    expect(data.build.network).toBe("/project1/llm_kaleido");
    expect(data.critique).toBe("Six segments look sparse for 'dense'; more segments would fit.");
    expect(data.revision).toMatchObject({ applied: true, plan: { arguments: { segments: 12 } } });
    expect(await livePanel(f, "/project1/llm_kaleido/glsl_kaleidoscope1")).toMatchObject({ Segments: 12 });

    const [, critique, revision] = fake.requests.slice(-3);
    const picture = decodePng(Buffer.from(critique!.messages.find((m) => m.images)!.images![0]!, "base64"));
    expect(picture.width).toBeGreaterThan(0);
    expect(userText(critique!)).toContain("/project1/llm_kaleido/out1");
    expect(userText(revision!)).toContain("Six segments look sparse");
    expect(r.content.some((c) => c.type === "image")).toBe(true);
  });
});

describe("enhance_build without critique", () => {
  it("builds the deterministic plan into the tool's own network when the model's answer is no plan, and says why", async () => {
    fake.script({ content: "Halftone, definitely." });
    const r = await f.call("enhance_build", { request: "halftone dots", preview: 16 });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as {
      plan: Plan;
      fallback: { code: string };
      build: { network: string; errors: number };
      critique: null;
      revision: null;
    };
    expect(data).toMatchObject({
      plan: { tool: "create_halftone", planner: "deterministic" },
      fallback: { code: "llm-malformed-reply" },
      build: { network: "/project1/halftone", errors: 0 },
      critique: null,
      revision: null,
    });
    expect((await f.node("/project1/halftone/halftone1"))?.type).toBe("baseCOMP");
  });
});

describe("without a local model", () => {
  it("every AI tool says it is off and what to set; plan_visual plans deterministically", async () => {
    delete process.env.SVC_LLM_MODEL;
    try {
      const before = fake.requests.length;
      for (const [tool, args] of [
        ["caption_top", { path: "/project1/swatch/swatch1" }],
        ["copilot_vision", { path: "/project1/swatch/swatch1", question: "what is it?" }],
        ["narrate_set", {}],
        ["enhance_build", { request: "a glitch" }],
      ] as const) {
        const e = errorOf(await f.call(tool, args));
        expect(e.code, tool).toBe("llm-off");
        expect(e.message).toMatch(/SVC_LLM_MODEL/);
        expect(String(e.details?.help)).toMatch(/ollama pull/);
      }
      const plan = await f.ok<Plan>("plan_visual", { request: "a fast glitch", planner: "llm" });
      expect(plan).toMatchObject({ planner: "deterministic", tool: "create_glitch", fallback: { code: "llm-off" } });
      expect(fake.requests.length).toBe(before);
    } finally {
      process.env.SVC_LLM_MODEL = FAKE_MODEL;
    }
  });
});
