/**
 * When a bridge is configured: a "plan" and an "apply" code lens on each network, run by the server
 * (workspace/executeCommand), and what the live project reports (plan conflicts, apply failures,
 * cook errors found by verify) shown as diagnostics at the lines that built the nodes, until the
 * document changes.
 */
import type { CodeLens } from "vscode-languageserver";
import type { Diagnostic } from "../../diagnostics/index.js";
import type * as ast from "../../grammar/ast.js";
import { toLspRange } from "./convert.js";

export const LIVE_COMMANDS = ["svc.plan", "svc.apply"] as const;
export type LiveCommand = (typeof LIVE_COMMANDS)[number];

export function liveCodeLenses(uri: string, program: ast.Program): CodeLens[] {
  return program.networks.flatMap((n) => [
    { range: toLspRange(n.name.range), command: { title: "svc: plan", command: "svc.plan", arguments: [uri] } },
    { range: toLspRange(n.name.range), command: { title: "svc: apply", command: "svc.apply", arguments: [uri] } },
  ]);
}

export interface LiveRun {
  ok: boolean;
  /** The plan as `svc plan` prints it, and what happened. */
  text: string;
  diagnostics: Diagnostic[];
}

/** Plans or applies the document's text against the bridge at `url`. */
export async function runLive(command: LiveCommand, url: string, text: string, file: string): Promise<LiveRun> {
  const { BridgeClient, bridgeConfigFromEnv, planFile, applyFile, renderPlanText } = await import("../engine/index.js");
  const client = new BridgeClient(bridgeConfigFromEnv({ ...process.env, SVC_BRIDGE_URL: url }));
  try {
    const result = await (command === "svc.apply" ? applyFile : planFile)(client, { text, file });
    const plans = result.plans.map((p) => renderPlanText(p.plan)).join("\n");
    const done = command === "svc.apply" ? (result.ok ? "Applied." : "Not applied: see the problems.") : "";
    return { ok: result.ok, text: [plans, done].filter(Boolean).join("\n"), diagnostics: result.diagnostics };
  } catch (error) {
    return {
      ok: false,
      text: `svc: the bridge at ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
      diagnostics: [],
    };
  } finally {
    await client.close();
  }
}
