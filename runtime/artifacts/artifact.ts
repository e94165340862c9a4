/** Small writes every packaging artifact shares: JSON manifests in a stable form, each written whole or not at all. */
import { join } from "node:path";
import { writeFileAtomicSync } from "../atomic-write.js";

export function writeJson(dir: string, name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileAtomicSync(file, JSON.stringify(value, null, 2) + "\n");
  return file;
}
