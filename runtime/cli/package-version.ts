import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** svc's own version, from the package.json above this file (source and built layouts differ in depth). */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "svc" && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level: look one folder up
    }
  }
  return "unknown";
}
