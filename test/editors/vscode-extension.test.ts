/**
 * The VS Code extension, without VS Code: its manifest is consistent (languages, grammar, commands,
 * activation, entry point), its source compiles against the VS Code API it declares, and the grammar
 * it packages is the language's own; and the built .vsix, unpacked, starts its language server.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileUri, LspClient } from "../lsp/lsp-client.js";

const ROOT = new URL("../../", import.meta.url).pathname;
const EXT = join(ROOT, "editors/vscode");
const CLI = join(ROOT, "dist/runtime/cli/svc.js");

interface SvcCommand {
  command: string;
  args: string[];
}
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

/**
 * The built .vsix, installed: its contents unpacked as VS Code unpacks them (a zip; Python's
 * zipfile here), the bundle loaded in Node with a stand-in for the `vscode` module, and the
 * language server command it computes started against a bad file: diagnostics come back. The
 * package is built by `npm --prefix editors/vscode run package` (`.ci/run` does it before the tests).
 */
describe("the packaged .vsix", () => {
  const vsix = join(EXT, `${manifest.name}-${manifest.version}.vsix`);
  let root: string;
  let installed: string;

  beforeAll(() => {
    if (!existsSync(vsix))
      throw new Error(`${vsix} is missing: build it with npm --prefix editors/vscode run package (.ci/run does)`);
    // A package older than what it is built from is not the one under test.
    const sources = [
      "package.json",
      "build-vsix.mjs",
      "icon.svg",
      ".vscodeignore",
      ...readdirSync(join(EXT, "src")).map((f) => `src/${f}`),
    ];
    const stale = sources.filter((f) => statSync(join(EXT, f)).mtimeMs > statSync(vsix).mtimeMs);
    if (stale.length > 0)
      throw new Error(
        `${vsix} is older than ${stale.join(", ")}: rebuild it with npm --prefix editors/vscode run package`,
      );
    root = mkdtempSync(join(tmpdir(), "svc-vsix-"));
    installed = join(root, "extension-install");
    const unzip = spawnSync("python3", ["-m", "zipfile", "-e", vsix, installed], { encoding: "utf8" });
    expect(unzip.stderr).toBe("");
    expect(unzip.status).toBe(0);
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** Every file under `dir`, relative, sorted. */
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .sort();

  it("holds the bundle, the manifest, grammar, LICENSE, README and icon: no node_modules, no sources, no .gitignore", () => {
    const files = filesUnder(join(installed, "extension"));
    expect(files).toEqual([
      "LICENSE.txt",
      "icon.png",
      "language-configuration.json",
      "out/extension.js",
      "package.json",
      "readme.md",
      "syntaxes/svcnet.tmLanguage.json",
    ]);
    const packaged = JSON.parse(readFileSync(join(installed, "extension/package.json"), "utf8"));
    expect(packaged.license).toBe("MIT");
    expect(readFileSync(join(installed, "extension/LICENSE.txt"), "utf8")).toMatch(/^MIT License\n/);
    // The icon the manifest names: a 128 x 128 PNG (width and height from its IHDR chunk). Looked at:
    // two purple operator tiles wired by green curves into a blue one, on a dark rounded square.
    expect(packaged.icon).toBe("icon.png");
    const png = readFileSync(join(installed, "extension/icon.png"));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
    // The language client is inside the bundle; only `vscode` (VS Code's own) is left to require.
    const bundle = readFileSync(join(installed, "extension/out/extension.js"), "utf8");
    const required = new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!));
    expect([...required].filter((m) => !m.startsWith("node:") && !builtinModules.includes(m))).toEqual(["vscode"]);
  });

  /**
   * Loads the installed bundle in a fresh Node with `vscode` stood in by `config` (the svc.command
   * the user set, or none) and `folders`, and answers the server command `activate` would start.
   */
  function serverCommand(folders: string[], userCommand: string[] | undefined, path: string): SvcCommand {
    const script = `
      const Module = require("node:module");
      const anything = new Proxy(function () {}, { get: (_t, k) => (k === Symbol.toPrimitive ? () => "" : anything), apply: () => anything, construct: () => anything });
      const vscode = new Proxy({
        workspace: {
          workspaceFolders: ${JSON.stringify(folders)}.map((fsPath) => ({ uri: { fsPath } })),
          getConfiguration: () => ({
            inspect: () => ({ defaultValue: ["svc"], globalValue: ${JSON.stringify(userCommand)} }),
            get: (_key, fallback) => fallback,
          }),
        },
      }, { get: (t, k) => (k in t ? t[k] : anything) });
      const load = Module._load;
      Module._load = function (request, ...rest) { return request === "vscode" ? vscode : load.call(this, request, ...rest); };
      const extension = require(${JSON.stringify(join(installed, "extension", manifest.main))});
      if (typeof extension.activate !== "function") throw new Error("no activate");
      const { command, args } = extension.svcInvocation(["lsp"]);
      process.stdout.write(JSON.stringify({ command, args }));
    `;
    const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, PATH: path } });
    expect(r.stderr).toBe("");
    return JSON.parse(r.stdout) as SvcCommand;
  }

  it("starts the workspace's node_modules/.bin/svc before the one on PATH, and diagnostics arrive for a bad file", async () => {
    const workspace = join(root, "workspace");
    const bin = join(workspace, "node_modules/.bin");
    const onPath = join(root, "path-bin");
    mkdirSync(bin, { recursive: true });
    mkdirSync(onPath, { recursive: true });
    // The workspace's svc, as `npm install svc` leaves it: an executable that runs the CLI (the built one).
    writeFileSync(join(bin, "svc"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    // An svc on PATH that must not be the one started.
    writeFileSync(join(onPath, "svc"), "#!/bin/sh\necho 'the svc on PATH ran' >&2\nexit 3\n", { mode: 0o755 });
    const path = `${onPath}:${process.env.PATH ?? ""}`;

    const chosen = serverCommand([workspace], undefined, path);
    expect(chosen).toEqual({ command: join(bin, "svc"), args: ["lsp"] });
    // Without a workspace svc it is the one on PATH; a svc.command the user set wins over both.
    expect(serverCommand([join(root, "elsewhere")], undefined, path)).toEqual({ command: "svc", args: ["lsp"] });
    expect(serverCommand([workspace], ["node", "/opt/svc.js"], path)).toEqual({
      command: "node",
      args: ["/opt/svc.js", "lsp"],
    });

    // The language client starts its server command with --stdio (TransportKind.stdio).
    const { client } = await LspClient.start(
      { diagnosticsDelayMs: 0 },
      { command: chosen.command, args: [...chosen.args, "--stdio"], env: { ...process.env, PATH: path } },
    );
    try {
      const uri = fileUri(join(workspace, "bad.svcnet"));
      await client.open(uri, "svcnet 1\nnetwork main {\n  noise1: noiseTOPP\n}\n");
      const diagnostics = await client.diagnostics(uri);
      expect(diagnostics.map((d) => d.code)).toContain("unknown-operator-type");
      expect(client.stderr).not.toContain("the svc on PATH ran");
    } finally {
      await client.stop();
    }
  });
});
