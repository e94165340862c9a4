/**
 * svc-agent watch-build end to end: tdsim runs a staged bridge; a copy of the bridge's sources is
 * watched; a save there is byte-compiled, staged and reloaded, and tdsim answers with the new code;
 * a save that does not compile is staged nowhere and the running bridge is left alone.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { bridgeSourceDir, stageBridge } from "../../runtime/bridge-install/stage.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { lineReader } from "../support/line-reader.js";

let sim: RunningSim;
let home: string;
let source: string;
let staged: string;

async function runningVersion(): Promise<string> {
  const res = await fetch(`${sim.url}/api/info`);
  return ((await res.json()) as { data: { bridge_version: string } }).data.bridge_version;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "svc-watch-build-"));
  source = join(home, "bridge-src");
  for (const part of ["svc_bridge", "callbacks"])
    cpSync(join(bridgeSourceDir(), part), join(source, part), {
      recursive: true,
      filter: (f) => !f.includes("__pycache__"),
    });
  staged = stageBridge(join(home, "staged"), source).dir;
  // POST /api/dev/reload imports whatever the folder holds, so it is exec: the gate is open here
  sim = await startSim({
    port: 0,
    callbacks: join(staged, "callbacks", "webserver_callbacks.py"),
    env: { ...process.env, SVC_BRIDGE_ALLOW_EXEC: "1" },
  });
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe("svc-agent watch-build", () => {
  it("compiles, stages and reloads on each save; a file that does not compile stops the build before staging", async () => {
    const init = join(source, "svc_bridge", "version.py");
    const original = readFileSync(init, "utf8");
    const shipped = await runningVersion();
    const child = spawn(
      process.execPath,
      [
        "dist/runtime/cli/svc-agent.js",
        "watch-build",
        "--source",
        source,
        "--dir",
        staged,
        "--debounce",
        "500",
        "--max-runs",
        "3",
      ],
      {
        env: { ...process.env, HOME: home, SVC_BRIDGE_URL: sim.url },
      },
    );
    const exited = new Promise<number | null>((r) => child.on("close", r));
    const next = lineReader(child.stdout);
    try {
      expect(await next()).toMatch(
        new RegExp(
          `^build 1: ok, compiled \\d+ files, bridge ${shipped.replaceAll(".", "\\.")} already staged, reloaded bridge ${shipped.replaceAll(".", "\\.")}$`,
        ),
      );
      writeFileSync(init, original.replace(/^BRIDGE_VERSION = ".*"$/m, 'BRIDGE_VERSION = "7.7.7"'));
      expect(await next()).toBe(
        `build 2: ok, compiled 1 file, staged bridge 7.7.7 in ${staged}, reloaded bridge ${shipped} as 7.7.7`,
      );
      expect(await runningVersion()).toBe("7.7.7");
      writeFileSync(join(source, "svc_bridge", "dev.py"), "def broken(:\n");
      expect(await next()).toMatch(/^build 3: FAILED, not staged: .*SyntaxError/);
      expect(readFileSync(join(staged, "svc_bridge", "dev.py"), "utf8")).not.toContain("def broken(:");
      expect(await runningVersion()).toBe("7.7.7");
      expect(await exited).toBe(1);
    } finally {
      child.kill();
    }
    // --no-py-compile stages the broken file as it is; --no-reload-bridge leaves the running bridge alone
    writeFileSync(init, original.replace(/^BRIDGE_VERSION = ".*"$/m, 'BRIDGE_VERSION = "6.6.6"'));
    let out = "";
    const io = {
      stdout: (t: string) => (out += t),
      stderr: () => {},
      readStdin: async () => "",
      isTTY: false,
      cwd: home,
      env: { SVC_BRIDGE_URL: sim.url },
    };
    const code = await dispatch(
      "svc-agent",
      "svc-agent",
      agentCommands,
      ["watch-build", "--source", source, "--dir", staged, "--no-py-compile", "--no-reload-bridge", "--max-runs", "1"],
      io,
    );
    expect(out).toBe(`build 1: ok, staged bridge 6.6.6 in ${staged}\n`);
    expect(code).toBe(0);
    expect(readFileSync(join(staged, "svc_bridge", "dev.py"), "utf8")).toContain("def broken(:");
    expect(await runningVersion()).toBe("7.7.7");
  });
});
