/**
 * The VS Code extension, without VS Code: its manifest is consistent (languages, grammar, commands,
 * activation, entry point), its source compiles against the VS Code API it declares, and the grammar
 * it packages is the language's own. Building the .vsix is CI's job (`.ci/run`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url).pathname;
const EXT = join(ROOT, "editors/vscode");
const manifest = JSON.parse(readFileSync(join(EXT, "package.json"), "utf8"));
const source = readdirSync(join(EXT, "src"))
  .map((f) => readFileSync(join(EXT, "src", f), "utf8"))
  .join("\n");

describe("the VS Code extension", () => {
  it("declares the svcnet language with its configuration and the language's TextMate grammar", () => {
    const [language] = manifest.contributes.languages;
    expect(language).toMatchObject({ id: "svcnet", extensions: [".svcnet"] });
    const configuration = JSON.parse(readFileSync(join(EXT, language.configuration), "utf8"));
    expect(configuration.comments.lineComment).toBe("#");
    const [grammar] = manifest.contributes.grammars;
    const tm = JSON.parse(readFileSync(join(ROOT, "grammar/editor/svcnet.tmLanguage.json"), "utf8"));
    expect(grammar).toEqual({ language: "svcnet", scopeName: tm.scopeName, path: "./syntaxes/svcnet.tmLanguage.json" });
    // The packaged grammar is copied from the language's folder at build time, not kept twice.
    expect(readFileSync(join(EXT, "build-vsix.mjs"), "utf8")).toContain(
      '"../../grammar/editor/svcnet.tmLanguage.json"',
    );
  });

  it("activates on svcnet files, from an entry point the build writes", () => {
    expect(manifest.activationEvents).toEqual(["onLanguage:svcnet"]);
    const tsconfig = JSON.parse(readFileSync(join(EXT, "tsconfig.json"), "utf8"));
    expect(manifest.main).toBe(`./${tsconfig.compilerOptions.outDir}/extension.js`);
    expect(source).toMatch(/export async function activate\(/);
    expect(source).toMatch(/export async function deactivate\(/);
    // The language server it starts is `svc lsp`, the one test/lsp drives.
    expect(source).toContain('svcInvocation(["lsp"])');
  });

  it("registers every command it contributes, and contributes every command it registers", () => {
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    const registered = [...source.matchAll(/registerCommand\(\s*"([^"]+)"/g)].map((m) => m[1]).sort();
    expect(registered).toEqual(contributed);
    expect(contributed).toEqual(["svc.apply", "svc.check", "svc.fmt", "svc.plan", "svc.preview"]);
  });

  it("asks for a VS Code at least as new as its language client needs", () => {
    const client = JSON.parse(readFileSync(join(ROOT, "node_modules/vscode-languageclient/package.json"), "utf8"));
    expect(client.version).toBe(manifest.dependencies["vscode-languageclient"]);
    expect(manifest.engines.vscode).toBe(client.engines.vscode);
    const types = JSON.parse(readFileSync(join(ROOT, "node_modules/@types/vscode/package.json"), "utf8"));
    expect(`^${types.version}`).toBe(manifest.engines.vscode);
  });

  it("compiles against the VS Code API and language client it declares", () => {
    const out = mkdtempSync(join(tmpdir(), "svc-vscode-"));
    try {
      const tsc = spawnSync(
        process.execPath,
        [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(EXT, "tsconfig.json"), "--outDir", out],
        { encoding: "utf8" },
      );
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual(["commands.js", "extension.js", "svc-process.js"]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
