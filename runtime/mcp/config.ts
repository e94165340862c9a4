/**
 * The MCP server's settings, read once from the environment. A bad value is a one-line error at
 * startup rather than a silently different server.
 */
export const TOOL_PROFILES = ["core", "full", "safe"] as const;
export type ToolProfile = (typeof TOOL_PROFILES)[number];

import { authConfigFromEnv, type AuthConfig } from "./auth/auth-config.js";

type TransportKind = "stdio" | "http";

export interface McpConfig {
  transport: TransportKind;
  profile: ToolProfile;
  /** false hides the tools that run Python written by the client (SVC_RAW_PYTHON=off). */
  rawPython: boolean;
  http: HttpConfig;
  events: EventsConfig;
  creative: CreativeFeatures;
}

/** The creative repertoire (spec 8.1): its resources with SVC_RAG_ENABLED, its one tool with SVC_RAG_APPLY_CARD too. */
export interface CreativeFeatures {
  enabled: boolean;
  applyCard: boolean;
}

/** SVC_EVENTS: forward the bridge's event stream as MCP log messages (spec 6). */
export interface EventsConfig {
  enabled: boolean;
  /** High-frequency events forwarded too (SVC_EVENTS_HIGH_FREQUENCY); none by default. */
  highFrequency: string[];
}

const HIGH_FREQUENCY_EVENT_NAMES = ["timeline.frame", "node.cook"] as const;

function highFrequencyList(env: NodeJS.ProcessEnv): string[] {
  const raw = env.SVC_EVENTS_HIGH_FREQUENCY?.trim();
  if (!raw) return [];
  const names = raw
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(HIGH_FREQUENCY_EVENT_NAMES as readonly string[]).includes(name)) {
      throw new ConfigError(
        `SVC_EVENTS_HIGH_FREQUENCY lists ${HIGH_FREQUENCY_EVENT_NAMES.join(" and ")}, not '${name}'`,
      );
    }
  }
  return [...new Set(names)];
}

interface HttpConfig {
  /** 0 picks a free port (tests). */
  port: number;
  /** Bearer token every request must carry; undefined leaves the loopback server open. */
  token: string | undefined;
  /** A session with no request for this long is closed. */
  sessionIdleMs: number;
  /** Most sessions alive at once. */
  maxSessions: number;
  /** SVC_MCP_AUTH and the OAuth settings (auth/auth-config.ts). */
  auth: AuthConfig;
}

const DEFAULT_HTTP_PORT = 9981;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 32;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const OFF_WORDS = new Set(["0", "off", "false", "no"]);
const ON_WORDS = new Set(["1", "on", "true", "yes"]);

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (OFF_WORDS.has(raw)) return false;
  if (ON_WORDS.has(raw)) return true;
  throw new ConfigError(`${name} must be on or off, not '${env[name]}'`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  }
  return n;
}

export function parseProfile(raw: string | undefined): ToolProfile {
  const value = raw?.trim().toLowerCase() || "core";
  if ((TOOL_PROFILES as readonly string[]).includes(value)) return value as ToolProfile;
  throw new ConfigError(`SVC_TOOL_PROFILE must be one of ${TOOL_PROFILES.join(", ")}, not '${raw}'`);
}

export function mcpConfigFromEnv(env: NodeJS.ProcessEnv = process.env): McpConfig {
  const transport = env.SVC_TRANSPORT?.trim().toLowerCase() || "stdio";
  if (transport !== "stdio" && transport !== "http") {
    throw new ConfigError(`SVC_TRANSPORT must be stdio or http, not '${env.SVC_TRANSPORT}'`);
  }
  const token = env.SVC_MCP_TOKEN?.trim();
  return {
    transport,
    profile: parseProfile(env.SVC_TOOL_PROFILE),
    rawPython: flag(env, "SVC_RAW_PYTHON", true),
    events: { enabled: flag(env, "SVC_EVENTS", false), highFrequency: highFrequencyList(env) },
    creative: {
      enabled: flag(env, "SVC_RAG_ENABLED", false),
      applyCard: flag(env, "SVC_RAG_ENABLED", false) && flag(env, "SVC_RAG_APPLY_CARD", false),
    },
    http: {
      port: wholeNumber(env, "SVC_MCP_PORT", DEFAULT_HTTP_PORT, 0, 65535),
      token: token ? token : undefined,
      sessionIdleMs: wholeNumber(env, "SVC_MCP_SESSION_IDLE_SECONDS", DEFAULT_SESSION_IDLE_MS / 1000, 1, 86_400) * 1000,
      maxSessions: wholeNumber(env, "SVC_MCP_MAX_SESSIONS", DEFAULT_MAX_SESSIONS, 1, 1024),
      auth: authConfigFromEnv(
        env,
        { transport, token: token ? token : undefined },
        (name, fallback) => flag(env, name, fallback),
        (name, fallback, min, max) => wholeNumber(env, name, fallback, min, max),
        (message) => {
          throw new ConfigError(message);
        },
      ),
    },
  };
}
