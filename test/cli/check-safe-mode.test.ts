/**
 * `svc check` as a real process says before apply what the bridge will refuse in the safe mode: it
 * runs the bridge's allow-list grammar (bridge/svc_bridge/safe_python.json) and exec table
 * (exec_pars.json) when `--expressions safe` or SVC_BRIDGE_EXPRESSIONS=safe says so, and nothing of
 * it otherwise.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuiltCli } from "../mcp/helpers.js";

let dir: string;
let cli: string;

interface Diagnostic {
  code: string;
  severity: string;
  message: string;
  help?: string[];
  range: { start: { line: number } };
}

function check(file: string, args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number; diagnostics: Diagnostic[] }>((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, "check", "--json", ...args, file],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir, ...env } },
      (err, stdout, stderr) => {
        try {
          const code = err ? ((err as { code?: number }).code ?? 1) : 0;
          resolve({ code, diagnostics: (JSON.parse(String(stdout)) as { diagnostics: Diagnostic[] }).diagnostics });
        } catch {
          reject(new Error(`svc check printed no JSON: ${String(stderr)}`));
        }
      },
    );
  });
}

const net = (body: string) => `svcnet 1\n\nnetwork n {\n${body}\n}\n`;

beforeAll(() => {
  cli = requireBuiltCli();
  dir = mkdtempSync(join(tmpdir(), "svc-check-safe-"));
  writeFileSync(join(dir, "eval.svcnet"), net("  a: noiseTOP { seed: = tdu.builtins.eval('1') }"));
  writeFileSync(join(dir, "reach.svcnet"), net("  a: noiseTOP { seed: = len(tdu.shlex.os.listdir('.')) }"));
  writeFileSync(join(dir, "member.svcnet"), net("  a: noiseTOP { period: = me.storage }"));
  writeFileSync(
    join(dir, "allowed.svcnet"),
    net(
      "  a: noiseTOP { period: = math.sin(absTime.seconds) * op('b').par.period.eval() + tdu.clamp(me.time.frame, 0, 1) }\n  b: noiseTOP",
    ),
  );
  writeFileSync(
    join(dir, "execute.svcnet"),
    net("  ex: executeDAT {\n    text: ```\n      def onFrameStart(frame):\n          return\n      ```\n  }"),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("svc check --expressions safe", () => {
  it.each([
    ["eval.svcnet", /'builtins' is not one of the safe members|tdu\.builtins is not one of the safe members of tdu/],
    ["reach.svcnet", /tdu\.shlex is not one of the safe members of tdu/],
    ["member.svcnet", /'storage' is not a safe member of an OP/],
  ])("refuses %s with unsafe-python, its place and help", async (file, message) => {
    const r = await check(file, ["--expressions", "safe"]);
    expect(r.code).toBe(1);
    const d = r.diagnostics.find((x) => x.code === "unsafe-python");
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.message).toMatch(message);
    expect(d!.range.start.line).toBe(4);
    expect(d!.help?.join(" ")).toMatch(/safe_python\.json/);
  });

  it("admits an expression of the allow-list", async () => {
    const r = await check("allowed.svcnet", ["--expressions", "safe"]);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("flags text written into an Execute DAT as exec", async () => {
    const r = await check("execute.svcnet", ["--expressions", "safe"]);
    expect(r.code).toBe(1);
    const d = r.diagnostics.find((x) => x.code === "safe-mode-exec");
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.message).toMatch(/'ex' \(executeDAT, a DAT whose text TouchDesigner runs\) is code TouchDesigner runs/);
    expect(d!.help?.join(" ")).toMatch(/SVC_BRIDGE_ALLOW_EXEC=1/);
  });

  it("follows SVC_BRIDGE_EXPRESSIONS, else the session profile, when no option is given; --expressions overrides both", async () => {
    expect((await check("eval.svcnet", [], { SVC_BRIDGE_EXPRESSIONS: "safe" })).code).toBe(1);
    expect((await check("eval.svcnet", ["--expressions", "open"], { SVC_BRIDGE_EXPRESSIONS: "safe" })).code).toBe(0);
    // Without the variable, the session profile's `expressions` preference decides.
    const profile = join(dir, "profile.json");
    writeFileSync(
      profile,
      JSON.stringify({
        version: 1,
        updatedAt: null,
        preferences: { expressions: "safe" },
        recentNetworks: [],
        projectFolder: null,
      }),
    );
    expect((await check("eval.svcnet", [], { SVC_SESSION_PROFILE: profile })).code).toBe(1);
    expect(
      (await check("eval.svcnet", [], { SVC_SESSION_PROFILE: profile, SVC_BRIDGE_EXPRESSIONS: "open" })).code,
    ).toBe(0);
    const open = await check("execute.svcnet");
    expect(open.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(open.code).toBe(0);
  });
});
