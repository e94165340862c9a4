import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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

const packagesIn = (loaded: string[]) => new Set(loaded.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []));

describe("each svc command loads only what it uses", () => {
  it("svc --help loads no grammar, compiler, knowledge base or dependency but the command-line parser", () => {
    const { status, stdout, loaded } = modulesLoaded(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("svc check");
    expect(loaded.some((u) => u.endsWith("/dist/runtime/cli/commands/index.js"))).toBe(true);
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
    for (const unused of ["elkjs", "undici", "zod", "@modelcontextprotocol/sdk", "yaml", "lodash-es"]) expect(packages.has(unused), unused).toBe(false);
    expect(loaded.filter((u) => u.includes("/node_modules/chevrotain/"))).toHaveLength(1);
  });
});
