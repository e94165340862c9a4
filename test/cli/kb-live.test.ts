/**
 * `svc kb sync --live` and `svc kb diff --live` against tdsim: the build's types read through the bridge
 * page by page, an overlay kept for that build, `svc check --build` using it; on tdsim, whose catalog is
 * the shipped kb, the build and the kb agree. A dump changed on purpose shows each difference.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allOperatorEntries, getOperatorByType, kbDataDir, setKbDataDir } from "../../kb/index.js";
import { diffDump } from "../../kb/import/diff.js";
import type { Dump } from "../../kb/import/dump-schema.js";
import { call, startHost, type SimHost } from "../bridge/sim-host.js";
import { writeOverlay } from "../../runtime/verify/kb-overlay.js";
import { requireBuiltCli } from "../mcp/helpers.js";
import { runSvc } from "./run-cli.js";

const work = mkdtempSync(join(tmpdir(), "svc-kb-live-"));
let host: SimHost;
let env: Record<string, string>;
const BUILD = "tdsim-2025.32460";

beforeAll(async () => {
  host = await startHost();
  env = { SVC_BRIDGE_URL: host.url, SVC_HOME: join(work, "home"), HOME: work };
});

afterAll(async () => {
  setKbDataDir(undefined);
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

const kbTypes = () => allOperatorEntries().map((e) => e.type);

describe("svc kb diff --live and svc kb sync --live on tdsim", () => {
  it("diff: tdsim's build and the shipped kb agree (exit 0), as a table and as JSON", async () => {
    const run = await runSvc(["kb", "diff", "--live"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`build ${BUILD}: 661 types in the build, 661 in the knowledge base`);
    expect(run.stdout).toContain("the build and the knowledge base agree");
    expect(run.stderr).toContain("svc kb diff: 661 of 661 types read");
    const json = JSON.parse((await runSvc(["kb", "diff", "--live", "--json"], env)).stdout);
    expect(json).toMatchObject({ buildName: BUILD, missingTypes: [], extraTypes: [], failedTypes: [], types: [] });
  });

  it("sync: writes the build's overlay, which agrees with the shipped kb, and svc check --build uses it", async () => {
    const run = await runSvc(["kb", "sync", "--live"], env);
    expect(run.code, run.stderr).toBe(0);
    const root = join(work, "home", "kb", BUILD);
    expect(run.stdout).toContain(`svc kb sync: build ${BUILD}: 661 types read, 0 could not be made`);
    expect(run.stdout).toContain("tdsim's catalog is the shipped knowledge base");
    expect(existsSync(join(root, "data", "index.json"))).toBe(true);
    const dump = JSON.parse(readFileSync(join(root, "dump.json"), "utf8")) as Dump;
    expect(dump.operators).toHaveLength(661);
    // on tdsim the overlay is the shipped kb, file for file
    const files = readdirSync(kbDataDir(), { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const rel = relative(kbDataDir(), join(f.parentPath, f.name));
      expect(readFileSync(join(root, "data", rel)).equals(readFileSync(join(kbDataDir(), rel))), rel).toBe(true);
    }
    // and the build's dump differs from it in nothing
    setKbDataDir(join(root, "data"));
    try {
      expect(diffDump(dump, kbTypes(), getOperatorByType)).toMatchObject({
        missingTypes: [],
        extraTypes: [],
        types: [],
      });
    } finally {
      setKbDataDir(undefined);
    }
    expect(kbDataDir()).not.toContain(BUILD);
    // nothing of the sync stays in the project
    const top = await call(host, "GET", "/api/nodes?parent=%2F");
    const names = (top.body.data as { children: { name: string }[] }).children.map((c) => c.name);
    expect(names.filter((n) => n.startsWith("svc_kb_sync_"))).toEqual([]);

    const checked = await runSvc(["check", "--build", BUILD, "examples/feedback-tunnel.svcnet"], env);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    // an overlay of a build without the Noise TOP: the same file no longer checks against it
    const lacking = join(work, "home", "kb", "Lacking-1.1", "data");
    cpSync(join(root, "data"), lacking, { recursive: true });
    const index = JSON.parse(readFileSync(join(lacking, "index.json"), "utf8")) as { operators: { type: string }[] };
    index.operators = index.operators.filter((o) => o.type !== "noiseTOP");
    writeFileSync(join(lacking, "index.json"), JSON.stringify(index));
    const without = await runSvc(["check", "--build", "Lacking-1.1", "examples/feedback-tunnel.svcnet"], env);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain("noiseTOP");
    expect((await runSvc(["check", "examples/feedback-tunnel.svcnet"], env)).code).toBe(0);
    const unknown = await runSvc(["check", "--build", "TouchDesigner-2099.1", "examples/feedback-tunnel.svcnet"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "svc check: no knowledge base for build TouchDesigner-2099.1 (run 'svc kb sync --live'",
    );
  });

  it("a build's overlay merges what it reported (another build than tdsim): its values win", async () => {
    const dump = JSON.parse(readFileSync(join(work, "home", "kb", BUILD, "dump.json"), "utf8")) as Dump;
    const { dataDir, report } = await writeOverlay(env, "Other-1.2", kbDataDir(), dump, true);
    expect(report).toMatchObject({ operatorsInDump: 661, operatorsAdded: [] });
    setKbDataDir(dataDir);
    try {
      expect(getOperatorByType("noiseTOP")!.params.find((p) => p.name === "period")?.defaultSource).toBe("dump");
      expect(diffDump(dump, kbTypes(), getOperatorByType).types).toEqual([]);
    } finally {
      setKbDataDir(undefined);
    }
    expect(getOperatorByType("noiseTOP")!.params.find((p) => p.name === "period")?.defaultSource).not.toBe("dump");
  });

  it("the diff reports each way a build can differ, and only those", async () => {
    const dump = JSON.parse(readFileSync(join(work, "home", "kb", BUILD, "dump.json"), "utf8")) as Dump;
    const changed: Dump = JSON.parse(JSON.stringify(dump));
    changed.operators = changed.operators.filter((o) => o.type !== "addTOP");
    const noise = changed.operators.find((o) => o.type === "noiseTOP")!;
    noise.pars = noise.pars.filter((p) => p.name !== "seed");
    noise.pars.push({ ...noise.pars.find((p) => p.name === "amp")!, name: "brandnew", label: "Brand New" });
    noise.pars.find((p) => p.name === "period")!.default = 7;
    noise.pars.find((p) => p.name === "harmon")!.style = "Float";
    noise.pars.find((p) => p.name === "type")!.menuNames = ["simplex3d"];
    changed.operators.push({ ...noise, type: "futureTOP", pars: [] });
    const diff = diffDump(changed, kbTypes(), getOperatorByType);
    expect(diff.missingTypes).toEqual(["addTOP"]);
    expect(diff.extraTypes).toEqual(["futureTOP"]);
    expect(diff.types).toEqual([
      {
        type: "noiseTOP",
        family: "TOP",
        missingParams: ["seed"],
        extraParams: ["brandnew"],
        styles: [{ param: "harmon", kb: "Int", build: "Float" }],
        defaults: [{ param: "period", kb: expect.any(Number), build: 7 }],
        menus: [{ param: "type", kb: expect.any(Array), build: ["simplex3d"] }],
      },
    ]);
  });

  it("SVC_KB_BUILD makes svc use a build's overlay: by name, or the build the bridge reports", async () => {
    const cli = requireBuiltCli();
    const run = (build: string) =>
      spawnSync(process.execPath, [cli, "check", "examples/feedback-tunnel.svcnet"], {
        env: { ...process.env, ...env, SVC_KB_BUILD: build },
        encoding: "utf8",
      });
    // Lacking-1.1 (made above) has no Noise TOP
    const lacking = run("Lacking-1.1");
    expect(lacking.status).toBe(1);
    expect(lacking.stdout).toContain("noiseTOP");
    // the bridge reports tdsim's build; its overlay, changed the same way, is the one used
    const overlay = join(work, "home", "kb", BUILD, "data", "index.json");
    const index = JSON.parse(readFileSync(overlay, "utf8")) as { operators: { type: string }[] };
    index.operators = index.operators.filter((o) => o.type !== "noiseTOP");
    writeFileSync(overlay, JSON.stringify(index));
    expect(run("bridge").status).toBe(1);
    const missing = run("Nowhere-0.0");
    expect(missing.status).toBe(0);
    expect(missing.stderr).toContain("no knowledge base for build Nowhere-0.0");
  });

  it("without --live both are usage errors", async () => {
    expect((await runSvc(["kb", "sync"], env)).code).toBe(2);
    expect((await runSvc(["kb", "diff"], env)).code).toBe(2);
  });
});
