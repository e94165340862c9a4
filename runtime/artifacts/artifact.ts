/** Small writes every packaging artifact shares: JSON manifests in a stable form. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeJson(dir: string, name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
  return file;
}
