/**
 * Every writer of a user's data replaces its file all at once: a write that fails half-way (the disk
 * fills after half the bytes) or a process killed half-way leaves the old file whole and no
 * temporary file beside it. The fault is injected into `fs` itself, on the descriptors of the
 * temporary files of the one file under test, so each writer is run exactly as a user runs it.
 */
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs, { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { writeFileAtomic, writeFileAtomicSync } from "../../runtime/atomic-write.js";
import { writeIndex, type IndexRow } from "../../runtime/creative/index-file.js";
import { writeStateFile } from "../../runtime/mcp/auth/state-file.js";
import { replaceAgentBrief } from "../../runtime/session/agent-brief.js";
import { emptyProfile, writeSessionProfile } from "../../runtime/session/profile.js";
import { writeNoteFile } from "../../runtime/vault/safe-fs.js";
import { openVault } from "../../runtime/vault/vault-root.js";
import { writeAtomically } from "../../runtime/cli/import-output.js";
import { writeJson } from "../../runtime/artifacts/artifact.js";
import { runAgent, runSvc } from "../cli/run-cli.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { setEnvFileValue } from "../../runtime/onboarding/env-file.js";
import { mergeServer } from "../../runtime/onboarding/clients.js";
import { addTrusted } from "../../runtime/packages/signing.js";
import { identityKey, saveCalibration, type CalibrationEntry } from "../../runtime/copilot/calibration-cache.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "svc-atomic-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const OLD = "the old data, which must survive\n";
let seq = 0;

/** A fresh folder holding `name` with the old data. */
function oldFile(name: string): string {
  const dir = join(scratch, `case-${++seq}`);
  fs.mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, OLD);
  return path;
}

const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

/**
 * From now on, a write to a file opened under a name that starts with `name.` (a temporary file
 * beside `name`) writes half of its bytes and then fails as a full disk does.
 */
function diskFillsWhileWriting(name: string): { hits: () => number } {
  const doomed = new Set<number>();
  let hits = 0;
  const isTemporary = (p: unknown) => typeof p === "string" && basename(p).startsWith(`${name}.`);
  const realOpenSync = fs.openSync;
  const realOpen = fs.open;
  const realWriteSync = fs.writeSync;
  const realWrite = fs.write;
  vi.spyOn(fs, "openSync").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (realOpenSync as (...a: unknown[]) => number)(p, ...rest);
    if (isTemporary(p)) doomed.add(fd);
    return fd;
  }) as typeof fs.openSync);
  vi.spyOn(fs, "open").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    const callback = rest.pop() as (err: Error | null, fd?: number) => void;
    (realOpen as (...a: unknown[]) => void)(p, ...rest, (err: Error | null, fd: number) => {
      if (!err && isTemporary(p)) doomed.add(fd);
      callback(err, fd);
    });
  }) as typeof fs.open);
  const half = (data: unknown) => {
    const bytes =
      Buffer.isBuffer(data) || ArrayBuffer.isView(data) ? Buffer.from(data as Uint8Array) : Buffer.from(String(data));
    return bytes.subarray(0, Math.floor(bytes.length / 2));
  };
  vi.spyOn(fs, "writeSync").mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (!doomed.has(fd)) return (realWriteSync as (...a: unknown[]) => number)(fd, data, ...rest);
    hits++;
    const part = half(data);
    realWriteSync(fd, part, 0, part.length);
    throw enospc();
  }) as typeof fs.writeSync);
  vi.spyOn(fs, "write").mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    const callback = rest.pop() as (err: Error | null, ...r: unknown[]) => void;
    if (!doomed.has(fd)) return (realWrite as (...a: unknown[]) => void)(fd, data, ...rest, callback);
    hits++;
    const part = half(data);
    realWrite(fd, part, 0, part.length, null, () => callback(enospc()));
  }) as typeof fs.write);
  return { hits: () => hits };
}

/** The old file is whole and nothing else is beside it. */
function expectOldIntact(path: string, fault: { hits: () => number }): void {
  expect(fault.hits()).toBeGreaterThan(0);
  expect(readFileSync(path, "utf8")).toBe(OLD);
  expect(readdirSync(dirname(path))).toEqual([basename(path)]);
}

/** The helper as shipped (dist/), for a plain Node child process to import. */
function builtHelper(): string {
  const built = join(ROOT, "dist", "runtime", "atomic-write.js");
  if (!existsSync(built)) throw new Error("dist/ is missing: run `npx tsc -p tsconfig.build.json` (npm test does it)");
  return built;
}

const bigText = "x".repeat(256 * 1024);

describe("the atomic writer itself", () => {
  it("a synchronous write that fails half-way leaves the old file", () => {
    const path = oldFile("plain.txt");
    const fault = diskFillsWhileWriting("plain.txt");
    expect(() => writeFileAtomicSync(path, bigText)).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("an asynchronous write that fails half-way leaves the old file", async () => {
    const path = oldFile("plain.txt");
    const fault = diskFillsWhileWriting("plain.txt");
    await expect(writeFileAtomic(path, bigText)).rejects.toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("a process killed half-way through a write leaves the old file", () => {
    const path = oldFile("killed.txt");
    // The child writes half of a large file through the helper and is killed (SIGKILL) in the
    // middle of its write: no clean-up handler runs, as when the machine loses power.
    const child = spawnSync(
      process.execPath,
      [fileURLToPath(new URL("./fixtures/killed-writer.mjs", import.meta.url)), builtHelper(), path],
      { encoding: "utf8" },
    );
    expect(child.signal, child.stderr).toBe("SIGKILL");
    expect(readFileSync(path, "utf8")).toBe(OLD);
    // The killed write's temporary file is all that is left beside it; the old file was never touched.
    const left = readdirSync(dirname(path)).filter((f) => f !== "killed.txt");
    expect(left.length).toBe(1);
    expect(left[0]!.startsWith("killed.txt.")).toBe(true);
  });

  it("a successful write replaces the file and keeps the mode it is given", () => {
    const path = oldFile("mode.txt");
    writeFileAtomicSync(path, "new\n", { mode: 0o600 });
    expect(readFileSync(path, "utf8")).toBe("new\n");
    expect(fs.statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe("each writer of a user's data, failed half-way, leaves the old file", () => {
  it("the creative index", async () => {
    const path = oldFile("index.jsonl");
    const fault = diskFillsWhileWriting("index.jsonl");
    const row: IndexRow = {
      id: "a".repeat(64),
      contentHash: "b".repeat(64),
      embeddingModel: "m",
      embedding: Array.from({ length: 4096 }, (_, i) => i / 4096),
      title: "t",
      type: "technique",
      license: "CC0",
      tags: [],
      sourceUrl: "https://example.org/x",
      sourceName: "example",
    };
    await expect(writeIndex(dirname(path), [row])).rejects.toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("a vault note", () => {
    const path = oldFile("note.md");
    const vault = openVault({ SVC_VAULT_PATH: dirname(path) });
    const fault = diskFillsWhileWriting("note.md");
    expect(() => writeNoteFile(vault, "note.md", bigText, { overwrite: true })).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("the OAuth state", () => {
    const path = oldFile("oauth-state.json");
    const fault = diskFillsWhileWriting("oauth-state.json");
    expect(() => writeStateFile(path, { clients: [bigText] })).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("the session profile", () => {
    const path = oldFile("session-profile.json");
    const fault = diskFillsWhileWriting("session-profile.json");
    expect(() => writeSessionProfile({ ...emptyProfile(), projectFolder: bigText }, path)).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("the agent brief", () => {
    const root = dirname(oldFile("unrelated.txt"));
    fs.mkdirSync(join(root, ".svc"));
    writeFileSync(join(root, ".svc", "agent-brief.json"), JSON.stringify({ version: 1, revision: 1, title: "old" }));
    const before = readFileSync(join(root, ".svc", "agent-brief.json"), "utf8");
    const fault = diskFillsWhileWriting("agent-brief.json");
    expect(() => replaceAgentBrief(root, 1, { notes: "n".repeat(7000) })).toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(join(root, ".svc", "agent-brief.json"), "utf8")).toBe(before);
    expect(readdirSync(join(root, ".svc"))).toEqual(["agent-brief.json"]);
  });

  it("a package's manifest", () => {
    const path = oldFile("svc-package.json");
    const fault = diskFillsWhileWriting("svc-package.json");
    expect(() => writeJson(dirname(path), "svc-package.json", { files: [bigText] })).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("a converted import", () => {
    const path = oldFile("imported.svcnet");
    const fault = diskFillsWhileWriting("imported.svcnet");
    expect(() => writeAtomically(path, bigText)).toThrow(/ENOSPC/);
    expectOldIntact(path, fault);
  });

  it("svc fmt rewriting a source", async () => {
    const path = oldFile("messy.svcnet");
    const messy = `svcnet 1\nnetwork messy {\n  n:    noiseTOP {seed: 1}\n  note: textDAT { text: "${"x".repeat(64 * 1024)}" }\n}\n`;
    writeFileSync(path, messy);
    const fault = diskFillsWhileWriting("messy.svcnet");
    await expect(runSvc(["fmt", "messy.svcnet"], {}, dirname(path))).rejects.toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(path, "utf8")).toBe(messy);
    expect(readdirSync(dirname(path))).toEqual(["messy.svcnet"]);
  });

  it("svc's env file", () => {
    const home = dirname(oldFile("env"));
    const fault = diskFillsWhileWriting("env");
    expect(() => setEnvFileValue({ SVC_HOME: home }, "SVC_BRIDGE_TOKEN", bigText)).toThrow(/ENOSPC/);
    expectOldIntact(join(home, "env"), fault);
  });

  it("an MCP client's configuration", () => {
    const path = oldFile("mcp.json");
    writeFileSync(path, JSON.stringify({ mcpServers: { other: { command: "x" } } }));
    const before = readFileSync(path, "utf8");
    const fault = diskFillsWhileWriting("mcp.json");
    const client = {
      id: "cursor",
      label: "Cursor",
      file: path,
      key: "mcpServers",
      presentWhen: dirname(path),
    } as const;
    expect(() => mergeServer(client, { command: "node", args: [bigText] })).toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(path, "utf8")).toBe(before);
    // The copy of the old file made before the write stays beside it, as it does after every merge.
    expect(readdirSync(dirname(path)).filter((f) => !f.startsWith("mcp.json.svc-backup-"))).toEqual(["mcp.json"]);
  });

  it("the trusted publishers", () => {
    const home = dirname(oldFile("unrelated.txt"));
    const pem = () => generateKeyPairSync("ed25519").publicKey.export({ format: "pem", type: "spki" }).toString();
    addTrusted({ SVC_HOME: home }, pem(), "a publisher");
    const path = join(home, "trusted-publishers.json");
    const before = readFileSync(path, "utf8");
    const fault = diskFillsWhileWriting("trusted-publishers.json");
    expect(() => addTrusted({ SVC_HOME: home }, pem(), bigText)).toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(home).sort()).toEqual(["trusted-publishers.json", "unrelated.txt"]);
  });

  it("the model calibration cache", () => {
    const path = join(dirname(oldFile("unrelated.txt")), "calibration.json");
    const entry = (model: string): CalibrationEntry => {
      const identity = { model, digest: "d" };
      return {
        key: identityKey(identity),
        identity,
        fixturesVersion: 1,
        calibratedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
        results: [],
        decisions: { copilot: true, plannerLlm: true, vision: null },
      };
    };
    saveCalibration(path, entry("small"));
    const before = readFileSync(path, "utf8");
    const fault = diskFillsWhileWriting("calibration.json");
    expect(() => saveCalibration(path, entry(bigText))).toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(dirname(path)).sort()).toEqual(["calibration.json", "unrelated.txt"]);
  });

  it("svc-agent config init --force", async () => {
    const path = oldFile("svc-agent.yaml");
    writeFileSync(join(dirname(path), "a.svcnet"), "svcnet 1\nnetwork a {\n}\n");
    const fault = diskFillsWhileWriting("svc-agent.yaml");
    await expect(runAgent(["config", "init", "--force"], {}, dirname(path))).rejects.toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(path, "utf8")).toBe(OLD);
    expect(readdirSync(dirname(path)).sort()).toEqual(["a.svcnet", "svc-agent.yaml"]);
  });
});

describe("a saved plan, an export, an adopted source (--out), failed or killed half-way, leave the old file", () => {
  let sim: RunningSim;
  beforeAll(async () => {
    sim = await startSim({ port: 0 });
  });
  afterAll(async () => {
    await sim?.stop();
  });

  /** A folder with the old plan.json and a source of `nodes` nodes to plan (a large plan: many writes). */
  function planFolder(nodes: number, network = "saved"): string {
    const dir = dirname(oldFile("plan.json"));
    const lines = Array.from({ length: nodes }, (_, i) => `  n${i}: noiseTOP { seed: ${i} }`);
    writeFileSync(join(dir, "net.svcnet"), `svcnet 1\nnetwork ${network} {\n${lines.join("\n")}\n}\n`);
    return dir;
  }
  const env = (dir: string) => ({ SVC_BRIDGE_URL: sim.url, SVC_HOME: join(dir, ".svc-home") });

  it("the disk fills while the plan is written: svc plan fails, and plan.json is the old one", async () => {
    const dir = planFolder(200);
    const fault = diskFillsWhileWriting("plan.json");
    await expect(runSvc(["plan", "--out", "plan.json", "net.svcnet"], env(dir), dir)).rejects.toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(join(dir, "plan.json"), "utf8")).toBe(OLD);
    expect(readdirSync(dir).filter((f) => f.startsWith("plan.json"))).toEqual(["plan.json"]);
    // Without the fault the same command replaces it with the plan.
    vi.restoreAllMocks();
    const saved = await runSvc(["plan", "--out", "plan.json", "net.svcnet"], env(dir), dir);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "plan.json"), "utf8"))).toMatchObject({ file: "net.svcnet" });
  }, 120_000);

  it("svc export --out, the disk filling half-way: the old .svcnet is whole", async () => {
    const dir = planFolder(20, "exported");
    expect((await runSvc(["apply", "net.svcnet"], env(dir), dir)).code).toBe(0);
    writeFileSync(join(dir, "exported.svcnet"), OLD);
    const fault = diskFillsWhileWriting("exported.svcnet");
    await expect(runSvc(["export", "--out", "exported.svcnet", "/project1/exported"], env(dir), dir)).rejects.toThrow(
      /ENOSPC/,
    );
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(join(dir, "exported.svcnet"), "utf8")).toBe(OLD);
    expect(readdirSync(dir).filter((f) => f.startsWith("exported.svcnet"))).toEqual(["exported.svcnet"]);
  }, 120_000);

  it("svc export --format tdn --out, the disk filling half-way: the old .tdn is whole", async () => {
    const dir = planFolder(20);
    writeFileSync(join(dir, "net.tdn"), OLD);
    const fault = diskFillsWhileWriting("net.tdn");
    await expect(
      runSvc(["export", "--format", "tdn", "--out", "net.tdn", "net.svcnet"], env(dir), dir),
    ).rejects.toThrow(/ENOSPC/);
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(join(dir, "net.tdn"), "utf8")).toBe(OLD);
    expect(readdirSync(dir).filter((f) => f.startsWith("net.tdn"))).toEqual(["net.tdn"]);
  }, 120_000);

  it("svc adopt --out, the disk filling half-way: the old .svcnet is whole", async () => {
    const dir = planFolder(1);
    const bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
    try {
      await bridge.post("/api/batch", {
        operations: [
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "byhand" },
          { action: "create", parent_path: "/project1/byhand", type: "noiseTOP", name: "noise1" },
        ],
      });
    } finally {
      await bridge.close();
    }
    writeFileSync(join(dir, "byhand.svcnet"), OLD);
    const fault = diskFillsWhileWriting("byhand.svcnet");
    await expect(runSvc(["adopt", "--out", "byhand.svcnet", "/project1/byhand"], env(dir), dir)).rejects.toThrow(
      /ENOSPC/,
    );
    expect(fault.hits()).toBeGreaterThan(0);
    expect(readFileSync(join(dir, "byhand.svcnet"), "utf8")).toBe(OLD);
    expect(readdirSync(dir).filter((f) => f.startsWith("byhand.svcnet"))).toEqual(["byhand.svcnet"]);
  }, 120_000);

  it("svc plan killed half-way through writing the plan: plan.json is the old one", () => {
    const dir = planFolder(200);
    const cli = join(ROOT, "dist", "runtime", "cli", "svc.js");
    if (!existsSync(cli)) throw new Error("dist/ is missing: run `npm run build` (npm test does it)");
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        fileURLToPath(new URL("./fixtures/kill-writing.mjs", import.meta.url)),
        cli,
        "plan",
        "--out",
        "plan.json",
        "net.svcnet",
      ],
      { cwd: dir, encoding: "utf8", env: { ...process.env, ...env(dir), SVC_TEST_KILL_WRITING: "plan.json" } },
    );
    expect(child.signal, child.stdout + child.stderr).toBe("SIGKILL");
    // It had planned (the plan is printed before it is saved), and died in the middle of the save.
    expect(child.stdout).toContain("Plan: 201 to add");
    expect(readFileSync(join(dir, "plan.json"), "utf8")).toBe(OLD);
    const left = readdirSync(dir).filter((f) => f.startsWith("plan.json."));
    expect(left).toHaveLength(1); // the killed write's temporary file, half written; the old file untouched
  }, 120_000);
});
