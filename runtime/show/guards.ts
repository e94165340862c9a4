/**
 * Guards in front of output TOPs, in each output's own COMP (TouchDesigner wires only between
 * siblings): a Switch TOP whose input 0 is what fed the output and whose input 1 is a Select TOP of
 * a chain COMP's `out1`. Its index is an expression of the chain COMP's toggle, so every guard
 * changes in the same cook as the toggle: one frame. Two kinds: a safety chain's (Panic on: the safe
 * picture) and a failover backup's (Live off: the standby picture).
 *
 * The guards are wired with one batch per output (all or nothing, one undo block). They carry no
 * `svc` tag: they belong to no network's source, so no plan removes them, and a plan reads the wire
 * from a guard into its output as the wire it stands in for (runtime/engine/plan/output-guards.ts), so the
 * protected network still plans to nothing. A guard taken out by hand is reported by `svc panic` as
 * unprotected, and running the tool again wires it back.
 */
import { type BridgeClient, encodePath, GUARD_PICTURE_SUFFIXES, GUARD_SUFFIXES, isGuardOf } from "../engine/index.js";

interface Wire {
  source: string;
  source_output: number;
  target: string;
  target_input: number;
}

interface NodeDetail {
  path: string;
  type: string;
  family?: string;
  parent: string | null;
  inputs: Wire[];
}

interface GuardNames {
  output: string;
  parent: string;
  guard: string;
  safe: string;
}

export type GuardState =
  | { state: "guarded"; names: GuardNames }
  | { state: "unguarded"; names: GuardNames; input: Wire | undefined }
  | { state: "missing"; names: GuardNames };

export interface GuardResult {
  output: string;
  guard: string;
  action: "inserted" | "kept";
}

/** What a guard follows: its node names' suffix and the Switch index expression of its chain's COMP. */
export interface GuardKind {
  guardSuffix: string;
  safeSuffix: string;
  expression(chain: string): string;
}

const opOf = (chain: string) => `op(${JSON.stringify(chain).replace(/"/g, "'")})`;

/** The safety chain's guard: index 1 (the safe picture) while Panic is on. The safe Python subset admits it. */
const PANIC_GUARD: GuardKind = {
  guardSuffix: GUARD_SUFFIXES[0],
  safeSuffix: GUARD_PICTURE_SUFFIXES[0],
  expression: (chain) => `int(${opOf(chain)}.par.Panic.eval())`,
};

/** A failover backup's guard: the standby picture until the chain's Live is on (it took over). */
export const STANDBY_GUARD: GuardKind = {
  guardSuffix: GUARD_SUFFIXES[1],
  safeSuffix: GUARD_PICTURE_SUFFIXES[1],
  expression: (chain) => `1 - int(${opOf(chain)}.par.Live.eval())`,
};

function guardNames(output: string, kind: GuardKind = PANIC_GUARD): GuardNames {
  const cut = output.lastIndexOf("/");
  const parent = output.slice(0, cut) || "/";
  const name = output.slice(cut + 1);
  return { output, parent, guard: `${parent}/${name}${kind.guardSuffix}`, safe: `${parent}/${name}${kind.safeSuffix}` };
}

async function detail(bridge: BridgeClient, path: string): Promise<NodeDetail | undefined> {
  try {
    return await bridge.get<NodeDetail>(`/api/nodes/${encodePath(path)}`);
  } catch (err) {
    if ((err as { status?: number }).status === 404) return undefined;
    throw err;
  }
}

/**
 * Whether the output exists and this kind's guard is in front of it: wired into its input 0, or
 * behind another guard of the same output (a standby guard in front of a safety guard).
 */
export async function guardState(
  bridge: BridgeClient,
  output: string,
  kind: GuardKind = PANIC_GUARD,
): Promise<GuardState> {
  const names = guardNames(output, kind);
  const node = await detail(bridge, output);
  if (node === undefined) return { state: "missing", names };
  const input = node.inputs.find((w) => w.target_input === 0);
  let feed = input;
  for (let depth = 0; feed !== undefined && depth < GUARD_SUFFIXES.length; depth++) {
    if (feed.source === names.guard) return { state: "guarded", names };
    if (!GUARD_SUFFIXES.some((s) => feed!.source === `${output}${s}`)) break;
    const guard = await detail(bridge, feed.source);
    if (guard === undefined || !isGuardOf(guard.path, output, guard.type)) break;
    feed = guard.inputs.find((w) => w.target_input === 0);
  }
  return { state: "unguarded", names, input };
}

export class GuardError extends Error {
  constructor(
    readonly code: "output-missing" | "not-a-top" | "output-unwired",
    message: string,
  ) {
    super(message);
  }
}

/** Checks every output before anything is wired: a bad one refuses the whole chain. */
export async function checkOutputs(bridge: BridgeClient, outputs: readonly string[]): Promise<void> {
  for (const output of outputs) {
    const node = await detail(bridge, output);
    if (node === undefined)
      throw new GuardError("output-missing", `${output} does not exist: protect a live output TOP`);
    if (!node.type.endsWith("TOP"))
      throw new GuardError("not-a-top", `${output} is a ${node.type}, not a TOP: the chain guards TOP outputs`);
    if (!node.inputs.some((w) => w.target_input === 0)) {
      throw new GuardError(
        "output-unwired",
        `${output} has nothing wired into its first input, so there is no picture to guard; wire its source first`,
      );
    }
  }
}

/**
 * Wires a guard in front of every output that has none; outputs already guarded are kept. One batch
 * per output (all or nothing each, and far below the bridge's per-request budget).
 */
export async function insertGuards(
  bridge: BridgeClient,
  safetyComp: string,
  outputs: readonly string[],
  kind: GuardKind = PANIC_GUARD,
): Promise<GuardResult[]> {
  await checkOutputs(bridge, outputs);
  const results: GuardResult[] = [];
  for (const output of outputs) {
    const operations: unknown[] = [];
    const s = await guardState(bridge, output, kind);
    if (s.state === "guarded") {
      // Kept, but pointed at this chain's Panic and safe picture (idempotent writes).
      operations.push(
        {
          action: "set_mode",
          path: s.names.guard,
          param: "index",
          mode: "expression",
          expr: kind.expression(safetyComp),
        },
        { action: "update", path: s.names.safe, parameters: { top: `${safetyComp}/out1` } },
      );
      await bridge.post("/api/batch", { operations });
      results.push({ output, guard: s.names.guard, action: "kept" });
      continue;
    }
    if (s.state !== "unguarded" || s.input === undefined) continue; // checkOutputs refused these
    const { names, input } = s;
    const exists = await detail(bridge, names.guard);
    if (exists === undefined) {
      operations.push(
        {
          action: "create",
          parent_path: names.parent,
          type: "switchTOP",
          name: names.guard.slice(names.parent.length + 1),
          placement: { below: output },
        },
        {
          action: "create",
          parent_path: names.parent,
          type: "selectTOP",
          name: names.safe.slice(names.parent.length + 1),
          placement: { below: names.guard },
        },
        {
          action: "set_meta",
          path: names.guard,
          comment: `Guard of ${output}: switched by ${safetyComp} (svc)`,
          color: [0.8, 0.1, 0.1],
        },
      );
    }
    operations.push(
      { action: "update", path: names.safe, parameters: { top: `${safetyComp}/out1` } },
      { action: "set_mode", path: names.guard, param: "index", mode: "expression", expr: kind.expression(safetyComp) },
      {
        action: "connect",
        source_path: input.source,
        source_output: input.source_output,
        target_path: names.guard,
        target_input: 0,
      },
      { action: "connect", source_path: names.safe, target_path: names.guard, target_input: 1 },
      { action: "connect", source_path: names.guard, target_path: output, target_input: 0 },
    );
    await bridge.post("/api/batch", { operations });
    results.push({ output, guard: names.guard, action: "inserted" });
  }
  return results;
}
