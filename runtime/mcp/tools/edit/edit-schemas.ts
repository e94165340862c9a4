/**
 * Argument and result shapes shared by the atomic edit tools. Light on purpose (zod only): tool
 * files import it at startup.
 */
import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { planSummary, recoveredBrief } from "../network/schemas.js";
import type { ToolOutcome } from "../result.js";

const scalar = z.union([z.number(), z.boolean(), z.string().max(100_000)]);

/**
 * A parameter value. Menu entries and sibling operators are plain strings (`"add"`, `"level1"`),
 * tuplets arrays (`[1280, 720]`), colours `"#ff8800"`; the object forms set a mode.
 */
export const paramValue = z.union([
  scalar,
  z.array(scalar).min(1).max(4),
  z.object({ expression: z.string().min(1).max(2000).describe("one-line Python, e.g. absTime.seconds * 10") }).strict(),
  z
    .object({
      bind: z
        .string()
        .min(1)
        .max(300)
        .describe("a control of an enclosing network (Gain) or op.Parameter (lfo1.Speed)"),
    })
    .strict(),
  z.object({ export: z.string().min(1).max(300).describe("a CHOP channel: lfo1.chan1") }).strict(),
]);

export const parameterMap = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "parameter names are TouchDesigner Python names, e.g. period"),
    paramValue,
  )
  .refine((m) => Object.keys(m).length <= 200, "at most 200 parameters")
  .describe("parameter: value, by TouchDesigner Python name");

export const nodeName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "letters, digits and underscores, not starting with a digit")
  .max(64);
export const opType = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9]*$/, "an operator type such as noiseTOP")
  .max(64);

export const nodePath = (what: string) => tdPath(what);

export const force = z
  .boolean()
  .default(false)
  .describe(
    "overwrite what this call changes even where it was edited live since svc's last apply (nodes moved by hand are laid out again too)",
  );

export const allowUnmanaged = z
  .boolean()
  .default(false)
  .describe(
    "change the node even though svc did not build it (an artist's node): done directly as one undo step, each value listed before and after in the reply",
  );

/** What every edit reports: the plan it applied and how the network cooks afterwards. */
export const editOutput = {
  recovered: z.array(recoveredBrief).optional().describe("a cut-off earlier apply, finished first"),
  root: z.string().describe("the network the edit was applied to"),
  changed: z.boolean().describe("false when the network already was as asked"),
  summary: planSummary,
  nodes: z.array(z.string()).describe("nodes this call created or changed"),
  errors: z.number().describe("live errors in the network after the edit"),
  warnings: z.number(),
  issues: z.array(z.string()).describe("those errors and warnings, one line each"),
  unmanaged: z
    .array(z.object({ path: z.string(), what: z.string(), before: z.unknown(), after: z.unknown() }))
    .optional()
    .describe("allow_unmanaged: each change made to a node svc did not build, before and after"),
  undoStep: z
    .string()
    .optional()
    .describe("allow_unmanaged: the one undo step in TouchDesigner that puts the change back"),
};

export const stepsOutput = { steps: z.array(z.string()).describe("what each edit did") };

/**
 * The edit runner's result carries the fields each tool's output schema names (the runner puts a
 * created node's path and the like beside the common ones); this gives it the tool's type.
 */
export function asToolOutcome<T>(outcome: ToolOutcome<unknown>): ToolOutcome<T> {
  return outcome as ToolOutcome<T>;
}
