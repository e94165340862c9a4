/**
 * `svc.show.yaml`: the machines of a show. Each target is a bridge URL, written as a string or as
 * `{url, token_env}`; a token is never written in the file, only the name of the environment
 * variable that holds it. Failover pairs name a main and a backup target.
 *
 *   targets:
 *     stage-left: http://10.0.0.11:9980
 *     stage-right: { url: "http://10.0.0.12:9980", token_env: STAGE_RIGHT_TOKEN }
 *   failover:
 *     - { main: stage-left, backup: stage-right }
 */
import { readFileSync, statSync } from "node:fs";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from "yaml";

export const SHOW_CONFIG_FILE = "svc.show.yaml";
const MAX_BYTES = 64 * 1024;
const MAX_TARGETS = 32;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface ShowTarget {
  name: string;
  url: string;
  /** The environment variable the token is read from, when one is named. */
  tokenEnv?: string | undefined;
}

interface FailoverPair {
  main: string;
  backup: string;
}

/** What `svc show <profile>` checks before the show goes live. */
export interface ShowProfile {
  name: string;
  /** The target it runs on (default: the bridge of SVC_BRIDGE_URL). */
  target?: string | undefined;
  /** .svcnet files (relative to the config) whose live networks must match them exactly. */
  networks: string[];
  /** Perform Mode the show runs in (default on). */
  perform: boolean;
  /** Live cook errors allowed under /project1 (default 0). */
  maxErrors: number;
  /** Every safety chain's outputs guarded and Panic off; at least one chain (default true). */
  safety: boolean;
}

export interface ShowConfig {
  file: string;
  targets: ShowTarget[];
  failover: FailoverPair[];
  profiles: ShowProfile[];
}

/** A problem in the file, with its line when known. */
export class ShowConfigError extends Error {}

function where(file: string, node: YamlNode | null | undefined, lines: LineCounter): string {
  const offset = node?.range?.[0];
  if (offset === undefined) return file;
  const { line, col } = lines.linePos(offset);
  return `${file}:${line}:${col}`;
}

function url(value: unknown, at: string, name: string): string {
  if (typeof value !== "string" || !/^https?:\/\/[^\s/]+(\/.*)?$/.test(value)) {
    throw new ShowConfigError(`${at}: target '${name}' needs a bridge URL such as http://10.0.0.11:9980`);
  }
  return value.replace(/\/+$/, "");
}

export function parseShowConfig(text: string, file: string): ShowConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0];
    throw new ShowConfigError(`${file}${pos ? `:${pos.line}:${pos.col}` : ""}: ${e.message.split("\n")[0]}`);
  }
  const root = doc.contents;
  if (!isMap(root))
    throw new ShowConfigError(`${file}: expected a mapping with 'targets:' (and optionally 'failover:')`);
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    if (key !== "targets" && key !== "failover" && key !== "profiles")
      throw new ShowConfigError(
        `${where(file, pair.key as YamlNode, lines)}: unknown key '${key}'; allowed: targets, failover, profiles`,
      );
  }
  const targetsNode = root.get("targets", true);
  if (!isMap(targetsNode) || targetsNode.items.length === 0)
    throw new ShowConfigError(`${where(file, root, lines)}: 'targets:' must map at least one name to a bridge URL`);
  if (targetsNode.items.length > MAX_TARGETS)
    throw new ShowConfigError(
      `${where(file, targetsNode, lines)}: ${targetsNode.items.length} targets; at most ${MAX_TARGETS}`,
    );
  const targets: ShowTarget[] = [];
  for (const pair of targetsNode.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : "";
    const at = where(file, pair.key as YamlNode, lines);
    if (!NAME.test(name))
      throw new ShowConfigError(`${at}: target name '${name}' must be letters, digits, '-' and '_'`);
    if (name === "all") throw new ShowConfigError(`${at}: 'all' names every target and cannot be a target's name`);
    const value = pair.value as YamlNode | null;
    if (isScalar(value)) {
      targets.push({ name, url: url(value.value, at, name) });
      continue;
    }
    if (!isMap(value)) throw new ShowConfigError(`${at}: target '${name}' is a URL or { url, token_env }`);
    const fields = value.toJSON() as Record<string, unknown>;
    for (const k of Object.keys(fields)) {
      if (k === "token")
        throw new ShowConfigError(
          `${at}: target '${name}' writes a token in the file; put it in an environment variable and name it with token_env`,
        );
      if (k !== "url" && k !== "token_env")
        throw new ShowConfigError(`${at}: target '${name}' has unknown key '${k}'; allowed: url, token_env`);
    }
    const tokenEnv = fields.token_env;
    if (tokenEnv !== undefined && (typeof tokenEnv !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv))) {
      throw new ShowConfigError(`${at}: token_env of '${name}' must be an environment variable's name`);
    }
    targets.push({
      name,
      url: url(fields.url, at, name),
      ...(tokenEnv === undefined ? {} : { tokenEnv: tokenEnv as string }),
    });
  }
  const failover: FailoverPair[] = [];
  const failNode = root.get("failover", true);
  if (failNode !== undefined && failNode !== null) {
    if (!isSeq(failNode))
      throw new ShowConfigError(
        `${where(file, failNode as YamlNode, lines)}: 'failover:' is a list of { main, backup }`,
      );
    const known = new Set(targets.map((t) => t.name));
    for (const item of failNode.items) {
      const at = where(file, item as YamlNode, lines);
      const pair = (isMap(item) ? item.toJSON() : undefined) as Record<string, unknown> | undefined;
      if (!pair || typeof pair.main !== "string" || typeof pair.backup !== "string")
        throw new ShowConfigError(`${at}: a failover pair is { main: <target>, backup: <target> }`);
      for (const side of [pair.main, pair.backup])
        if (!known.has(side)) throw new ShowConfigError(`${at}: failover names '${side}', which is not a target`);
      if (pair.main === pair.backup) throw new ShowConfigError(`${at}: a failover pair needs two different targets`);
      failover.push({ main: pair.main, backup: pair.backup });
    }
  }
  return {
    file,
    targets,
    failover,
    profiles: parseProfiles(
      root.get("profiles", true) as YamlNode | undefined,
      new Set(targets.map((t) => t.name)),
      file,
      lines,
    ),
  };
}

const PROFILE_KEYS = ["target", "networks", "perform", "max_errors", "safety"];

function parseProfiles(
  node: YamlNode | undefined | null,
  targets: Set<string>,
  file: string,
  lines: LineCounter,
): ShowProfile[] {
  if (node === undefined || node === null) return [];
  if (!isMap(node))
    throw new ShowConfigError(`${where(file, node, lines)}: 'profiles:' maps a profile's name to its checks`);
  return node.items.map((pair) => {
    const name = isScalar(pair.key) ? String(pair.key.value) : "";
    const at = where(file, pair.key as YamlNode, lines);
    if (!NAME.test(name))
      throw new ShowConfigError(`${at}: profile name '${name}' must be letters, digits, '-' and '_'`);
    const v = (isMap(pair.value) ? pair.value.toJSON() : pair.value === null ? {} : undefined) as
      Record<string, unknown> | undefined;
    if (v === undefined)
      throw new ShowConfigError(`${at}: profile '${name}' is a mapping of ${PROFILE_KEYS.join(", ")}`);
    for (const k of Object.keys(v))
      if (!PROFILE_KEYS.includes(k))
        throw new ShowConfigError(
          `${at}: profile '${name}' has unknown key '${k}'; allowed: ${PROFILE_KEYS.join(", ")}`,
        );
    const networks = v.networks ?? [];
    if (
      !Array.isArray(networks) ||
      networks.length > 32 ||
      networks.some((n) => typeof n !== "string" || !n.endsWith(".svcnet"))
    ) {
      throw new ShowConfigError(`${at}: networks of '${name}' is a list of at most 32 .svcnet files`);
    }
    if (v.target !== undefined && (typeof v.target !== "string" || !targets.has(v.target)))
      throw new ShowConfigError(`${at}: profile '${name}' names target '${String(v.target)}', which is not a target`);
    for (const k of ["perform", "safety"])
      if (v[k] !== undefined && typeof v[k] !== "boolean")
        throw new ShowConfigError(`${at}: ${k} of '${name}' is true or false`);
    const maxErrors = v.max_errors ?? 0;
    if (typeof maxErrors !== "number" || !Number.isInteger(maxErrors) || maxErrors < 0)
      throw new ShowConfigError(`${at}: max_errors of '${name}' is a whole number, 0 or more`);
    return {
      name,
      target: v.target as string | undefined,
      networks: networks as string[],
      perform: v.perform !== false,
      maxErrors,
      safety: v.safety !== false,
    };
  });
}

export function readShowConfig(path: string, shownAs = path): ShowConfig {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new ShowConfigError(`${shownAs}: no show config here; write one with 'targets:' (see svc plan --help)`);
  }
  if (size > MAX_BYTES) throw new ShowConfigError(`${shownAs}: ${size} bytes; a show config is at most ${MAX_BYTES}`);
  return parseShowConfig(readFileSync(path, "utf8"), shownAs);
}

/** The targets `--target` names: `all`, or names of the file (each at most once, in the file's order). */
export function selectTargets(config: ShowConfig, wanted: readonly string[]): ShowTarget[] {
  if (wanted.includes("all")) return config.targets;
  const names = new Set(config.targets.map((t) => t.name));
  for (const w of wanted)
    if (!names.has(w))
      throw new ShowConfigError(
        `${config.file}: no target '${w}'; its targets: ${config.targets.map((t) => t.name).join(", ")}, or all`,
      );
  return config.targets.filter((t) => wanted.includes(t.name));
}

/** The token of a target from the environment; a named variable that is unset is an error, not an anonymous request. */
export function targetToken(target: ShowTarget, env: NodeJS.ProcessEnv): string | undefined {
  if (target.tokenEnv === undefined) return undefined;
  const token = env[target.tokenEnv]?.trim();
  if (!token)
    throw new ShowConfigError(
      `target '${target.name}': the environment variable ${target.tokenEnv} that holds its token is not set`,
    );
  return token;
}
