/** `svc import-tdn` and `svc export --format tdn` on the command line: what they write, their exit codes. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSvc } from "../cli/run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-tdn-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("svc import-tdn", () => {
  it("writes each network into --out and exits 0 when nothing is left out", async () => {
    const r = await runSvc(["import-tdn", "--out", dir, "test/tdn/fixtures/show.tdn", "test/tdn/fixtures/legacy.tdn"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*show\.svcnet \(network show\)\n.*legacy_net\.svcnet \(network legacy_net\)/);
    const check = await runSvc(["check", join(dir, "show.svcnet"), join(dir, "legacy_net.svcnet")]);
    expect(check.code).toBe(0);
  });

  it("writes a file with parts left out, reports them at their lines and exits 3; --json lists them", async () => {
    const r = await runSvc(["import-tdn", "--out", dir, "test/tdn/fixtures/every-field.tdn"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/wrote .*stage\.svcnet \(network stage\), \d+ parts of the file left out/);
    expect(r.stderr).toContain("$.operators[0].dock: docking to 'clip2' has no .svcnet meaning; it is left out");
    expect(r.stderr).toMatch(/every-field\.tdn:67:/);
    const json = await runSvc(["import-tdn", "--json", "--force", "--out", dir, "test/tdn/fixtures/every-field.tdn"]);
    const out = JSON.parse(json.stdout) as {
      files: Array<{ network: string; leftOut: number; diagnostics: Array<{ code: string }> }>;
      errors: number;
    };
    expect(out.errors).toBe(0);
    expect(out.files[0]!.network).toBe("stage");
    expect(out.files[0]!.leftOut).toBeGreaterThan(30);
  });

  it("reads an Embody project's nested file, its tdn_ref from the project's folder, without --root", async () => {
    // As Embody lays a project out: Show.toe, its externalization folder, a tdn_ref from the project's folder.
    const show = join(dir, "show");
    mkdirSync(join(show, "Embody", "project1"), { recursive: true });
    writeFileSync(join(show, "Show.toe"), "");
    writeFileSync(
      join(show, "Embody", "project1.tdn"),
      "format: tdn\nversion: '2.0'\nsource_file: Show.toe\nnetwork_path: /project1\noperators:\n" +
        "- name: mixer\n  type: baseCOMP\n  tdn_ref: Embody/project1/mixer.tdn\n" +
        "  custom_pars:\n    Main:\n    - {name: Level, style: Float, value: 0.5}\n",
    );
    writeFileSync(
      join(show, "Embody", "project1", "mixer.tdn"),
      "format: tdn\nversion: '2.0'\nnetwork_path: /project1/mixer\ncustom_pars:\n  Main:\n  - {name: Level, style: Float, value: 0.5}\n" +
        "operators:\n- {name: n1, type: noiseTOP, parameters: {period: 2}}\n",
    );
    const r = await runSvc(["import-tdn", "--out", join(dir, "show-out"), join(show, "Embody", "project1.tdn")]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, "show-out", "project1.svcnet"), "utf8");
    expect(text).toContain(
      'controls "Main" {\n        Level: float = 0.5\n      }\n\n      n1: noiseTOP { period: 2 }',
    );
  });

  it("writes nothing for a file with errors and exits 1; refuses to run without a file (exit 2)", async () => {
    const bad = join(dir, "bad.tdn");
    writeFileSync(bad, "format: tdn\nversion: '2.0'\noperators:\n- {name: n, type: noizeTOP}\n");
    const r = await runSvc(["import-tdn", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown operator type 'noizeTOP'");
    expect(existsSync(join(dir, "bad.svcnet"))).toBe(false);
    expect((await runSvc(["import-tdn"])).code).toBe(2);
  });
});

describe("svc export --format tdn", () => {
  it("writes the network a .svcnet file builds as TDN, --network choosing among several", async () => {
    const file = join(dir, "two.svcnet");
    writeFileSync(
      file,
      'svcnet 1\nnetwork a {\n  n1: noiseTOP { period: 2 }\n}\nnetwork b {\n  t1: textDAT { text: "==x" }\n}\n',
    );
    const many = await runSvc(["export", "--format", "tdn", file]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain("it builds 2 networks (a, b); pick one with --network");
    const out = join(dir, "b.tdn");
    const r = await runSvc(["export", "--format", "tdn", "--network", "b", "--out", out, file]);
    expect(r.code).toBe(0);
    const tdn = parseYaml(readFileSync(out, "utf8"));
    expect(tdn).toMatchObject({
      format: "tdn",
      version: "2.0",
      network_path: "/project1/b",
      operators: [{ name: "t1", type: "textDAT", dat_content: "==x", dat_content_format: "text" }],
    });
  });

  it("refuses an unknown format (exit 2)", async () => {
    const r = await runSvc(["export", "--format", "toe", "/project1/a"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown --format 'toe': svcnet or tdn");
  });
});
