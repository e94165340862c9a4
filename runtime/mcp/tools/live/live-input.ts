/**
 * Argument schemas and URL helpers shared by the tools that read the live project. Light on
 * purpose: tool files import this at startup, so it must not pull in the bridge client.
 */
import { z } from "zod";
import { encodePath } from "../../../engine/index.js";

/** Absolute operator paths as the bridge accepts them: no op() patterns, no relative parts. */
const TD_PATH = /^\/(?:[A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*)?$/;

export function tdPath(what: string) {
  return z
    .string()
    .min(1)
    .max(512)
    .regex(TD_PATH, "must be an absolute operator path made of letters, digits and underscores, e.g. /project1/noise1")
    .describe(what);
}

/** A path as one URL segment, encoded as the bridge client encodes it (see encodePath). */
export function segment(path: string): string {
  return encodePath(path);
}

/** Operator families the bridge knows. */
export const FAMILIES = ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"] as const;

/** Text filters: a glob when it has * ? or [, otherwise a case-insensitive substring. */
export function textFilter(what: string) {
  return z.string().min(1).max(200).describe(`${what}: a glob with * ? [ ] or else a case-insensitive substring`);
}

/** How a walk over a network ended; `stoppedBy` names the limit that cut it short. */
export const completeness = {
  complete: z.boolean().describe("false when a limit cut the listing short"),
  stoppedBy: z.string().nullable().describe("what stopped it, when incomplete"),
};

export function completenessNote(complete: boolean, stoppedBy: string | null | undefined): string {
  return complete ? "complete" : `incomplete: stopped by ${stoppedBy ?? "a limit"}`;
}
