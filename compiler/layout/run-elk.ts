/**
 * Runs ELK on a graph, in this thread for small graphs and in a worker thread for large ones, so a
 * long layout does not stall a server's event loop. ELK's result is the same either way.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { ELK, ElkNode } from "elkjs/lib/elk-api.js";

const require = createRequire(import.meta.url);
// elkjs ships CommonJS; its bundled build exports the constructor itself.
const ElkConstructor = require("elkjs/lib/elk.bundled.js") as new () => ELK;

/** Graphs with more nodes than this are laid out in a worker thread. */
export const WORKER_THRESHOLD = 300;

let inThread: ELK | undefined;

export async function runElk(graph: ElkNode, useWorker = (graph.children?.length ?? 0) > WORKER_THRESHOLD): Promise<ElkNode> {
  if (!useWorker) {
    inThread ??= new ElkConstructor();
    return inThread.layout(graph);
  }
  return runInWorker(graph);
}

// The worker is a few lines of CommonJS evaluated in the new thread; it loads ELK from the path
// this module resolves, so it works the same from the TypeScript sources and from the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const ELK = require(workerData.elkPath);
new ELK().layout(workerData.graph).then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, message: String(error && error.message || error) }),
);
`;

function runInWorker(graph: ElkNode): Promise<ElkNode> {
  const elkPath = require.resolve("elkjs/lib/elk.bundled.js");
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { elkPath, graph } });
    let settled = false;
    worker.once("message", (m: { ok: true; result: ElkNode } | { ok: false; message: string }) => {
      settled = true;
      void worker.terminate();
      if (m.ok) resolve(m.result);
      else reject(new Error(`layout failed: ${m.message}`));
    });
    worker.once("error", (e) => {
      settled = true;
      reject(e);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`layout worker exited with code ${code}`));
    });
  });
}
