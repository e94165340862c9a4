/**
 * Runs ELK on a graph, in this thread or in a pool of worker threads, so that laying out a large
 * program neither stalls a server's event loop nor uses one core when the machine has more.
 * ELK's result is the same in any thread: each layout starts from a fixed seed.
 *
 * The workers are kept between layouts (and do not keep the process alive): ELK is a large
 * compiled program whose first layouts in a thread are several times slower than later ones (its
 * JIT warms up). Hence:
 * - a worker can be started before the program is even parsed (`startLayoutPool`, called by
 *   compile() for a large source), so it loads ELK while the compiling thread parses and checks;
 * - a second worker starts only for a program large enough to repay its warm-up;
 * - levels wait in one queue, largest first, and each worker is sent a few at a time, the next
 *   as it answers one: a worker's first layouts take several times longer than its later ones, so
 *   sharing all levels out in advance would leave one worker idle while another still has a queue.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ELK, ElkNode } from "elkjs/lib/elk-api.js";
import { warmUpGraph } from "./elk-graph.js";
import { elkSource, evaluateElk, EVALUATE_ELK, type ElkSource } from "./elk-source.js";
import { TD_GEOMETRY } from "./geometry.js";

/** Programs with more nodes than this (all levels together) are laid out in the worker pool. */
export const WORKER_THRESHOLD = 300;

/**
 * At most this many worker threads, and one core fewer than the machine has: the compiling thread
 * (an MCP server's) keeps a core, and each thread's JIT compiles ELK on V8's background threads
 * too. On two cores a second worker made a cold 10,000-node compile 1.26x the time of laying
 * every level out in the compiling thread (bench/README.md, "Cold compile").
 */
const MAX_WORKERS = 4;

/**
 * Another worker is started only for this many nodes waiting per worker: each new thread pays
 * ELK's warm-up again (its first layouts run several times slower), which a small program's few
 * levels do not repay.
 */
const NODES_PER_WORKER = 2_000;

let inThread: ELK | undefined;
let source: ElkSource | undefined;

/** Read on first use, not at import: ELK is a large program that `svc check` never needs. */
function theSource(): ElkSource {
  source ??= elkSource();
  return source;
}

/**
 * ELK's layout of `graph`: the nodes' boxes (`children` with x, y, width, height). svc's ELK writes
 * no port, edge or label layout back (elk-source.ts); from a worker, only the boxes come back.
 * Once `signal` is aborted a layout not yet begun is not run (it rejects with the signal's reason).
 */
export async function runElk(
  graph: ElkNode,
  useWorker = (graph.children?.length ?? 0) > WORKER_THRESHOLD,
  signal?: AbortSignal,
): Promise<ElkNode> {
  if (!useWorker) {
    // After the caller's synchronous work (a compile checks its program meanwhile), and not at all
    // once it has given up.
    await undefined;
    signal?.throwIfAborted();
    inThread ??= new (evaluateElk(theSource()))();
    return inThread.layout(graph);
  }
  return pool().run(graph, signal);
}

/**
 * Starts one worker, if none runs: for a caller that knows a large layout is coming. Only one: the
 * levels may all come from a cache, and on two cores a second thread loading ELK meanwhile would
 * slow the parse; another starts when enough levels wait (`NODES_PER_WORKER`).
 */
export function startLayoutPool(): void {
  pool().start(1);
}

/** Worker threads running (started and not dead). */
export function layoutWorkers(): number {
  return shared?.live ?? 0;
}

// A few lines of CommonJS evaluated in the new thread, which evaluates ELK's text as sent. Only
// the nodes' boxes go back (layout.ts uses nothing else): the whole answer, with ports and edge
// routes, is about ten times larger; a structured copy of a 100-node level's took 1.7 ms, of its
// boxes 0.14 ms, and half of each copy is made on the compiling thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
${EVALUATE_ELK}
const elk = new (evaluateElk(require, workerData.source))();
// First, while the compiling thread still parses: layouts run in order, so a level sent meanwhile waits for this one.
elk.layout(workerData.warmUp).catch(() => undefined);
const boxes = (laid) => ({ id: laid.id, children: (laid.children || []).map(({ id, x, y, width, height }) => ({ id, x, y, width, height })) });
parentPort.on("message", ({ id, graph }) => {
  elk.layout(graph).then(
    (result) => parentPort.postMessage({ id, ok: true, result: boxes(result) }),
    (error) => parentPort.postMessage({ id, ok: false, message: String((error && error.message) || error) }),
  );
});
`;

type Reply = { id: number; ok: true; result: ElkNode } | { id: number; ok: false; message: string };

interface Job {
  graph: ElkNode;
  size: number;
  signal: AbortSignal | undefined;
  resolve(g: ElkNode): void;
  reject(e: Error): void;
}

/**
 * Levels a worker is sent before it has answered the earlier ones. More than one, so that a worker
 * has its next level while the compiling thread is busy (lowering the program while its levels are
 * laid out) instead of waiting for that thread to hand it one; few, so that levels are still
 * shared out largest first among several workers.
 */
const IN_FLIGHT = 4;

/**
 * A layout worker's young generation, twice V8's default for a worker thread (48 MB). ELK makes a
 * great many short-lived objects; with room for more of them between collections, fewer survive
 * into the old generation. A cold 10,000-node compile took 0.85x the time (median of 9 pairs) and
 * 0.86x the processor time; 1,000 nodes were unchanged (bench/README.md, "Cold compile").
 */
const YOUNG_GENERATION_MB = 96;

/** One thread with ELK loaded; lays out the levels it is sent one after another, in order. */
class LayoutWorker {
  private readonly worker: Worker;
  private readonly sent = new Map<number, Job>();
  private nextId = 0;
  broken = false;

  constructor(
    elk: ElkSource,
    private readonly finished: () => void,
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      workerData: { source: elk, warmUp: warmUpGraph(TD_GEOMETRY) },
    });
    this.worker.on("message", (m: Reply) => {
      const job = this.sent.get(m.id);
      if (job === undefined) return;
      this.sent.delete(m.id);
      // Keep the process alive while a layout is under way, not after.
      if (this.sent.size === 0) this.worker.unref();
      if (m.ok) job.resolve(m.result);
      else job.reject(new Error(`layout failed: ${m.message}`));
      this.finished();
    });
    const fail = (e: Error) => {
      this.broken = true;
      for (const job of this.sent.values()) job.reject(e);
      this.sent.clear();
      this.finished();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`layout worker exited with code ${code}`)));
    // Unref'd after its listeners: in Node 20 a 'message' listener added to a Worker refs it again, and
    // a worker started ahead that is never sent a level would then keep the process from exiting.
    this.worker.unref();
  }

  /** Nodes sent and not yet answered. */
  get pendingNodes(): number {
    let n = 0;
    for (const job of this.sent.values()) n += job.size;
    return n;
  }

  get canTake(): boolean {
    return this.sent.size < IN_FLIGHT && !this.broken;
  }

  run(job: Job): void {
    const id = this.nextId++;
    this.sent.set(id, job);
    this.worker.ref();
    this.worker.postMessage({ id, graph: job.graph });
  }
}

/** Levels wait here, largest first; a worker with room takes the next. A worker that died is replaced. */
class LayoutPool {
  private readonly workers: (LayoutWorker | undefined)[];
  private readonly queue: Job[] = [];
  /** Nodes in the queue, kept as levels come and go (a program may send thousands of levels). */
  private queuedNodes = 0;
  /** Signals listened to: one listener each, however many levels a program sends. */
  private readonly watched = new WeakSet<AbortSignal>();

  constructor(size: number) {
    this.workers = new Array<LayoutWorker | undefined>(size).fill(undefined);
  }

  get live(): number {
    return this.workers.filter((w) => w !== undefined && !w.broken).length;
  }

  /** Has at least `count` live workers (up to the pool's size). */
  start(count: number): void {
    let live = this.live;
    for (let i = 0; i < this.workers.length && live < count; i++) {
      const w = this.workers[i];
      if (w !== undefined && !w.broken) continue;
      this.workers[i] = new LayoutWorker(theSource(), () => this.dispatch());
      live++;
    }
  }

  /**
   * Queued behind any larger or equal-sized level already waiting, and handed out at once: a
   * caller with many levels sends the largest first (layout.ts does), so that a worker starts on
   * the first while the others are still being prepared.
   */
  run(graph: ElkNode, signal?: AbortSignal): Promise<ElkNode> {
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      const size = graph.children?.length ?? 0;
      // Searched from the back: levels usually arrive largest first, so the place is found at once.
      let at = this.queue.length;
      while (at > 0 && this.queue[at - 1]!.size < size) at--;
      this.queue.splice(at, 0, { graph, size, signal, resolve, reject });
      this.queuedNodes += size;
      if (signal !== undefined && !this.watched.has(signal)) {
        this.watched.add(signal);
        signal.addEventListener("abort", () => this.drop(signal), { once: true });
      }
      this.dispatch();
    });
  }

  /** The levels still waiting that `signal` sent are dropped; those sent to a worker run, their answers unused. */
  private drop(signal: AbortSignal): void {
    const dropped = this.queue.filter((j) => j.signal === signal);
    if (dropped.length === 0) return;
    const kept = this.queue.filter((j) => j.signal !== signal);
    this.queue.length = 0;
    for (const job of kept) this.queue.push(job);
    for (const job of dropped) {
      this.queuedNodes -= job.size;
      job.reject(signal.reason as Error);
    }
  }

  private dispatch(): void {
    if (this.queue.length === 0) return;
    let outstanding = this.queuedNodes;
    for (const w of this.workers) if (w !== undefined && !w.broken) outstanding += w.pendingNodes;
    this.start(Math.ceil(outstanding / NODES_PER_WORKER));
    // Round by round, so that several workers each get the largest levels left.
    for (let sent = true; sent && this.queue.length > 0;) {
      sent = false;
      for (const w of this.workers) {
        if (w === undefined || !w.canTake || this.queue.length === 0) continue;
        const job = this.queue.shift()!;
        this.queuedNodes -= job.size;
        w.run(job);
        sent = true;
      }
    }
  }
}

let shared: LayoutPool | undefined;

function pool(): LayoutPool {
  shared ??= new LayoutPool(Math.max(1, Math.min(MAX_WORKERS, availableParallelism() - 1)));
  return shared;
}
