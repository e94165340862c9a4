import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { allowUnmanaged, asToolOutcome, editOutput, force, nodePath, stepsOutput } from "./edit-schemas.js";

export const deleteTdNode = defineTool({
  name: "delete_td_node",
  title: "Bypass or delete an operator",
  description:
    "Take an operator svc built out of action: by default the artist is asked in TouchDesigner (Keep, Bypass or Delete) when a UI is there; or bypass it, or delete it with confirm. Operators svc did not build are never deleted.",
  input: {
    path: nodePath("operator, e.g. /project1/tunnel/blur1"),
    mode: z
      .enum(["ask", "keep", "bypass", "unbypass", "delete"])
      .optional()
      .describe(
        "ask: the artist decides in TouchDesigner (the default when a UI is there, else keep); keep: change nothing; bypass/unbypass: set the bypass flag; delete: remove it",
      ),
    confirm: z.boolean().default(false).describe("must be true with mode delete"),
    ttl_seconds: z
      .number()
      .int()
      .min(5)
      .max(120)
      .default(30)
      .describe("ask: how long the artist has; no answer keeps the operator"),
    force,
    allow_unmanaged: allowUnmanaged,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, mode, confirm, ttl_seconds, force, allow_unmanaged }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    const progress = (m: string) => void ctx.progress(m);
    if (mode === undefined || mode === "ask") {
      const client = await ctx.services.bridge();
      const { artistReachable, askArtist } = await import("../../../broker/ask-artist.js");
      if (mode === "ask" || (await artistReachable(client))) {
        const { readNode } = await import("./unmanaged.js");
        const node = await readNode(client, path).catch(() => undefined);
        const { OWNER_TAG } = await import("../../../engine/index.js");
        if (node === undefined || !node.tags.includes(OWNER_TAG)) {
          // not found, or not svc's: the edit says so without bothering the artist
          return asToolOutcome(
            await runEdits([{ op: "delete", path }], {
              services: ctx.services,
              force,
              allowUnmanaged: allow_unmanaged,
              progress,
            }),
          );
        }
        await ctx.progress(`asking the artist in TouchDesigner whether to delete ${path} (${ttl_seconds} s)`);
        const answer = await askArtist(client, {
          kind: "node_delete",
          target: path,
          ttlSeconds: ttl_seconds,
          message: "An assistant asks to remove it.",
          signal: ctx.signal,
        });
        if (answer.choice === "Bypass")
          return asToolOutcome(
            await runEdits([{ op: "bypass", path, on: true }], {
              services: ctx.services,
              force,
              allowUnmanaged: allow_unmanaged,
              progress,
            }),
          );
        if (answer.choice === "Delete") {
          return asToolOutcome(
            await runEdits([{ op: "delete", path }], {
              services: ctx.services,
              force,
              allowUnmanaged: allow_unmanaged,
              progress,
              deleteAuthorization: { path, interactionId: answer.id },
            }),
          );
        }
        const why =
          answer.reason === "chosen" ? "the artist chose Keep" : `no decision (${answer.reason}), so it was kept`;
        return failure("kept", `nothing was changed at ${path}: ${why}`, {
          details: { interaction: answer.id, reason: answer.reason },
        });
      }
      mode = "keep";
    }
    if (mode === "keep") {
      return failure(
        "kept",
        `nothing was changed at ${path}: pass mode "bypass" to take it out of the signal flow reversibly, or mode "delete" with confirm: true to remove it`,
      );
    }
    if (mode === "delete" && !confirm) {
      return failure(
        "needs-confirmation",
        `deleting ${path} needs confirm: true; mode "bypass" takes it out of action reversibly instead`,
      );
    }
    const edit =
      mode === "delete" ? { op: "delete" as const, path } : { op: "bypass" as const, path, on: mode === "bypass" };
    return asToolOutcome(
      await runEdits([edit], { services: ctx.services, force, allowUnmanaged: allow_unmanaged, progress }),
    );
  },
});
