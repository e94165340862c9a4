/**
 * Output guards (runtime/show/guards.ts) as a plan and an export see them: a Switch TOP named after
 * the output it stands in front of (`out1_svc_guard`, `out1_svc_standby`), not svc's own node, wired
 * into that output's input 0, with its picture (`out1_svc_safe`, `out1_svc_standby_picture`) in its
 * input 1. Guards belong to the chain that wired them, not to the output's network: a plan reads the
 * wire through them as the wire they stand in for, and remembers the guards (`via`) so an apply that
 * rewires the output rewires the guard's input instead, and the protection stays.
 */
import type { NetworkState, WireState } from "./network-state.js";

export const GUARD_SUFFIXES = ["_svc_guard", "_svc_standby"] as const;
/** Each guard's picture, by the same index: the Select TOP in its input 1. */
export const GUARD_PICTURE_SUFFIXES = ["_svc_safe", "_svc_standby_picture"] as const;
const GUARD_TYPE = "switchTOP";
/** Guards stack (a standby guard in front of a safety guard): followed this many deep at most. */
const MAX_STACK = 4;

/**
 * A wire as a plan reads it. `via`: the guards it passes through, from the output's side to the
 * source's; the wire really lands in the last one's input 0.
 */
export interface PlanWire extends WireState {
  via?: string[];
}

export interface GuardedWires {
  wires: PlanWire[];
  /** Every guarded output and its guards (output's side first), including one whose guards are fed by nothing. */
  guarded: Map<string, string[]>;
}

export function isGuardOf(guardPath: string, outputPath: string, type: string | undefined): boolean {
  return type === GUARD_TYPE && GUARD_SUFFIXES.some((s) => guardPath === `${outputPath}${s}`);
}

/**
 * The wires with each guard looked through: a wire from a guard into input 0 of the output it
 * guards becomes a wire from what feeds the bottom guard's input 0 (none when nothing does).
 * `typeOf` gives a live node's type; `owned` says whether svc owns a node (svc's own nodes are never
 * taken for guards).
 */
export function seeThroughGuards(
  wires: readonly WireState[],
  typeOf: (path: string) => string | undefined,
  owned: (path: string) => boolean,
): GuardedWires {
  const feed = new Map(wires.filter((w) => w.toInput === 0).map((w) => [w.to, w] as const));
  const guarded = new Map<string, string[]>();
  const out: PlanWire[] = [];
  for (const w of wires) {
    const via: string[] = [];
    let from: WireState | undefined = w;
    while (w.toInput === 0 && from !== undefined && via.length < MAX_STACK) {
      const guard: string = from.from;
      if (owned(guard) || !isGuardOf(guard, w.to, typeOf(guard))) break;
      via.push(guard);
      from = feed.get(guard);
    }
    if (via.length === 0) {
      out.push(w);
      continue;
    }
    guarded.set(w.to, via);
    if (from !== undefined) out.push({ ...w, from: from.from, fromOutput: from.fromOutput, via });
  }
  return { wires: out, guarded };
}

/**
 * The network without the guards in front of its outputs and their pictures, wires read through
 * them: what the network's own source says, for an export.
 */
export function withoutGuards(state: NetworkState, owned: (path: string) => boolean): NetworkState {
  const { wires, guarded } = seeThroughGuards(state.wires, (p) => state.nodes.get(p)?.type, owned);
  const gone = new Set<string>();
  for (const [output, via] of guarded) {
    for (const guard of via) {
      gone.add(guard);
      const index = GUARD_SUFFIXES.findIndex((s) => guard === `${output}${s}`);
      const picture = `${output}${GUARD_PICTURE_SUFFIXES[index]}`;
      // The picture goes with its guard only when it is the guard's (unowned, feeding nothing else).
      if (!owned(picture) && state.wires.every((x) => x.from !== picture || x.to === guard)) gone.add(picture);
    }
  }
  if (gone.size === 0) return state;
  const nodes = new Map([...state.nodes].filter(([path]) => !gone.has(path)));
  const kept = wires.filter((w) => !gone.has(w.from) && !gone.has(w.to)).map(({ via: _via, ...w }) => w);
  return { root: state.root, nodes, wires: kept };
}
