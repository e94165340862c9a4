import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgeVersion, stagedCurrent } from "../../runtime/bridge-install/stage.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { requireBuiltCli } from "../mcp/helpers.js";
import { runSvc } from "./run-cli.js";

const work = mkdtempSync(join(tmpdir(), "svc-onboarding-"));
const TOKEN = "doctor-test-token-0123456789";
let sim: RunningSim;
let openBridge: Server;
let openUrl: string;

beforeAll(async () => {
  // tdsim's bridge with a token in its environment, as TouchDesigner would have it
  sim = await startSim({ port: 0, env: { ...process.env, SVC_BRIDGE_TOKEN: TOKEN } });
  // a bridge that checks no token, to see doctor notice svc sending one in vain
  openBridge = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        ok: true,
        data: { bridge_version: bridgeVersion(), td_version: "test", python_version: "3.11" },
      }),
    );
  });
  await new Promise<void>((r) => openBridge.listen(0, "127.0.0.1", r));
  openUrl = `http://127.0.0.1:${(openBridge.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  await new Promise((r) => openBridge?.close(r));
  rmSync(work, { recursive: true, force: true });
});

/** A new user's home folder, with nothing of svc's in it. */
function freshHome(name: string): string {
  const home = join(work, name);
  mkdirSync(home, { recursive: true });
  return home;
}

type Report = { ok: boolean; checks: Array<{ id: string; status: string; fixed?: boolean; detail: string }> };
const statuses = (r: Report) =>
  Object.fromEntries(r.checks.map((c) => [c.id, c.fixed === undefined ? c.status : `${c.status}, fixed`]));

describe("svc doctor", () => {
  it("on a fresh machine lists exactly what is missing (run as a process, python3 not on the PATH)", () => {
    const home = freshHome("fresh");
    const bin = join(work, "node-only-bin");
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, "node"));
    const run = spawnSync(join(bin, "node"), [requireBuiltCli(), "doctor", "--json"], {
      env: { HOME: home, PATH: bin, SVC_BRIDGE_URL: "http://127.0.0.1:9" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(statuses(report)).toEqual({
      node: "ok",
      python3: "fail",
      "bridge-staged": "fail",
      "bridge-reachable": "fail",
      "bridge-current": "skip",
      "bridge-token": "skip",
      "lan-token": "skip",
      "mcp-clients": "warn",
      profiles: "warn",
      vault: "skip",
    });
    expect(readdirSync(home)).toEqual([]);
  });

  it("--fix stages the bridge and creates the profile and vault folders, and they check ok afterwards", async () => {
    const home = freshHome("fix");
    const env = {
      HOME: home,
      PATH: process.env.PATH ?? "",
      SVC_BRIDGE_URL: sim.url,
      SVC_BRIDGE_TOKEN: TOKEN,
      SVC_VAULT_PATH: join(home, "notes", "vault"),
    };
    const before = await runSvc(["doctor", "--json"], env, home);
    expect(statuses(JSON.parse(before.stdout) as Report)).toMatchObject({
      "bridge-staged": "fail",
      profiles: "warn",
      vault: "fail",
      "bridge-reachable": "ok",
      "bridge-current": "ok",
      "bridge-token": "ok",
    });
    expect(before.code).toBe(1);
    // once a bridge answers, doctor suggests the live conformance run
    expect(before.stdout).toContain("'svc verify --live' checks svc against this build");
    const fixed = await runSvc(["doctor", "--fix"], env, home);
    expect(fixed.stdout).toMatch(/ok +bridge-staged .* \(fixed\)/);
    expect(fixed.stdout).toMatch(/ok +profiles .* \(fixed\)/);
    expect(fixed.stdout).toMatch(/ok +vault .* \(fixed\)/);
    expect(fixed.code).toBe(0);
    expect(stagedCurrent(join(home, ".svc", "bridge", bridgeVersion()))).toBe(true);
    expect(existsSync(join(home, ".svc", "profiles"))).toBe(true);
    expect(existsSync(join(home, "notes", "vault"))).toBe(true);
    const after = JSON.parse((await runSvc(["doctor", "--json"], env, home)).stdout) as Report;
    expect(statuses(after)).toMatchObject({ "bridge-staged": "ok", profiles: "ok", vault: "ok" });
  });

  it("tells a missing or wrong token from a token the bridge does not check", async () => {
    const home = freshHome("token");
    const check = async (env: Record<string, string>) =>
      (
        JSON.parse(
          (await runSvc(["doctor", "--json"], { HOME: home, PATH: process.env.PATH ?? "", ...env }, home)).stdout,
        ) as Report
      ).checks.find((c) => c.id === "bridge-token")!;
    expect(await check({ SVC_BRIDGE_URL: sim.url })).toMatchObject({
      status: "fail",
      detail: "the bridge needs a token and svc has none",
    });
    expect(await check({ SVC_BRIDGE_URL: sim.url, SVC_BRIDGE_TOKEN: "wrong" })).toMatchObject({
      status: "fail",
      detail: "svc's SVC_BRIDGE_TOKEN differs from the bridge's",
    });
    expect(await check({ SVC_BRIDGE_URL: openUrl, SVC_BRIDGE_TOKEN: TOKEN })).toMatchObject({ status: "warn" });
    expect(await check({ SVC_BRIDGE_URL: openUrl })).toMatchObject({ status: "ok" });
  });
});

describe("svc install-client", () => {
  it("plans without writing, merges keeping other servers with a backup, and the written entry starts svc's MCP server", async () => {
    const home = freshHome("clients");
    const cursor = join(home, ".cursor", "mcp.json");
    mkdirSync(join(home, ".cursor"));
    const cursorBefore = JSON.stringify(
      { mcpServers: { other: { command: "other-server", args: ["--x"] } }, theme: "dark" },
      null,
      4,
    );
    writeFileSync(cursor, cursorBefore);
    const claudeCode = join(home, ".claude.json");
    writeFileSync(
      claudeCode,
      JSON.stringify({ numStartups: 3, projects: { "/p": { mcpServers: { local: { command: "l" } } } } }),
    );
    mkdirSync(join(home, ".config", "Code", "User"), { recursive: true });
    const env = { HOME: home, PATH: process.env.PATH ?? "" };

    const plan = await runSvc(["install-client"], env, home);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(`Cursor: will add the svc server in ${cursor}, keeping other`);
    expect(plan.stdout).toContain("Claude Code: will add the svc server");
    expect(plan.stdout).toContain("VS Code: will add the svc server");
    expect(plan.stdout).toContain("Claude Desktop: not found");
    expect(readFileSync(cursor, "utf8")).toBe(cursorBefore);
    expect(existsSync(join(home, ".config", "Code", "User", "mcp.json"))).toBe(false);

    const write = await runSvc(["install-client", "--write"], env, home);
    expect(write.stderr).toBe("");
    expect(write.code).toBe(0);
    const merged = JSON.parse(readFileSync(cursor, "utf8"));
    expect(merged.theme).toBe("dark");
    expect(merged.mcpServers.other).toEqual({ command: "other-server", args: ["--x"] });
    expect(merged.mcpServers.svc).toEqual({ command: process.execPath, args: [requireBuiltCli()] });
    const backups = readdirSync(join(home, ".cursor")).filter((f) => f.startsWith("mcp.json.svc-backup-"));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(home, ".cursor", backups[0]!), "utf8")).toBe(cursorBefore);
    const code = JSON.parse(readFileSync(claudeCode, "utf8"));
    expect(code).toMatchObject({ numStartups: 3, projects: { "/p": { mcpServers: { local: { command: "l" } } } } });
    const vscode = JSON.parse(readFileSync(join(home, ".config", "Code", "User", "mcp.json"), "utf8"));
    expect(vscode).toEqual({
      servers: { svc: { type: "stdio", command: process.execPath, args: [requireBuiltCli()] } },
    });

    const again = await runSvc(["install-client", "--write"], env, home);
    expect(again.stdout).toContain("Cursor: already current");
    expect(readdirSync(join(home, ".cursor")).filter((f) => f.includes("svc-backup"))).toHaveLength(1);
    const doctor = JSON.parse(
      (await runSvc(["doctor", "--json"], { ...env, SVC_BRIDGE_URL: "http://127.0.0.1:9" }, home)).stdout,
    ) as Report;
    expect(doctor.checks.find((c) => c.id === "mcp-clients")).toMatchObject({
      status: "ok",
      detail: "svc is configured in Claude Code, Cursor, VS Code",
    });

    // what the client will run: the entry as written starts svc's MCP server on stdio
    const entry = code.mcpServers.svc as { command: string; args: string[] };
    const client = new Client({ name: "install-client-test", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: { PATH: process.env.PATH ?? "", HOME: home },
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("apply_network");
    } finally {
      await client.close();
    }
  });

  it("never rewrites a file it cannot read as JSON, and refuses an unknown client", async () => {
    const home = freshHome("jsonc");
    const cursor = join(home, ".cursor", "mcp.json");
    mkdirSync(join(home, ".cursor"));
    const text = '{\n  // my servers\n  "mcpServers": {}\n}\n';
    writeFileSync(cursor, text);
    const env = { HOME: home, PATH: process.env.PATH ?? "" };
    const r = await runSvc(["install-client", "--write", "--client", "cursor"], env, home);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not plain JSON");
    expect(readFileSync(cursor, "utf8")).toBe(text);
    expect(readdirSync(join(home, ".cursor"))).toEqual(["mcp.json"]);
    const bad = await runSvc(["install-client", "--client", "emacs"], env, home);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown client 'emacs'") });
  });
});

describe("svc init", () => {
  it("--dry-run changes nothing; then stages, adds svc to the clients found, seeds the profile and a token; again changes nothing", async () => {
    const home = freshHome("init");
    mkdirSync(join(home, ".cursor"));
    const env = { HOME: home, PATH: process.env.PATH ?? "" };
    const dry = await runSvc(["init", "--dry-run", "--json", "--token"], env, home);
    expect(dry.code).toBe(0);
    const planned = JSON.parse(dry.stdout) as { steps: Array<{ step: string; outcome: string }>; textport: string };
    expect(planned.steps.map((s) => `${s.step} ${s.outcome}`)).toEqual([
      "bridge planned",
      "clients planned",
      "profile planned",
      "token planned",
    ]);
    expect(readdirSync(home)).toEqual([".cursor"]);
    expect(readdirSync(join(home, ".cursor"))).toEqual([]);

    const done = await runSvc(["init", "--token"], env, home);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^done +bridge /m);
    expect(done.stdout).toMatch(/^done +clients +Cursor: svc added to /m);
    expect(done.stdout).toMatch(/^done +profile /m);
    expect(done.stdout).toMatch(/^done +token /m);
    expect(done.stdout).toContain(`svc_bridge.install.install(d, port=9980)`);
    expect(stagedCurrent(join(home, ".svc", "bridge", bridgeVersion()))).toBe(true);
    expect(JSON.parse(readFileSync(join(home, ".cursor", "mcp.json"), "utf8")).mcpServers.svc.args).toEqual([
      requireBuiltCli(),
    ]);
    expect(JSON.parse(readFileSync(join(home, ".svc", "profiles", "default.json"), "utf8"))).toMatchObject({
      schemaVersion: 1,
      name: "default",
      tool_profile: "core",
    });
    const envFile = join(home, ".svc", "env");
    expect(readFileSync(envFile, "utf8")).toMatch(/^SVC_BRIDGE_TOKEN=[0-9a-f]{64}$/m);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);

    const again = JSON.parse((await runSvc(["init", "--json", "--token"], env, home)).stdout) as {
      steps: Array<{ step: string; outcome: string }>;
    };
    expect(again.steps.map((s) => `${s.step} ${s.outcome}`)).toEqual([
      "bridge current",
      "clients current",
      "profile current",
      "token current",
    ]);

    // svc reads the token from its env file: doctor now sends it, and tdsim's bridge (another token) refuses it
    const doctor = spawnSync(process.execPath, [requireBuiltCli(), "doctor", "--json"], {
      env: { ...env, SVC_BRIDGE_URL: sim.url },
      encoding: "utf8",
    });
    const token = (JSON.parse(doctor.stdout) as Report).checks.find((c) => c.id === "bridge-token");
    expect(token).toMatchObject({ status: "fail", detail: "svc's SVC_BRIDGE_TOKEN differs from the bridge's" });
  });
});

describe("svc status readiness", () => {
  it("shows svc's settings with the token redacted, what is staged and seeded, and each client's state, bridge up or down", async () => {
    const home = freshHome("status");
    mkdirSync(join(home, ".cursor"));
    writeFileSync(
      join(home, ".cursor", "mcp.json"),
      JSON.stringify({ mcpServers: { svc: { command: "node", args: ["/old/svc.js"] } } }),
    );
    const env = {
      HOME: home,
      PATH: process.env.PATH ?? "",
      SVC_BRIDGE_URL: sim.url,
      SVC_BRIDGE_TOKEN: TOKEN,
      SVC_VAULT_PATH: join(home, "vault"),
    };
    const up = await runSvc(["status"], env, home);
    expect(up.code).toBe(0);
    expect(up.stdout).not.toContain(TOKEN);
    expect(up.stdout).toContain("SVC_BRIDGE_TOKEN=(set, redacted)");
    expect(up.stdout).toContain(`SVC_BRIDGE_URL=${sim.url}`);
    expect(up.stdout).toContain("staged:      not staged");
    expect(up.stdout).toContain("vault:       missing");
    expect(up.stdout).toContain("Cursor (points elsewhere)");
    await runSvc(["init"], env, home);
    const down = await runSvc(["status", "--json"], { ...env, SVC_BRIDGE_URL: "http://127.0.0.1:9" }, home);
    expect(down.code).toBe(1);
    expect(down.stdout).not.toContain(TOKEN);
    const json = JSON.parse(down.stdout) as {
      reachable: boolean;
      local: { bridge_staged: boolean; profile: boolean; vault: string; clients: Array<{ id: string; state: string }> };
    };
    expect(json.reachable).toBe(false);
    expect(json.local).toMatchObject({ bridge_staged: true, profile: true, vault: "missing" });
    expect(json.local.clients.find((c) => c.id === "cursor")?.state).toBe("current");
  });
});

describe("svc doctor and LAN access", () => {
  it("fails LAN access without a token, and --fix writes one to the env file that svc then reads", async () => {
    const home = freshHome("lan");
    const env = {
      HOME: home,
      PATH: process.env.PATH ?? "",
      SVC_BRIDGE_URL: "http://127.0.0.1:9",
      SVC_BRIDGE_ALLOW_LAN: "yes",
    };
    const lanCheck = (r: Report) => r.checks.find((c) => c.id === "lan-token");
    expect(lanCheck(JSON.parse((await runSvc(["doctor", "--json"], env, home)).stdout) as Report)).toMatchObject({
      status: "fail",
    });
    const fixed = JSON.parse((await runSvc(["doctor", "--json", "--fix"], env, home)).stdout) as Report;
    expect(lanCheck(fixed)).toMatchObject({ status: "ok", fixed: true });
    expect(readFileSync(join(home, ".svc", "env"), "utf8")).toMatch(/^SVC_BRIDGE_TOKEN=[0-9a-f]{64}$/m);
    // a new svc process has the token from the file (its status says so, redacted)
    const status = spawnSync(process.execPath, [requireBuiltCli(), "status", "--json"], { env, encoding: "utf8" });
    expect(JSON.parse(status.stdout).local.config).toMatchObject({
      SVC_BRIDGE_TOKEN: "(set, redacted)",
      SVC_BRIDGE_ALLOW_LAN: "yes",
    });
  });
});
