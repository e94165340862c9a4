// Runs kb/dump/td_dump_operators.py inside tdsim (bridge/sim) and imports the result into a copy of kb/data.
// tdsim is an emulation, so this checks the script and the import path, not TouchDesigner's real values.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getOperator, kbDataDir, setKbDataDir } from "../../kb/index.js";
import { importDump } from "../../kb/import/apply.js";
import { parseDump } from "../../kb/import/dump-schema.js";

const root = resolve(import.meta.dirname, "..", "..");
const simDir = join(root, "bridge", "sim");
const script = join(root, "kb", "dump", "td_dump_operators.py");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "kb-simdump-"));
});
afterAll(() => {
  setKbDataDir(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe("dump script in tdsim", () => {
  test("dumps every catalogued type it can create and the dump imports", () => {
    const dumpPath = join(dir, "dump.json");
    const run = spawnSync("python3", [script], {
      cwd: simDir,
      env: { ...process.env, PYTHONPATH: simDir, PYTHONDONTWRITEBYTECODE: "1" },
      encoding: "utf8",
      input: "",
      timeout: 120_000,
    });
    // The script writes to <project folder>/svc_kb_dump.json; in tdsim that is reported on stdout.
    expect(run.status, run.stderr).toBe(0);
    const written = /-> (.+)$/m.exec(run.stdout)?.[1]?.trim();
    expect(written).toBeTruthy();
    cpSync(resolve(simDir, written!), dumpPath);
    rmSync(resolve(simDir, written!), { force: true });

    const parsed = parseDump(readFileSync(dumpPath, "utf8"));
    if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
    const dump = parsed.dump;
    expect(dump.operators.length + dump.failures.length).toBe(661);
    const noise = dump.operators.find((o) => o.type === "noiseTOP")!;
    expect(noise.pars.filter((p) => p.tupletName === "resolution").map((p) => p.name)).toEqual([
      "resolutionw",
      "resolutionh",
    ]);

    cpSync(kbDataDir(), join(dir, "data"), { recursive: true });
    const report = importDump(join(dir, "data"), dump);
    expect(report.operatorsInDump).toBe(dump.operators.length);
    expect(report.operatorsAdded).toEqual([]);
    setKbDataDir(join(dir, "data"));
    const merged = getOperator("noiseTOP")!;
    expect(merged.params.find((p) => p.name === "resolution")?.defaultSource).toBe("dump");
  });
});
