/**
 * V8's code cache of ELK's edited text, written by the build (`npm run build` runs
 * scripts/build-elk-code-cache.mjs) so that a layout worker reads ELK's compiled code instead of
 * compiling 1.6 MB of JavaScript each time a process starts one. A missing cache, or one V8
 * rejects (another Node), only means ELK is compiled as it was without one: the file is named
 * by a digest of the text, the Node version and the V8 flags (elk-source.ts), so a stale one is
 * not even read. V8 checks a cache's length and versions but not its contents, and would run
 * whatever a damaged one holds: the file starts with a CRC-32 of the cache, and one that does not
 * match is not used.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Script } from "node:vm";
import { crc32 } from "node:zlib";
import { warmUpGraph } from "./elk-graph.js";
import { elkSource, evaluateElk } from "./elk-source.js";
import { TD_GEOMETRY } from "./geometry.js";

/**
 * Compiles ELK, lays out the warm-up level (so the functions a layout runs are compiled too and
 * go into the cache, not only ELK's top level) and writes the cache; returns its path and size.
 */
export async function writeElkCodeCache(folder?: string): Promise<{ path: string; bytes: number }> {
  const source = elkSource(folder === undefined ? {} : { codeCacheFolder: folder });
  let script: Script | undefined;
  // Without the cache that may already be there: the new one is made from a fresh compile.
  const ELK = evaluateElk({ ...source, codeCache: undefined }, (s) => (script = s));
  await new ELK().layout(warmUpGraph(TD_GEOMETRY));
  const data = script!.createCachedData();
  const path = source.codeCache!;
  mkdirSync(dirname(path), { recursive: true });
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data));
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.concat([crc, data]));
  renameSync(partial, path);
  return { path, bytes: data.length + 4 };
}
