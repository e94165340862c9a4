/**
 * Runs ELK on a graph, in this thread or in a pool of worker threads, so that laying out a large
 * program neither stalls a server's event loop nor uses one core when the machine has more.
 * ELK's result is the same in any thread: each layout starts from a fixed seed.
 *
 * The workers are kept between layouts (and do not keep the process alive): ELK is a large
 * compiled program whose first run in a thread is several times slower than the next ones.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ELK, ElkNode } from "elkjs/lib/elk-api.js";

const require = createRequire(import.meta.url);

/** Programs with more nodes than this (all levels together) are laid out in the worker pool. */
export const WORKER_THRESHOLD = 300;

/** At most this many worker threads, and never more than the machine's cores. */
const MAX_WORKERS = 4;

let inThread: ELK | undefined;

export async function runElk(graph: ElkNode, useWorker = (graph.children?.length ?? 0) > WORKER_THRESHOLD): Promise<ElkNode> {
  if (!useWorker) {
    // Required on first use, not at import: ELK is a large program that `svc check` never needs.
    // elkjs ships CommonJS; its bundled build exports the constructor itself.
    inThread ??= new (require("elkjs/lib/elk.bundled.js") as new () => ELK)();
    return inThread.layout(graph);
  }
  return pool().run(graph);
}

// A few lines of CommonJS evaluated in the new thread; it loads ELK from the path this module
// resolves, so it works the same from the TypeScript sources and from the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const ELK = require(workerData.elkPath);
const elk = new ELK();
parentPort.on("message", ({ id, graph }) => {
  elk.layout(graph).then(
    (result) => parentPort.postMessage({ id, ok: true, result }),
    (error) => parentPort.postMessage({ id, ok: false, message: String((error && error.message) || error) }),
  );
});
`;

type Reply = { id: number; ok: true; result: ElkNode } | { id: number; ok: false; message: string };

class LayoutWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (g: ElkNode) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  broken = false;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { elkPath: require.resolve("elkjs/lib/elk.bundled.js") } });
    this.worker.unref();
    this.worker.on("message", (m: Reply) => {
      const waiting = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) this.worker.unref();
      if (waiting === undefined) return;
      if (m.ok) waiting.resolve(m.result);
      else waiting.reject(new Error(`layout failed: ${m.message}`));
    });
    const fail = (e: Error) => {
      this.broken = true;
      for (const w of this.pending.values()) w.reject(e);
      this.pending.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`layout worker exited with code ${code}`)));
  }

  /** Layouts sent and not answered yet. */
  get load(): number {
    return this.pending.size;
  }

  run(graph: ElkNode): Promise<ElkNode> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Keep the process alive while a layout is under way, not after.
      this.worker.ref();
      this.worker.postMessage({ id, graph });
    });
  }
}

/** Sends each layout to the worker with the fewest layouts outstanding; a worker that died is replaced. */
class LayoutPool {
  private readonly workers: (LayoutWorker | undefined)[];

  constructor(size: number) {
    this.workers = new Array<LayoutWorker | undefined>(size).fill(undefined);
  }

  run(graph: ElkNode): Promise<ElkNode> {
    const live = this.workers.filter((w): w is LayoutWorker => w !== undefined && !w.broken);
    const idle = live.find((w) => w.load === 0);
    if (idle !== undefined) return idle.run(graph);
    // Start another thread while there is room; otherwise queue behind the least busy one.
    const free = this.workers.findIndex((w) => w === undefined || w.broken);
    if (free >= 0) return (this.workers[free] = new LayoutWorker()).run(graph);
    return live.reduce((a, b) => (b.load < a.load ? b : a)).run(graph);
  }
}

let shared: LayoutPool | undefined;

function pool(): LayoutPool {
  shared ??= new LayoutPool(Math.max(1, Math.min(MAX_WORKERS, availableParallelism())));
  return shared;
}
