#!/usr/bin/env node
// Builds the .vsix: copies the TextMate grammar from the language's own folder (one source of
// truth), type-checks the extension, bundles it with esbuild into one file (the language client
// included: the package ships no node_modules), draws the icon from icon.svg with resvg (the
// project's own dependency), packages it with vsce, and checks the package holds what VS Code needs
// and nothing it should not. Run after `npm ci` here and at the project's root: npm run package.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const bin = (name) => join(here, "node_modules", ".bin", name);

mkdirSync(join(here, "syntaxes"), { recursive: true });
copyFileSync(join(here, "../../grammar/editor/svcnet.tmLanguage.json"), join(here, "syntaxes/svcnet.tmLanguage.json"));
execFileSync(bin("tsc"), ["-p", here, "--noEmit"], { stdio: "inherit" });
rmSync(join(here, "out"), { recursive: true, force: true });
execFileSync(
  bin("esbuild"),
  [
    "src/extension.ts",
    "--bundle",
    "--outfile=out/extension.js",
    "--platform=node",
    "--format=cjs",
    // The Node of VS Code 1.82, the oldest the manifest accepts.
    "--target=node18",
    "--external:vscode",
    "--minify",
    "--log-level=warning",
  ],
  { cwd: here, stdio: "inherit" },
);

const { Resvg } = createRequire(join(here, "../../package.json"))("@resvg/resvg-js");
const icon = new Resvg(readFileSync(join(here, "icon.svg"), "utf8"), { fitTo: { mode: "width", value: 128 } });
writeFileSync(join(here, manifest.icon), icon.render().asPng());

const out = `${manifest.name}-${manifest.version}.vsix`;
execFileSync(bin("vsce"), ["package", "--no-dependencies", "--out", out, "--allow-missing-repository"], {
  cwd: here,
  stdio: "inherit",
});

const listing = execFileSync(bin("vsce"), ["ls", "--no-dependencies"], { cwd: here, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const needed = [
  "package.json",
  "out/extension.js",
  "syntaxes/svcnet.tmLanguage.json",
  "language-configuration.json",
  "LICENSE",
  "README.md",
  manifest.icon,
];
const missing = needed.filter((f) => !listing.includes(f));
const extra = listing.filter((f) => !needed.includes(f));
if (missing.length > 0 || extra.length > 0) {
  console.error(
    `the package lacks: ${missing.join(", ") || "nothing"}; it should not hold: ${extra.join(", ") || "nothing"}`,
  );
  process.exit(1);
}
console.log(`${out}: ${listing.length} files`);
