import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearKbCache, kbDataDir, loadFamily, loadOperator, setKbDataDir } from "../../kb/loader.js";
import { FAMILIES, type FamilyFile } from "../../kb/types.js";

afterEach(() => setKbDataDir(undefined));

describe("one operator read alone from its family file", () => {
  it("is, for every operator of every family, what reading the whole family gives", () => {
    for (const family of FAMILIES) {
      clearKbCache();
      const whole = [...loadFamily(family).values()];
      expect(whole.length).toBeGreaterThan(0);
      clearKbCache();
      for (const op of whole) expect(loadOperator(family, op.type)).toEqual(op);
      expect(loadOperator(family, "noSuchOperator")).toBeUndefined();
    }
  });

  it("stays the same object once the whole family is read", () => {
    clearKbCache();
    const alone = loadOperator("TOP", "noiseTOP");
    expect(alone?.type).toBe("noiseTOP");
    expect(loadFamily("TOP").get("noiseTOP")).toBe(alone);
    expect(loadOperator("TOP", "noiseTOP")).toBe(alone);
  });

  it("is found in a family file written in another layout too", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-kb-"));
    try {
      cpSync(kbDataDir(), dir, { recursive: true });
      const path = join(dir, "operators", "TOP.json");
      const file = JSON.parse(readFileSync(path, "utf8")) as FamilyFile;
      writeFileSync(path, JSON.stringify(file, null, 2));
      setKbDataDir(dir);
      const noise = file.operators.find((op) => op.type === "noiseTOP");
      expect(loadOperator("TOP", "noiseTOP")).toEqual(noise);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
