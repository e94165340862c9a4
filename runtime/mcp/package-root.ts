/** svc's install folder (the one with package.json), from sources (vitest) and from dist/ alike. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  root = dir;
  return dir;
}

/** The package version, for the MCP server's name and version. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "0.0.0";
}
