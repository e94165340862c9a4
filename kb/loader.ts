/**
 * Lazy, cached reading of kb/data. index.json is read on the first lookup; a family file only when
 * an operator of that family is needed. Paths are found from this module's location so the same code
 * works from kb/ (tests) and from dist/kb/ (the built CLI).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Family, FamilyFile, IndexEntry, IndexFile, Operator } from "./types.js";

let dataDirOverride: string | undefined;
let cachedDataDir: string | undefined;
let index: IndexFile | undefined;
const families = new Map<Family, Map<string, Operator>>();

let cachedPackageRoot: string | undefined;

/** The nearest ancestor of this module with a package.json: the checkout or the installed package. */
export function packageRoot(): string {
  if (cachedPackageRoot) return cachedPackageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) break;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("kb: no package.json above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
  cachedPackageRoot = dir;
  return dir;
}

/** The folder holding index.json: the nearest ancestor with a package.json, then kb/data. */
export function kbDataDir(): string {
  if (dataDirOverride) return dataDirOverride;
  if (cachedDataDir) return cachedDataDir;
  cachedDataDir = join(packageRoot(), "kb", "data");
  return cachedDataDir;
}

/** Point the knowledge base at another data folder (tests, import previews); undefined restores the default. */
export function setKbDataDir(dir: string | undefined): void {
  dataDirOverride = dir;
  clearKbCache();
}

/** Forget everything read so far, e.g. after `svc kb import` rewrote the files. */
export function clearKbCache(): void {
  index = undefined;
  families.clear();
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

export function loadIndex(): IndexFile {
  index ??= readJson<IndexFile>(join(kbDataDir(), "index.json"));
  return index;
}

export function indexEntries(): readonly IndexEntry[] {
  return loadIndex().operators;
}

/** All operators of a family, keyed by type; read from disk once. */
export function loadFamily(family: Family): Map<string, Operator> {
  let byType = families.get(family);
  if (!byType) {
    const file = readJson<FamilyFile>(join(kbDataDir(), "operators", `${family}.json`));
    byType = new Map(file.operators.map((op) => [op.type, op]));
    families.set(family, byType);
  }
  return byType;
}

export function readDataFile<T>(name: string): T {
  return readJson<T>(join(kbDataDir(), name));
}
