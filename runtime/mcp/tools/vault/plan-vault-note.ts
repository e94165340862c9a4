import { z } from "zod";
import { defineTool } from "../registry.js";
import { diagnosticJson, networkPlanBrief, rootTemplate, unfinishedBrief } from "../network/schemas.js";
import { journalDir } from "../../../onboarding/places.js";
import { notePath, withVault } from "./vault-tool.js";

export const noteBlock = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe("plan only this svcnet block of the note (1 = the first); default: all of them, as one source");

export const planVaultNote = defineTool({
  name: "plan_vault_note",
  title: "Plan a note's svcnet blocks",
  description:
    "Compile the fenced ```svcnet blocks of a vault note and show what applying them would change in the live project, without changing anything. Diagnostics point at the note's own lines.",
  input: {
    path: notePath(),
    block: noteBlock,
    root: rootTemplate,
    force: z.boolean().default(false).describe("plan to overwrite values changed live since the last apply"),
  },
  output: {
    ok: z.boolean(),
    networks: z.array(networkPlanBrief),
    plans: z.array(z.record(z.string(), z.unknown())),
    errors: z.number(),
    warnings: z.number(),
    diagnostics: z.array(diagnosticJson),
    unfinished: z
      .array(unfinishedBrief)
      .optional()
      .describe("an apply of the note's network that was cut off: reported, left as it is (see plan_network)"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, block, root, force }, ctx) {
    return withVault(async (vault) => {
      const [{ planFile }, report, { runNoteLoop, isFailure }] = await Promise.all([
        import("../../../engine/index.js"),
        import("../network/loop-report.js"),
        import("./note-loop.js"),
      ]);
      const bridge = await ctx.services.bridge();
      const result = await runNoteLoop(vault, path, block, (input, host) =>
        planFile(bridge, input, {
          force,
          // An apply cut off earlier is reported, not finished: this tool changes nothing.
          journalDir: journalDir(ctx.services.env),
          unfinished: "report",
          host,
          compileInWorker: true,
          ...(root === undefined ? {} : { rootPath: root }),
          progress: (m) => void ctx.progress(m),
        }),
      );
      return isFailure(result) ? result : report.planOutcome(result);
    });
  },
});
