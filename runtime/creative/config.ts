/**
 * The repertoire's settings (spec 8.1), read once from the environment. A value out of range is a
 * CreativeConfigError naming the variable, never a silently different behaviour.
 */
import { isAbsolute, resolve } from "node:path";
import { CreativeConfigError } from "./errors.js";
import { LICENSES, type License } from "./license.js";

type IndexBackend = "jsonl" | "vectordb";

export interface CreativeConfig {
  enabled: boolean;
  /** Absolute: cards/, binaries/, index.jsonl and the vector store live here. */
  dataDir: string;
  /** {embed_url}: the Ollama server, without a trailing slash. */
  embedUrl: string;
  embedModel: string;
  /** Licenses whose binaries may be stored. */
  licenseAllowlist: ReadonlySet<License>;
  embedBatch: number;
  /** How long one embeddings request may take. */
  embedTimeoutMs: number;
  backend: IndexBackend;
  applyCard: boolean;
}

const DEFAULT_DATA_DIR = ".svc/creative-rag";
const DEFAULT_EMBED_URL = "http://127.0.0.1:11434";
/** English-leaning, 768 dimensions; for mixed-language libraries pick a multilingual model and `index --rebuild`. */
const DEFAULT_EMBED_MODEL = "nomic-embed-text";
const DEFAULT_EMBED_BATCH = 64;
const DEFAULT_EMBED_TIMEOUT_SECONDS = 60;

const ON = new Set(["1", "on", "true", "yes"]);
const OFF = new Set(["0", "off", "false", "no"]);

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (ON.has(raw)) return true;
  if (OFF.has(raw)) return false;
  throw new CreativeConfigError(`${name} must be 1 or 0, not '${env[name]}'`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CreativeConfigError(`${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  return n;
}

export function parseLicenseList(raw: string, what: string): License[] {
  const out: License[] = [];
  for (const word of raw
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean)) {
    const license = LICENSES.find((l) => l.toLowerCase() === word.toLowerCase());
    if (!license) throw new CreativeConfigError(`${what} lists '${word}', which is not one of ${LICENSES.join(", ")}`);
    out.push(license);
  }
  return out;
}

function embedUrl(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_EMBED_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CreativeConfigError(`SVC_RAG_OLLAMA_URL must be an http(s) URL, not '${value}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CreativeConfigError(`SVC_RAG_OLLAMA_URL must be an http(s) URL, not '${value}'`);
  return value.replace(/\/+$/, "");
}

export function creativeConfigFromEnv(env: NodeJS.ProcessEnv, cwd: string): CreativeConfig {
  const backend = env.SVC_RAG_BACKEND?.trim().toLowerCase() || "jsonl";
  if (backend !== "jsonl" && backend !== "vectordb")
    throw new CreativeConfigError(`SVC_RAG_BACKEND must be jsonl or vectordb, not '${env.SVC_RAG_BACKEND}'`);
  const dir = env.SVC_RAG_DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  const allow = env.SVC_RAG_LICENSE_ALLOWLIST;
  return {
    enabled: flag(env, "SVC_RAG_ENABLED", false),
    dataDir: isAbsolute(dir) ? dir : resolve(cwd, dir),
    embedUrl: embedUrl(env.SVC_RAG_OLLAMA_URL),
    embedModel: env.SVC_RAG_EMBED_MODEL?.trim() || DEFAULT_EMBED_MODEL,
    licenseAllowlist: new Set(
      allow === undefined ? ["CC0", "PublicDomain"] : parseLicenseList(allow, "SVC_RAG_LICENSE_ALLOWLIST"),
    ),
    embedBatch: wholeNumber(env, "SVC_RAG_EMBED_BATCH", DEFAULT_EMBED_BATCH, 1, 512),
    embedTimeoutMs: wholeNumber(env, "SVC_RAG_EMBED_TIMEOUT_SECONDS", DEFAULT_EMBED_TIMEOUT_SECONDS, 1, 3600) * 1000,
    backend,
    applyCard: flag(env, "SVC_RAG_APPLY_CARD", false),
  };
}

/** The one line every subcommand prints when the feature is off (spec 4.5). */
export const DISABLED_LINE = "svc creative-rag: the creative repertoire is disabled (set SVC_RAG_ENABLED=1 to use it)";
