import { z } from "zod";
import { defineTool } from "../registry.js";
import {
  diagnosticJson,
  networkPlanBrief,
  previewBrief,
  recoveredBrief,
  rootTemplate,
  verifyBrief,
} from "../network/schemas.js";
import { journalDir } from "../../../onboarding/places.js";
import { noteBlock } from "./plan-vault-note.js";
import { notePath, withVault } from "./vault-tool.js";

export const applyVaultNote = defineTool({
  name: "apply_vault_note",
  title: "Apply a note's svcnet blocks",
  description:
    "Compile the fenced ```svcnet blocks of a vault note, plan them and apply them all-or-nothing like apply_network, report live errors at the note's own lines and a thumbnail, and put back the vault: tag on operators its front matter links.",
  input: {
    path: notePath(),
    block: noteBlock,
    root: rootTemplate,
    force: z
      .boolean()
      .default(false)
      .describe("overwrite values changed live since the last apply instead of leaving them alone"),
    preview: z.number().int().min(0).max(1024).default(256).describe("thumbnail size of the output TOP; 0 for none"),
    keep_partial: z
      .boolean()
      .default(false)
      .describe("when a later request of a large apply fails, keep what the earlier ones did instead of rolling back"),
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
    recovered: z
      .array(recoveredBrief)
      .describe(
        "an apply of the note's network that was cut off earlier, finished (rolled back or kept) before this one",
      ),
    links_restored: z
      .array(z.string())
      .describe("operators the note's front matter names that had lost its vault: tag and got it back"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, block, root, force, preview, keep_partial }, ctx) {
    return withVault(async (vault) => {
      const [{ applyFile }, report, { runNoteLoop, isFailure }] = await Promise.all([
        import("../../../engine/index.js"),
        import("../network/loop-report.js"),
        import("./note-loop.js"),
      ]);
      const bridge = await ctx.services.bridge();
      const result = await runNoteLoop(vault, path, block, (input, host) =>
        applyFile(bridge, input, {
          force,
          keepPartial: keep_partial,
          // An apply cut off earlier is finished first, and this one is journalled (as apply_network).
          journalDir: journalDir(ctx.services.env),
          host,
          compileInWorker: true,
          ...(root === undefined ? {} : { rootPath: root }),
          ...(preview > 0 ? { previewSize: preview } : {}),
          progress: (m) => void ctx.progress(m),
        }),
      );
      if (isFailure(result)) return result;
      const outcome = await report.applyOutcome(result, preview);
      if (!outcome.ok) return outcome;
      // The note's front matter is where its links live: applying it puts back a tag that was lost.
      const { restoreLinks } = await import("./node-link.js");
      const restored = await restoreLinks(vault, bridge, path);
      const text = restored.length > 0 ? `${outcome.text}\nlinks restored: ${restored.join(", ")}` : outcome.text;
      return { ...outcome, text, data: { ...outcome.data, links_restored: restored } };
    });
  },
});
