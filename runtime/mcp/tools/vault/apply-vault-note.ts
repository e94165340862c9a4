import { z } from "zod";
import { bridgeClient } from "../../bridge.js";
import { defineTool } from "../registry.js";
import { diagnosticJson, networkPlanBrief, previewBrief, rootTemplate, verifyBrief } from "../network/schemas.js";
import { noteBlock } from "./plan-vault-note.js";
import { notePath, withVault } from "./vault-tool.js";

export const applyVaultNote = defineTool({
  name: "apply_vault_note",
  title: "Apply a note's svcnet blocks",
  description: "Compile the fenced ```svcnet blocks of a vault note, plan them and apply them all-or-nothing like apply_network, then report live errors at the note's own lines and a thumbnail of the output TOP.",
  input: {
    path: notePath(),
    block: noteBlock,
    root: rootTemplate,
    force: z.boolean().default(false).describe("overwrite values changed live since the last apply instead of leaving them alone"),
    preview: z.number().int().min(0).max(1024).default(256).describe("thumbnail size of the output TOP; 0 for none"),
    keep_partial: z.boolean().default(false).describe("when a later request of a large apply fails, keep what the earlier ones did instead of rolling back"),
  },
  output: {
    applied: z.boolean(),
    networks: z.array(networkPlanBrief),
    operations: z.number(),
    verify: z.array(verifyBrief),
    errors: z.number(),
    warnings: z.number(),
    diagnostics: z.array(diagnosticJson),
    preview: previewBrief,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, block, root, force, preview, keep_partial }, ctx) {
    return withVault(async (vault) => {
      const [{ applyFile }, report, { runNoteLoop, isFailure }] = await Promise.all([import("../../../loop/run-loop.js"), import("../network/loop-report.js"), import("./note-loop.js")]);
      const bridge = await bridgeClient();
      const result = await runNoteLoop(vault, path, block, (input, host) =>
        applyFile(bridge, input, {
          force,
          keepPartial: keep_partial,
          host,
          compileInWorker: true,
          ...(root === undefined ? {} : { rootPath: root }),
          ...(preview > 0 ? { previewSize: preview } : {}),
          progress: (m) => void ctx.progress(m),
        }),
      );
      return isFailure(result) ? result : report.applyOutcome(result, preview);
    });
  },
});
