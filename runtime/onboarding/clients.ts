/**
 * MCP client configurations: where each client keeps its list of servers, what svc's entry looks
 * like there, and a merge that adds or updates only svc's entry. Other servers and every other
 * key are kept; a file that is not plain JSON is refused, never rewritten; the previous file is
 * copied beside it first. Config locations follow each client's documentation; those on a system
 * the tests do not run (macOS, Windows, Claude Desktop on Linux) are UNVERIFIED: check them with
 * the client's own "open MCP configuration" command.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { writeFileAtomicSync } from "../atomic-write.js";
import { dirname, join } from "node:path";
import { userHome } from "./places.js";

const SERVER_NAME = "svc";

export interface ClientSpec {
  id: "claude-desktop" | "claude-code" | "cursor" | "vscode" | "windsurf";
  label: string;
  file: string;
  /** The key holding the servers: "mcpServers", or VS Code's "servers". */
  key: "mcpServers" | "servers";
  /** The client is taken as installed when this folder (or the file) exists. */
  presentWhen: string;
}

export interface ServerEntry {
  type?: "stdio";
  command: string;
  args: string[];
}

function appData(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string {
  const home = userHome(env);
  if (platform === "darwin") return join(home, "Library", "Application Support");
  if (platform === "win32") return env.APPDATA?.trim() || join(home, "AppData", "Roaming");
  return env.XDG_CONFIG_HOME?.trim() || join(home, ".config");
}

export function clientSpecs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): ClientSpec[] {
  const home = userHome(env);
  const apps = appData(env, platform);
  return [
    {
      id: "claude-desktop",
      label: "Claude Desktop",
      file: join(apps, "Claude", "claude_desktop_config.json"),
      key: "mcpServers",
      presentWhen: join(apps, "Claude"),
    },
    {
      id: "claude-code",
      label: "Claude Code",
      file: join(home, ".claude.json"),
      key: "mcpServers",
      presentWhen: join(home, ".claude.json"),
    },
    {
      id: "cursor",
      label: "Cursor",
      file: join(home, ".cursor", "mcp.json"),
      key: "mcpServers",
      presentWhen: join(home, ".cursor"),
    },
    {
      id: "vscode",
      label: "VS Code",
      file: join(apps, "Code", "User", "mcp.json"),
      key: "servers",
      presentWhen: join(apps, "Code", "User"),
    },
    {
      id: "windsurf",
      label: "Windsurf",
      file: join(home, ".codeium", "windsurf", "mcp_config.json"),
      key: "mcpServers",
      presentWhen: join(home, ".codeium", "windsurf"),
    },
  ];
}

/** svc's entry for a client: this node running this checkout's CLI, with no command (MCP on stdio). */
export function serverEntry(client: ClientSpec, cliPath: string, nodePath = process.execPath): ServerEntry {
  return client.key === "servers"
    ? { type: "stdio", command: nodePath, args: [cliPath] }
    : { command: nodePath, args: [cliPath] };
}

export type ClientState = "absent" | "missing" | "current" | "different" | "unreadable";

export interface ClientStatus {
  client: ClientSpec;
  installed: boolean;
  state: ClientState;
  /** Why the file cannot be merged, when unreadable. */
  problem?: string;
  /** Names of the other servers the file lists (kept by every merge). */
  others: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function readConfig(file: string): { config: Json } | { problem: string } | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  if (text.trim() === "") return { config: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? { config: parsed } : { problem: "its top level is not a JSON object" };
  } catch (err) {
    return { problem: `it is not plain JSON (${(err as Error).message}); comments are not merged automatically` };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function clientStatus(client: ClientSpec, entry: ServerEntry): ClientStatus {
  const installed = existsSync(client.presentWhen) || existsSync(client.file);
  const read = readConfig(client.file);
  if (read === undefined) return { client, installed, state: "absent", others: [] };
  if ("problem" in read) return { client, installed, state: "unreadable", problem: read.problem, others: [] };
  const servers = isObject(read.config[client.key]) ? (read.config[client.key] as Json) : {};
  const others = Object.keys(servers).filter((n) => n !== SERVER_NAME);
  const state = !(SERVER_NAME in servers) ? "missing" : same(servers[SERVER_NAME], entry) ? "current" : "different";
  return { client, installed, state, others };
}

export class ClientConfigError extends Error {}

export interface MergeResult {
  file: string;
  backup?: string;
  changed: boolean;
}

/** Adds or updates svc's entry, keeping everything else; copies the old file aside; verifies by reading back. */
export function mergeServer(client: ClientSpec, entry: ServerEntry, now = new Date()): MergeResult {
  const read = readConfig(client.file);
  if (read !== undefined && "problem" in read)
    throw new ClientConfigError(`${client.file}: ${read.problem}; add the svc entry by hand`);
  const config = read?.config ?? {};
  const before = config[client.key];
  if (before !== undefined && !isObject(before))
    throw new ClientConfigError(`${client.file}: "${client.key}" is not an object; left as it is`);
  const servers = (before as Json | undefined) ?? {};
  if (same(servers[SERVER_NAME], entry)) return { file: client.file, changed: false };
  const merged: Json = { ...config, [client.key]: { ...servers, [SERVER_NAME]: entry } };
  mkdirSync(dirname(client.file), { recursive: true });
  let backup: string | undefined;
  if (read !== undefined) {
    backup = `${client.file}.svc-backup-${now.toISOString().replace(/[:.]/g, "-")}`;
    copyFileSync(client.file, backup);
  }
  writeFileAtomicSync(client.file, JSON.stringify(merged, null, 2) + "\n");
  const check = readConfig(client.file);
  const after =
    check && "config" in check && isObject(check.config[client.key]) ? (check.config[client.key] as Json) : undefined;
  const kept = Object.keys(servers).every((name) => name === SERVER_NAME || same(after?.[name], servers[name]));
  if (!after || !same(after[SERVER_NAME], entry) || !kept)
    throw new ClientConfigError(`${client.file}: the file read back differs from what was written`);
  return { file: client.file, ...(backup ? { backup } : {}), changed: true };
}
