/** From `.svcnet` to a picture: compile with the ELK layout, then draw. A program with errors gives its diagnostics and no picture. */
import { compile, type CompileInput, type CompileOptions } from "../../compiler/index.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { ProgramModel } from "../../compiler/model.js";
import { networkSvg, pictureCounts } from "./network-svg.js";

export type Drawing =
  | { ok: true; svg: string; nodes: number; wires: number; program: ProgramModel; diagnostics: Diagnostic[] }
  | { ok: false; program: ProgramModel; diagnostics: Diagnostic[] };

export async function drawProgram(input: CompileInput, options: Pick<CompileOptions, "host" | "rootPath"> = {}): Promise<Drawing> {
  const result = await compile(input, { ...options, layout: true });
  if (hasErrors(result.diagnostics) || result.layout === undefined) return { ok: false, program: result.program, diagnostics: result.diagnostics };
  return { ok: true, svg: networkSvg(result.program, result.layout), ...pictureCounts(result.program), program: result.program, diagnostics: result.diagnostics };
}
