/**
 * Laid-out levels kept on disk between processes, so that `svc plan` and `svc apply` in a terminal
 * (a new process each time) reuse the layout of every COMP nobody changed, as a long-lived server
 * does with the in-memory cache (layout-cache.ts). One small file per level, named by the level's
 * structural hash, in a folder per cache format and ELK version (another ELK may place nodes
 * differently).
 *
 * The cache can only save time, never change a result: a file is written whole to a temporary name
 * and renamed into place (a reader never sees half of one); a file that is missing, unreadable or
 * not exactly the expected shape counts as a miss, so the level is laid out again and the file
 * rewritten; any error writing is ignored. The folder is kept under a size cap, the files used
 * least recently (by modification time, refreshed on every hit) removed first.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Point } from "./geometry.js";

/** Bytes of level files kept at most: about 400,000 node positions. */
export const MAX_CACHE_BYTES = 16 * 1024 * 1024;

const FORMAT = 1;

let elkVersion: string | undefined;

/** The folder of this format and ELK version inside `dir`. */
export function levelFolder(dir: string): string {
  elkVersion ??= (createRequire(import.meta.url)("elkjs/package.json") as { version: string }).version;
  return join(dir, `layout-v${FORMAT}-elk${elkVersion}`);
}

const fileOf = (dir: string, key: string) => join(levelFolder(dir), `${key}.json`);

/** A level's positions as stored: `[name, x, y]` for each node. */
function decode(text: string): ReadonlyMap<string, Point> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(data)) return undefined;
  const positions = new Map<string, Point>();
  for (const entry of data) {
    if (!Array.isArray(entry) || entry.length !== 3) return undefined;
    const [name, x, y] = entry as unknown[];
    if (
      typeof name !== "string" ||
      typeof x !== "number" ||
      typeof y !== "number" ||
      !Number.isFinite(x) ||
      !Number.isFinite(y)
    )
      return undefined;
    positions.set(name, { x, y });
  }
  return positions;
}

/** The positions stored for a level, or undefined (never stored, or not readable as positions). */
export async function readStoredLevel(dir: string, key: string): Promise<ReadonlyMap<string, Point> | undefined> {
  const file = fileOf(dir, key);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  const positions = decode(text);
  if (positions !== undefined) {
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined); // used: kept longest
  }
  return positions;
}

/** Stores levels (each written whole, then renamed into place), then trims the folder to `maxBytes`. */
export async function storeLevels(
  dir: string,
  levels: ReadonlyArray<readonly [key: string, positions: ReadonlyMap<string, Point>]>,
  maxBytes = MAX_CACHE_BYTES,
): Promise<void> {
  if (levels.length === 0) return;
  try {
    await mkdir(levelFolder(dir), { recursive: true });
    for (const [key, positions] of levels) {
      const file = fileOf(dir, key);
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, JSON.stringify([...positions].map(([name, p]) => [name, p.x, p.y])));
      await rename(temporary, file);
    }
    await trim(levelFolder(dir), maxBytes);
  } catch {
    // A cache that cannot be written only means the next process lays these levels out again.
  }
}

/** Removes the least recently used files until the folder holds at most `maxBytes`. */
async function trim(folder: string, maxBytes: number): Promise<void> {
  const files = await Promise.all(
    (await readdir(folder)).map(async (name) => {
      const s = await stat(join(folder, name)).catch(() => undefined);
      return { name, size: s?.size ?? 0, used: s?.mtimeMs ?? 0 };
    }),
  );
  let total = files.reduce((n, f) => n + f.size, 0);
  if (total <= maxBytes) return;
  files.sort((a, b) => a.used - b.used || a.name.localeCompare(b.name));
  for (const f of files) {
    if (total <= maxBytes) break;
    await rm(join(folder, f.name), { force: true });
    total -= f.size;
  }
}
