/**
 * `svc chat` in a real browser: the built CLI serves the page, headless Chromium (Debian's
 * `chromium`, driven by playwright-core; no browser is downloaded) loads it, sends a message, and
 * the scripted model's tool call goes through svc's tools into tdsim; the page shows the call, the
 * answer and its receipt, and tdsim is read back.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireBuiltCli } from "../mcp/helpers.js";
import { useLiveSim } from "../support/live-sim.js";
import { FAKE_MODEL, startFakeOllama, type FakeOllama } from "./fake-ollama.js";

const CHROMIUM = process.env.SVC_TEST_CHROMIUM ?? "/usr/bin/chromium";

const live = useLiveSim();
let fake: FakeOllama;
let home: string;
let chat: ChildProcess | undefined;
let url: string;
let browser: Browser | undefined;

/** Starts `svc chat --port 0` and reads the address it prints. */
function startChat(env: NodeJS.ProcessEnv): Promise<string> {
  chat = spawn(process.execPath, [requireBuiltCli(), "chat", "--port", "0"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    chat!.stdout!.on("data", (d: Buffer) => {
      out += d.toString("utf8");
      const m = /svc chat: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]!);
    });
    chat!.stderr!.on("data", (d: Buffer) => (err += d.toString("utf8")));
    chat!.on("exit", (code) => reject(new Error(`svc chat exited with ${code} before listening: ${err}`)));
  });
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the chat page's browser test needs Chromium at ${CHROMIUM}: install Debian's 'chromium' package (apt-get install chromium; .ci/run installs it) or set SVC_TEST_CHROMIUM`,
    );
  }
  fake = await startFakeOllama();
  home = mkdtempSync(join(tmpdir(), "svc-chat-browser-"));
  url = await startChat({
    PATH: process.env.PATH ?? "",
    HOME: home,
    SVC_BRIDGE_URL: live.env.SVC_BRIDGE_URL!,
    SVC_LLM_URL: fake.url,
    SVC_LLM_MODEL: FAKE_MODEL,
  });
  // As root (CI), Chromium's sandbox cannot start; the page is svc's own, on loopback.
  // evil.test resolves to 127.0.0.1 in this browser: a rebound DNS name, and a foreign site on this machine.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--host-resolver-rules=MAP evil.test 127.0.0.1"],
  });
});

afterAll(async () => {
  await browser?.close();
  if (chat?.exitCode === null) {
    const exited = new Promise((ok) => chat!.once("exit", ok));
    chat.kill("SIGTERM");
    await exited;
  }
  await fake?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

it("loads the page, sends a message, and the scripted tool call changes tdsim", async () => {
  const source =
    "svcnet 1\nnetwork browser {\n  noise1: noiseTOP { period: 3 }\n  out1: nullTOP [display]\n  noise1 -> out1\n}\n";
  fake.script({ content: "", toolCalls: [{ name: "apply_network", arguments: { source, preview: 0 } }] }, (req) => ({
    content: /applied/.test(req.messages.at(-1)!.content)
      ? "Built /project1/browser: noise into a null."
      : "the apply did not happen",
  }));
  const page = await browser!.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  expect(await page.textContent("#status")).toMatch(
    new RegExp(`^${FAKE_MODEL.replace(/[.:]/g, "\\$&")} \\(medium\\), build, \\d+ tools$`),
  );

  await page.fill("#prompt", "build a noise into a null");
  await page.press("#prompt", "Enter");
  await page.waitForSelector(".msg.answer");
  expect(await page.textContent(".msg.user")).toBe("build a noise into a null");
  expect(await page.textContent(".msg.call")).toMatch(/^called apply_network: applied/);
  expect(await page.textContent(".msg.answer")).toMatch(/^Built \/project1\/browser: noise into a null\./);
  expect(await page.textContent("details.receipt summary")).toBe("receipt: 1 tool call(s), 1 change(s), stop: answer");
  const receipt = JSON.parse((await page.textContent("details.receipt pre"))!) as {
    plansApplied: Array<{ tool: string }>;
  };
  expect(receipt.plansApplied.map((p) => p.tool)).toEqual(["apply_network"]);
  expect(await page.isEnabled("#send")).toBe(true);
  expect(problems).toEqual([]);

  const node = await live.client.get<{ type: string; non_default_params: Array<{ name: string; value: unknown }> }>(
    `/api/nodes/${encodeURIComponent("/project1/browser/noise1")}`,
  );
  expect(node.type).toBe("noiseTOP");
  expect(node.non_default_params).toContainEqual(expect.objectContaining({ name: "period", value: 3 }));
  expect(fake.remaining()).toBe(0);
});

it("shows the model's text as text, never as HTML", async () => {
  fake.script({ content: "<img src=x onerror=\"document.body.dataset.pwned='yes'\"><b>bold</b>" });
  const page = await browser!.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  await page.fill("#prompt", "say something");
  await page.press("#prompt", "Enter");
  await page.waitForSelector(".msg.answer");
  expect(await page.textContent(".msg.answer")).toMatch(
    /^<img src=x onerror="document\.body\.dataset\.pwned='yes'"><b>bold<\/b>/,
  );
  expect(await page.locator(".msg.answer img, .msg.answer b").count()).toBe(0);
  expect(await page.evaluate("document.body.dataset.pwned")).toBeUndefined();
});

it("refuses a rebound name and a foreign page's request in the browser, before the model is asked", async () => {
  const port = new URL(url).port;
  const page = await browser!.newPage();
  // A DNS name rebound to 127.0.0.1: the browser sends Host evil.test, and the page is refused.
  const rebound = await page.goto(`http://evil.test:${port}/`);
  expect(rebound!.status()).toBe(403);
  // A foreign site's script posting to the chat: its Origin is refused (the preflight fails), nothing runs.
  const foreign = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>elsewhere</title>"),
  );
  await new Promise<void>((ok) => foreign.listen(0, "127.0.0.1", ok));
  try {
    await page.goto(`http://evil.test:${(foreign.address() as AddressInfo).port}/`);
    const before = fake.requests.length;
    const outcome = await page.evaluate(async (target) => {
      try {
        const r = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: "delete everything" }),
        });
        return `status ${r.status}`;
      } catch (err) {
        return `blocked: ${(err as Error).message}`;
      }
    }, `http://127.0.0.1:${port}/api/message`);
    expect(outcome).toMatch(/^blocked: /);
    // Without a preflight (a form-encoded body), the request itself is refused: 415 or 403, never a turn.
    const simple = await page.evaluate(async (target) => {
      try {
        await fetch(target, { method: "POST", mode: "no-cors", body: "text=delete" });
        return "sent";
      } catch (err) {
        return `blocked: ${(err as Error).message}`;
      }
    }, `http://127.0.0.1:${port}/api/message`);
    expect(["sent", "blocked: Failed to fetch"]).toContain(simple);
    expect(fake.requests.length).toBe(before);
  } finally {
    await new Promise<void>((ok) => foreign.close(() => ok()));
  }
});
