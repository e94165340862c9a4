/**
 * Which files a command works on: files as given, and every `.svcnet` file under a directory
 * (hidden folders and node_modules skipped), in a stable order.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "./args.js";

export const SOURCE_EXTENSION = ".svcnet";

const SKIPPED_FOLDERS = new Set(["node_modules", "dist"]);

function walk(dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith(".")) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name)) walk(path, out);
    } else if (e.isFile() && e.name.endsWith(SOURCE_EXTENSION)) {
      out.push(path);
    }
  }
}

/**
 * The files named by `paths` (relative to `cwd`), as the user wrote them so messages show familiar
 * paths. A path that does not exist is a usage error (exit 2), as the CLI promises.
 */
export function collectSourceFiles(paths: readonly string[], cwd: string): string[] {
  if (paths.length === 0) throw new UsageError("name at least one file or directory");
  const files: string[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(resolve(cwd, p)).isDirectory();
    } catch {
      throw new UsageError(`no such file or directory: ${p}`);
    }
    const found: string[] = [];
    if (isDir) walk(p, found);
    else found.push(p);
    for (const f of found) {
      const key = resolve(cwd, f);
      if (!seen.has(key)) {
        seen.add(key);
        files.push(f);
      }
    }
  }
  return files;
}
