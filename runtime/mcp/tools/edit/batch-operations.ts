import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure } from "../result.js";
import {
  asToolOutcome,
  editOutput,
  force,
  nodeName,
  nodePath,
  opType,
  paramValue,
  parameterMap,
  stepsOutput,
} from "./edit-schemas.js";

const parameter = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
  .max(64);
const index = z.number().int().min(0).max(63).optional();

const operation = z.discriminatedUnion("op", [
  z
    .object({
      op: z.literal("create_node"),
      parent: nodePath("COMP"),
      type: opType,
      name: nodeName.optional(),
      parameters: parameterMap.optional(),
    })
    .strict(),
  z.object({ op: z.literal("set_parameter"), path: nodePath("operator"), parameter, value: paramValue }).strict(),
  z.object({ op: z.literal("reset_parameter"), path: nodePath("operator"), parameter }).strict(),
  z
    .object({
      op: z.literal("connect"),
      from: nodePath("source"),
      to: nodePath("target"),
      from_output: index,
      to_input: index,
    })
    .strict(),
  z
    .object({
      op: z.literal("disconnect"),
      to: nodePath("target"),
      from: nodePath("source").optional(),
      to_input: index,
    })
    .strict(),
  z.object({ op: z.literal("bypass"), path: nodePath("operator"), on: z.boolean().default(true) }).strict(),
  z.object({ op: z.literal("delete"), path: nodePath("operator") }).strict(),
  z.object({ op: z.literal("set_dat_content"), path: nodePath("DAT"), text: z.string().max(500_000) }).strict(),
]);

export const batchOperations = defineTool({
  name: "batch_operations",
  title: "Several edits as one apply",
  description:
    "Run several atomic edits (create, set, reset, connect, disconnect, bypass, delete, DAT text) on one svc network and apply them as a single plan: all of them happen, or none.",
  input: {
    operations: z.array(operation).min(1).max(200).describe("in order; later ones see what earlier ones made"),
    confirm_delete: z.boolean().default(false).describe("must be true when a delete is among the operations"),
    force,
  },
  output: { ...editOutput, ...stepsOutput },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ operations, confirm_delete, force }, ctx) {
    if (!confirm_delete && operations.some((o) => o.op === "delete")) {
      return failure(
        "needs-confirmation",
        "the batch deletes nodes: pass confirm_delete: true, or use bypass operations to take them out of action reversibly",
      );
    }
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits(operations, { force, services: ctx.services, progress: (m) => void ctx.progress(m) }),
    );
  },
});
