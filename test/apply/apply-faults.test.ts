/**
 * An apply is finished or undone by svc, never by hand. Each test puts a fault proxy between svc and
 * tdsim, applies a network of a few hundred nodes through it with the fault striking at one of its
 * requests, then runs svc again: the network ends exactly as it was before or exactly as planned,
 * with an empty re-plan and no journal left behind.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { fingerprintState } from "../../runtime/engine/plan/fingerprint.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { FaultProxy, type FaultPlan } from "../support/fault-proxy.js";
import { runSvc } from "../cli/run-cli.js";
import { memoryClient, textOf } from "../mcp/helpers.js";

/** `count` nodes in chains of five; variant 1 changes every parameter and comment, and adds 20 wired nodes. */
function network(name: string, count: number, variant: number): string {
  const lines = ["svcnet 1", `network ${name} {`];
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) lines.push(`  n${i}: noiseTOP { seed: ${i + variant} }`);
    else lines.push(`  n${i}: levelTOP [comment: "v${variant}"] { opacity: ${variant === 0 ? 0.5 : 0.25} }`);
    if (i % 5 !== 0) lines.push(`  n${i - 1} -> n${i}`);
  }
  if (variant === 1) for (let i = 0; i < 20; i++) lines.push(`  extra${i}: nullTOP`, `  n0 -> extra${i}`);
  lines.push("}", "");
  return lines.join("\n");
}

/** The requests of an apply's transaction (the requests of an apply after the first are counted from 1). */
const applyRequests = (method: string, path: string, body: string) =>
  method === "POST" && path === "/api/batch" && body.includes('"transaction":"svc-');
const NODES = 200;

let work: string;
let sim: RunningSim;
let proxy: FaultProxy;
/** A client straight to tdsim, past the proxy, for reading the truth. */
let direct: BridgeClient;

async function startBridge(): Promise<void> {
  sim = await startSim({ port: 0 });
  direct = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "svc-faults-"));
  await startBridge();
  proxy = await FaultProxy.start(sim.port);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await direct?.close();
  await sim?.stop();
  rmSync(work, { recursive: true, force: true });
});

afterEach(async () => {
  await proxy.restore();
});

/** Every file in svc's folder of apply journals (a journal and, beside it, the network before the apply). */
const stateFiles = (home: string) => {
  const dir = join(home, "state", "applies");
  return existsSync(dir) ? readdirSync(dir) : [];
};
const journals = (home: string) => stateFiles(home).filter((name) => /^apply-[0-9a-f]{32}\.json$/.test(name));

function file(name: string, variant: number, text = network(name, NODES, variant)): string {
  const path = join(work, `${name}-${variant}.svcnet`);
  writeFileSync(path, text);
  return path;
}

function env(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { SVC_BRIDGE_URL: proxy.url, SVC_HOME: home, ...extra };
}

async function fingerprint(root: string): Promise<string> {
  return fingerprintState((await readLiveNetwork(direct, root)).state);
}

/** The network of `source` as svc sees it now: no changes to make. */
async function expectEmptyPlan(source: string, home: string): Promise<void> {
  const plan = await runSvc(["plan", "--detailed-exitcode", source], env(home));
  expect(plan.stdout).toContain("No changes.");
  expect(plan.code).toBe(0);
}

/** One case's folder for svc (its journals), its network's root, and the two sources of that network. */
interface FaultCase {
  home: string;
  root: string;
  /** The network as first applied (variant 0), and as the faulty apply changes it (variant 1). */
  a: string;
  b: string;
  /** The network's fingerprint once `a` is applied (undefined when the case starts with nothing live). */
  before: string | undefined;
}

/**
 * Sets a case up: its folder and sources, and unless `fromNothing` the first variant applied (the
 * network the faulty apply starts from) and fingerprinted.
 */
async function faultCase(name: string, options: { fromNothing?: boolean } = {}): Promise<FaultCase> {
  const c = { home: join(work, name), root: `/project1/${name}`, a: file(name, 0), b: file(name, 1) };
  if (options.fromNothing) return { ...c, before: undefined };
  expect((await runSvc(["apply", c.a], env(c.home))).code).toBe(0);
  return { ...c, before: await fingerprint(c.root) };
}

/** Runs `run` with `fault` set to strike at the `at`-th request of an apply's transaction; the fault must strike. */
async function striking<T>(
  at: number,
  fault: FaultPlan["fault"],
  run: () => Promise<T>,
  matches: FaultPlan["matches"] = applyRequests,
): Promise<T> {
  proxy.inject({ matches, at, fault });
  const result = await run();
  expect(proxy.struck).toBe(true);
  return result;
}

/**
 * An in-process MCP server with all tools, its services (bridge client, svc's folder) made from the
 * environment of `home` through the proxy, for the time of `work`.
 */
async function withMcp(
  home: string,
  work: (client: Client) => Promise<void>,
  extra: NodeJS.ProcessEnv = {},
): Promise<void> {
  const wanted = env(home, extra);
  const saved = Object.fromEntries(Object.keys(wanted).map((k) => [k, process.env[k]]));
  Object.assign(process.env, wanted);
  const client = await memoryClient({ profile: "full", rawPython: false });
  try {
    await work(client);
  } finally {
    await client.close();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe("an apply cut short is finished or undone by svc", () => {
  it("an answer lost once: the receipt tells svc it landed, and the apply goes on to the end", async () => {
    const { home, b } = await faultCase("lost");
    const apply = await striking(3, { kind: "lose-answer" }, () => runSvc(["apply", b], env(home)));
    expect(apply.code).toBe(0);
    expect(stateFiles(home)).toEqual([]);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("an answer held past the client's timeout: the receipt tells svc it landed, and the apply goes on", async () => {
    const { home, b } = await faultCase("held");
    // The client gives up after 5 s (SVC_BRIDGE_TIMEOUT_MS, far above any request here); the proxy answers after 15 s.
    const apply = await striking(3, { kind: "hold-answer", ms: 15_000 }, () =>
      runSvc(["apply", b], env(home, { SVC_BRIDGE_TIMEOUT_MS: "5000" })),
    );
    expect(apply.code).toBe(0);
    expect(stateFiles(home)).toEqual([]);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("the connection cut and the bridge unreachable: the apply says what landed, and 'svc status' rolls it back", async () => {
    const { home, a, b, before, root } = await faultCase("cut");
    const apply = await striking(3, { kind: "cut-and-refuse" }, () => runSvc(["apply", b], env(home)));
    expect(apply.code).toBe(1);
    // Requests 1 and 2 landed; request 3 reached the bridge, which could not say afterwards.
    expect(apply.stdout).toMatch(
      /the apply of \/project1\/cut was cut off and is not finished: 2 of \d+ requests had landed \(and 1 more may have/,
    );
    expect(apply.stdout).toContain("the next 'svc plan', 'svc apply' or 'svc status' (or 'svc recover') rolls it back");
    expect(journals(home)).toHaveLength(1);
    // Half of the apply is live meanwhile.
    expect(await fingerprint(root)).not.toBe(before);
    // While the bridge cannot be reached, svc says what waits, and the journal stays.
    const unreachable = await runSvc(["recover", "cut"], env(home));
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /an apply of \/project1\/cut is still unfinished: 2 of \d+ requests had landed \(and 1 more may have[^\n]*\n[^\n]*nothing is listening/,
    );
    const down = await runSvc(["status"], env(home));
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/unfinished: {2}an apply of \/project1\/cut was cut off: 2 of \d+ requests had landed/);
    expect(journals(home)).toHaveLength(1);

    await proxy.restore();
    const status = await runSvc(["status"], env(home));
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /recovered: {3}an unfinished apply of \/project1\/cut: 3 of \d+ requests had landed; the bridge undid 3 requests \([^)]*\); the live network is verified as it was before the apply/,
    );
    expect(stateFiles(home)).toEqual([]);
    expect(await fingerprint(root)).toBe(before);
    await expectEmptyPlan(a, home);
  }, 300_000);

  it("the bridge killed mid-apply and started again: the apply says what had landed, and 'svc plan' finds nothing left to undo", async () => {
    const { home, b } = await faultCase("killed", { fromNothing: true });
    const killBridge = async () => {
      await direct.close();
      sim.process.kill("SIGKILL");
      await new Promise((r) => sim.process.once("exit", r));
    };
    const apply = await striking(3, { kind: "cut-before", before: killBridge }, () => runSvc(["apply", b], env(home)));
    expect(apply.code).toBe(1);
    expect(apply.stdout).toMatch(
      /the apply of \/project1\/killed was cut off and is not finished: 2 of \d+ requests had landed \(and 1 more may have: the bridge never said\)/,
    );
    expect(journals(home)).toHaveLength(1);

    // TouchDesigner started again reopens the project as it was saved: without this apply.
    await startBridge();
    proxy.setUpstream(sim.port);
    await proxy.restore();
    const plan = await runSvc(["plan", b], env(home));
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(
      /an unfinished apply of \/project1\/killed was found: 2 of \d+ requests had landed \(and 1 more may have[^;]*\); the bridge no longer held its undo steps, and the network no longer holds what landed/,
    );
    expect(stateFiles(home)).toEqual([]);
    expect((await readLiveNetwork(direct, "/project1/killed")).exists).toBe(false);

    expect((await runSvc(["apply", b], env(home))).code).toBe(0);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("the bridge lost the transaction but kept the nodes: 'svc recover' deletes what the apply created", async () => {
    const { home, b } = await faultCase("expired", { fromNothing: true });
    const apply = await striking(3, { kind: "cut-and-refuse" }, () => runSvc(["apply", b], env(home)));
    expect(apply.code).toBe(1);
    // The bridge drops a transaction left idle (it commits it, as after its expiry): nothing of it can be undone there.
    const { journals: pending } = await import("../../runtime/engine/apply/apply-journal.js").then((m) =>
      m.unfinishedApplies(join(home, "state", "applies"), proxy.url),
    );
    expect(pending).toHaveLength(1);
    await direct.post(`/api/transactions/${pending[0]!.transaction}/commit`, undefined);
    expect((await readLiveNetwork(direct, "/project1/expired")).exists).toBe(true);

    await proxy.restore();
    const recover = await runSvc(["recover", "expired"], env(home));
    expect(recover.stdout).toMatch(
      /\/project1\/expired: 3 of \d+ requests had landed; the bridge no longer held its undo steps; svc deleted 1 node the apply had created; the live network is verified as it was before the apply/,
    );
    expect(recover.code).toBe(0);
    expect(stateFiles(home)).toEqual([]);
    expect((await readLiveNetwork(direct, "/project1/expired")).exists).toBe(false);
    const again = await runSvc(["recover"], env(home));
    expect(again.stdout).toContain("No unfinished apply against");
  }, 300_000);

  it("with --keep-partial, 'svc recover' keeps what landed, says what, and the next apply finishes it", async () => {
    const { home, b, before, root } = await faultCase("kept");
    const apply = await striking(4, { kind: "cut-and-refuse" }, () => runSvc(["apply", b], env(home)));
    expect(apply.code).toBe(1);
    expect(apply.stdout).toMatch(/3 of \d+ requests had landed \(and 1 more may have/);

    await proxy.restore();
    const recover = await runSvc(["recover", "--keep-partial"], env(home));
    expect(recover.stdout).toMatch(
      /\/project1\/kept: 4 of \d+ requests had landed; kept what landed \(--keep-partial\): [^;]*nodes? (created|changed)[^;]*; run 'svc plan' to see what is left and 'svc apply' to finish/,
    );
    expect(recover.code).toBe(0);
    expect(stateFiles(home)).toEqual([]);
    // What landed stays: the network is neither as before nor as planned.
    expect(await fingerprint(root)).not.toBe(before);
    const rest = await runSvc(["plan", "--detailed-exitcode", b], env(home));
    expect(rest.code).toBe(2);

    expect((await runSvc(["apply", b], env(home))).code).toBe(0);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("the commit's answer lost with the bridge unreachable: every request had landed, and 'svc status' finishes the commit", async () => {
    const { home, b } = await faultCase("commit", { fromNothing: true });
    const commits = (method: string, path: string) =>
      method === "POST" && /^\/api\/transactions\/svc-[^/]+\/commit$/.test(path);
    const apply = await striking(1, { kind: "cut-and-refuse" }, () => runSvc(["apply", b], env(home)), commits);
    expect(apply.code).toBe(1);
    expect(journals(home)).toHaveLength(1);

    await proxy.restore();
    const status = await runSvc(["status"], env(home));
    expect(status.stdout).toMatch(
      /recovered: {3}an unfinished apply of \/project1\/commit: (\d+) of \1 requests had landed; every request had landed; svc finished its commit, and the network is as planned/,
    );
    expect(stateFiles(home)).toEqual([]);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("an assistant's apply_network cut off: it is journalled, and the next apply_network rolls it back before applying", async () => {
    const { home, b, before, root } = await faultCase("mcpcut");
    await withMcp(home, async (client) => {
      const source = readFileSync(b, "utf8");
      const cut = await striking(3, { kind: "cut-and-refuse" }, () =>
        call(client, "apply_network", { source, preview: 0 }),
      );
      expect(cut.isError).toBe(true);
      expect(textOf(cut)).toMatch(/2 of \d+ requests had landed/);
      expect(journals(home)).toHaveLength(1);
      expect(await fingerprint(root)).not.toBe(before);

      await proxy.restore();
      const again = await call(client, "apply_network", { source, preview: 0 });
      expect(again.isError, textOf(again)).toBeFalsy();
      const data = again.structuredContent as {
        applied: boolean;
        recovered: Array<{ root: string; action: string; landed: number }>;
      };
      expect(data.recovered).toEqual([
        expect.objectContaining({ root: "/project1/mcpcut", action: "rolled-back", landed: 3 }),
      ]);
      expect(textOf(again)).toMatch(/^first, an unfinished apply of \/project1\/mcpcut: 3 of \d+ requests had landed/);
      expect(data.applied).toBe(true);
    });
    expect(stateFiles(home)).toEqual([]);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("an edit tool's apply cut off: it is journalled, plan_network reports it and changes nothing, and the next edit rolls it back first", async () => {
    const { home, a, before, root } = await faultCase("mcpedit");
    await withMcp(home, async (client) => {
      // 60 new nodes: several requests (a creation costs 4 of a request's 72).
      const operations = Array.from({ length: 60 }, (_, i) => ({
        op: "create_node",
        parent: "/project1/mcpedit",
        type: "nullTOP",
        name: `e${i}`,
      }));
      const cut = await striking(2, { kind: "cut-and-refuse" }, () => call(client, "batch_operations", { operations }));
      expect(cut.isError).toBe(true);
      expect(textOf(cut)).toMatch(/1 of \d+ requests had landed \(and 1 more may have/);
      expect(journals(home)).toHaveLength(1);
      const halfBuilt = await fingerprint(root);
      expect(halfBuilt).not.toBe(before);

      await proxy.restore();
      // A read-only plan says what it found and what the next apply will do, and changes nothing.
      const plan = await call(client, "plan_network", { source: readFileSync(a, "utf8") });
      expect(plan.isError, textOf(plan)).toBeFalsy();
      expect((plan.structuredContent as { unfinished: unknown[] }).unfinished).toEqual([
        expect.objectContaining({ root: "/project1/mcpedit", landed: 1, unknown: 1, next: "roll-back" }),
      ]);
      expect(textOf(plan)).toMatch(
        /^an apply of \/project1\/mcpedit was cut off and is not finished: 1 of \d+ requests had landed \(and 1 more may have\); the next apply \(or 'svc recover'\) first rolls back what landed/,
      );
      expect(journals(home)).toHaveLength(1);
      expect(await fingerprint(root)).toBe(halfBuilt);

      // The next edit finishes it before reading the network: it changes one value of the network as it was.
      const edit = await call(client, "set_parameter", { path: "/project1/mcpedit/n0", parameter: "seed", value: 99 });
      expect(edit.isError, textOf(edit)).toBeFalsy();
      const data = edit.structuredContent as {
        recovered: Array<{ root: string; action: string; landed: number }>;
        summary: { add: number; change: number; destroy: number };
      };
      expect(data.recovered).toEqual([
        expect.objectContaining({ root: "/project1/mcpedit", action: "rolled-back", landed: 2 }),
      ]);
      expect(data.summary).toEqual({ add: 0, change: 1, destroy: 0 });
      expect(textOf(edit)).toMatch(/^first, an unfinished apply of \/project1\/mcpedit: 2 of \d+ requests had landed/);
    });
    expect(stateFiles(home)).toEqual([]);
    const live = await readLiveNetwork(direct, "/project1/mcpedit");
    expect([...live.state.nodes.keys()].filter((p) => /\/e\d+$/.test(p))).toEqual([]);
    expect(live.state.nodes.get("/project1/mcpedit/n0")!.params.seed).toEqual({ mode: "constant", value: 99 });
  }, 300_000);

  it("rebuild_network cut off: the whole-network edit is journalled, and 'svc status' rolls it back", async () => {
    const { home, a, b, before, root } = await faultCase("mcprebuild");
    await withMcp(home, async (client) => {
      const cut = await striking(3, { kind: "cut-and-refuse" }, () =>
        call(client, "rebuild_network", { path: "/project1/mcprebuild", source: readFileSync(b, "utf8") }),
      );
      expect(cut.isError).toBe(true);
      expect(textOf(cut)).toMatch(/2 of \d+ requests had landed/);
    });
    expect(journals(home)).toHaveLength(1);
    expect(await fingerprint(root)).not.toBe(before);

    await proxy.restore();
    const status = await runSvc(["status"], env(home));
    expect(status.stdout).toMatch(
      /recovered: {3}an unfinished apply of \/project1\/mcprebuild: 3 of \d+ requests had landed; the bridge undid 3 requests/,
    );
    expect(stateFiles(home)).toEqual([]);
    expect(await fingerprint(root)).toBe(before);
    await expectEmptyPlan(a, home);
  }, 300_000);

  it("a vault note's apply cut off: plan_vault_note reports it and changes nothing, apply_vault_note rolls it back first", async () => {
    const { home, b, before, root } = await faultCase("vaultcut");
    const vault = join(work, "vault");
    mkdirSync(vault, { recursive: true });
    writeFileSync(join(vault, "show.md"), `# The show\n\n\`\`\`svcnet\n${readFileSync(b, "utf8")}\`\`\`\n`);
    await withMcp(
      home,
      async (client) => {
        const cut = await striking(3, { kind: "cut-and-refuse" }, () =>
          call(client, "apply_vault_note", { path: "show.md", preview: 0 }),
        );
        expect(cut.isError).toBe(true);
        expect(textOf(cut)).toMatch(/2 of \d+ requests had landed/);
        expect(journals(home)).toHaveLength(1);
        const halfBuilt = await fingerprint(root);
        expect(halfBuilt).not.toBe(before);

        await proxy.restore();
        const plan = await call(client, "plan_vault_note", { path: "show.md" });
        expect(plan.isError, textOf(plan)).toBeFalsy();
        expect((plan.structuredContent as { unfinished: unknown[] }).unfinished).toEqual([
          expect.objectContaining({ root, landed: 2, unknown: 1, next: "roll-back" }),
        ]);
        expect(await fingerprint(root)).toBe(halfBuilt);

        const again = await call(client, "apply_vault_note", { path: "show.md", preview: 0 });
        expect(again.isError, textOf(again)).toBeFalsy();
        expect((again.structuredContent as { recovered: unknown[] }).recovered).toEqual([
          expect.objectContaining({ root, action: "rolled-back", landed: 3 }),
        ]);
        expect(textOf(again)).toMatch(
          /^first, an unfinished apply of \/project1\/vaultcut: 3 of \d+ requests had landed/,
        );
      },
      { SVC_VAULT_PATH: vault },
    );
    expect(stateFiles(home)).toEqual([]);
    await expectEmptyPlan(b, home);
  }, 300_000);

  it("an artist tool's build cut off: it is journalled, and building it again rolls it back first", async () => {
    const home = join(work, "artist");
    const root = "/project1/artistcut";
    await withMcp(home, async (client) => {
      const args = { recipe: "layer_stack", name: "artistcut", preview: 0 };
      const cut = await striking(2, { kind: "cut-and-refuse" }, () => call(client, "apply_recipe", args));
      expect(cut.isError).toBe(true);
      expect(textOf(cut)).toMatch(/1 of \d+ requests had landed/);
      expect(journals(home)).toHaveLength(1);
      expect((await readLiveNetwork(direct, root)).exists).toBe(true);

      await proxy.restore();
      const again = await call(client, "apply_recipe", args);
      expect(again.isError, textOf(again)).toBeFalsy();
      expect((again.structuredContent as { recovered: unknown[] }).recovered).toEqual([
        expect.objectContaining({ root, action: "rolled-back", landed: 2 }),
      ]);
      expect(textOf(again)).toMatch(
        /^first, an unfinished apply of \/project1\/artistcut: 2 of \d+ requests had landed/,
      );
    });
    expect(stateFiles(home)).toEqual([]);
  }, 300_000);

  it("'svc recipes apply' cut off: it is journalled, and 'svc status' rolls it back", async () => {
    const home = join(work, "recipes");
    const root = "/project1/recipecut";
    const apply = await striking(2, { kind: "cut-and-refuse" }, () =>
      runSvc(["recipes", "apply", "layer_stack", "--network", "recipecut"], env(home)),
    );
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toMatch(/1 of \d+ requests had landed/);
    expect(journals(home)).toHaveLength(1);
    expect((await readLiveNetwork(direct, root)).exists).toBe(true);

    await proxy.restore();
    const status = await runSvc(["status"], env(home));
    expect(status.stdout).toMatch(
      /recovered: {3}an unfinished apply of \/project1\/recipecut: 2 of \d+ requests had landed; the bridge undid 2 requests \([^)]*\); the live network is verified as it was before the apply/,
    );
    expect(stateFiles(home)).toEqual([]);
    expect((await readLiveNetwork(direct, root)).exists).toBe(false);
  }, 300_000);

  it("svc's own process killed mid-apply: its journal is on disk, and the next 'svc status' rolls the apply back", async () => {
    const cli = join(process.cwd(), "dist/runtime/cli/svc.js");
    if (!existsSync(cli)) throw new Error("build first: npm run build (npm test does)");
    const { home, a, b, before, root } = await faultCase("svckilled");

    // svc applies in its own process, killed (SIGKILL) when its third request reaches the proxy.
    let killSvc: (() => Promise<void>) | undefined;
    const signal = await striking(3, { kind: "cut-before", before: async () => killSvc!() }, () => {
      const child = spawn(process.execPath, [cli, "apply", b], {
        env: { ...process.env, ...env(home) },
        stdio: ["ignore", "ignore", "ignore"],
      });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_code, sig) => r(sig)));
      killSvc = async () => {
        child.kill("SIGKILL");
        await exited;
      };
      return exited;
    });
    expect(signal).toBe("SIGKILL");
    expect(journals(home)).toHaveLength(1);
    expect(await fingerprint(root)).not.toBe(before);

    await proxy.restore();
    const status = await runSvc(["status"], env(home));
    expect(status.stdout).toMatch(
      /recovered: {3}an unfinished apply of \/project1\/svckilled: 2 of \d+ requests had landed \(and 1 more may have\); the bridge undid 2 requests \([^)]*\); the live network is verified as it was before the apply/,
    );
    expect(stateFiles(home)).toEqual([]);
    expect(await fingerprint(root)).toBe(before);
    await expectEmptyPlan(a, home);
  }, 300_000);
});
