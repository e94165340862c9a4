/**
 * Panic and release: finds the safety chains in the project (COMPs holding the table of protected
 * outputs), sets their Panic toggle with the node PATCH route (open with exec closed), and reads back
 * what every protected output now shows. Idempotent: a panic on a chain already in panic writes
 * nothing and says so. Used by `svc panic` and by the create_panic tool.
 */
import { type BridgeClient, encodePath } from "../engine/index.js";
import { guardState } from "./guards.js";
import { PROTECTED_TABLE } from "./safety-network.js";

/** Bounds of the search for safety chains: the table is found at most this deep and this many. */
const SEARCH_DEPTH = 8;
const MAX_CHAINS = 32;
const MAX_OUTPUTS = 64;

interface OutputReport {
  output: string;
  /** guarded: its guard is wired and follows Panic; the others are not protected. */
  state: "guarded" | "unguarded" | "missing";
  detail: string;
}

interface ChainReport {
  chain: string;
  /** Panic after the call. */
  panic: boolean;
  /** Whether this call changed Panic (false: it already was so). */
  changed: boolean;
  outputs: OutputReport[];
}

export interface PanicReport {
  engage: boolean;
  chains: ChainReport[];
  /** Outputs a panic does not reach: no guard in front of them, or gone. */
  unprotected: number;
  /** The search for chains stopped at a bound before it was complete. */
  searchComplete: boolean;
}

interface SearchReply {
  results: Array<{ path: string; type: string }>;
  complete: boolean;
}

/** Every safety chain under `root`: the COMPs whose table of protected outputs the search finds. */
export async function findSafetyChains(
  bridge: BridgeClient,
  root = "/project1",
): Promise<{ chains: string[]; complete: boolean }> {
  const reply = await bridge.get<SearchReply>("/api/nodes/search", {
    root,
    name: PROTECTED_TABLE,
    type: "tableDAT",
    max_depth: SEARCH_DEPTH,
    limit: MAX_CHAINS,
  });
  const chains = reply.results
    .filter((r) => r.path.endsWith(`/${PROTECTED_TABLE}`))
    .map((r) => r.path.slice(0, -PROTECTED_TABLE.length - 1));
  return { chains: [...new Set(chains)].sort(), complete: reply.complete };
}

export async function protectedOutputs(bridge: BridgeClient, chain: string): Promise<string[]> {
  const { text } = await bridge.get<{ text: string }>(`/api/nodes/${encodePath(`${chain}/${PROTECTED_TABLE}`)}/text`);
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.startsWith("/"))
    .slice(0, MAX_OUTPUTS);
}

async function panicValue(bridge: BridgeClient, chain: string): Promise<boolean> {
  const r = await bridge.get<{ params: Array<{ name: string; value: unknown }> }>(
    `/api/nodes/${encodePath(chain)}/params`,
    { keys: "Panic" },
  );
  return Boolean(r.params[0]?.value);
}

async function reportOutput(bridge: BridgeClient, output: string, engage: boolean): Promise<OutputReport> {
  const s = await guardState(bridge, output);
  if (s.state === "missing") return { output, state: "missing", detail: "does not exist" };
  if (s.state === "unguarded") {
    const from = s.input ? `fed by ${s.input.source}` : "has no input";
    return {
      output,
      state: "unguarded",
      detail: `NOT PROTECTED: ${from}, not by its guard ${s.names.guard}; run create_safety_blackout_chain again`,
    };
  }
  return {
    output,
    state: "guarded",
    detail: engage ? `safe picture (through ${s.names.guard})` : `programme (through ${s.names.guard})`,
  };
}

/** Sets Panic on (engage) or off on every chain, then reads each back with its outputs. */
export async function setPanic(
  bridge: BridgeClient,
  engage: boolean,
  chains: readonly string[],
  searchComplete = true,
): Promise<PanicReport> {
  const reports: ChainReport[] = [];
  // Every chain first, then the readbacks: the outputs go dark together.
  const before = await Promise.all(chains.map((c) => panicValue(bridge, c)));
  await Promise.all(
    chains.map((c, i) =>
      before[i] === engage
        ? undefined
        : bridge.patch(`/api/nodes/${encodePath(c)}`, { parameters: { Panic: engage ? 1 : 0 } }),
    ),
  );
  for (const [i, chain] of chains.entries()) {
    const panic = await panicValue(bridge, chain);
    const outputs = await protectedOutputs(bridge, chain);
    reports.push({
      chain,
      panic,
      changed: before[i] !== panic,
      outputs: await Promise.all(outputs.map((o) => reportOutput(bridge, o, panic))),
    });
  }
  const unprotected = reports.reduce((n, r) => n + r.outputs.filter((o) => o.state !== "guarded").length, 0);
  return { engage, chains: reports, unprotected, searchComplete };
}

/** What `svc panic` prints: a line per chain and per output. */
export function panicText(report: PanicReport, label = ""): string {
  const lines: string[] = [];
  const prefix = label ? `${label}: ` : "";
  if (report.chains.length === 0)
    lines.push(`${prefix}no safety chain found (build one with create_safety_blackout_chain or create_panic)`);
  for (const c of report.chains) {
    const what = report.engage
      ? c.changed
        ? "PANIC ON"
        : "PANIC ON (already on)"
      : c.changed
        ? "released"
        : "released (already off)";
    lines.push(`${prefix}${c.chain}: ${what}`);
    for (const o of c.outputs) lines.push(`${prefix}  ${o.output}: ${o.detail}`);
  }
  if (!report.searchComplete)
    lines.push(
      `${prefix}warning: the search for safety chains stopped at its bound; chains deeper than ${SEARCH_DEPTH} levels may be missed`,
    );
  if (report.unprotected > 0) lines.push(`${prefix}warning: ${report.unprotected} output(s) not protected`);
  return lines.join("\n");
}
