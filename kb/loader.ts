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
/** Operators read one at a time from a family file not read whole (see loadOperator). */
const singles = new Map<Family, { bytes: Buffer; byType: Map<string, Operator> }>();

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
  singles.clear();
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

function loadIndex(): IndexFile {
  index ??= readJson<IndexFile>(join(kbDataDir(), "index.json"));
  return index;
}

export function indexEntries(): readonly IndexEntry[] {
  return loadIndex().operators;
}

function familyPath(family: Family): string {
  return join(kbDataDir(), "operators", `${family}.json`);
}

/** All operators of a family, keyed by type; read from disk once. */
export function loadFamily(family: Family): Map<string, Operator> {
  let byType = families.get(family);
  if (!byType) {
    const file = readJson<FamilyFile>(familyPath(family));
    // An operator already read alone stays the same object.
    const read = singles.get(family)?.byType;
    byType = new Map(file.operators.map((op) => [op.type, read?.get(op.type) ?? op]));
    families.set(family, byType);
    singles.delete(family);
  }
  return byType;
}

/**
 * One operator of a family without parsing the whole file (a family file is a megabyte of JSON,
 * most of a short `svc check`): the files hold one operator a line, each starting with its type
 * (kb/import/apply.ts writes them so), and only that line is parsed. A line not found that way
 * reads the whole family, so the answer never depends on the layout.
 */
export function loadOperator(family: Family, type: string): Operator | undefined {
  const whole = families.get(family);
  if (whole) return whole.get(type);
  let single = singles.get(family);
  if (!single) {
    single = { bytes: readFileSync(familyPath(family)), byType: new Map() };
    singles.set(family, single);
  }
  const known = single.byType.get(type);
  if (known) return known;
  const start = single.bytes.indexOf(`\n{"type":${JSON.stringify(type)},`);
  if (start < 0) return loadFamily(family).get(type);
  const end = single.bytes.indexOf("\n", start + 1);
  const line = single.bytes.toString("utf8", start + 1, end < 0 ? single.bytes.length : end).replace(/,$/, "");
  let op: Operator;
  try {
    op = JSON.parse(line) as Operator;
  } catch {
    return loadFamily(family).get(type);
  }
  if (op.type !== type) return loadFamily(family).get(type);
  single.byType.set(type, op);
  return op;
}

export function readDataFile<T>(name: string): T {
  return readJson<T>(join(kbDataDir(), name));
}
