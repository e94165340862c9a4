/**
 * Decisions of `svc copilot-calibrate`, kept per exact model build: the model's name and the digest
 * the model server reports for it (Ollama's manifest digest), and the same for the vision model.
 * The same name pulled again as another build has another digest, so it is calibrated again. Nothing
 * else identifies the entry: no server address (it may carry credentials), no prompt.
 *
 * One JSON file in svc's folder, written whole through a temporary file and a rename (a crash never
 * leaves half of it), at most MAX_ENTRIES entries (the oldest calibration goes first) and at most
 * MAX_FILE_BYTES read back. A file that is not ours is reported, never overwritten.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomicSync } from "../atomic-write.js";
import { svcHome } from "../onboarding/places.js";
import { FIXTURES_VERSION, type Capability } from "./calibration-fixtures.js";

export interface ModelIdentity {
  model: string;
  digest: string;
  /** Set when the vision model is another model than the chat model. */
  vision?: { model: string; digest: string };
}

export interface CaseResult {
  id: string;
  capability: Capability;
  passed: boolean;
  detail: string;
}

/** What svc does with this model: each switch is on only when every case of its capability passed. */
export interface Decisions {
  /** The copilot may drive svc's tools with it (tool calls and restraint). */
  copilot: boolean;
  /** plan_visual may use its plans (`planner: "llm"`); off, plan_visual plans deterministically. */
  plannerLlm: boolean;
  /** The vision tools may use it; null when no vision case was run. */
  vision: boolean | null;
}

export interface CalibrationEntry {
  key: string;
  identity: ModelIdentity;
  fixturesVersion: number;
  calibratedAt: string;
  results: CaseResult[];
  decisions: Decisions;
}

export const MAX_ENTRIES = 32;
const MAX_FILE_BYTES = 512 * 1024;
const FILE_VERSION = 1;

export class CalibrationCacheError extends Error {
  readonly code = "calibration-cache";
  constructor(path: string, what: string) {
    super(`the calibration cache ${path} ${what}; move it away (svc starts a new one) or fix it`);
    this.name = "CalibrationCacheError";
  }
}

export function calibrationPath(env: NodeJS.ProcessEnv): string {
  return join(svcHome(env), "copilot-calibration.json");
}

/** The entry's key: the cases' version and the exact builds, hashed (stable, and no longer than it needs). */
export function identityKey(identity: ModelIdentity): string {
  const vision = identity.vision ? `|${identity.vision.model}@${identity.vision.digest}` : "";
  return createHash("sha256").update(`${FIXTURES_VERSION}|${identity.model}@${identity.digest}${vision}`).digest("hex");
}

export function decide(results: readonly CaseResult[]): Decisions {
  const all = (c: Capability) => {
    const of = results.filter((r) => r.capability === c);
    return of.length > 0 && of.every((r) => r.passed);
  };
  const ranVision = results.some((r) => r.capability === "vision");
  return {
    copilot: all("tool-calls") && all("restraint"),
    plannerLlm: all("json-plans"),
    vision: ranVision ? all("vision") : null,
  };
}

const isEntry = (e: unknown): e is CalibrationEntry => {
  const x = e as CalibrationEntry;
  return (
    typeof x === "object" &&
    x !== null &&
    typeof x.key === "string" &&
    typeof x.identity?.model === "string" &&
    typeof x.identity?.digest === "string" &&
    typeof x.calibratedAt === "string" &&
    Array.isArray(x.results) &&
    typeof x.decisions === "object" &&
    x.decisions !== null
  );
};

export function readCalibrations(path: string): CalibrationEntry[] {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  if (size > MAX_FILE_BYTES)
    throw new CalibrationCacheError(
      path,
      `is ${size} bytes, more than the ${MAX_FILE_BYTES} a calibration cache can hold`,
    );
  let parsed: { version?: unknown; entries?: unknown };
  try {
    parsed = JSON.parse(readFileSync(path, "utf8")) as typeof parsed;
  } catch {
    throw new CalibrationCacheError(path, "is not JSON");
  }
  if (parsed.version !== FILE_VERSION || !Array.isArray(parsed.entries) || !parsed.entries.every(isEntry)) {
    throw new CalibrationCacheError(path, `is not a calibration cache of version ${FILE_VERSION}`);
  }
  return parsed.entries;
}

export function findCalibration(path: string, identity: ModelIdentity): CalibrationEntry | undefined {
  const key = identityKey(identity);
  return readCalibrations(path).find((e) => e.key === key && e.fixturesVersion === FIXTURES_VERSION);
}

/** Adds (or replaces) one entry and writes the file whole; the oldest entries beyond the bound go. */
export function saveCalibration(path: string, entry: CalibrationEntry): void {
  const entries = [entry, ...readCalibrations(path).filter((e) => e.key !== entry.key)]
    .sort((a, b) => b.calibratedAt.localeCompare(a.calibratedAt))
    .slice(0, MAX_ENTRIES);
  writeFileAtomicSync(path, JSON.stringify({ version: FILE_VERSION, entries }, null, 2) + "\n", {
    mode: 0o600,
    makeFolder: true,
  });
}
