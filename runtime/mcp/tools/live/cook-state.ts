/**
 * An operator's cook counters as the live tools report them. Its own file so that a tool using it
 * does not import another tool's file (and so its schemas) at start-up.
 */
import { z } from "zod";
import type { CookRow } from "./bridge-replies.js";

export const cookSchema = z
  .object({
    cookTimeMs: z.number(),
    cpuCookTimeMs: z.number(),
    gpuCookTimeMs: z.number(),
    totalCooks: z.number(),
    cookFrame: z.number().describe("frame of the last cook (negative: never cooked)"),
  })
  .describe("the environment's cook counters for this operator");

export function cookOf(row: CookRow) {
  return {
    cookTimeMs: row.cook_time_ms,
    cpuCookTimeMs: row.cpu_cook_time_ms,
    gpuCookTimeMs: row.gpu_cook_time_ms,
    totalCooks: row.total_cooks,
    cookFrame: row.cook_frame,
  };
}
