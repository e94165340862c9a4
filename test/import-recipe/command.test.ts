/** `svc import-recipe` on the command line: what it writes, what it refuses, its exit codes. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";
import { convertFixture, fixturePath } from "./fixtures.js";

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-import-cli-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("svc import-recipe", () => {
  it("writes each recipe into --out, named after the recipe, and the result passes svc check", async () => {
    const r = await runSvc(["import-recipe", "--out", dir, fixturePath("neon-tunnel"), fixturePath("pulse-grid")]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*neon_tunnel\.svcnet \(recipe neon_tunnel\)/);
    expect(readFileSync(join(dir, "neon_tunnel.svcnet"), "utf8")).toBe(convertFixture("neon-tunnel").text);
    const check = await runSvc(["check", join(dir, "neon_tunnel.svcnet"), join(dir, "pulse_grid.svcnet")]);
    expect(check.stdout).toBe("ok: 2 files checked, no problems\n");
  });

  it("writes beside the JSON file by default", async () => {
    const json = join(dir, "mine.json");
    writeFileSync(json, JSON.stringify({ id: "my-look", nodes: [{ name: "noise1", type: "noiseTOP" }] }));
    const r = await runSvc(["import-recipe", json]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "my_look.svcnet"), "utf8")).toBe(
      "svcnet 1\n\nrecipe my_look {\n  noise1: noiseTOP\n}\n",
    );
  });

  it("writes nothing for a file with errors, shows a code frame of the JSON, and exits 1", async () => {
    const json = join(dir, "broken.json");
    writeFileSync(json, '{\n  "id": "broken",\n  "nodes": [\n    { "name": "n", "type": "noiseTOPP" }\n  ]\n}\n');
    const r = await runSvc(["import-recipe", "--out", dir, json]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /error\[import-unknown-operator-type\]: \$\.nodes\[0\]\.type: unknown operator type 'noiseTOPP'/,
    );
    expect(r.stderr).toMatch(/broken\.json:4:28/);
    expect(r.stderr).toMatch(/\{ "name": "n", "type": "noiseTOPP" \}/);
    expect(r.stderr).toMatch(/not written because of the errors above/);
    expect(existsSync(join(dir, "broken.svcnet"))).toBe(false);
  });

  it("writes a file with assignments left out and exits 3; --fix applies the clear did-you-mean and exits 0", async () => {
    const json = join(dir, "typos.json");
    writeFileSync(
      json,
      JSON.stringify(
        { id: "typos", nodes: [{ name: "noise1", type: "noiseTOP", parameters: { monochrome: true } }] },
        null,
        2,
      ),
    );
    const r = await runSvc(["import-recipe", "--out", dir, json]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/wrote .*typos\.svcnet \(recipe typos\), 1 assignment left out/);
    expect(r.stderr).toMatch(/warning\[import-left-out\]: \$\.nodes\[0\]\.parameters\.monochrome/);
    expect(readFileSync(join(dir, "typos.svcnet"), "utf8")).toContain(
      '# left out by svc import-recipe: "monochrome": true',
    );
    const fixed = await runSvc(["import-recipe", "--out", dir, "--force", "--fix", "--json", json]);
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({ errors: 0, leftOut: 0, files: [{ leftOut: 0 }] });
    expect(readFileSync(join(dir, "typos.svcnet"), "utf8")).toContain("noise1: noiseTOP { mono: on }");
  });

  it("still writes the good files of a run with a bad one", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    const r = await runSvc(["import-recipe", "--out", dir, bad, fixturePath("pulse-grid")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/import-invalid-json/);
    expect(existsSync(join(dir, "pulse_grid.svcnet"))).toBe(true);
  });

  it("reports a missing file as a diagnostic", async () => {
    const r = await runSvc(["import-recipe", "--out", dir, join(dir, "nope.json")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[file-not-found\]/);
  });

  it("does not replace a different existing recipe without --force", async () => {
    const target = join(dir, "pulse_grid.svcnet");
    writeFileSync(target, "svcnet 1\n# my own edits\n");
    const first = await runSvc(["import-recipe", "--out", dir, fixturePath("pulse-grid")]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/exists and differs; pass --force/);
    expect(readFileSync(target, "utf8")).toBe("svcnet 1\n# my own edits\n");
    const forced = await runSvc(["import-recipe", "--out", dir, "--force", fixturePath("pulse-grid")]);
    expect(forced.code).toBe(0);
    expect(readFileSync(target, "utf8")).toBe(convertFixture("pulse-grid").text);
  });

  it("prints JSON with --json: each file, what was written, diagnostics with their paths", async () => {
    const json = join(dir, "warn.json");
    writeFileSync(json, JSON.stringify({ id: "warned", nodes: [{ name: "noise1", type: "noiseTOP" }], extra: 1 }));
    const r = await runSvc(["import-recipe", "--json", "--out", dir, json]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      files: Array<{ recipe: string; written: string; diagnostics: Array<{ code: string; message: string }> }>;
      warnings: number;
    };
    expect(out.warnings).toBe(1);
    expect(out.files[0]!.recipe).toBe("warned");
    expect(out.files[0]!.written).toMatch(/warned\.svcnet$/);
    expect(out.files[0]!.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["import-unknown-field", "$.extra is not part of the recipe format; it is ignored"],
    ]);
  });

  it("refuses to run without a file (exit 2)", async () => {
    const r = await runSvc(["import-recipe"]);
    expect(r.code).toBe(2);
  });
});
