/** The compile worker's thread (compile-in-worker.ts): compiles what it is sent and posts the result back. */
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { compile, type CompileInput, type CompileOptions, type CompileResult, type Operation } from "./index.js";
import { OPERATIONS_PER_MESSAGE } from "./compile-in-worker.js";
import { diskHost, memoryHost, type CompilerHost, type HostSpec } from "./resolve/host.js";
import { confinedHost } from "./resolve/confined-host.js";
import { parse } from "../grammar/parse.js";
import { print } from "../grammar/print.js";

function hostOf(spec: HostSpec | undefined): CompilerHost | undefined {
  if (spec === undefined) return undefined;
  switch (spec.kind) {
    case "disk":
      return diskHost;
    case "memory":
      return memoryHost(new Map(spec.files));
    case "confined":
      return confinedHost(spec.roots, spec.what, spec.extensions);
  }
}

/**
 * Below the thread that asked (an MCP server's, which must answer a ping at once): on Linux a
 * thread's niceness is its own, and the layout workers this thread starts inherit it. Elsewhere
 * it would lower the whole process, so it is left alone there.
 */
export const COMPILE_NICENESS = 10;
if (process.platform === "linux") {
  try {
    setPriority(COMPILE_NICENESS);
  } catch {
    // Not allowed here (a sandbox): the compile runs at the caller's priority.
  }
}

interface Outgoing {
  operations: readonly Operation[];
  at: number;
  done: {
    diagnostics: CompileResult["diagnostics"];
    lowered: boolean;
    sources: ReadonlyMap<string, string>;
    canonical?: string;
  };
}

/** Results being sent back, a message each time the calling thread asks for the next. */
const outgoing = new Map<number, Outgoing>();

function sendNext(id: number): void {
  const out = outgoing.get(id);
  if (out === undefined) return;
  if (out.at < out.operations.length) {
    parentPort!.postMessage({ id, operations: out.operations.slice(out.at, out.at + OPERATIONS_PER_MESSAGE) });
    out.at += OPERATIONS_PER_MESSAGE;
    return;
  }
  outgoing.delete(id);
  parentPort!.postMessage({ id, done: out.done });
}

type Request =
  | { id: number; input: CompileInput; options: CompileOptions; host?: HostSpec; canonical?: string }
  | { id: number; next: true };

parentPort!.on("message", async (msg: Request) => {
  if ("next" in msg) return sendNext(msg.id);
  try {
    const host = hostOf(msg.host);
    const result = await compile(msg.input, { ...msg.options, ...(host === undefined ? {} : { host }) });
    const text = msg.canonical === undefined ? undefined : result.program.sources.get(msg.canonical);
    const canonical = text === undefined ? undefined : print(parse(text, msg.canonical).ast);
    const done = {
      diagnostics: result.diagnostics,
      lowered: result.operations !== undefined,
      sources: result.program.sources,
      ...(canonical === undefined ? {} : { canonical }),
    };
    outgoing.set(msg.id, { operations: result.operations ?? [], at: 0, done });
    sendNext(msg.id);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
