/**
 * The whole compile (parse, resolve, check, layout, lower) in a worker thread, so the thread that
 * called it keeps answering: an MCP server compiling 10,000 nodes is otherwise blocked for seconds
 * by the parts of the compile that run before and after the layout's own workers. One worker is
 * kept and reused (its modules and ELK stay warm; the layout cache lives there), and it does not
 * keep the process alive. What comes back is copied by structured clone, in messages small enough
 * that this thread answers between them: the worker sends the next one only when this thread asks
 * for it, after it has taken in the last (messages already waiting are all taken in one turn). A compile the worker cannot reproduce (a host without a spec, a
 * custom parse function, a rootPath function) runs in this thread instead, as does one called from
 * TypeScript source (tests), which has no built worker file to start.
 */
import { Worker } from "node:worker_threads";
import type { CompileInput, CompileOptions, CompileResult, Operation } from "./index.js";

/**
 * What a plan needs of a compile: its diagnostics, operations and source texts, and the canonical
 * text (printed from its parse) of the file asked for. The program model stays in the worker:
 * copying it back cost seconds at 10,000 nodes, on the thread this is meant to keep free.
 */
export interface WorkerCompile {
  diagnostics: CompileResult["diagnostics"];
  operations?: Operation[];
  sources: ReadonlyMap<string, string>;
  canonical?: string;
}

/** Operations per message: each message is copied in on this thread in one go, so each stays small. */
export const OPERATIONS_PER_MESSAGE = 1_000;

interface Job {
  operations: Operation[];
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

type Message =
  | { id: number; operations: Operation[] }
  | {
      id: number;
      done: {
        diagnostics: WorkerCompile["diagnostics"];
        lowered: boolean;
        sources: Map<string, string>;
        canonical?: string;
      };
    }
  | { id: number; error: string };

function theWorker(): Worker {
  if (worker !== undefined) return worker;
  const w = new Worker(new URL("./compile-worker.js", import.meta.url));
  w.on("message", (msg: Message) => {
    const job = jobs.get(msg.id);
    if (job === undefined) return;
    if ("operations" in msg) {
      for (const op of msg.operations) job.operations.push(op);
      w.postMessage({ id: msg.id, next: true });
      return;
    }
    jobs.delete(msg.id);
    if (jobs.size === 0) w.unref();
    if ("error" in msg) return job.reject(new Error(msg.error));
    const { diagnostics, lowered, sources, canonical } = msg.done;
    job.resolve({
      diagnostics,
      sources,
      ...(lowered ? { operations: job.operations } : {}),
      ...(canonical === undefined ? {} : { canonical }),
    });
  });
  w.on("error", (err) => failAll(err));
  w.on("exit", (code) => failAll(new Error(`the compile worker stopped (exit code ${code})`)));
  // After the listeners: a 'message' listener added to a Worker refs it again (Node 20).
  w.unref();
  worker = w;
  return w;
}

/** Whether `compileInWorker` can hand these options to the worker. */
export function workerCanCompile(options: CompileOptions): boolean {
  return (
    import.meta.url.endsWith(".js") &&
    (options.host === undefined || options.host.spec !== undefined) &&
    options.parse === undefined &&
    typeof options.rootPath !== "function"
  );
}

/** Compiles `input` in the worker; `canonicalFile` names a source file whose canonical text to print there too. */
export async function compileInWorker(
  input: CompileInput,
  options: CompileOptions = {},
  canonicalFile?: string,
): Promise<WorkerCompile> {
  if (!workerCanCompile(options)) {
    // Loaded only here: compiling in the worker, this thread never loads the compiler.
    const { compile } = await import("./index.js");
    const result = await compile(input, options);
    return {
      diagnostics: result.diagnostics,
      sources: result.program.sources,
      ...(result.operations === undefined ? {} : { operations: result.operations }),
    };
  }
  const { host, ...rest } = options;
  const w = theWorker();
  const id = nextId++;
  const done = new Promise<WorkerCompile>((resolve, reject) => jobs.set(id, { operations: [], resolve, reject }));
  // While a compile is running the worker keeps the process alive, as compile() in this thread would.
  w.ref();
  w.postMessage({
    id,
    input,
    options: rest,
    host: host?.spec,
    ...(canonicalFile === undefined ? {} : { canonical: canonicalFile }),
  });
  return done;
}
