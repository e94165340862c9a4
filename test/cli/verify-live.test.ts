/**
 * `svc verify --live` against tdsim: the bridge's conformance suite runs inside tdsim over HTTP, a step
 * per request, and every check passes but those that need exec; the report names the build and the
 * scratch COMP is gone afterwards.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startHost, type SimHost } from "../bridge/sim-host.js";
import { runSvc } from "./run-cli.js";

const TOKEN = "verify-live-token";
const work = mkdtempSync(join(tmpdir(), "svc-verify-"));
let host: SimHost;

interface Check {
  id: string;
  status: "PASS" | "FAIL" | "UNVERIFIED";
  why?: string;
}

beforeAll(async () => {
  host = await startHost({ env: { SVC_BRIDGE_TOKEN: TOKEN, SVC_BRIDGE_EXPORT_DIR: work } });
});

afterAll(async () => {
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("svc verify --live", () => {
  it("runs at least 150 checks on tdsim, all PASS but the two that need exec, and writes the report", async () => {
    const file = join(work, "report.json");
    const run = await runSvc(["verify", "--live", "--report", file], {
      SVC_BRIDGE_URL: host.url,
      SVC_BRIDGE_TOKEN: TOKEN,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      checks: Check[];
      counts: Record<string, number>;
      build: Record<string, string>;
      steps: number;
    };
    const notPassed = report.checks.filter((c) => c.status !== "PASS");
    expect(notPassed.map((c) => `${c.id} ${c.status}`)).toEqual([
      "exec.exec_runs UNVERIFIED",
      "exec.method_runs UNVERIFIED",
    ]);
    expect(notPassed.every((c) => c.why?.includes("needs exec"))).toBe(true);
    expect(report.checks.length).toBeGreaterThanOrEqual(150);
    expect(report.counts).toEqual({ PASS: report.checks.length - 2, FAIL: 0, UNVERIFIED: 2 });
    // the build is tdsim's App class; the run took several requests over one kept-alive connection
    expect(report.build).toMatchObject({ product: "tdsim", osName: expect.any(String) });
    expect(report.build.version).toMatch(/^\d{4}$/);
    expect(report.build.build).toMatch(/^\d+$/);
    expect(report.steps).toBeGreaterThan(2);
    for (const id of [
      "webserver.keep_alive",
      "webserver.pars_decoded",
      "webserver.custom_header",
      "webserver.authorization_header",
      "safety.bridge_callbacks_read_only",
      "undo.create_one_item",
      "sequences.glslTOP_vec_grow",
      "modes.bind_write_through",
      "suite.scratch_removed",
    ])
      expect(report.checks.find((c) => c.id === id)?.status, id).toBe("PASS");
    // the text report says the same, and names the build
    expect(run.stdout).toMatch(/^build: tdsim \d{4}\.\d+ on /m);
    expect(run.stdout).toContain(
      `${report.checks.length} checks: ${report.checks.length - 2} PASS, 0 FAIL, 2 UNVERIFIED`,
    );
    // nothing of the run is left in the project
    const root = await call(host, "GET", "/api/nodes?parent=%2F", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(root.status).toBe(200);
    const names = (root.body.data as { children: { name: string }[] }).children.map((c) => c.name);
    expect(names.filter((n) => n.startsWith("svc_verify_"))).toEqual([]);
  });

  it("with exec open in TouchDesigner's environment, the exec checks run and the closed gate's are UNVERIFIED", async () => {
    const open = await startHost({ env: { SVC_BRIDGE_ALLOW_EXEC: "1", SVC_BRIDGE_EXPORT_DIR: work } });
    try {
      const run = await runSvc(["verify", "--live", "--json"], { SVC_BRIDGE_URL: open.url });
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { checks: Check[]; exec_open: boolean };
      expect(report.exec_open).toBe(true);
      const status = (id: string) => report.checks.find((c) => c.id === id)?.status;
      expect(["exec.exec_runs", "exec.method_runs"].map(status)).toEqual(["PASS", "PASS"]);
      expect(report.checks.filter((c) => c.status !== "PASS").map((c) => c.id)).toEqual([
        "exec.exec_closed",
        "exec.method_closed",
        "exec.reload_closed",
        // no token on this host: nothing to look for
        "webserver.authorization_header",
      ]);
    } finally {
      await open.stop();
    }
  });

  it("--json prints the report; without --live it is a usage error; no bridge is exit 1", async () => {
    const json = await runSvc(["verify", "--live", "--json"], { SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: TOKEN });
    expect(JSON.parse(json.stdout).counts.FAIL).toBe(0);
    const usage = await runSvc(["verify"], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("pass --live");
    const wrongToken = await runSvc(["verify", "--live"], { SVC_BRIDGE_URL: host.url, SVC_BRIDGE_TOKEN: "wrong" });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain("unauthorized");
    const none = await runSvc(["verify", "--live"], { SVC_BRIDGE_URL: "http://127.0.0.1:9" });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("cannot reach the bridge at http://127.0.0.1:9");
  });
});
