/**
 * One JSON recipe file to one `.svcnet` recipe: read the JSON (with positions), read its shape,
 * convert, print canonically, and check the result with the compiler. The text is only returned
 * when nothing is an error, so a caller never writes a recipe that would not compile.
 */
import { join } from "node:path";
import { sortDiagnostics, type Diagnostic } from "../../../diagnostics/index.js";
import { print } from "../../../grammar/print.js";
import { compileCheck } from "./compile-check.js";
import { convertDocument } from "./convert.js";
import { parseJson } from "./json-source.js";
import { readRecipeDocument } from "./recipe-format.js";
import { Report } from "./report.js";

export interface ImportResult {
  /** The JSON file, as given. */
  file: string;
  /** The recipe's name, once the JSON could be read. */
  recipe?: string;
  /** Where the recipe belongs: `<outDir>/<recipe>.svcnet`. */
  outFile?: string;
  /** The canonical .svcnet, only when there is no error. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Node parameter assignments left out (unknown names, menu values), kept as comments. */
  leftOut?: number;
  /** Texts by file name, for code frames (the JSON, and the generated text when it exists). */
  sources: Map<string, string>;
}

export interface ImportOptions {
  /** The folder the recipe is meant for (default: the JSON file's folder). */
  outDir: string;
  /** Apply an unambiguous did-you-mean to unknown parameters and menu values. */
  fix?: boolean;
}

export function importRecipe(jsonText: string, file: string, options: ImportOptions): ImportResult {
  const sources = new Map([[file, jsonText]]);
  const report = new Report(file);
  const parsed = parseJson(jsonText);
  if (!parsed.ok) {
    report.add("import-invalid-json", { path: "$", range: parsed.range }, { problem: parsed.problem });
    return { file, diagnostics: report.diagnostics, sources };
  }
  const doc = readRecipeDocument(parsed.value, report);
  if (doc === undefined) return { file, diagnostics: report.diagnostics, sources };
  const converted = convertDocument(doc, report, options.fix === true);
  const outFile = join(options.outDir, `${converted.name}.svcnet`);
  const result: ImportResult = {
    file,
    recipe: converted.name,
    outFile,
    diagnostics: report.diagnostics,
    sources,
    leftOut: converted.leftOut,
  };
  if (report.hasErrors()) return { ...result, diagnostics: sortDiagnostics(report.diagnostics) };
  const text = print(converted.program);
  sources.set(outFile, text);
  const diagnostics = sortDiagnostics([
    ...report.diagnostics,
    ...compileCheck(text, outFile, file, converted.provenance),
  ]);
  return diagnostics.some((d) => d.severity === "error")
    ? { ...result, diagnostics }
    : { ...result, diagnostics, text };
}
