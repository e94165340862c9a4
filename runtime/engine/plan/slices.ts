/**
 * Long pure computations written once as generators that `yield` between steps, run either to the
 * end in one go (tests, the CLI) or in slices with the event loop in between (an MCP server, which
 * must keep answering while it plans 10,000 nodes). Slicing only decides when to pause, never what
 * is computed, so both runs give the same result.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** How long one slice may hold the thread before it gives other work a turn. */
export const SLICE_MS = 20;

/** Runs the steps to the end without pausing. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs the steps, giving the event loop a turn whenever a slice has run for `sliceMs`. */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
