/** The compile worker's thread (compile-in-worker.ts): compiles what it is sent and posts the result back. */
import { parentPort } from "node:worker_threads";
import { compile, type CompileInput, type CompileOptions } from "./index.js";
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
      return confinedHost(spec.roots, spec.what);
  }
}

parentPort!.on("message", async (msg: { id: number; input: CompileInput; options: CompileOptions; host?: HostSpec; canonical?: string }) => {
  try {
    const host = hostOf(msg.host);
    const result = await compile(msg.input, { ...msg.options, ...(host === undefined ? {} : { host }) });
    const text = msg.canonical === undefined ? undefined : result.program.sources.get(msg.canonical);
    const canonical = text === undefined ? undefined : print(parse(text, msg.canonical).ast);
    const operations = result.operations ?? [];
    for (let at = 0; at < operations.length; at += OPERATIONS_PER_MESSAGE) {
      parentPort!.postMessage({ id: msg.id, operations: operations.slice(at, at + OPERATIONS_PER_MESSAGE) });
    }
    const done = { diagnostics: result.diagnostics, lowered: result.operations !== undefined, sources: result.program.sources, ...(canonical === undefined ? {} : { canonical }) };
    parentPort!.postMessage({ id: msg.id, done });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
});
