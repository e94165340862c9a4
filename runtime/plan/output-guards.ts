/**
 * Output guards (runtime/show/guards.ts) as a plan sees them: a Switch TOP named after the output it
 * stands in front of (`out1_svc_guard`, `out1_svc_standby`), not svc's own node, wired into that
 * output. The plan reads such a wire as the guard's own input 0, so a protected output's network
 * plans to nothing and an apply never takes the guard out by rewiring the output.
 */
import type { WireState } from "./network-state.js";

export const GUARD_SUFFIXES = ["_svc_guard", "_svc_standby"] as const;
const GUARD_TYPE = "switchTOP";
/** Guards stack (a standby guard in front of a safety guard): followed this many deep at most. */
const MAX_STACK = 4;

export function isGuardOf(guardPath: string, outputPath: string, type: string | undefined): boolean {
  return type === GUARD_TYPE && GUARD_SUFFIXES.some((s) => guardPath === `${outputPath}${s}`);
}

/**
 * The wires with each guard looked through: a wire from a guard into the output it guards becomes a
 * wire from what feeds the guard's input 0. `typeOf` gives a live node's type; `owned` says whether
 * svc owns a node (svc's own nodes are never taken for guards).
 */
export function seeThroughGuards(wires: readonly WireState[], typeOf: (path: string) => string | undefined, owned: (path: string) => boolean): WireState[] {
  const feed = new Map(wires.filter((w) => w.toInput === 0).map((w) => [w.to, w] as const));
  return wires.map((w) => {
    let out = w;
    for (let depth = 0; depth < MAX_STACK; depth++) {
      const guard = out.from;
      if (owned(guard) || !isGuardOf(guard, guardTarget(guard), typeOf(guard)) || guardTarget(guard) !== stackBase(w.to)) break;
      const source = feed.get(guard);
      if (source === undefined) break;
      out = { ...out, from: source.from, fromOutput: source.fromOutput };
    }
    return out;
  });
}

/** The output a guard is named after. */
function guardTarget(guard: string): string {
  for (const s of GUARD_SUFFIXES) if (guard.endsWith(s)) return guard.slice(0, -s.length);
  return guard;
}

/** The output at the bottom of a stack of guards (a guard wired into another guard of the same output). */
function stackBase(to: string): string {
  return guardTarget(to);
}
