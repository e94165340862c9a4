/**
 * Runs ELK on a graph, in this thread for small graphs and in a worker thread for large ones, so a
 * long layout does not stall a server's event loop. ELK's result is the same either way.
 *
 * The worker is kept between layouts (and does not keep the process alive): ELK is a large
 * compiled program whose first run in a thread is several times slower than the next ones.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { ELK, ElkNode } from "elkjs/lib/elk-api.js";

const require = createRequire(import.meta.url);

/** Graphs with more nodes than this are laid out in a worker thread. */
export const WORKER_THRESHOLD = 300;

let inThread: ELK | undefined;

export async function runElk(graph: ElkNode, useWorker = (graph.children?.length ?? 0) > WORKER_THRESHOLD): Promise<ElkNode> {
  if (!useWorker) {
    // Required on first use, not at import: ELK is a large program that `svc check` never needs.
    // elkjs ships CommonJS; its bundled build exports the constructor itself.
    inThread ??= new (require("elkjs/lib/elk.bundled.js") as new () => ELK)();
    return inThread.layout(graph);
  }
  return layoutWorker().run(graph);
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

let worker: LayoutWorker | undefined;

function layoutWorker(): LayoutWorker {
  if (worker === undefined || worker.broken) worker = new LayoutWorker();
  return worker;
}
