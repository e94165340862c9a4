/**
 * The event stream's client side on one tdsim: the stream reconnects with backoff until the bridge
 * is there, and `svc events` prints what the bridge sent, following or not. Then `svc save` and
 * save_project on the same tdsim, its scripted artist answering the overwrite questions.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { svcCommands } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { BridgeEventStream, type StreamStatus } from "../../runtime/engine/events/bridge-events.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "./run-cli.js";

const WAIT_MS = 60_000;
let sim: RunningSim | undefined;
let bridge: BridgeClient | undefined;
const dir = mkdtempSync(join(tmpdir(), "svc-save-"));
const artistFile = join(dir, "artist-steps");
writeFileSync(artistFile, "");
const simEnv = { ...process.env, TDSIM_ARTIST: artistFile, SVC_BRIDGE_EXPORT_DIR: dir };
afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the bridge event stream from svc", () => {
  it("retries with growing delays while no bridge answers, then connects when one starts", async () => {
    const port = await freePort();
    const statuses: StreamStatus[] = [];
    const stream = new BridgeEventStream({ url: `http://127.0.0.1:${port}`, minBackoffMs: 20, maxBackoffMs: 400 });
    stream.onStatus((s) => void statuses.push(s));
    stream.start();
    try {
      await until(() => statuses.length >= 3, "three failed attempts");
      const delays = statuses.map((s) => (s.state === "disconnected" ? s.retryInMs : 0));
      // jitter keeps each delay within [half, all] of min * 2^attempt
      expect(delays[0]).toBeLessThanOrEqual(20);
      expect(delays[2]).toBeGreaterThanOrEqual(40);
      sim = await startSim({ port, env: simEnv });
      bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
      await until(() => stream.isConnected, "the connection");
      expect(statuses.at(-1)?.state).toBe("connected");
    } finally {
      stream.stop();
    }
  });

  it("svc events --follow --json prints events as they come, and svc events the recent ones", async () => {
    const env = { SVC_BRIDGE_URL: sim!.url };
    let stdout = "";
    let done = false;
    const followed = dispatch("svc", "svc", svcCommands, ["events", "--follow", "--json", "--count", "2"], {
      stdout: (t) => (stdout += t),
      stderr: () => {},
      readStdin: async () => "",
      isTTY: false,
      cwd: process.cwd(),
      env,
    }).finally(() => (done = true));
    // The stream sends only what happens after it connected: make nodes until two were printed.
    for (let i = 0; !done && i < 200; i++) {
      await bridge!.post("/api/nodes", { parent_path: "/project1", type: "noiseTOP", name: `follow${i}` });
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await followed).toBe(0);
    const printed = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { event: string; seq: number; data: { path: string } });
    expect(printed).toHaveLength(2);
    expect(printed.map((e) => e.event)).toEqual(["node.created", "node.created"]);
    expect(printed[1]!.seq).toBeGreaterThan(printed[0]!.seq);
    const recent = await runSvc(["events"], env);
    expect(recent.code).toBe(0);
    expect(recent.stdout).toContain(`#${printed[1]!.seq} node.created ${printed[1]!.data.path} (noiseTOP)`);
    expect((await runSvc(["events", "--count", "2"], env)).code).toBe(2);
  });
});

describe("svc save and save_project", () => {
  it("saves, saves as, and replaces an existing file only on the artist's Overwrite", async () => {
    const env = { SVC_BRIDGE_URL: sim!.url };
    const show = join(dir, "show.toe");
    const first = await runSvc(["save", "--as", show], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`saved the project as ${show}\n`);
    writeFileSync(show, "the artist's file");
    const exists = await runSvc(["save", "--as", show], env);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toBe(
      `svc save: ${show} exists; pass --overwrite to ask the artist in TouchDesigner whether to replace it\n`,
    );
    appendFileSync(artistFile, "choose:Keep\n");
    const kept = await runSvc(["save", "--as", show, "--overwrite"], env);
    expect([kept.code, kept.stderr]).toEqual([1, expect.stringContaining("the artist chose Keep")]);
    expect(readFileSync(show, "utf8")).toBe("the artist's file");
    appendFileSync(artistFile, "choose:Overwrite\n");
    expect((await runSvc(["save", "--as", show, "--overwrite"], env)).code).toBe(0);
    expect(readFileSync(show, "utf8")).toContain("tdsim-state");
    expect((await runSvc(["save"], env)).code).toBe(0);
    expect((await runSvc(["save", "--overwrite"], env)).code).toBe(2);
    const recent = await runSvc(["events"], env);
    expect(recent.stdout).toContain(`project.saved ${show}`);
  });

  it("save_project saves as a new file over MCP", async () => {
    process.env.SVC_BRIDGE_URL = sim!.url;
    const { memoryClient } = await import("../mcp/helpers.js");
    const client = await memoryClient({ profile: "full", rawPython: false });
    try {
      const target = join(dir, "from-mcp.toe");
      const r = await client.callTool({ name: "save_project", arguments: { file_path: target } });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent).toMatchObject({ saveAs: true, filePath: target, asked: false });
      expect(existsSync(target)).toBe(true);
    } finally {
      await client.close();
      delete process.env.SVC_BRIDGE_URL;
    }
  });
});
