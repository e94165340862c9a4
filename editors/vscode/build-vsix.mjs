#!/usr/bin/env node
// Builds the .vsix: copies the TextMate grammar from the language's own folder (one source of
// truth), compiles the extension, packages it with vsce, and checks the package holds what VS Code
// needs. Run after `npm ci` in this folder: npm run package.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const bin = (name) => join(here, "node_modules", ".bin", name);

mkdirSync(join(here, "syntaxes"), { recursive: true });
copyFileSync(join(here, "../../grammar/editor/svcnet.tmLanguage.json"), join(here, "syntaxes/svcnet.tmLanguage.json"));
execFileSync(bin("tsc"), ["-p", here], { stdio: "inherit" });

const out = `${manifest.name}-${manifest.version}.vsix`;
execFileSync(bin("vsce"), ["package", "--out", out, "--skip-license", "--allow-missing-repository"], {
  cwd: here,
  stdio: "inherit",
});

const listing = execFileSync(bin("vsce"), ["ls"], { cwd: here, encoding: "utf8" }).split("\n");
const needed = [
  "package.json",
  "out/extension.js",
  "out/commands.js",
  "syntaxes/svcnet.tmLanguage.json",
  "language-configuration.json",
  "node_modules/vscode-languageclient/node.js",
];
const missing = needed.filter((f) => !listing.includes(f));
if (missing.length > 0) {
  console.error(`the package lacks: ${missing.join(", ")}`);
  process.exit(1);
}
console.log(`${out}: ${listing.filter(Boolean).length} files`);
