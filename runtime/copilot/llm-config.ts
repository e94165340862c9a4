/**
 * The local copilot's settings (spec 7, 8.1), read once from the environment. The copilot and every
 * AI tool are off unless a local model is named (SVC_LLM_MODEL); a value out of range is an
 * LlmConfigError naming the variable, never a silently different behaviour.
 */
import { LlmConfigError, LlmOffError } from "./llm-errors.js";

/**
 * How capable the local model is. A small model is shown fewer tools and given fewer steps: long
 * tool lists and long loops are where small local models go wrong first.
 */
export type LlmTier = "small" | "medium" | "large";

interface TierLimits {
  /** At most this many tools are offered to the model in one request. */
  maxTools: number;
  /** Model requests in one turn when SVC_LLM_MAX_STEPS is unset. */
  defaultMaxSteps: number;
}

const TIERS: Readonly<Record<LlmTier, TierLimits>> = {
  small: { maxTools: 8, defaultMaxSteps: 4 },
  medium: { maxTools: 16, defaultMaxSteps: 8 },
  large: { maxTools: 40, defaultMaxSteps: 12 },
};

export interface LlmConfig {
  /** The Ollama server, without a trailing slash. */
  url: string;
  /** The chat model (with tool calling). */
  model: string;
  /** The model that reads images (copilot_vision, caption_top); the chat model when unset. */
  visionModel: string;
  tier: LlmTier;
  maxTools: number;
  /** Model requests in one turn, each followed by the tool calls it asked for. */
  maxSteps: number;
  temperature: number;
  /** How long one model request may take, from sending to the last byte. */
  timeoutMs: number;
  /** A reply (all of a stream) larger than this is refused. */
  maxReplyBytes: number;
}

const DEFAULT_LLM_URL = "http://127.0.0.1:11434";
const DEFAULT_TIER: LlmTier = "medium";
const DEFAULT_TEMPERATURE = 0.2;
const DEFAULT_TIMEOUT_SECONDS = 120;
const MAX_STEPS_LIMIT = 32;
const DEFAULT_MAX_REPLY_BYTES = 4 * 1024 * 1024;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new LlmConfigError(`${name} must be an http(s) URL, not '${value}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LlmConfigError(`${name} must be an http(s) URL, not '${value}'`);
  return value.replace(/\/+$/, "");
}

/**
 * Ollama's own host setting, read the way its client reads it: `host`, `host:port`, `:port` or a URL;
 * the port defaults to 11434 without a scheme. 0.0.0.0 (listen everywhere) is reached on loopback.
 */
export function urlFromOllamaHost(raw: string): string {
  const text = raw.trim();
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `http://${text.startsWith(":") ? `127.0.0.1${text}` : text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new LlmConfigError(`OLLAMA_HOST must be host, host:port or an http(s) URL, not '${raw}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LlmConfigError(`OLLAMA_HOST must be an http(s) address, not '${raw}'`);
  if (!/^[a-z]+:\/\//i.test(text) && url.port === "") url.port = "11434";
  if (url.hostname === "0.0.0.0") url.hostname = "127.0.0.1";
  if (url.hostname === "[::]") url.hostname = "[::1]";
  return `${url.protocol}//${url.host}`;
}

function numberIn(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  whole: boolean,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    throw new LlmConfigError(
      `${name} must be ${whole ? "a whole number" : "a number"} from ${min} to ${max}, not '${raw}'`,
    );
  }
  return n;
}

/** True when a local model is configured; nothing else is checked (no network). */
export function llmConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.SVC_LLM_MODEL?.trim());
}

/** The settings, or LlmOffError when no model is configured. */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig {
  const model = env.SVC_LLM_MODEL?.trim();
  if (!model) throw new LlmOffError();
  const tierRaw = env.SVC_LLM_TIER?.trim().toLowerCase() || DEFAULT_TIER;
  if (!(tierRaw in TIERS))
    throw new LlmConfigError(`SVC_LLM_TIER must be small, medium or large, not '${env.SVC_LLM_TIER}'`);
  const tier = tierRaw as LlmTier;
  const url = env.SVC_LLM_URL?.trim()
    ? httpUrl("SVC_LLM_URL", env.SVC_LLM_URL.trim())
    : env.OLLAMA_HOST?.trim()
      ? urlFromOllamaHost(env.OLLAMA_HOST)
      : DEFAULT_LLM_URL;
  return {
    url,
    model,
    visionModel: env.SVC_LLM_VISION_MODEL?.trim() || model,
    tier,
    maxTools: TIERS[tier].maxTools,
    maxSteps: numberIn(env, "SVC_LLM_MAX_STEPS", TIERS[tier].defaultMaxSteps, 1, MAX_STEPS_LIMIT, true),
    temperature: numberIn(env, "SVC_LLM_TEMPERATURE", DEFAULT_TEMPERATURE, 0, 2, false),
    timeoutMs: numberIn(env, "SVC_LLM_TIMEOUT_SECONDS", DEFAULT_TIMEOUT_SECONDS, 1, 3600, true) * 1000,
    maxReplyBytes: DEFAULT_MAX_REPLY_BYTES,
  };
}
