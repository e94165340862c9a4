/**
 * Reads the guidance content (kb/guide/data/*.yaml) once, validated against schema.ts. A file that
 * does not match stops with the file and the entry at fault, never with half the content.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { packageRoot } from "../loader.js";

let dataDirOverride: string | undefined;
const cache = new Map<string, unknown>();

export function guideDataDir(): string {
  return dataDirOverride ?? join(packageRoot(), "kb", "guide", "data");
}

/** Point the loader at another folder (tests); undefined restores the default. */
export function setGuideDataDir(dir: string | undefined): void {
  dataDirOverride = dir;
  cache.clear();
}

export class GuideDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GuideDataError";
  }
}

/** One data file, parsed and checked; cached until setGuideDataDir. */
export function readGuideFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  const hit = cache.get(file);
  if (hit !== undefined) return hit as z.infer<S>;
  const path = join(guideDataDir(), file);
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, "utf8"));
  } catch (err) {
    throw new GuideDataError(`kb/guide/data/${file}: ${(err as Error).message}`);
  }
  const checked = schema.safeParse(raw);
  if (!checked.success) {
    const first = checked.error.issues[0]!;
    throw new GuideDataError(`kb/guide/data/${file}: ${first.path.join(".")}: ${first.message}`);
  }
  cache.set(file, checked.data);
  return checked.data as z.infer<S>;
}
