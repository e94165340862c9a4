/**
 * The README's loop, walked as a newcomer walks it: every line of its first `sh` block, in order,
 * run by the built `svc` and `svc-agent` from an empty folder holding a copy of `examples/`, against
 * tdsim. `svc sim &` starts tdsim (on a free port instead of 9980, so tests can run side by side);
 * a line that keeps running (watch, follow) is stopped with Ctrl+C after its first line of output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const CLI: Record<string, string> = {
  svc: join(root, "dist/runtime/cli/svc.js"),
  "svc-agent": join(root, "dist/runtime/cli/svc-agent.js"),
};

/** The commands of the README's loop block: comments dropped, `a && b` as two commands. */
function loopCommands(): string[][] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The loop"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#\s.*$/, "").trim())
    .filter((line) => line.length > 0)
    .flatMap((line) => line.split("&&").map((part) => part.trim().split(/\s+/)));
}

const keepsRunning = (words: string[]) =>
  words.includes("--follow") ||
  words.includes("--watch") ||
  words[1] === "watch" ||
  (words[0] === "svc-agent" && words[1] === "log-tail");

interface Run {
  code: number | null;
  /** The signal that ended it, when one did (Ctrl+C before the command set up its own handling). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const children: ChildProcess[] = [];

function start(words: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const cli = CLI[words[0]!];
  if (cli === undefined) throw new Error(`the README's loop runs '${words[0]}', which is neither svc nor svc-agent`);
  const child = spawn(process.execPath, [cli, ...words.slice(1)], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return child;
}

/** Runs a command to its end; one that keeps running is interrupted after its first line of output. */
function run(words: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = start(words, cwd, env);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (keepsRunning(words) && stdout.includes("\n") && child.exitCode === null) child.kill("SIGINT");
    });
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** `svc sim &`: tdsim in the background; resolves with its URL once it listens. */
function startSim(cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = start(["svc", "sim", "--port", "0"], cwd, env);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on("close", (code) => reject(new Error(`svc sim exited (${code}) before listening: ${out}`)));
  });
}

const work = mkdtempSync(join(tmpdir(), "svc-readme-loop-"));
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 200));
  rmSync(work, { recursive: true, force: true });
});

describe("the README's loop", () => {
  it("runs every command it shows, in order, on tdsim, from a clean folder", { timeout: 1_200_000 }, async () => {
    const commands = loopCommands();
    expect(commands.length).toBeGreaterThanOrEqual(15);
    const folder = join(work, "project");
    const home = join(work, "home");
    mkdirSync(home);
    cpSync(join(root, "examples"), join(folder, "examples"), { recursive: true });
    let env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, SVC_HOME: join(home, ".svc"), NO_COLOR: "1" };
    const outputs = new Map<string, Run>();
    for (const words of commands) {
      const line = words.join(" ");
      if (line === "svc sim &") {
        env = { ...env, SVC_BRIDGE_URL: await startSim(folder, env) };
        continue;
      }
      const result = await run(words, folder, env);
      // Ctrl+C stops a command that keeps running: by its own handler (exit 0) or, when it comes
      // before the command set one up, by the signal itself. Anything else must exit 0.
      const stopped = keepsRunning(words) && result.code === null && result.signal === "SIGINT";
      expect(stopped || result.code === 0, `${line}\n${result.stdout}\n${result.stderr}`).toBe(true);
      outputs.set(line, result);
    }

    // What each step promises, read from what it printed.
    expect(outputs.get("svc check examples/")!.stdout).toMatch(/no problems/);
    expect(outputs.get("svc plan examples/feedback-tunnel.svcnet")!.stdout).toMatch(/Plan: \d+ to add/);
    const png = readFileSync(join(folder, "out.png"));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(outputs.get("svc diff examples/feedback-tunnel.svcnet /project1/tunnel")!.stdout).toMatch(/No differences/);
    expect(outputs.get("svc release /project1/tunnel")!.stdout).toMatch(/svc adopt \/project1\/tunnel --confirm/);
    expect(outputs.get("svc plan tunnel.svcnet")!.stdout).toMatch(/Plan: 0 to add, 0 to change, 0 to destroy/);
    expect(outputs.get("svc-agent run examples/feedback-tunnel.svcnet examples/glsl-shader.svcnet")!.stdout).toMatch(
      /2 steps ok, 0 failed/,
    );
    expect(outputs.get("svc-agent watch tunnel.svcnet")!.stdout).toMatch(/tunnel\.svcnet: ok/);
    expect(outputs.get("svc-agent log-tail --json /project1")!.stdout.split("\n")[0]).toMatch(/^\{.*\}$/);
    expect(
      JSON.parse(outputs.get("svc-agent preview --inline --watch /project1/tunnel/out1")!.stdout.split("\n")[0]!),
    ).toMatchObject({ path: "/project1/tunnel/out1", width: 1280, height: 720 });
    expect(outputs.get("svc-agent check-optypes tunnel.svcnet")!.stdout).toMatch(/in the running build/);
  });
});
