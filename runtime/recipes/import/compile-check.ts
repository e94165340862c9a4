/**
 * The generated recipe goes through the compiler's checks (what `svc check` runs), and each problem
 * found is reported at the JSON field the offending part came from: the user fixes the JSON, not a
 * file that was never written. A problem with no matching field keeps its place in the generated
 * text, which is shown with it.
 */
import { analyze } from "../../../compiler/index.js";
import type { Diagnostic } from "../../../diagnostics/index.js";
import { partLocator, type Provenance } from "./provenance.js";

export function compileCheck(text: string, outFile: string, jsonFile: string, provenance: Provenance): Diagnostic[] {
  const { diagnostics } = analyze({ text, file: outFile });
  if (diagnostics.length === 0) return [];
  const locate = partLocator(text);
  const lines = text.split("\n");
  return diagnostics.map((d) => {
    if (d.file !== outFile) return d;
    const where = locate(d.range)
      .map((k) => provenance.get(k))
      .find((w) => w !== undefined);
    const line = lines[d.range.start.line - 1]?.trim() ?? "";
    if (where === undefined) return { ...d, help: [...d.help, "found in the generated .svcnet"] };
    // Suggestions edit the generated text, which the user never sees: keep the words, drop the edits.
    return {
      ...d,
      file: jsonFile,
      range: where.range,
      message: `${where.path}: ${d.message}`,
      help: [...d.help, `generated as: ${line}`],
      suggestions: [],
    };
  });
}
