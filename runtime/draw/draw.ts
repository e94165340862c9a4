/** From `.svcnet` to a picture: compile with the ELK layout, then draw. A program with errors gives its diagnostics and no picture. */
import { compile, type CompileInput, type CompileOptions } from "../../compiler/index.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { ProgramModel } from "../../compiler/model.js";
import { networkSvg, pictureCounts, type TileImages } from "./network-svg.js";

export type Drawing =
  | { ok: true; svg: string; nodes: number; wires: number; program: ProgramModel; diagnostics: Diagnostic[] }
  | { ok: false; program: ProgramModel; diagnostics: Diagnostic[] };

export interface DrawOptions extends Pick<CompileOptions, "host" | "rootPath"> {
  /** Images for the tiles (thumbnails.ts), asked for once the program compiled. */
  images?: (program: ProgramModel) => Promise<TileImages>;
}

export async function drawProgram(input: CompileInput, options: DrawOptions = {}): Promise<Drawing> {
  const { images, ...compileOptions } = options;
  const result = await compile(input, { ...compileOptions, layout: true });
  if (hasErrors(result.diagnostics) || result.layout === undefined)
    return { ok: false, program: result.program, diagnostics: result.diagnostics };
  const tiles = images === undefined ? new Map() : await images(result.program);
  return {
    ok: true,
    svg: networkSvg(result.program, result.layout, tiles),
    ...pictureCounts(result.program),
    program: result.program,
    diagnostics: result.diagnostics,
  };
}
