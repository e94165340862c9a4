/**
 * Where packages come from and go: the local package folder (`--from`, else SVC_PACKAGES_DIR) and
 * the data folder installs go into (`--data`, else SVC_DATA_DIR, else ~/.svc).
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { PackageError } from "./bundle.js";

export function dataFolder(given: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const dir = given ?? env.SVC_DATA_DIR?.trim();
  if (dir) return isAbsolute(dir) ? dir : resolve(cwd, dir);
  return join(homedir(), ".svc");
}

export function packageFolder(given: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const dir = given ?? env.SVC_PACKAGES_DIR?.trim();
  if (!dir)
    throw new PackageError(
      "no-package-folder",
      "no package folder: pass --from <folder> or set SVC_PACKAGES_DIR to the folder packages are published to",
    );
  return isAbsolute(dir) ? dir : resolve(cwd, dir);
}
