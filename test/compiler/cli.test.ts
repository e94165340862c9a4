import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandIO } from "../../runtime/cli/command.js";
import { checkCommand } from "../../runtime/cli/commands/check.js";
import { compileCommand } from "../../runtime/cli/commands/compile.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

let dir: string;

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: async () => "",
    isTTY: false,
    cwd: dir,
    env: {},
  };
  const code = await dispatch("svc", "test", [checkCommand, compileCommand], argv, io);
  return { code, out, err };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-compile-cli-"));
  mkdirSync(join(dir, "lib"));
  writeFileSync(
    join(dir, "lib", "fx.svcnet"),
    "svcnet 1\nrecipe fx {\n  in1: inTOP\n  lvl: levelTOP { brightnes1: 2 }\n  in1 -> lvl\n}\n",
  );
  writeFileSync(
    join(dir, "bad.svcnet"),
    'svcnet 1\nimport "lib/fx.svcnet"\nnetwork net {\n  noise1: noiseTOP { resolutionx: 1280 }\n  f: fx\n}\n',
  );
  writeFileSync(
    join(dir, "good.svcnet"),
    "svcnet 1\nnetwork net {\n  noise1: noiseTOP { period: 2 }\n  out1: nullTOP [display]\n  noise1 -> out1\n}\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("svc check runs the compiler's checks", () => {
  it("reports knowledge-base problems in the file and in what it imports, with code frames", async () => {
    const { code, out } = await run("check", "bad.svcnet");
    expect(code).toBe(1);
    expect(out).toContain("error[unknown-parameter]: 'noiseTOP' has no parameter 'resolutionx'");
    expect(out).toContain("--> bad.svcnet:4:22");
    expect(out).toContain("--> lib/fx.svcnet:4:19");
    expect(out).toContain("= help: in the recipe used at bad.svcnet:5");
    expect(out).toContain("4 |   lvl: levelTOP { brightnes1: 2 }");
    expect(out).toContain("2 errors, 0 warnings");
  });

  it("--json lists the same diagnostics", async () => {
    const { out } = await run("check", "--json", "bad.svcnet");
    const report = JSON.parse(out);
    expect(report.errors).toBe(2);
    expect(report.diagnostics.map((d: { code: string; file: string }) => `${d.file} ${d.code}`)).toEqual([
      "bad.svcnet unknown-parameter",
      "lib/fx.svcnet unknown-parameter",
    ]);
  });
});

describe("svc compile", () => {
  it("prints the operations with the line each came from", async () => {
    const { code, out } = await run("compile", "good.svcnet");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(/^# batch 1 of 1: \d+ operations$/);
    expect(lines).toContain("create     /project1/net/noise1 noiseTOP  @ good.svcnet:3");
    expect(lines).toContain("set        /project1/net/noise1.period = 2  @ good.svcnet:3");
    expect(lines).toContain("connect    /project1/net/noise1[0] -> /project1/net/out1[0]  @ good.svcnet:5");
    expect(lines).toContain("flags      /project1/net/out1 display=on  @ good.svcnet:4");
  });

  it("--root moves the network; --json gives typed operations", async () => {
    const { code, out } = await run("compile", "--json", "--root", "/show/{network}", "good.svcnet");
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.ok).toBe(true);
    expect(r.operations[0]).toMatchObject({ kind: "create", path: "/show/net", parent: "/show", type: "baseCOMP" });
    expect(r.operations[0].origin.file).toBe("good.svcnet");
    expect(r.batches).toEqual([{ index: 0, size: r.operations.length }]);
  });

  it("a program with errors prints diagnostics and no operations", async () => {
    const { code, out, err } = await run("compile", "bad.svcnet");
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain("error[unknown-parameter]");
  });

  it("needs exactly one file", async () => {
    const { code, err } = await run("compile", "good.svcnet", "bad.svcnet");
    expect(code).toBe(2);
    expect(err).toMatch(/exactly one file/);
  });
});
