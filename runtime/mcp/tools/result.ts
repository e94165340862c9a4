/**
 * What a tool handler returns, and how it becomes an MCP CallToolResult: structured data plus a
 * short readable line on success; on failure `isError` with a stable code and, where there are
 * any, the diagnostics as JSON.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { BridgeError } from "../../engine/index.js";
import type { Diagnostic } from "../../../diagnostics/diagnostic.js";
import { toJson, type DiagnosticJson } from "../../../diagnostics/render-json.js";
import { forAssistant } from "../../../diagnostics/next-step.js";

export interface ToolSuccess<T> {
  ok: true;
  data: T;
  text: string;
  /** Content blocks after the text line, such as an image. */
  blocks?: CallToolResult["content"];
  /**
   * The tool did its work but the result is an error for the caller: an apply that left live
   * errors. The data still travels (it says what went wrong); the MCP result sets `isError`.
   */
  isError?: boolean;
}

export interface ToolFailureBody {
  /** Stable, machine-matchable: a diagnostic-style kebab code, or the bridge's own error code. */
  code: string;
  message: string;
  diagnostics?: DiagnosticJson[];
  /** Anything else a client needs to act on the failure (valid names, the bridge error kind). */
  details?: Record<string, unknown>;
}

export interface ToolFailure {
  ok: false;
  error: ToolFailureBody;
}

export type ToolOutcome<T> = ToolSuccess<T> | ToolFailure;

export function success<T>(data: T, text: string, blocks?: CallToolResult["content"]): ToolSuccess<T> {
  return blocks?.length ? { ok: true, data, text, blocks } : { ok: true, data, text };
}

/** An apply that ran: an error result for the caller when live errors remain after it. */
export function applied<T>(
  data: T,
  text: string,
  blocks: CallToolResult["content"] | undefined,
  liveErrors: number,
): ToolSuccess<T> {
  const result = success(data, text, blocks);
  return liveErrors > 0 ? { ...result, isError: true } : result;
}

export function failure(
  code: string,
  message: string,
  extra: Omit<ToolFailureBody, "code" | "message"> = {},
): ToolFailure {
  return { ok: false, error: { code, message, ...extra } };
}

/** The compiler found problems: the first error's message leads, every diagnostic travels as JSON. */
export function diagnosticsFailure(given: readonly Diagnostic[]): ToolFailure {
  // An MCP client calls tools: a next step is phrased as one, never as an svc command.
  const diagnostics = given.map(forAssistant);
  const errors = diagnostics.filter((d) => d.severity === "error");
  const first = errors[0] ?? diagnostics[0];
  const lead = first
    ? `${first.code} at ${first.range.start.line}:${first.range.start.column}: ${first.message}`
    : "the source has problems";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
  return failure("diagnostics", lead + more, { diagnostics: diagnostics.map(toJson) });
}

/** A bridge call failed: its code (connection_refused, timeout, the bridge's own code) is the tool's. */
export function bridgeFailure(err: BridgeError): ToolFailure {
  return failure(err.code, err.oneLine(), { details: { kind: err.kind, status: err.status ?? null } });
}

/**
 * The wire form. A failure carries no structuredContent: clients check structuredContent against
 * the tool's output schema even on errors, so the error JSON goes in a second text block instead.
 */
export function toCallToolResult<T>(outcome: ToolOutcome<T>): CallToolResult {
  if (outcome.ok) {
    return {
      content: [{ type: "text", text: outcome.text }, ...(outcome.blocks ?? [])],
      structuredContent: outcome.data as Record<string, unknown>,
      ...(outcome.isError ? { isError: true } : {}),
    };
  }
  return {
    isError: true,
    content: [
      { type: "text", text: `error ${outcome.error.code}: ${outcome.error.message}` },
      { type: "text", text: JSON.stringify({ error: outcome.error }) },
    ],
  };
}
