#!/usr/bin/env node
// Writes V8's code cache of ELK's edited text beside the built layout code (dist/compiler/layout),
// for this Node: layout workers then read ELK's compiled code instead of compiling it at every
// start (compiler/layout/elk-code-cache.ts). Run by `npm run build`, after tsc.
import { readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const folder = join(root, "dist", "compiler", "layout");
const { writeElkCodeCache } = await import(pathToFileURL(join(folder, "elk-code-cache.js")).href);
// Caches of other texts, Nodes or flags would never be read again.
for (const f of readdirSync(folder)) if (f.startsWith("elk-") && f.endsWith(".v8cache")) rmSync(join(folder, f));
const { path, bytes } = await writeElkCodeCache(folder);
console.log(`build-elk-code-cache: ${path.slice(root.length + 1)} (${(bytes / 1e6).toFixed(1)} MB)`);
