/** Reads kb/data, merges a dump into it and writes it back in the generator's file layout. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FAMILIES, type Family, type FamilyFile, type IndexFile, type Operator } from "../types.js";
import type { ReleaseProfile, ReleasesFile } from "../releases.js";
import type { Dump } from "./dump-schema.js";
import { mergeDump, type ImportReport, type KbSnapshot } from "./merge.js";

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

function readSnapshot(dataDir: string): KbSnapshot {
  const families = {} as Record<Family, Operator[]>;
  for (const f of FAMILIES) families[f] = readJson<FamilyFile>(join(dataDir, "operators", `${f}.json`)).operators;
  return { families, index: readJson<IndexFile>(join(dataDir, "index.json")).operators };
}

/** One list item per line, like kb/generate/facts_io.py, so diffs stay small. */
function linesJson(head: Record<string, unknown>, key: string, items: readonly unknown[]): string {
  const headText = JSON.stringify(head).slice(0, -1);
  return `${headText},"${key}":[\n${items.map((i) => JSON.stringify(i)).join(",\n")}\n]}\n`;
}

function writeSnapshot(dataDir: string, kb: KbSnapshot, indexVersion: number): void {
  for (const f of FAMILIES)
    writeFileSync(join(dataDir, "operators", `${f}.json`), linesJson({ family: f }, "operators", kb.families[f]));
  writeFileSync(join(dataDir, "index.json"), linesJson({ version: indexVersion }, "operators", kb.index));
}

/** The release profile a dump describes: every type the build enumerated, created or not. */
function profileFromDump(dump: Dump): ReleaseProfile {
  const families = [...new Set(dump.operators.map((o) => o.family))].sort(
    (a, b) => FAMILIES.indexOf(a) - FAMILIES.indexOf(b),
  );
  const types = [...new Set([...dump.operators.map((o) => o.type), ...dump.failures.map((f) => f.type)])].sort();
  return {
    id: `td-${dump.build}`,
    kind: "live-dump",
    date: null,
    build: dump.build,
    families,
    operatorTypes: types,
    operatorTypeCount: types.length,
    experimentalTypes: null,
    complete: families.length === FAMILIES.length,
    notes: "operator types enumerated by kb/dump/td_dump_operators.py in this build",
    ...(dump.failures.length ? { failedToCreate: dump.failures.map((f) => f.type) } : {}),
  };
}

function updateReleases(dataDir: string, dump: Dump): void {
  const path = join(dataDir, "releases.json");
  const releases = readJson<ReleasesFile>(path);
  const profile = profileFromDump(dump);
  const at = releases.profiles.findIndex((p) => p.id === profile.id || p.build === dump.build);
  if (at >= 0) releases.profiles[at] = profile;
  else releases.profiles.push(profile);
  writeFileSync(path, JSON.stringify(releases, null, 1) + "\n");
}

/** Merge and, unless dryRun, write. Returns what changed. */
export function importDump(dataDir: string, dump: Dump, options: { dryRun?: boolean } = {}): ImportReport {
  const indexVersion = readJson<IndexFile>(join(dataDir, "index.json")).version;
  const { kb, report } = mergeDump(readSnapshot(dataDir), dump);
  if (!options.dryRun) {
    writeSnapshot(dataDir, kb, indexVersion);
    updateReleases(dataDir, dump);
  }
  return report;
}
