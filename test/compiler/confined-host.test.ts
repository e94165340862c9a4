/** confinedHost reads inside its roots only; import reads .svcnet source only. */
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze, memoryHost } from "../../compiler/index.js";
import { confinedHost } from "../../compiler/resolve/confined-host.js";

const dir = mkdtempSync(join(tmpdir(), "svc-confined-"));
const root = join(dir, "root");
mkdirSync(root);
writeFileSync(join(dir, "secret.txt"), "secret\n");
writeFileSync(join(root, "ok.txt"), "fine\n");
symlinkSync(join(dir, "secret.txt"), join(root, "link.txt"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("confinedHost", () => {
  const host = confinedHost([root], "the test root");
  it("reads inside its root, relative paths from the first root", () => {
    expect(host.readFile(join(root, "ok.txt"))).toEqual({ ok: true, text: "fine\n" });
    expect(host.readFile("ok.txt")).toEqual({ ok: true, text: "fine\n" });
    expect(host.readFile(join(root, "missing.txt"))).toEqual({ ok: false, reason: "not-found" });
  });

  it("refuses outside, through '..' and through links, saying nothing of the file", () => {
    for (const path of [
      join(dir, "secret.txt"),
      join(root, "..", "secret.txt"),
      "../secret.txt",
      join(root, "link.txt"),
      "/etc/hostname",
    ]) {
      expect(host.readFile(path)).toEqual({ ok: false, reason: "unreadable", message: "it is outside the test root" });
    }
    expect(confinedHost([]).readFile(join(root, "ok.txt")).ok).toBe(false);
  });
});

describe("import", () => {
  it("import-not-svcnet: reads only .svcnet source", () => {
    const source = 'svcnet 1\nimport "notes.txt"\nnetwork n {\n  a: noiseTOP\n}\n';
    const { diagnostics } = analyze(
      { text: source, file: "main.svcnet" },
      { host: memoryHost({ "notes.txt": "SECRET" }) },
    );
    expect(diagnostics.map((d) => d.code)).toEqual(["import-not-svcnet"]);
    expect(JSON.stringify(diagnostics)).not.toContain("SECRET");
  });
});
