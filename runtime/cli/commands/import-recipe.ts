import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { diagnostic, NO_RANGE, type Diagnostic } from "../../../diagnostics/index.js";
import { finishImport, writeAtomically, type ImportOutcome } from "../import-output.js";
import type { ImportResult, importRecipe } from "../../recipes/import/import-recipe.js";
import type { Command, CommandIO } from "../command.js";
import { UsageError } from "../args.js";

/** Reads a JSON file as UTF-8; a missing or undecodable file is a diagnostic. */
function readJson(path: string, shown: string): { text: string } | { problem: Diagnostic } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "ENOENT")
      return { problem: diagnostic("file-not-found", NO_RANGE, { path: shown }, { file: shown }) };
    return {
      problem: diagnostic(
        "file-unreadable",
        NO_RANGE,
        { path: shown, reason: err.code === "EISDIR" ? "it is a directory" : (err.code ?? err.message) },
        { file: shown },
      ),
    };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return {
      problem: diagnostic("invalid-utf8", NO_RANGE, { offset: 0 }, { file: shown, help: ["save the file as UTF-8"] }),
    };
  }
}

interface Outcome {
  result: ImportResult;
  /** The file written, relative to the working folder; undefined when nothing was written. */
  written?: string;
  /** Why a recipe without errors was still not written. */
  skipped?: string;
}

function importOne(
  convert: typeof importRecipe,
  path: string,
  io: CommandIO,
  outDir: string | undefined,
  force: boolean,
  fix: boolean,
  claimed: Map<string, string>,
): Outcome {
  const full = resolve(io.cwd, path);
  const read = readJson(full, path);
  if ("problem" in read) return { result: { file: path, diagnostics: [read.problem], sources: new Map() } };
  const result = convert(read.text, path, { outDir: outDir ?? dirname(full), fix });
  if (result.text === undefined || result.outFile === undefined) return { result };
  const target = resolve(io.cwd, result.outFile);
  const shown = relative(io.cwd, target) || target;
  const other = claimed.get(target);
  if (other !== undefined)
    return { result, skipped: `${shown} is also the output of ${other}; rename one recipe's id` };
  claimed.set(target, path);
  if (existsSync(target) && !force && readFileSync(target, "utf8") !== result.text) {
    return { result, skipped: `${shown} exists and differs; pass --force to replace it` };
  }
  writeAtomically(target, result.text);
  return { result, written: shown };
}

export const importRecipeCommand: Command = {
  name: ["import-recipe"],
  summary: "Convert recipes in the JSON recipe format into checked .svcnet recipes.",
  usage: "[--out <dir>] [--force] [--fix] [--json] <file.json>...",
  flags: {
    out: { type: "string", valueName: "dir", description: "write the recipes here (default: beside each JSON file)" },
    force: { type: "boolean", description: "replace an existing .svcnet that differs" },
    fix: { type: "boolean", description: "apply a clear did-you-mean to unknown parameters and menu values" },
    json: { type: "boolean", description: "print the result and diagnostics as JSON" },
  },
  details: [
    "Each file becomes <out>/<recipe name>.svcnet, the name taken from the recipe's id. A file with",
    "errors is not written; every problem is reported at its JSON field (line, column and path such as",
    "$.nodes[2].type). A node parameter with an unknown name or menu value is left out (a comment above",
    "its node keeps it) unless --fix finds the one name or entry it surely means.",
    "Exit codes: 0 every file written whole, 1 a file had errors or was not written, 2 bad usage,",
    "3 every file written but assignments were left out.",
  ].join("\n"),
  async run(args, io) {
    const { importRecipe: convert } = await import("../../recipes/import/import-recipe.js");
    if (args.positionals.length === 0) throw new UsageError("give at least one JSON recipe file");
    const outDir = typeof args.flags.out === "string" ? resolve(io.cwd, args.flags.out) : undefined;
    const claimed = new Map<string, string>();
    const outcomes = args.positionals.map((p) =>
      importOne(convert, p, io, outDir, args.flags.force === true, args.flags.fix === true, claimed),
    );
    const summary = outcomes.map((o): ImportOutcome => ({
      file: o.result.file,
      ...(o.result.recipe === undefined ? {} : { name: o.result.recipe }),
      ...(o.written === undefined ? {} : { written: o.written }),
      ...(o.skipped === undefined ? {} : { skipped: o.skipped }),
      leftOut: o.result.leftOut ?? 0,
      diagnostics: o.result.diagnostics,
      sources: o.result.sources,
    }));
    return finishImport(summary, io, args.flags.json === true, {
      program: "svc import-recipe",
      nameKey: "recipe",
      leftOutWhat: (n) => (n === 1 ? "assignment" : "assignments"),
    });
  },
};
