/**
 * `svc verify --live`: runs the bridge's conformance suite (bridge/svc_bridge/conformance) inside the
 * connected TouchDesigner, a step per request (`POST /api/conformance/run`), and adds the checks only a
 * client can make (one kept-alive connection for the whole run; the headers of every reply). Every
 * step goes over one connection of its own pool, with a query value and a header the suite looks for
 * in the Web Server DAT's request dict. A run cut short is cancelled, so its scratch COMP goes.
 */
import { Client } from "undici";
import type { bridgeConfigFromEnv } from "../engine/index.js";

/** Where the bridge is and its token (SVC_BRIDGE_URL, SVC_BRIDGE_TOKEN, SVC_BRIDGE_TIMEOUT_MS). */
type BridgeConfig = ReturnType<typeof bridgeConfigFromEnv>;

type CheckStatus = "PASS" | "FAIL" | "UNVERIFIED";

export interface CheckResult {
  id: string;
  area: string;
  title: string;
  status: CheckStatus;
  evidence?: unknown;
  expected?: unknown;
  read?: unknown;
  why?: string;
  ms?: number;
}

interface BuildInfo {
  version: string | null;
  build: string | null;
  osName: string | null;
  osVersion: string | null;
  product: string | null;
  python: string;
}

export interface LiveReport {
  url: string;
  build: BuildInfo;
  bridge_version: string;
  exec_open: boolean;
  expressions: string;
  counts: Record<CheckStatus, number>;
  steps: number;
  max_step_ms: number;
  checks: CheckResult[];
}

interface StepReply {
  run: string;
  step: number;
  results: CheckResult[];
  checked: number;
  total: number;
  done: boolean;
  report?: Omit<LiveReport, "url" | "checks" | "counts"> & { counts: Record<string, number> };
}

export interface LiveOptions {
  /** Each step's time budget inside TouchDesigner (1 to 200 ms; the bridge's default 50). */
  stepBudgetMs?: number;
  progress?: (checked: number, total: number) => void;
}

/** A request the bridge refused, or a reply that is not the bridge's envelope. */
export class VerifyError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "VerifyError";
  }
}

/** The query value and header the suite's webserver checks look for (checks_webserver.py). */
const PROBE_QUERY = "probe=a%20b%2Fc";
const PROBE_HEADER = "conformance";
const MAX_SHED_RETRIES = 200;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { ok: boolean; data?: unknown; error?: { code: string; message: string; retry_after_ms?: number } };
}

async function post(client: Client, config: BridgeConfig, path: string, body: unknown): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json", "x-svc-verify": PROBE_HEADER };
  if (config.token) headers.authorization = `Bearer ${config.token}`;
  for (let attempt = 0; ; attempt++) {
    const res = await client.request({
      method: "POST",
      path,
      headers,
      body: JSON.stringify(body),
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
    });
    const text = await res.body.text();
    let parsed: Reply["body"];
    try {
      parsed = JSON.parse(text) as Reply["body"];
    } catch {
      throw new VerifyError(`the bridge answered ${path} with HTTP ${res.statusCode} and no JSON`, "bad_reply");
    }
    // A shed request never ran (bridge/README.md, Time budget): send it again when the bridge says.
    if (parsed.error?.code === "overloaded" && attempt < MAX_SHED_RETRIES) {
      await new Promise((r) => setTimeout(r, Math.min(1000, parsed.error?.retry_after_ms ?? 20)));
      continue;
    }
    return { status: res.statusCode, headers: res.headers, body: parsed };
  }
}

function clientChecks(connections: number, replies: Reply[]): CheckResult[] {
  const types = [...new Set(replies.map((r) => String(r.headers["content-type"])))];
  const caching = [...new Set(replies.map((r) => String(r.headers["cache-control"])))];
  const area = "webserver";
  return [
    connections === 1
      ? {
          id: "webserver.keep_alive",
          area,
          title: "the Web Server DAT keeps the connection open between requests (every step on one connection)",
          status: "PASS",
          evidence: { requests: replies.length, connections },
        }
      : {
          id: "webserver.keep_alive",
          area,
          title: "the Web Server DAT keeps the connection open between requests (every step on one connection)",
          status: "FAIL",
          expected: { connections: 1 },
          read: { requests: replies.length, connections },
        },
    {
      id: "webserver.reply_content_type",
      area,
      title: "every reply is sent as application/json",
      ...(types.length === 1 && types[0] === "application/json"
        ? { status: "PASS" as const, evidence: types }
        : { status: "FAIL" as const, expected: ["application/json"], read: types }),
    },
    {
      id: "webserver.reply_no_store",
      area,
      title: "every reply carries Cache-Control: no-store (headers a callback sets reach the client)",
      ...(caching.length === 1 && caching[0] === "no-store"
        ? { status: "PASS" as const, evidence: caching }
        : { status: "FAIL" as const, expected: ["no-store"], read: caching }),
    },
  ];
}

export async function runLiveSuite(config: BridgeConfig, options: LiveOptions = {}): Promise<LiveReport> {
  const origin = new URL(config.url).origin;
  const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000 });
  let connections = 0;
  client.on("connect", () => connections++);
  const replies: Reply[] = [];
  const checks: CheckResult[] = [];
  let run: string | undefined;
  let finished = false;
  try {
    for (;;) {
      const body: Record<string, unknown> = { time_budget_ms: options.stepBudgetMs ?? 50 };
      if (run !== undefined) body.run = run;
      const reply = await post(client, config, `/api/conformance/run?${PROBE_QUERY}`, body);
      if (!reply.body.ok) {
        const err = reply.body.error ?? { code: "bad_reply", message: `HTTP ${reply.status}` };
        const hint =
          err.code === "not_found"
            ? " (the running bridge has no conformance suite: stage this svc's bridge with 'svc install-bridge' and reload it)"
            : "";
        throw new VerifyError(`the bridge refused the conformance run: ${err.code}: ${err.message}${hint}`, err.code);
      }
      replies.push(reply);
      const step = reply.body.data as StepReply;
      run = step.run;
      checks.push(...step.results);
      options.progress?.(step.checked, step.total);
      if (step.done) {
        finished = true;
        const report = step.report!;
        checks.push(...clientChecks(connections, replies));
        const counts: Record<CheckStatus, number> = { PASS: 0, FAIL: 0, UNVERIFIED: 0 };
        for (const c of checks) counts[c.status]++;
        return {
          url: config.url,
          build: report.build,
          bridge_version: report.bridge_version,
          exec_open: report.exec_open,
          expressions: report.expressions,
          counts,
          steps: report.steps,
          max_step_ms: report.max_step_ms,
          checks,
        };
      }
    }
  } finally {
    if (run !== undefined && !finished)
      await post(client, config, `/api/conformance/${run}/cancel`, {}).catch(() => undefined);
    await client.close();
  }
}
