import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getOperator, kbDataDir, setKbDataDir, validateValue } from "../../kb/index.js";
import { getReleaseProfile } from "../../kb/releases.js";
import { importDump } from "../../kb/import/apply.js";
import { parseDump } from "../../kb/import/dump-schema.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { kbImportCommand } from "../../runtime/cli/commands/kb-import.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "dump-small.json");
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "kb-import-"));
  cpSync(kbDataDir(), dir, { recursive: true });
});
afterEach(() => {
  setKbDataDir(undefined);
  rmSync(dir, { recursive: true, force: true });
});

function fixtureDump() {
  const parsed = parseDump(readFileSync(FIXTURE, "utf8"));
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  return parsed.dump;
}

describe("kb import replaces assumptions with facts", () => {
  test("values the dump reports are no longer assumed; a sequence's block count is the dump's", () => {
    expect(getOperator("noiseTOP")!.params.find((p) => p.name === "period")?.assumed).toEqual(["default"]);
    const dump = fixtureDump();
    const par = (name: string, blockIndex: number) => ({
      name,
      label: "Name",
      page: "Constant",
      style: "Str",
      default: "",
      menuNames: null,
      menuLabels: null,
      min: null,
      max: null,
      clampMin: null,
      clampMax: null,
      tupletName: null,
      vecIndex: 0,
      readOnly: false,
      sequence: "const",
      blockIndex,
    });
    dump.operators.push({
      type: "constantCHOP",
      family: "CHOP",
      label: "Constant",
      minInputs: 0,
      maxInputs: 0,
      isMultiInputs: false,
      isFilter: false,
      inputConnectors: 0,
      outputConnectors: 1,
      pars: [par("const0name", 0), par("const1name", 1)],
    } as (typeof dump.operators)[number]);
    importDump(dir, dump);
    setKbDataDir(dir);
    const noise = getOperator("noiseTOP")!;
    expect(noise.params.find((p) => p.name === "period")?.assumed).toBeUndefined();
    expect(noise.params.find((p) => p.name === "resolution")?.assumed).toBeUndefined();
    const constant = getOperator("constantCHOP")!;
    expect(constant.sequences?.find((q) => q.name === "const")).toMatchObject({
      defaultBlocks: 2,
      defaultBlocksSource: "dump",
    });
    expect(constant.params.find((p) => p.name === "const0name")?.assumed).toBeUndefined();
  });
});

describe("kb import (hand-written dump)", () => {
  test("reports what changed and the dump wins where it speaks", () => {
    const knownNoiseParams = getOperator("noiseTOP")!.params.length;
    const report = importDump(dir, fixtureDump());
    expect(report).toMatchObject({
      build: "2099.10001",
      operatorsInDump: 2,
      operatorsAdded: ["futureTOP"],
      operatorsChanged: 1,
      operatorsUnchanged: 0,
      paramsAdded: 2,
      paramsChanged: 3,
      failures: [{ type: "brokenTOP", error: "RuntimeError: cannot create" }],
    });
    // type, period and resolution matched; brandnew and futureTOP.amount are new; the rest is flagged.
    expect(report.paramsAbsentInDump).toBe(knownNoiseParams - 3);

    setKbDataDir(dir);
    const noise = getOperator("noiseTOP")!;
    expect(noise.params.find((p) => p.name === "period")).toMatchObject({
      default: 1,
      defaultSource: "dump",
      min: 0,
      max: 10,
      clampMin: true,
      clampMax: false,
      style: "Float",
    });
    expect(noise.params.find((p) => p.name === "resolution")).toMatchObject({
      components: ["resolutionw", "resolutionh"],
      default: [256, 256],
      defaultSource: "dump",
      max: 2048,
    });
    expect(noise.params.find((p) => p.name === "type")).toMatchObject({
      default: "simplex3d",
      menuNames: ["perlin2d", "simplex3d", "newkind"],
      min: null,
    });
    expect(noise.params.find((p) => p.name === "mono")?.absentInLiveDump).toBe(true);
    expect(noise.summary).toBe("Generates procedural noise patterns as an image.");
    expect(noise.inputs).toEqual({ min: 0, max: 2 });
    expect(noise.inputsSource).toEqual({ min: "dump", max: "dump" });

    const future = getOperator("Future TOP")!;
    expect(future).toMatchObject({
      type: "futureTOP",
      family: "TOP",
      inputs: { min: 1, max: 9999 },
      isGenerator: false,
      outputs: 1,
    });
    expect(validateValue("futureTOP", "amount", 2)).toMatchObject({ ok: false, problem: { kind: "out-of-range" } });
    expect(validateValue("noiseTOP", "type", "newkind")).toEqual({ ok: true });

    const profile = getReleaseProfile("2099.10001")!;
    expect(profile).toMatchObject({
      kind: "live-dump",
      families: ["TOP"],
      complete: false,
      failedToCreate: ["brokenTOP"],
    });
    expect(profile.operatorTypes).toEqual(["brokenTOP", "futureTOP", "noiseTOP"]);
  });

  test("a second import of the same dump changes nothing", () => {
    importDump(dir, fixtureDump());
    const again = importDump(dir, fixtureDump());
    expect(again).toMatchObject({
      operatorsAdded: [],
      operatorsChanged: 0,
      operatorsUnchanged: 2,
      paramsAdded: 0,
      paramsChanged: 0,
      paramsAbsentInDump: 0,
    });
  });

  test("--dry-run writes nothing; a bad file is refused with its problems", async () => {
    let out = "";
    let err = "";
    const io = {
      stdout: (t: string) => {
        out += t;
      },
      stderr: (t: string) => {
        err += t;
      },
      readStdin: async () => "",
      isTTY: false,
      cwd: process.cwd(),
      env: {},
    };
    const before = readFileSync(join(dir, "operators", "TOP.json"), "utf8");
    expect(
      await dispatch("svc", "t", [kbImportCommand], ["kb", "import", FIXTURE, "--data-dir", dir, "--dry-run"], io),
    ).toBe(0);
    expect(out).toContain("would import build 2099.10001: 2 operators in the dump");
    expect(out).toContain("operators: 1 added, 1 changed, 0 unchanged");
    expect(readFileSync(join(dir, "operators", "TOP.json"), "utf8")).toBe(before);

    expect(
      await dispatch("svc", "t", [kbImportCommand], ["kb", "import", join(dir, "index.json"), "--data-dir", dir], io),
    ).toBe(1);
    expect(err).toContain("is not an operator dump");
    expect(err).toContain("format:");
  });
});
