/**
 * Where svc keeps its own files on a user's machine. Everything derives from the environment
 * passed in (HOME, SVC_HOME, SVC_VAULT_PATH), so a command run with a fresh HOME touches only it.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "../package-root.js";

export function userHome(env: NodeJS.ProcessEnv): string {
  return env.HOME?.trim() || env.USERPROFILE?.trim() || homedir();
}

/** svc's folder: SVC_HOME, else ~/.svc. */
export function svcHome(env: NodeJS.ProcessEnv): string {
  return env.SVC_HOME?.trim() || join(userHome(env), ".svc");
}

/** Files svc can always rebuild (laid-out levels): SVC_CACHE_DIR, else the cache folder in svc's folder. */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  return env.SVC_CACHE_DIR?.trim() || join(svcHome(env), "cache");
}

/**
 * svc's journals of applies under way (SVC_STATE_DIR, else the state folder in svc's folder): an
 * apply cut short is finished or undone from them by the next command against that network.
 */
export function journalDir(env: NodeJS.ProcessEnv): string {
  return join(env.SVC_STATE_DIR?.trim() || join(svcHome(env), "state"), "applies");
}

/** Session profiles (`default.json` is the one seeded by `svc init`). */
export function profileDir(env: NodeJS.ProcessEnv): string {
  return join(svcHome(env), "profiles");
}

/** The vault folder, when SVC_VAULT_PATH names one. */
export function vaultPath(env: NodeJS.ProcessEnv): string | undefined {
  return env.SVC_VAULT_PATH?.trim() || undefined;
}

/** This svc's command-line entry, which MCP client configs run. */
export function cliPath(): string {
  return join(packageRoot(), "dist", "runtime", "cli", "svc.js");
}
