/**
 * Argument and result shapes shared by the tools that plan, apply and read networks. Light on
 * purpose (zod only): tool files import it at startup, before any compiler or bridge code loads.
 */
import { z } from "zod";

/** `/project1/{network}`-style template, or a fixed COMP path for a file with one network. */
export const rootTemplate = z
  .string()
  .min(2)
  .max(512)
  .regex(/^\/[A-Za-z0-9_/{}]*$/, "must be an absolute path, e.g. /project1/{network}")
  .optional()
  .describe("where networks are built; {network} is the name (default /project1/{network})");

/** A diagnostic as JSON (code, severity, message, file, range, help, suggestions). */
export const diagnosticJson = z.record(z.string(), z.unknown());

export const planSummary = z.object({ add: z.number(), change: z.number(), destroy: z.number() });

/** One network's plan in brief; the full plan JSON travels beside it where a tool offers it. */
export const networkPlanBrief = z.object({
  root: z.string(),
  summary: planSummary,
  empty: z.boolean(),
  conflicts: z.number().describe("live edits left alone, or nodes in the way"),
  liveOnly: z.number().describe("live values on svc's nodes the source does not set (kept)"),
  ignoredUnowned: z.number().describe("live nodes svc did not create (untouched)"),
});

export const verifyBrief = z.object({
  root: z.string(),
  errors: z.number(),
  warnings: z.number(),
  complete: z.boolean(),
});

export const previewBrief = z.object({ path: z.string(), width: z.number(), height: z.number() }).nullable();

/** An unfinished apply of the network that svc finished first (its journal was still there). */
export const recoveredBrief = z.object({
  root: z.string(),
  landed: z.number(),
  totalRequests: z.number(),
  unknown: z.number(),
  action: z.enum(["rolled-back", "kept", "finished", "incomplete", "in-progress"]),
  summary: z.string(),
});

/** An unfinished apply of the network that a read-only plan found and left as it is. */
export const unfinishedBrief = z.object({
  root: z.string(),
  landed: z.number(),
  totalRequests: z.number(),
  unknown: z.number(),
  next: z.enum(["roll-back", "keep", "commit", "in-progress"]).describe("what the next apply does first"),
  summary: z.string(),
});
