/**
 * svc-agent config init and the steps file: written from a fresh working folder, refused over an
 * existing one without --force, and run by `svc-agent run` with each step's own no_color.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

let work: string;

async function agent(argv: string[], isTTY = false) {
  let stdout = "";
  let stderr = "";
  // no bridge answers here: the steps below fail to compile before one is asked
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    readStdin: async () => "",
    isTTY,
    cwd: work,
    env: { HOME: work, SVC_BRIDGE_URL: "http://127.0.0.1:9" },
  };
  const code = await dispatch("svc-agent", "svc-agent", agentCommands, argv, io);
  return { code, stdout, stderr };
}

const broken = (name: string) => `svcnet 1\nnetwork ${name} {\n  n1: noiseTOPP\n}\n`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-agent-config-"));
  writeFileSync(join(work, "b.svcnet"), broken("b"));
  writeFileSync(join(work, "a.svcnet"), broken("a"));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("svc-agent config init", () => {
  it("--dry-run prints the steps file and writes nothing; then it writes it, refuses to replace it, and --force replaces it", async () => {
    const dry = await agent(["config", "init", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('  - file: "a.svcnet"\n');
    expect(dry.stdout.indexOf("a.svcnet")).toBeLessThan(dry.stdout.indexOf("b.svcnet"));
    expect(existsSync(join(work, "svc-agent.yaml"))).toBe(false);
    const wrote = await agent(["config", "init"]);
    expect(wrote.stdout).toBe(`wrote ${join(work, "svc-agent.yaml")} (2 steps)\n`);
    writeFileSync(join(work, "svc-agent.yaml"), readFileSync(join(work, "svc-agent.yaml"), "utf8") + "# mine\n");
    const again = await agent(["config", "init"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force replaces it");
    expect(readFileSync(join(work, "svc-agent.yaml"), "utf8")).toContain("# mine");
    expect((await agent(["config", "init", "--force"])).stdout).toMatch(/^replaced /);
    expect(readFileSync(join(work, "svc-agent.yaml"), "utf8")).not.toContain("# mine");
  });

  it("run with no files runs the file's steps; a step's no_color keeps its diagnostics plain on a terminal", async () => {
    const config = readFileSync(join(work, "svc-agent.yaml"), "utf8").replace(
      "continue_on_error: false",
      "continue_on_error: true",
    );
    // the second step (b.svcnet) without colour
    const lines = config.split("\n");
    const b = lines.findIndex((l) => l.includes('"b.svcnet"'));
    lines[b + 2] = "    no_color: true";
    writeFileSync(join(work, "svc-agent.yaml"), lines.join("\n"));
    const r = await agent(["run"], true);
    expect(r.code).toBe(1);
    const [first, second] = r.stdout.split(/^step 2 /m);
    expect(first).toMatch(/^step 1 a\.svcnet: FAILED/);
    expect(first).toContain("\u001b[");
    expect(second).toMatch(/^b\.svcnet: FAILED/);
    expect(second).toContain("unknown-operator-type");
    expect(second).not.toContain("\u001b[");
    expect(r.stdout).toContain("0 steps ok, 2 failed");
  });

  it("a steps file with a mistake is a usage error naming the entry", async () => {
    writeFileSync(join(work, "bad.yaml"), "steps:\n  - file: a.svcnet\n    no_colour: true\n");
    const r = await agent(["run", "--config", "bad.yaml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.yaml: steps\.0: .*no_colour/);
    const none = await agent(["run", "--config", "missing.yaml"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("svc-agent config init");
  });
});
