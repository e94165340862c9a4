import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { finishImport, writeAtomically, type ImportOutcome } from "../import-output.js";
import type { TdnImportResult } from "../../tdn/import-tdn.js";
import type { Command } from "../command.js";
import { UsageError } from "../args.js";

/** Diagnostics that mean part of the TDN file is not in the written network. */
const LOSSY = new Set([
  "tdn-no-meaning",
  "tdn-unknown-field",
  "tdn-unknown-parameter",
  "tdn-unknown-template",
  "tdn-unsupported-style",
  "tdn-unknown-flag",
  "tdn-unknown-input",
  "tdn-missing-field",
  "tdn-bind-as-expression",
]);

interface Outcome {
  result: TdnImportResult;
  written?: string;
  skipped?: string;
  leftOut: number;
}

export const importTdnCommand: Command = {
  name: ["import-tdn"],
  summary: "Convert TDN files (Embody's network format, 2.x YAML or 1.x JSON) into checked .svcnet networks.",
  usage: "[--out <dir>] [--root <dir>]... [--force] [--json] <file.tdn>...",
  flags: {
    out: { type: "string", valueName: "dir", description: "write the networks here (default: beside each TDN file)" },
    root: {
      type: "string",
      valueName: "dir",
      multiple: true,
      description: "a folder tdn_ref files may be read from (default: the TDN file's folder)",
    },
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
      if (other !== undefined)
        return { result: shownResult, leftOut, skipped: `${shown} is also the output of ${other}` };
      claimed.set(target, path);
      if (existsSync(target) && args.flags.force !== true && readFileSync(target, "utf8") !== result.text) {
        return { result: shownResult, leftOut, skipped: `${shown} exists and differs; pass --force to replace it` };
      }
      writeAtomically(target, result.text);
      return { result: shownResult, leftOut, written: shown };
    });
    const summary = outcomes.map((o): ImportOutcome => ({
      file: o.result.file,
      ...(o.result.network === undefined ? {} : { name: o.result.network }),
      ...(o.written === undefined ? {} : { written: o.written }),
      ...(o.skipped === undefined ? {} : { skipped: o.skipped }),
      leftOut: o.leftOut,
      diagnostics: o.result.diagnostics,
      sources: o.result.sources,
    }));
    return finishImport(summary, io, args.flags.json === true, {
      program: "svc import-tdn",
      nameKey: "network",
      leftOutWhat: (n) => (n === 1 ? "part of the file" : "parts of the file"),
    });
  },
};
