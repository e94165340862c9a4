/**
 * The one structured receipt every copilot turn ends with: what the model was asked and answered,
 * each tool it called, what changed the project, and every error, redacted before it leaves.
 */
import type { LlmTier } from "../copilot/llm-config.js";
import type { Redactor } from "./redact.js";
import type { CopilotMode } from "./svc-tools.js";
import type { LoopCall } from "./tool-loop.js";

const RECEIPT_KIND = "svc-copilot-receipt";
const SUMMARY_CHARS = 300;
/** A receipt keeps the start of a long argument (a whole .svcnet source), not all of it. */
const ARGUMENT_CHARS = 2_000;

function cutArguments(value: unknown, depth = 0): unknown {
  if (typeof value === "string")
    return value.length > ARGUMENT_CHARS
      ? `${value.slice(0, ARGUMENT_CHARS)}… [${value.length - ARGUMENT_CHARS} more characters]`
      : value;
  if (depth > 16 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => cutArguments(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutArguments(v, depth + 1)]));
}

export type TurnStop = "answer" | "max-steps" | "error";

interface ReceiptCall {
  step: number;
  tool: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  /** The first line of the result, cut. */
  summary: string;
}

export interface ReceiptError {
  code: string;
  message: string;
  tool?: string;
}

export interface Receipt {
  kind: typeof RECEIPT_KIND;
  version: 1;
  mode: CopilotMode;
  model: string;
  tier: LlmTier;
  prompt: string;
  answer: string;
  stop: TurnStop;
  steps: number;
  toolsOffered: string[];
  toolsCalled: ReceiptCall[];
  /** Successful calls of tools that can change the live project. */
  plansApplied: Array<{ tool: string; summary: string }>;
  errors: ReceiptError[];
  brief: { root: string; selectedBy: string; revision: number } | null;
  usage: { promptTokens: number; replyTokens: number };
  startedAt: string;
  durationMs: number;
}

export function summaryOf(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS)}…` : line;
}

/** What a turn knows when it ends; buildReceipt derives the rest. */
export type ReceiptParts = Pick<
  Receipt,
  "mode" | "model" | "tier" | "prompt" | "answer" | "stop" | "steps" | "toolsOffered" | "brief" | "usage" | "durationMs"
> & {
  calls: readonly LoopCall[];
  changesProject: (tool: string) => boolean;
  errors: ReceiptError[];
  startedAt: Date;
};

/** Redacted before anything is cut, so that a cut never leaves the start of a secret behind. */
export function buildReceipt(parts: ReceiptParts, redact: Redactor): Receipt {
  const toolsCalled = parts.calls.map((c) => ({
    step: c.step,
    tool: c.name,
    arguments: cutArguments(redact(c.arguments)) as Record<string, unknown>,
    ok: c.ok,
    summary: summaryOf(redact(c.result) as string),
  }));
  const receipt: Receipt = {
    kind: RECEIPT_KIND,
    version: 1,
    mode: parts.mode,
    model: parts.model,
    tier: parts.tier,
    prompt: parts.prompt,
    answer: parts.answer,
    stop: parts.stop,
    steps: parts.steps,
    toolsOffered: parts.toolsOffered,
    toolsCalled,
    plansApplied: toolsCalled
      .filter((c) => c.ok && parts.changesProject(c.tool))
      .map((c) => ({ tool: c.tool, summary: c.summary })),
    errors: [
      ...parts.errors,
      ...toolsCalled.filter((c) => !c.ok).map((c) => ({ code: "tool-failed", tool: c.tool, message: c.summary })),
    ],
    brief: parts.brief,
    usage: parts.usage,
    startedAt: parts.startedAt.toISOString(),
    durationMs: parts.durationMs,
  };
  return redact(receipt) as Receipt;
}

/** The receipt as a few plain lines (svc ask without --json). */
export function receiptText(r: Receipt): string {
  const lines = [`receipt: ${r.mode}, ${r.model} (${r.tier}), ${r.steps} step(s), stop: ${r.stop}`];
  for (const c of r.toolsCalled) lines.push(`  ${c.ok ? "called" : "FAILED"} ${c.tool}: ${c.summary}`);
  for (const p of r.plansApplied) lines.push(`  applied by ${p.tool}: ${p.summary}`);
  for (const e of r.errors.filter((e) => e.code !== "tool-failed")) lines.push(`  error ${e.code}: ${e.message}`);
  return lines.join("\n") + "\n";
}
