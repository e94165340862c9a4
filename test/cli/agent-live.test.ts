/**
 * svc-agent commands that read the live environment, on one tdsim whose catalog lacks feedbackTOP
 * (as an older build would): check-optypes, log-tail following a new cook error, and preview
 * --inline --watch printing a changed image. Waits are on the commands' own output, never on time.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

let sim: RunningSim;
let home: string;
let bridge: BridgeClient;

function agent(argv: string[], terminal: { isTTY: boolean; env?: Record<string, string> } = { isTTY: false }) {
  const out = { stdout: "", stderr: "", code: undefined as number | undefined };
  const io = {
    stdout: (t: string) => (out.stdout += t),
    stderr: (t: string) => (out.stderr += t),
    readStdin: async () => "",
    isTTY: terminal.isTTY,
    cwd: process.cwd(),
    env: { HOME: home, SVC_BRIDGE_URL: sim.url, ...terminal.env },
  };
  const done = dispatch("svc-agent", "svc-agent", agentCommands, argv, io).then((code) => (out.code = code));
  return { out, done };
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "svc-agent-live-"));
  const kb = join(home, "kb-data");
  cpSync(join(process.cwd(), "kb", "data"), kb, { recursive: true });
  const tops = join(kb, "operators", "TOP.json");
  const data = JSON.parse(readFileSync(tops, "utf8")) as { operators: { type: string }[] };
  data.operators = data.operators.filter((o) => o.type !== "feedbackTOP");
  writeFileSync(tops, JSON.stringify(data));
  sim = await startSim({ port: 0, env: { ...process.env, TDSIM_KB_DIR: kb } });
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  await bridge.post("/api/batch", {
    operations: [
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "live" },
      {
        action: "create",
        parent_path: "/project1/live",
        type: "constantTOP",
        name: "const1",
        parameters: { colorr: 1, colorg: 0, colorb: 0 },
      },
      { action: "create", parent_path: "/project1/live", type: "blurTOP", name: "blur1" },
    ],
  });
}, 120_000);

afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe("svc-agent check-optypes", () => {
  it("names the knowledge base's types the running build lacks", async () => {
    const run = agent(["check-optypes", "--json"]);
    expect(await run.done).toBe(0);
    expect(JSON.parse(run.out.stdout)).toMatchObject({ missingInBuild: ["feedbackTOP"], unknownToKb: [] });
  });

  it("points at the line of a file that creates a type the build lacks, and passes a file that does not", async () => {
    const run = agent(["check-optypes", "examples/feedback-tunnel.svcnet", "examples/glsl-shader.svcnet"]);
    expect(await run.done).toBe(1);
    expect(run.out.stdout).toMatch(
      /^examples\/feedback-tunnel\.svcnet:\d+:\d+: feedbackTOP is not an operator type of the running build /m,
    );
    expect(run.out.stdout).not.toContain("glsl-shader");
    const fine = agent(["check-optypes", "examples/glsl-shader.svcnet"]);
    expect(await fine.done).toBe(0);
  });
});

describe("svc-agent log-tail", () => {
  it("prints the present lines, then a new cook error as one JSON line, and stops after --max-new", async () => {
    const run = agent(["log-tail", "--json", "--severity", "error", "--max-new", "1", "/project1/live"]);
    await vi.waitFor(() => expect(run.out.stdout).toContain("/project1/live/blur1"), { timeout: 60_000, interval: 50 });
    await bridge.post("/api/nodes", { parent_path: "/project1/live", type: "blurTOP", name: "blur2" });
    expect(await run.done).toBe(0);
    const lines = run.out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { severity: string; path: string });
    expect(lines.at(-1)).toMatchObject({ severity: "error", path: "/project1/live/blur2" });
    expect(lines.filter((l) => l.path === "/project1/live/blur1")).toHaveLength(1);
  });
});

describe("svc-agent preview", () => {
  it("--inline --watch prints the image as JSON, and again when it changes", async () => {
    const run = agent([
      "preview",
      "--inline",
      "--watch",
      "--interval",
      "100",
      "--max-images",
      "2",
      "--size",
      "16",
      "/project1/live/const1",
    ]);
    await vi.waitFor(() => expect(run.out.stdout).toContain("\n"), { timeout: 60_000, interval: 50 });
    const first = JSON.parse(run.out.stdout.split("\n")[0]!) as { sha256: string; png_base64: string; width: number };
    expect(Buffer.from(first.png_base64, "base64").subarray(1, 4).toString()).toBe("PNG");
    await bridge.post("/api/batch", {
      operations: [{ action: "update", path: "/project1/live/const1", parameters: { colorr: 0, colorg: 1 } }],
    });
    expect(await run.done).toBe(0);
    const second = JSON.parse(run.out.stdout.trim().split("\n")[1]!) as { sha256: string };
    expect(second.sha256).not.toBe(first.sha256);
  });

  it("--inline on a terminal draws the picture with the terminal's image protocol", async () => {
    const png = async (env: Record<string, string>) => {
      const run = agent(["preview", "--inline", "--size", "16", "/project1/live/const1"], { isTTY: true, env });
      expect(await run.done).toBe(0);
      return run.out.stdout;
    };
    const iterm = await png({ TERM_PROGRAM: "iTerm.app" });
    const m =
      /^\u001b\]1337;File=name=([^;]+);size=(\d+);inline=1;preserveAspectRatio=1:([A-Za-z0-9+/=]+)\u0007\n\/project1\/live\/const1: \d+x\d+\n$/.exec(
        iterm,
      );
    expect(m, JSON.stringify(iterm.slice(0, 80))).not.toBeNull();
    const image = Buffer.from(m![3]!, "base64");
    expect(image.subarray(1, 4).toString()).toBe("PNG");
    expect(Number(m![2])).toBe(image.length);
    expect(Buffer.from(m![1]!, "base64").toString()).toBe("const1.png");

    const kitty = await png({ TERM: "xterm-kitty" });
    const chunks = [...kitty.matchAll(/\u001b_G([^;]*);([A-Za-z0-9+/=]*)\u001b\\/g)];
    expect(chunks[0]![1]).toMatch(/^a=T,f=100,m=[01]$/);
    expect(chunks.at(-1)![1]).toMatch(/m=0$/);
    expect(Buffer.from(chunks.map((c) => c[2]).join(""), "base64").equals(image)).toBe(true);

    expect(await png({ TERM_PROGRAM: "iTerm.app", SVC_TERMINAL_IMAGES: "off" })).toMatch(
      /^\{"path":"\/project1\/live\/const1"/,
    );
  });

  it("writes a PNG file by default, and refuses --out with --inline", async () => {
    const file = join(home, "c.png");
    const run = agent(["preview", "--out", file, "/project1/live/const1"]);
    expect(await run.done).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
    const bad = agent(["preview", "--inline", "--out", file, "/project1/live/const1"]);
    expect(await bad.done).toBe(2);
  });
});
