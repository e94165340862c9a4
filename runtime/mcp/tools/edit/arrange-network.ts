import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import { allowUnmanaged, asToolOutcome, editOutput, nodePath } from "./edit-schemas.js";

const coordinate = z.number().min(-10_000_000).max(10_000_000);

export const arrangeNetwork = defineTool({
  name: "arrange_network",
  title: "Lay a network out again",
  description:
    "Recompute the layout of an svc network and move its nodes there, including nodes moved by hand (pinned positions in the source stay); or, with layout_mode explicit, place nodes at exact coordinates in one undo step. Nothing but positions changes.",
  input: {
    path: nodePath(
      "the network or any operator in it, e.g. /project1/tunnel; explicit: the COMP whose operators are placed",
    ),
    layout_mode: z
      .enum(["auto", "explicit"])
      .default("auto")
      .describe("auto: svc's layout through the plan; explicit: the positions given"),
    positions: z
      .array(z.object({ path: nodePath("an operator of the network"), x: coordinate, y: coordinate }).strict())
      .min(1)
      .max(5000)
      .optional()
      .describe(
        "explicit: where each operator goes (network editor units); an operator docked to a moved host follows the host",
      ),
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,128}$/)
      .optional()
      .describe("explicit: the same key sent again returns the first call's receipt instead of placing again"),
    allow_unmanaged: allowUnmanaged,
  },
  output: {
    ...editOutput,
    positions: z
      .record(z.string(), z.object({ x: z.number(), y: z.number() }))
      .optional()
      .describe("explicit: where each operator is now"),
    dockOverridden: z
      .array(z.string())
      .optional()
      .describe("explicit: docked operators placed by their host rather than by the position given"),
    fingerprint: z.string().optional().describe("explicit: the placement fingerprint after the call"),
    replayed: z
      .boolean()
      .optional()
      .describe("explicit: the answer is the receipt of an earlier call with the same idempotency_key"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, layout_mode, positions, idempotency_key, allow_unmanaged }, ctx) {
    if (layout_mode === "explicit") {
      if (positions === undefined) return failure("invalid-arguments", "layout_mode explicit needs positions");
      const { placeExactly } = await import("./explicit-layout.js");
      return asToolOutcome(
        await placeExactly(await ctx.services.bridge(), path, positions, {
          allowUnmanaged: allow_unmanaged,
          idempotencyKey: idempotency_key,
        }),
      );
    }
    if (positions !== undefined || idempotency_key !== undefined)
      return failure("invalid-arguments", "positions and idempotency_key are for layout_mode explicit");
    const { arrange } = await import("./whole-network.js");
    return asToolOutcome(
      await arrange(path, { force: true, services: ctx.services, progress: (m) => void ctx.progress(m) }),
    );
  },
});
