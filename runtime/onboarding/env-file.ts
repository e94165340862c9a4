/**
 * svc's env file (~/.svc/env, or $SVC_HOME/env): `SVC_NAME=value` lines that svc reads at start
 * for the variables the environment leaves unset, so a token written by `svc init --token` reaches
 * every svc process (CLI and MCP server alike) without editing a shell profile.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomicSync } from "../atomic-write.js";
import { svcHome } from "./places.js";

export function envFilePath(env: NodeJS.ProcessEnv): string {
  return join(svcHome(env), "env");
}

/** Only svc's own variables are read from the file; other lines are ignored. */
export function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*(SVC_[A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) values[m[1]!] = m[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return values;
}

/** Fills `env` with the file's values for the variables it does not set; returns their names. */
export function applyEnvFile(env: NodeJS.ProcessEnv): string[] {
  const filled: string[] = [];
  for (const [name, value] of Object.entries(readEnvFile(envFilePath(env)))) {
    if (env[name] === undefined || env[name] === "") {
      env[name] = value;
      filled.push(name);
    }
  }
  return filled;
}

/** Sets one variable in the file, keeping its other lines; the file is readable by its owner only. */
export function setEnvFileValue(env: NodeJS.ProcessEnv, name: string, value: string): string {
  const file = envFilePath(env);
  const lines = existsSync(file)
    ? readFileSync(file, "utf8")
        .split(/\r?\n/)
        .filter((l, i, all) => l !== "" || i < all.length - 1)
    : ["# svc reads these at start for variables the environment does not set"];
  const kept = lines.filter((l) => !new RegExp(`^\\s*${name}\\s*=`).test(l));
  writeFileAtomicSync(file, [...kept, `${name}=${value}`].join("\n") + "\n", { mode: 0o600, makeFolder: true });
  return file;
}
