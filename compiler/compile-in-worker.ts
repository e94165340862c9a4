/**
 * The whole compile (parse, resolve, check, layout, lower) in a worker thread, so the thread that
 * called it keeps answering: an MCP server compiling 10,000 nodes is otherwise blocked for seconds
 * by the parts of the compile that run before and after the layout's own workers. One worker is
 * kept and reused (its modules and ELK stay warm; the layout cache lives there), and it does not
 * keep the process alive. The result is the same as `compile()`'s: the worker's result is copied
 * across by structured clone. A compile the worker cannot reproduce (a host without a spec, a
 * custom parse function, a rootPath function) runs in this thread instead, as does one called from
 * TypeScript source (tests), which has no built worker file to start.
 */
import { Worker } from "node:worker_threads";
import { compile, type CompileInput, type CompileOptions, type CompileResult } from "./index.js";

/** A compile's result, and the canonical text (printed from its parse) of the file asked for. */
export interface WorkerCompile {
  result: CompileResult;
  canonical?: string;
}

interface Job {
  resolve(done: WorkerCompile): void;
  reject(err: Error): void;
}

let worker: Worker | undefined;
let nextId = 0;
const jobs = new Map<number, Job>();

function failAll(err: Error): void {
  for (const job of jobs.values()) job.reject(err);
  jobs.clear();
  worker = undefined;
}

function theWorker(): Worker {
  if (worker !== undefined) return worker;
  const w = new Worker(new URL("./compile-worker.js", import.meta.url));
  w.unref();
  w.on("message", (msg: { id: number; result?: CompileResult; canonical?: string; error?: string }) => {
    const job = jobs.get(msg.id);
    if (job === undefined) return;
    jobs.delete(msg.id);
    if (jobs.size === 0) w.unref();
    if (msg.error !== undefined) job.reject(new Error(msg.error));
    else job.resolve({ result: msg.result!, ...(msg.canonical === undefined ? {} : { canonical: msg.canonical }) });
  });
  w.on("error", (err) => failAll(err));
  w.on("exit", (code) => failAll(new Error(`the compile worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/** Whether `compileInWorker` can hand these options to the worker. */
export function workerCanCompile(options: CompileOptions): boolean {
  return import.meta.url.endsWith(".js") && (options.host === undefined || options.host.spec !== undefined) && options.parse === undefined && typeof options.rootPath !== "function";
}

/** Compiles `input` in the worker; `canonicalFile` names a source file whose canonical text to print there too. */
export async function compileInWorker(input: CompileInput, options: CompileOptions = {}, canonicalFile?: string): Promise<WorkerCompile> {
  if (!workerCanCompile(options)) return { result: await compile(input, options) };
  const { host, ...rest } = options;
  const w = theWorker();
  const id = nextId++;
  const done = new Promise<WorkerCompile>((resolve, reject) => jobs.set(id, { resolve, reject }));
  // While a compile is running the worker keeps the process alive, as compile() in this thread would.
  w.ref();
  w.postMessage({ id, input, options: rest, host: host?.spec, ...(canonicalFile === undefined ? {} : { canonical: canonicalFile }) });
  return done;
}
