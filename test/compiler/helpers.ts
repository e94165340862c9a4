import { compileSync, memoryHost, type CompileResult } from "../../compiler/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";

/** Compiles in-memory files; the entry is `main.svcnet` unless named. */
export function compileFiles(files: Record<string, string>, entry = "main.svcnet"): CompileResult {
  return compileSync(entry, { host: memoryHost(files) });
}

/** Compiles one network body written without the header and network wrapper. */
export function compileBody(body: string): CompileResult & { source: string } {
  const source = `svcnet 1\nnetwork net {\n${body}\n}\n`;
  return { ...compileFiles({ "main.svcnet": source }), source };
}

/** The source text a diagnostic's range covers. */
export function covered(source: string, d: Diagnostic): string {
  return source.slice(d.range.start.offset, d.range.end.offset);
}

export function only(result: CompileResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  if (found.length !== 1) {
    throw new Error(
      `expected one '${code}', got: ${result.diagnostics.map((d) => `${d.code}: ${d.message}`).join(" | ") || "none"}`,
    );
  }
  return found[0]!;
}

export function codes(result: CompileResult): string[] {
  return result.diagnostics.map((d) => d.code);
}
