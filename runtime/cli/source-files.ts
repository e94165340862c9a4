/**
 * Which files a command works on: files as given, and every `.svcnet` file under a directory
 * (hidden folders and node_modules skipped), in a stable order.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "./args.js";

const SOURCE_EXTENSION = ".svcnet";

const SKIPPED_FOLDERS = new Set(["node_modules", "dist"]);

/** Collects `.svcnet` files under `dir` (read at `full`), named by `dir` joined with their relative path. */
function walk(full: string, dir: string, out: string[]): void {
  const entries = readdirSync(full, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const e of entries) {
    if (e.name.startsWith(".")) continue;
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name)) walk(join(full, e.name), join(dir, e.name), out);
    } else if (e.isFile() && e.name.endsWith(SOURCE_EXTENSION)) {
      out.push(join(dir, e.name));
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
    if (isDir) walk(resolve(cwd, p), p, found);
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
