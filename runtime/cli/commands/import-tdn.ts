import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { renderTextAll, toJson } from "../../../diagnostics/index.js";
import type { TdnImportResult } from "../../tdn/import-tdn.js";
import type { Command } from "../command.js";
import { UsageError } from "../args.js";

/** Diagnostics that mean part of the TDN file is not in the written network. */
const LOSSY = new Set(["tdn-no-meaning", "tdn-unknown-field", "tdn-unknown-parameter", "tdn-unknown-template", "tdn-unsupported-style", "tdn-unknown-flag", "tdn-unknown-input", "tdn-missing-field", "tdn-bind-as-expression"]);

interface Outcome {
  result: TdnImportResult;
  written?: string;
  skipped?: string;
  leftOut: number;
}

function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.svc-import-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export const importTdnCommand: Command = {
  name: ["import-tdn"],
  summary: "Convert TDN files (Embody's network format, 2.x YAML or 1.x JSON) into checked .svcnet networks.",
  usage: "[--out <dir>] [--root <dir>]... [--force] [--json] <file.tdn>...",
  flags: {
    out: { type: "string", valueName: "dir", description: "write the networks here (default: beside each TDN file)" },
    root: { type: "string", valueName: "dir", multiple: true, description: "a folder tdn_ref files may be read from (default: the TDN file's folder)" },
    force: { type: "boolean", description: "replace an existing .svcnet that differs" },
    json: { type: "boolean", description: "print the result and diagnostics as JSON" },
  },
  details: [
    "Each file becomes <out>/<network>.svcnet, named after its network_path. Positions become the",
    "pinned layout; tdn_ref files are read into their COMPs (relative to the referring file, else",
    "to a --root; never from outside the roots). What has no .svcnet meaning (sizes, docking,",
    "storage, annotations, ...) is reported at its field. A file with errors is not written.",
    "Exit codes: 0 every file written whole, 1 a file had errors or was not written, 2 bad usage,",
    "3 every file written but parts of a file are not in it (see the warnings).",
  ].join("\n"),
  async run(args, io) {
    const { importTdn } = await import("../../tdn/import-tdn.js");
    if (args.positionals.length === 0) throw new UsageError("give at least one .tdn file");
    const outDir = typeof args.flags.out === "string" ? resolve(io.cwd, args.flags.out) : undefined;
    const roots = Array.isArray(args.flags.root) ? args.flags.root.map((r) => resolve(io.cwd, r)) : undefined;
    const claimed = new Map<string, string>();
    const outcomes: Outcome[] = args.positionals.map((path) => {
      const full = resolve(io.cwd, path);
      const result = importTdn(full, { allowedRoots: roots ?? [dirname(full)] });
      // Diagnostics and code frames name files as the user sees them: relative to the working folder.
      const shownName = (f: string) => (f === full ? path : relative(io.cwd, f) || f);
      const shownResult: TdnImportResult = {
        ...result,
        file: path,
        diagnostics: result.diagnostics.map((d) => (d.file === undefined ? d : { ...d, file: shownName(d.file) })),
        sources: new Map([...result.sources].map(([f, t]) => [shownName(f), t] as const)),
      };
      const leftOut = result.diagnostics.filter((d) => LOSSY.has(d.code)).length;
      if (result.text === undefined || result.network === undefined) return { result: shownResult, leftOut };
      const target = join(outDir ?? dirname(full), `${result.network}.svcnet`);
      const shown = relative(io.cwd, target) || target;
      const other = claimed.get(target);
      if (other !== undefined) return { result: shownResult, leftOut, skipped: `${shown} is also the output of ${other}` };
      claimed.set(target, path);
      if (existsSync(target) && args.flags.force !== true && readFileSync(target, "utf8") !== result.text) {
        return { result: shownResult, leftOut, skipped: `${shown} exists and differs; pass --force to replace it` };
      }
      writeAtomically(target, result.text);
      return { result: shownResult, leftOut, written: shown };
    });
    const diagnostics = outcomes.flatMap((o) => o.result.diagnostics);
    const failed = outcomes.some((o) => o.written === undefined);
    const leftOut = outcomes.reduce((n, o) => n + (o.written !== undefined ? o.leftOut : 0), 0);
    const code = failed ? 1 : leftOut > 0 ? 3 : 0;
    if (args.flags.json) {
      const files = outcomes.map((o) => ({
        file: o.result.file,
        network: o.result.network ?? null,
        written: o.written ?? null,
        leftOut: o.leftOut,
        ...(o.skipped ? { skipped: o.skipped } : {}),
        diagnostics: o.result.diagnostics.map(toJson),
      }));
      const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
      io.stdout(JSON.stringify({ files, errors: count("error"), warnings: count("warning"), leftOut }, null, 2) + "\n");
      return code;
    }
    if (diagnostics.length > 0) {
      const sources = new Map(outcomes.flatMap((o) => [...o.result.sources]));
      io.stderr(renderTextAll(diagnostics, sources, io.isTTY) + "\n");
    }
    for (const o of outcomes) {
      if (o.written) io.stdout(`wrote ${o.written} (network ${o.result.network})${o.leftOut > 0 ? `, ${o.leftOut} part${o.leftOut === 1 ? "" : "s"} of the file left out` : ""}\n`);
      else if (o.skipped) io.stderr(`svc import-tdn: ${o.result.file}: not written: ${o.skipped}\n`);
      else io.stderr(`svc import-tdn: ${o.result.file}: not written because of the errors above\n`);
    }
    return code;
  },
};
