/**
 * svc show <profile> on tdsim: a dry run checks every step and leaves Perform Mode alone; the real
 * run turns it on and reads it back; a live network that drifted from its source, or a chain in
 * panic, stops the gate before Perform Mode is touched; a project that turns Perform Mode back makes
 * the readback disagree, and the gate rolls back once and fails; only an exact profile name is accepted.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv, encodePath } from "../../runtime/engine/bridge-client/index.js";
import { insertGuards } from "../../runtime/show/guards.js";
import { safetySource } from "../../runtime/show/safety-network.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";
import { PROGRAMME } from "./show-fixture.js";

let sim: RunningSim;
let client: BridgeClient;
let dir: string;

beforeAll(async () => {
  const env = { ...process.env };
  delete env.SVC_BRIDGE_ALLOW_EXEC;
  sim = await startSim({ port: 0, env });
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  dir = mkdtempSync(join(tmpdir(), "svc-gate-"));
  writeFileSync(join(dir, "show.svcnet"), PROGRAMME);
  writeFileSync(join(dir, "safety.svcnet"), safetySource({ name: "safety", outputs: ["/project1/show/out1"] }));
  writeFileSync(
    join(dir, "svc.show.yaml"),
    `targets:\n  stage: ${sim.url}\nprofiles:\n  opening:\n    target: stage\n    networks: [show.svcnet]\n    perform: true\n  rehearsal:\n    safety: false\n    perform: false\n`,
  );
  for (const f of ["show.svcnet", "safety.svcnet"])
    expect((await runSvc(["apply", f], { SVC_BRIDGE_URL: sim.url }, dir)).code).toBe(0);
  await insertGuards(client, "/project1/safety", ["/project1/show/out1"]);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const performMode = async () => (await client.get<{ performMode: boolean }>("/api/system")).performMode;
const gate = (argv: string[]) => runSvc(["show", ...argv], {}, dir);

describe("svc show <profile>", () => {
  it("a dry run passes every step and changes nothing", async () => {
    expect(await performMode()).toBe(false);
    const r = await gate(["opening", "--dry-run"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ok {3}status/m);
    expect(r.stdout).toMatch(/^ok {3}doctor {4}0 live error\(s\), 0 allowed/m);
    expect(r.stdout).toMatch(/^ok {3}safety {4}1 chain\(s\), 1 output\(s\) guarded, Panic off/m);
    expect(r.stdout).toMatch(/^ok {3}preflight 1 network\(s\) match their source/m);
    expect(r.stdout).toMatch(/would turn Perform Mode on \(dry run: unchanged\)/);
    expect(r.stdout).toMatch(/svc show opening: ready \(dry run\)\n$/);
    expect(await performMode()).toBe(false);
  });

  it("stops before Perform Mode when a chain is in panic or a network drifted", async () => {
    await client.patch(`/api/nodes/${encodePath("/project1/safety")}`, { parameters: { Panic: 1 } });
    const panic = await gate(["opening", "--json"]);
    expect(panic.code).toBe(1);
    const report = JSON.parse(panic.stdout) as {
      passed: boolean;
      steps: Array<{ step: string; ok: boolean; detail: string }>;
    };
    expect(report.passed).toBe(false);
    expect(report.steps.at(-1)).toEqual({ step: "safety", ok: false, detail: "/project1/safety is in panic" });
    await client.patch(`/api/nodes/${encodePath("/project1/safety")}`, { parameters: { Panic: 0 } });

    await client.patch(`/api/nodes/${encodePath("/project1/show/red")}`, { parameters: { colorg: 0.5 } });
    const drift = await gate(["opening"]);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toMatch(/^FAIL preflight show\.svcnet: the live network differs from it/m);
    expect(drift.stdout).not.toMatch(/perform/);
    expect(await performMode()).toBe(false);
    await client.patch(`/api/nodes/${encodePath("/project1/show/red")}`, { parameters: { colorg: 0 } });
  });

  it("turns Perform Mode on and reads it back; run again, it is already on", async () => {
    const r = await gate(["opening"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ok {3}perform {3}Perform Mode turned on, read back on/m);
    expect(await performMode()).toBe(true);
    expect((await gate(["opening"])).stdout).toMatch(/Perform Mode already on/);
  });

  it("accepts only an exact profile name, and a profile may skip steps", async () => {
    const near = await gate(["Opening"]);
    expect(near.code).toBe(2);
    expect(near.stderr).toMatch(
      /no profile 'Opening' \(the name must match exactly\); its profiles: opening, rehearsal/,
    );
    const rehearsal = await runSvc(["show", "rehearsal"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect(rehearsal.stdout).not.toMatch(/safety|preflight/);
    expect(rehearsal.stdout).toMatch(/Perform Mode turned off, read back off/);
    expect(await performMode()).toBe(false);
  });

  it("reads Perform Mode back and, when the project turns it back, rolls back once and fails", async () => {
    // A project that holds Perform Mode off itself (an artist's Execute DAT, not svc's): the gate's
    // write does not hold, so the readback disagrees.
    const holder = "/project1/hold_designer";
    await client.post("/api/batch", {
      operations: [
        {
          action: "create",
          parent_path: "/project1",
          type: "executeDAT",
          name: "hold_designer",
          parameters: { framestart: true },
        },
        {
          action: "set_text",
          path: holder,
          text: "def onFrameStart(frame):\n    ui.performMode = False\n    return\n",
        },
      ],
    });
    for (let i = 0; i < 1000 && (await performMode()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await performMode()).toBe(false);
    const r = await gate(["opening", "--json"]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as {
      passed: boolean;
      steps: Array<{ step: string; ok: boolean; detail: string }>;
    };
    expect(report.passed).toBe(false);
    expect(report.steps.at(-1)).toEqual({
      step: "perform",
      ok: false,
      detail: "Perform Mode read back off after turning it on; rolled back to off (read back off)",
    });
    await client.post("/api/batch", { operations: [{ action: "delete", path: holder, confirmation_policy: "yolo" }] });
  });
});

describe("svc dashboard", () => {
  it("prints a plain line per sample when piped: frame rate, errors, the current cue and panic", async () => {
    const { cueSource } = await import("../../runtime/show/cue-network.js");
    writeFileSync(
      join(dir, "cues.svcnet"),
      cueSource(
        "cues",
        [{ name: "intro", fade: 0, values: [{ path: "/project1/show/red", par: "colorb", kind: "num", value: "0" }] }],
        [],
      ),
    );
    expect((await runSvc(["apply", "cues.svcnet"], { SVC_BRIDGE_URL: sim.url }, dir)).code).toBe(0);
    await client.patch(`/api/nodes/${encodePath("/project1/cues")}`, { parameters: { Pending: "intro" } });
    for (
      let i = 0;
      i < 1000 &&
      (
        await client.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath("/project1/cues")}/params`, {
          keys: "Current",
        })
      ).params[0]?.value !== "intro";
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const r = await runSvc(["dashboard", "--count", "2", "--interval", "300"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d ok frame=\d+ fps=- dropped=\d+ dropped_new=\d+ errors=0 warnings=\d+ cue=intro panic=off alert=(-|dropped)$/,
    );
    const fps = Number(/fps=([\d.]+)/.exec(lines[1]!)?.[1]);
    expect(fps).toBeGreaterThan(0);
    const json = await runSvc(["dashboard", "--count", "1", "--json"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect(JSON.parse(json.stdout)).toEqual(
      expect.objectContaining({ status: "ok", errors: 0, cue: "intro", panic: false, chains: 1 }),
    );
  });

  it("--web serves the page on loopback, live through server-sent events, and refuses any other Host or Origin with 403", async () => {
    const { startDashboardWeb } = await import("../../runtime/cli/dashboard-web.js");
    const web = await startDashboardWeb({ bridge: client, cues: "/project1/cues", intervalMs: 200, port: 0 });
    try {
      const host = `127.0.0.1:${web.port}`;
      const page = await raw(web.port, "/", { host });
      expect(page.status).toBe(200);
      expect(page.body).toContain('new EventSource("/events")');
      // The policy allows exactly the page's own script.
      const script = /<script>([\s\S]*)<\/script>/.exec(page.body)![1]!;
      expect(page.headers["content-security-policy"]).toContain(
        `script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`,
      );
      // Two events from the stream: the samples move on (frame and fps) with the cue and panic state.
      const events = await sse(web.port, 2);
      expect(events[0]?.sample).toEqual(
        expect.objectContaining({ status: "ok", errors: 0, cue: "intro", panic: false, chains: 1 }),
      );
      expect(events[1]!.sample!.frame).toBeGreaterThan(events[0]!.sample!.frame);
      const latest = JSON.parse((await raw(web.port, "/sample", { host: `localhost:${web.port}` })).body) as {
        sample: { cue: string };
      };
      expect(latest.sample.cue).toBe("intro");
      for (const ok of [`[::1]:${web.port}`, `LOCALHOST:${web.port}`])
        expect((await raw(web.port, "/sample", { host: ok })).status, ok).toBe(200);
      expect((await raw(web.port, "/sample", { host, origin: `http://localhost:5173` })).status).toBe(200);
      // DNS rebinding, other loopback spellings and ports, and foreign or opaque origins.
      for (const bad of [
        "evil",
        `evil:${web.port}`,
        `127.0.0.1.nip.io:${web.port}`,
        `localhost.:${web.port}`,
        `127.0.0.2:${web.port}`,
        `0.0.0.0:${web.port}`,
        `[::ffff:127.0.0.1]:${web.port}`,
        `127.0.0.1:${web.port + 1}`,
        "127.0.0.1",
        "",
      ]) {
        const r = await raw(web.port, "/sample", { host: bad });
        expect(r.status, `Host: ${bad}`).toBe(403);
        expect(r.body).not.toContain("sample");
      }
      for (const bad of [
        "http://evil",
        "http://localhost.evil.com",
        `http://127.0.0.1.evil.com:${web.port}`,
        "null",
        "file://",
        "http://[::2]",
      ]) {
        const r = await raw(web.port, "/events", { host, origin: bad });
        expect(r.status, `Origin: ${bad}`).toBe(403);
      }
      expect((await raw(web.port, "/sample", { host }, "POST")).status).toBe(405);
      expect((await raw(web.port, "/nope", { host })).status).toBe(404);
    } finally {
      await web.close();
    }
    const usage = await runSvc(["dashboard", "--web", "--json"], { SVC_BRIDGE_URL: sim.url }, dir);
    expect(usage.code).toBe(2);
    expect((await runSvc(["dashboard", "--port", "0"], { SVC_BRIDGE_URL: sim.url }, dir)).code).toBe(2);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly these headers (fetch would not send a foreign Host). */
function raw(port: number, path: string, headers: Record<string, string>, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers, setHost: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
        // An event stream never ends: the first event is enough.
        if (res.headers["content-type"] === "text/event-stream" && body.includes("\n\n")) res.destroy();
      });
      res.on("close", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The first `n` events of the dashboard's stream. */
function sse(
  port: number,
  n: number,
): Promise<Array<{ sample?: { frame: number } & Record<string, unknown>; error?: string }>> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/events", headers: { host: `127.0.0.1:${port}`, accept: "text/event-stream" } },
      (res) => {
        let buffer = "";
        const events: Array<{ sample?: { frame: number } & Record<string, unknown> }> = [];
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          buffer += c;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const data = buffer
              .slice(0, end)
              .split("\n")
              .filter((l) => l.startsWith("data: "))
              .map((l) => l.slice(6))
              .join("\n");
            buffer = buffer.slice(end + 2);
            // The first event may be sent before the first sample is taken.
            if (data && (JSON.parse(data) as { sample?: unknown }).sample !== undefined) events.push(JSON.parse(data));
            if (events.length === n) {
              res.destroy();
              return resolve(events);
            }
          }
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
