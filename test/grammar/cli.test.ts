import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CommandIO } from "../../runtime/cli/command.js";
import { checkCommand } from "../../runtime/cli/commands/check.js";
import { fmtCommand } from "../../runtime/cli/commands/fmt.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

const CANONICAL =
  "svcnet 1\n\nnetwork net {\n  noise1: noiseTOP { period: 2 }\n  out1: nullTOP [display]\n\n  noise1 -> out1\n}\n";
const MESSY =
  "svcnet 1\nnetwork net {\n    out1: nullTOP [display]\n  noise1: noiseTOP {period: 2.0}\n  noise1->out1\n}\n";
const BROKEN = "svcnet 1\nnetwork net {\n  noise1: noiseTOP { period: 1.2.3 }\n  n2: levelTOP [displya]\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-grammar-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

async function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CommandIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: async () => stdin,
    isTTY: false,
    cwd: dir,
    env: {},
  };
  const code = await dispatch("svc", "test", [fmtCommand, checkCommand], argv, io);
  return { code, out, err };
}

describe("svc fmt", () => {
  it("rewrites a file into canonical form and reports it", async () => {
    const path = write("a.svcnet", MESSY);
    const r = await run(["fmt", "a.svcnet"]);
    expect(r).toEqual({ code: 0, out: "formatted a.svcnet\n", err: "" });
    expect(readFileSync(path, "utf8")).toBe(CANONICAL);
  });

  it("leaves a canonical file alone and says nothing", async () => {
    write("a.svcnet", CANONICAL);
    expect(await run(["fmt", "a.svcnet"])).toEqual({ code: 0, out: "", err: "" });
  });

  it("--check lists files that would change, changes nothing, and exits 1", async () => {
    const messy = write("dir/messy.svcnet", MESSY);
    write("dir/ok.svcnet", CANONICAL);
    write("dir/notes.txt", "not svcnet");
    const r = await run(["fmt", "--check", "dir"]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`${join("dir", "messy.svcnet")}\n`);
    expect(readFileSync(messy, "utf8")).toBe(MESSY);
    write("dir/messy.svcnet", CANONICAL);
    expect((await run(["fmt", "--check", "dir"])).code).toBe(0);
  });

  it("never rewrites a file with syntax errors: reports them and leaves the bytes as they were", async () => {
    const path = write("bad.svcnet", BROKEN);
    const r = await run(["fmt", "bad.svcnet"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("error[invalid-number]: '1.2.3' is not a number");
    expect(r.err).toContain("error[unknown-flag]");
    expect(r.err).toContain("error[unclosed-block]");
    expect(r.err).toContain("bad.svcnet left unchanged");
    expect(readFileSync(path, "utf8")).toBe(BROKEN);
  });

  it("formats the good files even when another one is broken", async () => {
    const good = write("good.svcnet", MESSY);
    write("bad.svcnet", BROKEN);
    const r = await run(["fmt", "bad.svcnet", "good.svcnet"]);
    expect(r.code).toBe(1);
    expect(readFileSync(good, "utf8")).toBe(CANONICAL);
  });

  it("formats a file that parses even when the compiler would reject it (fmt is about syntax only)", async () => {
    const path = write("semantic.svcnet", "svcnet 1\nnetwork n {\n  noise1: noiseTOP {resolutionx: 1280}\n}\n");
    const r = await run(["fmt", "semantic.svcnet"]);
    expect(r).toEqual({ code: 0, out: "formatted semantic.svcnet\n", err: "" });
    expect(readFileSync(path, "utf8")).toBe("svcnet 1\n\nnetwork n {\n  noise1: noiseTOP { resolutionx: 1280 }\n}\n");
  });

  it("reports a file that is not UTF-8 and leaves it", async () => {
    const bytes = Buffer.concat([
      Buffer.from('svcnet 1\nnetwork a {\n  n: t { a: "'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('" }\n}\n'),
    ]);
    const path = write("latin.svcnet", bytes);
    const r = await run(["fmt", "latin.svcnet"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("error[invalid-utf8]");
    expect(r.err).toContain("latin.svcnet:3:14");
    expect(readFileSync(path)).toEqual(bytes);
  });

  it("formats standard input to standard output with '-'", async () => {
    expect(await run(["fmt", "-"], MESSY)).toEqual({ code: 0, out: CANONICAL, err: "" });
    const bad = await run(["fmt", "-"], BROKEN);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe("");
  });

  it("answers unknown flags and missing files with one line and exit 2", async () => {
    const flag = await run(["fmt", "--write", "a.svcnet"]);
    expect(flag.code).toBe(2);
    expect(flag.err.trimEnd().split("\n")).toHaveLength(1);
    const missing = await run(["fmt", "nope.svcnet"]);
    expect(missing).toEqual({
      code: 2,
      out: "",
      err: "svc fmt: no such file or directory: nope.svcnet (see 'svc fmt --help')\n",
    });
    expect((await run(["fmt"])).code).toBe(2);
  });

  it("has help", async () => {
    const r = await run(["fmt", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("usage: svc fmt [--check] <files|dirs>...");
    expect(r.out).toContain("--check");
  });
});

describe("svc check", () => {
  it("reports every syntax error of a file with code frames and exits 1", async () => {
    write("bad.svcnet", BROKEN);
    const r = await run(["check", "bad.svcnet"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("error[invalid-number]: '1.2.3' is not a number\n --> bad.svcnet:3:30");
    expect(r.out).toContain("3 |   noise1: noiseTOP { period: 1.2.3 }");
    expect(r.out).toContain("error[unknown-flag]: 'displya' is not a node flag");
    expect(r.out).toContain("= help: did you mean 'display'?");
    expect(r.out).toContain("3 errors, 0 warnings");
  });

  it("--json gives the same diagnostics for tools", async () => {
    write("bad.svcnet", BROKEN);
    const r = await run(["check", "--json", "bad.svcnet"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as {
      files: number;
      errors: number;
      diagnostics: { code: string; file: string; range: { start: { line: number } } }[];
    };
    expect(report.files).toBe(1);
    expect(report.errors).toBe(3);
    expect(report.diagnostics.map((d) => `${d.file}:${d.range.start.line} ${d.code}`)).toEqual([
      "bad.svcnet:3 invalid-number",
      "bad.svcnet:4 unknown-flag",
      "bad.svcnet:4 unclosed-block",
    ]);
  });

  it("exits 0 for clean files and says how many it checked", async () => {
    write("x/a.svcnet", CANONICAL);
    write("x/b.svcnet", CANONICAL);
    const r = await run(["check", "x"]);
    expect(r).toEqual({ code: 0, out: "ok: 2 files checked, no problems\n", err: "" });
  });

  it("answers a missing file with one line and exit 2", async () => {
    const r = await run(["check", "missing.svcnet"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("svc check: no such file or directory: missing.svcnet (see 'svc check --help')\n");
  });
});

describe("the built CLI", () => {
  const cli = new URL("../../dist/runtime/cli/svc.js", import.meta.url).pathname;

  it("runs fmt --check and check as a separate process with the documented exit codes", () => {
    if (!existsSync(cli)) throw new Error("build first: npx tsc -p tsconfig.build.json (npm test does)");
    write("a.svcnet", MESSY);
    write("bad.svcnet", BROKEN);
    const fmt = spawnSync(process.execPath, [cli, "fmt", "--check", "a.svcnet"], { cwd: dir, encoding: "utf8" });
    expect(fmt.status).toBe(1);
    expect(fmt.stdout).toBe("a.svcnet\n");
    const check = spawnSync(process.execPath, [cli, "check", "--json", "bad.svcnet"], { cwd: dir, encoding: "utf8" });
    expect(check.status).toBe(1);
    expect(JSON.parse(check.stdout).errors).toBe(3);
    const usage = spawnSync(process.execPath, [cli, "check", "--nope"], { cwd: dir, encoding: "utf8" });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe("svc check: unknown option '--nope' (see 'svc check --help')\n");
  });
});
