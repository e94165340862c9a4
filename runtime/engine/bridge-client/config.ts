/** Where the bridge is and how to authenticate, from the environment (spec 5.1, 8.1). */
export interface BridgeConfig {
  url: string;
  token: string | undefined;
  /** Per-request time limit in milliseconds. */
  timeoutMs: number;
  /** How many times a GET is retried after a connection error or a transient 5xx. */
  getRetries: number;
  /** First backoff delay; doubles each retry. */
  backoffMs: number;
  /** The largest answer read (the transport's MAX_ANSWER_BYTES when absent). */
  maxAnswerBytes?: number;
}

export const DEFAULT_BRIDGE_URL = "http://127.0.0.1:9980";

/** The per-request time limit unless SVC_BRIDGE_TIMEOUT_MS sets another (100 ms to 10 minutes). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** SVC_BRIDGE_TIMEOUT_MS as a whole number of milliseconds in range; anything else keeps the default. */
function timeoutFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.SVC_BRIDGE_TIMEOUT_MS?.trim();
  const ms = text && /^\d+$/.test(text) ? Number(text) : NaN;
  return ms >= 100 && ms <= 600_000 ? ms : DEFAULT_TIMEOUT_MS;
}

export function bridgeConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<BridgeConfig> = {},
): BridgeConfig {
  const token = env.SVC_BRIDGE_TOKEN?.trim();
  return {
    url: (env.SVC_BRIDGE_URL?.trim() || DEFAULT_BRIDGE_URL).replace(/\/+$/, ""),
    token: token ? token : undefined,
    timeoutMs: timeoutFromEnv(env),
    getRetries: 3,
    backoffMs: 100,
    ...overrides,
  };
}
