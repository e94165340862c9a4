/**
 * How the compiler reads files. Injected, so tests, the MCP tools and editors can compile sources
 * that live only in memory; the default host reads the disk.
 */
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize } from "node:path";
import { posix } from "node:path";

export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "unreadable"; message: string }
  | { ok: false; reason: "invalid-utf8"; offset: number };

export interface CompilerHost {
  /** Reads a whole file as UTF-8 text. Never throws: a problem is a result. */
  readFile(path: string): ReadResult;
  /** The path `relative` (as written in an import or `file(...)`) names, seen from file `from`. */
  resolve(from: string, relative: string): string;
  /** How to make the same host in another thread (compile-in-worker.ts); absent: it cannot be. */
  spec?: HostSpec;
}

/** A host described as data, so a worker thread can build it again. */
export type HostSpec =
  | { kind: "disk" }
  | { kind: "memory"; files: Array<[string, string]> }
  | { kind: "confined"; roots: string[]; what: string; extensions?: string[] };

/** Offset of the first byte that is not valid UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return -1;
  } catch {
    // Find the offset by decoding growing prefixes would be quadratic; scan the byte patterns.
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i]!;
      const need =
        b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
      if (need < 0) return i;
      for (let k = 1; k <= need; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
      i += need + 1;
    }
    return bytes.length;
  }
}

/** Reads the real file system; relative paths are resolved from the importing file's folder. */
export const diskHost: CompilerHost = {
  readFile(path) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === "ENOENT" || err.code === "ENOTDIR") return { ok: false, reason: "not-found" };
      return {
        ok: false,
        reason: "unreadable",
        message: err.code === "EISDIR" ? "it is a directory" : (err.code ?? err.message),
      };
    }
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0) return { ok: false, reason: "invalid-utf8", offset: bad };
    return { ok: true, text: bytes.toString("utf8") };
  },
  resolve(from, relative) {
    // A relative importer keeps its imports relative, so messages show the paths people typed.
    return isAbsolute(relative) ? normalize(relative) : join(dirname(from), relative);
  },
  spec: { kind: "disk" },
};

/**
 * Files held in memory, keyed by POSIX-style path (`lib/a.svcnet`, `/abs/b.svcnet`). Relative
 * imports resolve against the importing file's folder, as on disk.
 */
export function memoryHost(files: Record<string, string> | ReadonlyMap<string, string>): CompilerHost {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  return {
    readFile(path) {
      const text = map.get(posix.normalize(path));
      return text === undefined ? { ok: false, reason: "not-found" } : { ok: true, text };
    },
    resolve(from, relative) {
      return posix.isAbsolute(relative)
        ? posix.normalize(relative)
        : posix.normalize(posix.join(posix.dirname(from), relative));
    },
    get spec(): HostSpec {
      return { kind: "memory", files: [...map] };
    },
  };
}
