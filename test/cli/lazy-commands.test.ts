import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { requireBuiltCli } from "../mcp/helpers.js";

const RECORDER = fileURLToPath(new URL("../mcp/fixtures/register-import-recorder.mjs", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../examples/feedback-tunnel.svcnet", import.meta.url));

/** Runs the built `svc` with `args` under an import recorder; returns its exit code and every module it loaded. */
function modulesLoaded(args: string[]): { status: number | null; stdout: string; loaded: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "svc-imports-"));
  const log = join(dir, "imports.log");
  try {
    const run = spawnSync(process.execPath, ["--import", RECORDER, requireBuiltCli(), ...args], {
      env: { PATH: process.env.PATH ?? "", SVC_TEST_IMPORT_LOG: log },
      encoding: "utf8",
    });
    return { status: run.status, stdout: run.stdout, loaded: readFileSync(log, "utf8").split("\n").filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const packagesIn = (loaded: string[]) =>
  new Set(loaded.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []));

describe("each svc command loads only what it uses", () => {
  it("svc --help loads no grammar, compiler, knowledge base or dependency but the command-line parser", () => {
    const { status, stdout, loaded } = modulesLoaded(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("svc check");
    // Printed from the build's command index: no command module is imported for it.
    expect(loaded.some((u) => u.endsWith("/dist/runtime/cli/command-index.js"))).toBe(true);
    expect(loaded.filter((u) => u.includes("/dist/runtime/cli/commands/"))).toEqual([]);
    expect(loaded.filter((u) => /\/dist\/(compiler\/(?!diagnostics\/)|grammar\/|kb\/)/.test(u))).toEqual([]);
    expect([...packagesIn(loaded)]).toEqual(["commander"]);
    // commander is its entry, ESM wrapper and six CommonJS files, not a tree of modules
    expect(loaded.filter((u) => u.includes("/node_modules/commander/")).length).toBeLessThanOrEqual(10);
  });

  it("svc check loads the grammar and compiler but not ELK, the HTTP client or zod; chevrotain as one module", () => {
    const { status, stdout, loaded } = modulesLoaded(["check", EXAMPLE]);
    expect(stdout).toContain("no problems");
    expect(status).toBe(0);
    expect(loaded.some((u) => u.endsWith("/dist/grammar/parser.js"))).toBe(true);
    const packages = packagesIn(loaded);
    for (const unused of ["elkjs", "undici", "zod", "@modelcontextprotocol/sdk", "yaml", "lodash-es"])
      expect(packages.has(unused), unused).toBe(false);
    expect(loaded.filter((u) => u.includes("/node_modules/chevrotain/"))).toHaveLength(1);
    // Of the command modules, only check's own (the build's command index names it).
    expect(
      loaded.filter((u) => u.includes("/dist/runtime/cli/commands/")).map((u) => u.replace(/.*\/commands\//, "")),
    ).toEqual(["check.js"]);
    // Its one expression (absTime.seconds * 0.3) is plain: Python's grammar is not loaded for it.
    expect(packages.has("web-tree-sitter"), "web-tree-sitter").toBe(false);
  });

  it("svc check loads Python's grammar for a file whose Python needs it, and reports what it finds", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-python-"));
    try {
      const file = join(dir, "lambda.svcnet");
      writeFileSync(
        file,
        "svcnet 1\n\nnetwork n {\n  noise1: noiseTOP { t4d: = (lambda t: t * 0.3)(absTime.seconds) +  }\n}\n",
      );
      const { status, stdout, loaded } = modulesLoaded(["check", "--json", file]);
      expect(status).toBe(1);
      const report = JSON.parse(stdout) as { diagnostics: { code: string; message: string }[] };
      expect(report.diagnostics.map((d) => d.code)).toEqual(["expression-syntax"]);
      expect(report.diagnostics[0]!.message).toMatch(/ends too early/);
      expect(packagesIn(loaded).has("web-tree-sitter")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("svc check loads Python's grammar for an Execute DAT's text, which is still a parameter when it decides", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-python-"));
    try {
      const file = join(dir, "execute.svcnet");
      writeFileSync(file, 'svcnet 1\n\nnetwork n {\n  e: executeDAT { active: on, text: "x = (" }\n}\n');
      const { status, stdout, loaded } = modulesLoaded(["check", "--json", file]);
      expect(status).toBe(1);
      const report = JSON.parse(stdout) as { diagnostics: { code: string }[] };
      expect(report.diagnostics.map((d) => d.code)).toEqual(["dat-python-syntax"]);
      expect(packagesIn(loaded).has("web-tree-sitter")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
