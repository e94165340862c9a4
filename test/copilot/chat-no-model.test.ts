/**
 * `svc chat` with no model configured (SVC_LLM_MODEL unset): the built CLI still opens its page on
 * 127.0.0.1, and over HTTP the page and its state say what is missing (llm-off) and list the steps
 * that set a model up; a message is refused with 503 and the same reason, not a hang or a crash.
 * In headless Chromium (Debian's, through playwright-core) the page shows the reason and the steps,
 * with sending disabled.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireBuiltCli } from "../mcp/helpers.js";

let chat: ChildProcess | undefined;
let home: string;
let url: string;
let printed = "";

const CHROMIUM = process.env.SVC_TEST_CHROMIUM ?? "/usr/bin/chromium";

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "svc-chat-nomodel-"));
  chat = spawn(process.execPath, [requireBuiltCli(), "chat", "--port", "0"], {
    env: { PATH: process.env.PATH ?? "", HOME: home, SVC_SESSION_PROFILE: join(home, "p.json") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolve, reject) => {
    let err = "";
    chat!.stdout!.on("data", (d: Buffer) => {
      printed += d.toString("utf8");
      const m = /svc chat: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(printed);
      if (m) resolve(m[1]!);
    });
    chat!.stderr!.on("data", (d: Buffer) => (err += d.toString("utf8")));
    chat!.on("exit", (code) => reject(new Error(`svc chat exited with ${code} before listening: ${err}`)));
  });
});
afterAll(() => {
  chat?.kill("SIGTERM");
  rmSync(home, { recursive: true, force: true });
});

it("opens without a model and says so on the command line", () => {
  expect(printed).toMatch(/no model: error llm-off: .*SVC_LLM_MODEL.*the page shows how to set one up/);
});

it("serves the page, whose state names what is missing and the setup steps", async () => {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<section id="setup" hidden>');
  const script = await (await fetch(new URL("/chat.js", url))).text();
  // The script shows the setup section and disables sending when the state has no model.
  expect(script).toContain('document.getElementById("setup").hidden = false');
  expect(script).toContain("send.disabled = true");
  const state = (await (await fetch(new URL("/api/state", url))).json()) as {
    model: null;
    unavailable: { code: string; message: string; setup: string[] };
  };
  expect(state.model).toBeNull();
  expect(state.unavailable.code).toBe("llm-off");
  expect(state.unavailable.message).toContain("set SVC_LLM_MODEL");
  expect(state.unavailable.setup.join("\n")).toMatch(
    /ollama pull .*\n.*export SVC_LLM_MODEL=.*\n.*svc copilot-calibrate/,
  );
});

it("refuses a message with 503 and the reason, and stays up", async () => {
  const r = await fetch(new URL("/api/message", url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "what is in /project1?" }),
  });
  expect(r.status).toBe(503);
  const body = (await r.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("llm-off");
  expect(body.error.message).toContain("the page lists the setup steps");
  expect((await fetch(new URL("/api/state", url))).status).toBe(200);
});

it("shows the reason and the setup steps in the browser, with sending disabled", async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `this test needs Chromium at ${CHROMIUM}: install Debian's 'chromium' package (.ci/run installs it) or set SVC_TEST_CHROMIUM`,
    );
  // As root (CI), Chromium's sandbox cannot start; the page is svc's own, on loopback.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    expect(await page.isVisible("#setup")).toBe(true);
    expect(await page.textContent("#missing")).toBe("llm-off");
    expect(await page.textContent("#why")).toMatch(/no local model is configured; set SVC_LLM_MODEL/);
    const steps = await page.locator("#steps li").allTextContents();
    expect(steps).toHaveLength(5);
    expect(steps[1]).toBe("Pull a model that calls tools: ollama pull qwen3:8b");
    expect(await page.textContent("#status")).toBe("no model (llm-off)");
    expect(await page.isDisabled("#send")).toBe(true);
    expect(await page.isDisabled("#prompt")).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});
