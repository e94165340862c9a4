import { z } from "zod";
import { MAX_SOURCE_CHARS } from "../language/source-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { force, nodePath } from "./edit-schemas.js";

const MAX_ROUNDS = 8;

const round = z.object({
  round: z.number(),
  outcome: z
    .enum(["kept", "reverted", "refused"])
    .describe(
      "kept: fewer live errors; reverted: not fewer, put back; refused: the candidate did not compile or could not apply, nothing changed",
    ),
  errorsBefore: z.number().nullable(),
  errorsAfter: z.number().nullable(),
  message: z.string(),
});

export const autoRepairLoop = defineTool({
  name: "auto_repair_loop",
  title: "Repair a network in rounds",
  description:
    "Try corrected .svcnet candidates for one network in turn, each as repair_network does (kept only if the live errors go down, otherwise put back), until no error is left or the rounds run out.",
  input: {
    path: nodePath("the network COMP, e.g. /project1/tunnel"),
    candidates: z
      .array(
        z.object({ source: z.string().min(1).max(MAX_SOURCE_CHARS), file: z.string().max(260).optional() }).strict(),
      )
      .min(1)
      .max(MAX_ROUNDS)
      .describe("corrected sources to try, in order; each round builds on the last one kept"),
    max_rounds: z
      .number()
      .int()
      .min(1)
      .max(MAX_ROUNDS)
      .optional()
      .describe("stop after this many rounds (default: one per candidate)"),
    force,
  },
  output: {
    rounds: z.array(round),
    errorsStart: z.number().nullable(),
    errorsEnd: z.number().nullable(),
    kept: z.number().describe("rounds whose repair was kept"),
    stoppedBy: z.enum(["no-errors", "candidates", "max-rounds", "revert-failed"]),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, candidates, max_rounds, force }, ctx) {
    const { repair } = await import("./whole-network.js");
    const limit = Math.min(max_rounds ?? candidates.length, candidates.length);
    const rounds: z.infer<typeof round>[] = [];
    let errorsStart: number | null = null;
    let errorsEnd: number | null = null;
    let stoppedBy: "no-errors" | "candidates" | "max-rounds" | "revert-failed" =
      limit < candidates.length ? "max-rounds" : "candidates";
    for (let i = 0; i < limit; i++) {
      if (ctx.signal.aborted) break;
      await ctx.progress(`round ${i + 1} of ${limit}`, { done: i, total: limit });
      const c = candidates[i]!;
      const r = await repair(path, c.source, c.file ?? `candidate${i + 1}.svcnet`, {
        force,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      });
      if (!r.ok) {
        if (r.error.code === "revert-failed") {
          rounds.push({
            round: i + 1,
            outcome: "reverted",
            errorsBefore: null,
            errorsAfter: null,
            message: r.error.message,
          });
          stoppedBy = "revert-failed";
          break;
        }
        if (r.error.code === "not-found") return r;
        rounds.push({
          round: i + 1,
          outcome: "refused",
          errorsBefore: null,
          errorsAfter: null,
          message: `${r.error.code}: ${r.error.message}`.slice(0, 2000),
        });
        continue;
      }
      const d = r.data;
      errorsStart ??= d.errorsBefore;
      errorsEnd = d.reverted ? d.errorsBefore : d.errorsAfter;
      rounds.push({
        round: i + 1,
        outcome: d.reverted ? "reverted" : "kept",
        errorsBefore: d.errorsBefore,
        errorsAfter: d.errorsAfter,
        message: r.text.split("\n")[0]!,
      });
      if (errorsEnd === 0) {
        stoppedBy = "no-errors";
        break;
      }
    }
    if (rounds.length === 0) return failure("cancelled", "the client cancelled before the first round");
    const kept = rounds.filter((r) => r.outcome === "kept").length;
    const text = `${kept} of ${rounds.length} round(s) kept; live errors ${errorsStart ?? "?"} -> ${errorsEnd ?? "?"} (stopped: ${stoppedBy})\n${rounds.map((r) => `round ${r.round}: ${r.outcome}: ${r.message}`).join("\n")}`;
    return success({ rounds, errorsStart, errorsEnd, kept, stoppedBy }, text);
  },
});
