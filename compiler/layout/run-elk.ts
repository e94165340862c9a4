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
 * - levels wait in one queue, largest first, and each worker takes the next when it finishes one:
 *   a worker's first layouts take several times longer than its later ones, so sharing levels out
 *   in advance would leave one worker idle while the other still has a queue.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ELK, ElkNode } from "elkjs/lib/elk-api.js";
import { elkSource, evaluateElk, EVALUATE_ELK, type ElkSource } from "./elk-source.js";

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
 */
export async function runElk(graph: ElkNode, useWorker = (graph.children?.length ?? 0) > WORKER_THRESHOLD): Promise<ElkNode> {
  if (!useWorker) {
    inThread ??= new (evaluateElk(theSource()))();
    return inThread.layout(graph);
  }
  return pool().run(graph);
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
  resolve(g: ElkNode): void;
  reject(e: Error): void;
}

/** One thread with ELK loaded; lays out one level at a time. */
class LayoutWorker {
  private readonly worker: Worker;
  private job: Job | undefined;
  private nextId = 0;
  broken = false;

  constructor(
    elk: ElkSource,
    private readonly finished: () => void,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { source: elk } });
    this.worker.unref();
    this.worker.on("message", (m: Reply) => {
      const job = this.job;
      if (job === undefined || m.id !== this.nextId - 1) return;
      this.job = undefined;
      this.worker.unref();
      if (m.ok) job.resolve(m.result);
      else job.reject(new Error(`layout failed: ${m.message}`));
      this.finished();
    });
    const fail = (e: Error) => {
      this.broken = true;
      this.job?.reject(e);
      this.job = undefined;
      this.finished();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`layout worker exited with code ${code}`)));
  }

  get idle(): boolean {
    return this.job === undefined && !this.broken;
  }

  run(job: Job): void {
    this.job = job;
    // Keep the process alive while a layout is under way, not after.
    this.worker.ref();
    this.worker.postMessage({ id: this.nextId++, graph: job.graph });
  }
}

/** Levels wait here, largest first; an idle worker takes the next. A worker that died is replaced. */
class LayoutPool {
  private readonly workers: (LayoutWorker | undefined)[];
  private readonly queue: Job[] = [];
  private dispatching = false;

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

  run(graph: ElkNode): Promise<ElkNode> {
    return new Promise((resolve, reject) => {
      const size = graph.children?.length ?? 0;
      // After any equal-sized level already waiting: levels of one size go in the order sent.
      let at = this.queue.findIndex((j) => j.size < size);
      if (at < 0) at = this.queue.length;
      this.queue.splice(at, 0, { graph, size, resolve, reject });
      // The levels of a program are sent in one go: hand them out once all are in the queue, so
      // that the largest go first.
      if (!this.dispatching) {
        this.dispatching = true;
        queueMicrotask(() => {
          this.dispatching = false;
          this.dispatch();
        });
      }
    });
  }

  private dispatch(): void {
    if (this.queue.length === 0) return;
    const waiting = this.queue.reduce((n, j) => n + j.size, 0);
    this.start(Math.ceil(waiting / NODES_PER_WORKER));
    for (const w of this.workers) {
      const job = w?.idle === true ? this.queue.shift() : undefined;
      if (job === undefined) continue;
      w!.run(job);
      if (this.queue.length === 0) return;
    }
  }
}

let shared: LayoutPool | undefined;

function pool(): LayoutPool {
  shared ??= new LayoutPool(Math.max(1, Math.min(MAX_WORKERS, availableParallelism() - 1)));
  return shared;
}
