import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** The folder holding svc's package.json, whether running from sources (vitest) or from dist/. */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("svc's package.json was not found above " + fileURLToPath(import.meta.url));
    dir = up;
  }
  cached = dir;
  return dir;
}

/** The package version, for the MCP server's name and version. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "0.0.0";
}
