/**
 * Runs the ordinary loop (plan, or plan and apply) on a note's svcnet blocks. The note's path is the
 * file every diagnostic names, at the note's own lines; `import` and `file("...")` in a block read
 * only inside the vault and svc's recipes. Loaded when a note is planned or applied.
 */
import type { CompileInput } from "../../../../compiler/index.js";
import type { CompilerHost } from "../../../../compiler/resolve/host.js";
import { confinedHost } from "../../../../compiler/resolve/confined-host.js";
import type { LoopResult } from "../../../engine/index.js";
import { noteNetworkSource } from "../../../vault/note-network.js";
import type { Vault } from "../../../vault/vault-root.js";
import { recipesDir } from "../../../recipes/catalog.js";
import { loopFailure } from "../network/loop-report.js";
import type { ToolFailure } from "../result.js";

export type NoteLoop = (input: CompileInput & object, host: CompilerHost) => Promise<LoopResult>;

/** The loop's result with code frames over the note, or the failure that stopped it before compiling. */
export async function runNoteLoop(
  vault: Vault,
  path: string,
  block: number | undefined,
  loop: NoteLoop,
): Promise<LoopResult | ToolFailure> {
  const src = noteNetworkSource(vault, path, block);
  if (src.diagnostics.length > 0) {
    return loopFailure({
      diagnostics: src.diagnostics,
      sources: new Map([[path, src.note]]),
      plans: [],
      outcomes: [],
      verified: [],
      ok: false,
    });
  }
  const host = confinedHost([vault.real, recipesDir()], "the vault and svc's recipes");
  const result = await loop({ text: src.source, file: path }, host);
  // Same lines, columns and offsets as the blocks' source: the frames show the note itself.
  result.sources.set(path, src.note);
  return result;
}

export function isFailure(r: LoopResult | ToolFailure): r is ToolFailure {
  return "error" in r;
}
