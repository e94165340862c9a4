#!/usr/bin/env node
// Language server benchmark: a 1,000-node file open in the built `svc lsp`, driven over stdio by a
// real JSON-RPC client (vscode-jsonrpc), as an editor drives it. Each round types one character
// (an incremental didChange) and asks for completion, alternately at a parameter name and after
// `name:` (operator types); the time is from the change sent to the completion answered. It also
// times the check after a keystroke (didChange to publishDiagnostics) against the first check of
// the same file, and `parse()` of the file in this process as the baseline. The server is told to
// check with no pause after typing (diagnosticsDelayMs 0), so the re-check usually runs before the
// completion request is read: the completion time includes a whole re-check, the worst case.
// Run: npx tsc -p tsconfig.build.json && node bench/lsp.bench.mjs [--runs N]
// Exits 1 when the target is missed: completion on the 1,000-node file answered in < 50 ms (median).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { parse } from "../dist/grammar/parse.js";

const runsFlag = process.argv.indexOf("--runs");
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 30;
const NODES = 1000;
const TARGET_MS = 50;

/** COMPs of 100 nodes each: chains of TOPs with varied parameters, binds and references. */
function generate() {
  const lines = ["svcnet 1", "network bench {", "  controls {", "    Gain: float = 0.5 range 0..1", "  }"];
  for (let c = 0; c < NODES / 100; c++) {
    lines.push(`  comp${c}: baseCOMP {`, "    network {");
    for (let i = 0; i < 99; i++) {
      const kind = i % 4;
      if (kind === 0) lines.push(`      n${i}: noiseTOP { period: ${(i % 7) + 0.5}, resolution: 1280x720 }`);
      else if (kind === 1) lines.push(`      n${i}: levelTOP { brightness1: 0.8, opacity: 0.9 }`);
      else if (kind === 2) lines.push(`      n${i}: compositeTOP { operand: multiply }`);
      else lines.push(`      n${i}: transformTOP { rotate: = absTime.seconds * ${i}, sx: 1.5 }`);
    }
    for (let i = 0; i + 3 < 99; i += 4) lines.push(`      n${i} -> n${i + 1} -> n${i + 2} -> n${i + 3}`);
    lines.push("    }", "  }");
  }
  lines.push("  edit: levelTOP {  }", "  typed: ", "}", "");
  return lines.join("\n");
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => performance.now();

const text = generate();
const dir = mkdtempSync(join(tmpdir(), "svc-lsp-bench-"));
const uri = pathToFileURL(join(dir, "bench.svcnet")).href;
const child = spawn(process.execPath, ["dist/runtime/cli/svc.js", "lsp"], { stdio: ["pipe", "pipe", "inherit"] });
const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
let onDiagnostics = () => {};
connection.onNotification("textDocument/publishDiagnostics", (p) => {
  if (p.uri === uri) onDiagnostics(p);
});
connection.listen();
await connection.sendRequest("initialize", {
  processId: process.pid,
  rootUri: null,
  capabilities: {},
  initializationOptions: { diagnosticsDelayMs: 0 },
});
await connection.sendNotification("initialized", {});

const lines = text.split("\n");
const editLine = lines.findIndex((l) => l.startsWith("  edit: levelTOP"));
const typedLine = lines.findIndex((l) => l.startsWith("  typed: "));
const nextDiagnostics = (version) =>
  new Promise((resolve) => {
    onDiagnostics = (p) => {
      if (p.version === version) resolve(p);
    };
  });

let t = now();
let waiting = nextDiagnostics(1);
await connection.sendNotification("textDocument/didOpen", {
  textDocument: { uri, languageId: "svcnet", version: 1, text },
});
await waiting;
const firstCheck = now() - t;

const completion = [];
const recheck = [];
let version = 1;
for (let i = 0; i < RUNS; i++) {
  // Type one letter in the parameter block, then ask there; every other round ask after `typed: `.
  version++;
  const atParam = i % 2 === 0;
  const line = atParam ? editLine : typedLine;
  const column = atParam ? "  edit: levelTOP { ".length : "  typed: ".length;
  waiting = nextDiagnostics(version);
  t = now();
  await connection.sendNotification("textDocument/didChange", {
    textDocument: { uri, version },
    contentChanges: [
      {
        range: { start: { line, character: column }, end: { line, character: column + (i >= 2 ? 1 : 0) } },
        text: atParam ? "b" : "n",
      },
    ],
  });
  const list = await connection.sendRequest("textDocument/completion", {
    textDocument: { uri },
    position: { line, character: column + 1 },
  });
  completion.push(now() - t);
  if ((list.items ?? list).length === 0) throw new Error("completion answered nothing");
  await waiting;
  recheck.push(now() - t);
}
await connection.sendRequest("shutdown", null);
await connection.sendNotification("exit");
connection.dispose();
rmSync(dir, { recursive: true, force: true });

// The baseline: parse() of the same text in this process, warmed up, fastest of 15 (as the server's is warm).
const parseTimes = [];
for (let i = 0; i < 5; i++) parse(text, "bench.svcnet");
for (let i = 0; i < 15; i++) {
  t = now();
  parse(text, "bench.svcnet");
  parseTimes.push(now() - t);
}
const parseMs = Math.min(...parseTimes);
const completionMs = median(completion);
const recheckMs = median(recheck);
console.log(
  `lsp benchmark: ${NODES} nodes, ${text.length} bytes, ${RUNS} keystrokes, load average ${loadavg()[0].toFixed(2)}`,
);
console.log(`  parse() in process (baseline, fastest) ${parseMs.toFixed(1)} ms`);
console.log(
  `  keystroke -> completion answered       ${completionMs.toFixed(1)} ms median (${(completionMs / parseMs).toFixed(2)}x parse), p90 ${[...completion].sort((a, b) => a - b)[Math.floor(RUNS * 0.9)].toFixed(1)} ms, target < ${TARGET_MS} ms`,
);
console.log(
  `  keystroke -> diagnostics published     ${recheckMs.toFixed(1)} ms median (${(recheckMs / parseMs).toFixed(2)}x parse)`,
);
console.log(`  first check on open                    ${firstCheck.toFixed(1)} ms`);
process.exit(completionMs < TARGET_MS ? 0 : 1);
