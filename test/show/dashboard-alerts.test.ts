/**
 * The show dashboard marks what needs the operator's eye, on tdsim: frames dropped since the
 * previous sample (tdsim counts a frame period the main thread was held as dropped; a 0.3 s hold
 * here) and cook errors (a filter TOP with no input) come back as the sample's `alerts` with their
 * counts; the piped line ends with an `alert=` field naming them, the terminal screen draws their
 * rows in red with `!!` under a headline that counts them, and the web page's latest sample carries
 * them for the page to mark.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { startDashboardWeb } from "../../runtime/cli/dashboard-web.js";
import { DASHBOARD_PAGE } from "../../runtime/cli/dashboard-page.js";
import { dashboardLine, dashboardScreen, sampleDashboard, type DashboardSample } from "../../runtime/show/dashboard.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";

let sim: RunningSim;
let client: BridgeClient;
let dir: string;

const RED_MARK = "\x1b[1;31m!! ";
const CHROMIUM = process.env.SVC_TEST_CHROMIUM ?? "/usr/bin/chromium";

beforeAll(async () => {
  // Exec is open on this tdsim only, to hold its main thread for a known time.
  sim = await startSim({ port: 0, env: { ...process.env, SVC_BRIDGE_ALLOW_EXEC: "1" } });
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  dir = mkdtempSync(join(tmpdir(), "svc-dashboard-alerts-"));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the dashboard marks dropped frames and errors", () => {
  it("counts the frames dropped since the previous sample and marks them in the line and on the screen", async () => {
    const first = await sampleDashboard(client, "/project1/cues");
    expect(first.sample.errors).toBe(0);
    expect(first.sample.alerts).not.toContain("errors");
    await client.post("/api/exec", { script: "import time\ntime.sleep(0.3)" });
    const { sample } = await sampleDashboard(client, "/project1/cues", first.next);
    // 0.3 s at 60 fps is 18 frame periods: at least 10 of them are counted as dropped.
    expect(sample.droppedNew).toBeGreaterThanOrEqual(10);
    expect(sample.droppedNew).toBe(sample.dropped! - first.sample.dropped!);
    expect(sample.alerts).toContain("dropped");
    expect(dashboardLine(sample)).toMatch(
      new RegExp(` dropped=${sample.dropped} dropped_new=${sample.droppedNew} .* alert=(bridge,)?dropped$`),
    );
    const screen = dashboardScreen(sample, sim.url);
    // The headline and the row both say it, in red with the marker; the fps row stays plain.
    expect(screen).toContain(`${RED_MARK}${sample.droppedNew} dropped frames`);
    expect(screen).toContain(`${RED_MARK}dropped   ${sample.dropped} (+${sample.droppedNew} since the last sample)`);
    expect(screen).toMatch(/\n {3}fps {7}\S+\n/);
  });

  it("marks cook errors with their count; the piped line, --json and the web page's sample carry them", async () => {
    await client.post("/api/batch", {
      operations: [{ action: "create", parent_path: "/project1", type: "levelTOP", name: "unwired" }],
    });
    const { sample } = await sampleDashboard(client, "/project1/cues");
    expect(sample.errors).toBeGreaterThanOrEqual(1);
    expect(sample.alerts).toContain("errors");
    const screen = dashboardScreen(sample, sim.url);
    expect(screen).toContain(`${RED_MARK}errors    ${sample.errors} (warnings`);
    expect(screen).toMatch(new RegExp(`!! .*${sample.errors} errors?`));

    const piped = await runSvc(["dashboard", "--count", "1"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trim()).toMatch(/ errors=[1-9]\d* .* alert=(\S+,)?errors(,\S+)?$/);
    const json = await runSvc(["dashboard", "--count", "1", "--json"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect((JSON.parse(json.stdout) as DashboardSample).alerts).toContain("errors");

    const web = await startDashboardWeb({ bridge: client, cues: "/project1/cues", intervalMs: 200, port: 0 });
    try {
      let latest: { sample?: DashboardSample } = {};
      for (let i = 0; i < 200 && latest.sample === undefined; i++) {
        latest = (await (await fetch(new URL("/sample", web.url))).json()) as { sample?: DashboardSample };
        if (latest.sample === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(latest.sample!.alerts).toContain("errors");
    } finally {
      await web.close();
    }
    // The page has a headline for the alerts and marks each row from the sample's alerts.
    expect(DASHBOARD_PAGE).toContain('<p id="alerts"></p>');
  });

  it("the web page, in headless Chromium, counts the errors in a red headline, reddens their row and marks the title", async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `this test needs Chromium at ${CHROMIUM}: install Debian's 'chromium' package (.ci/run installs it) or set SVC_TEST_CHROMIUM`,
      );
    const web = await startDashboardWeb({ bridge: client, cues: "/project1/cues", intervalMs: 200, port: 0 });
    // As root (CI), Chromium's sandbox cannot start; the page is svc's own, on loopback.
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
    try {
      const page = await browser.newPage();
      await page.goto(web.url);
      await page.waitForSelector("#errors.bad");
      expect(await page.textContent("#alerts")).toMatch(/^!! (.*, )?[1-9]\d* error\(s\)/);
      expect(await page.getAttribute("#alerts", "class")).toBe("bad");
      // Computed colour: the red of .bad, not the default text colour.
      expect(await page.evaluate('getComputedStyle(document.getElementById("errors")).color')).toBe("rgb(255, 80, 80)");
      expect(await page.title()).toBe("!! svc dashboard");
      expect(await page.getAttribute("#cue", "class")).toBe("");
    } finally {
      await browser.close();
      await web.close();
    }
  });

  it("a calm sample says so and marks nothing", () => {
    const calm: DashboardSample = {
      at: "12:00:00",
      status: "ok",
      frame: 100,
      fps: 60,
      dropped: 4,
      droppedNew: 0,
      errors: 0,
      warnings: 0,
      cue: null,
      fading: false,
      panic: false,
      chains: 0,
      alerts: [],
    };
    expect(dashboardLine(calm)).toMatch(/ dropped=4 dropped_new=0 .* alert=-$/);
    const screen = dashboardScreen(calm, "http://127.0.0.1:9980");
    expect(screen).toContain("all well");
    expect(screen).not.toContain("!!");
  });
});
