/** The argument every language tool takes: .svcnet source text, and a name for its diagnostics. */
import { z } from "zod";

/** Larger sources belong in files on disk; a megabyte of .svcnet is thousands of nodes. */
export const MAX_SOURCE_CHARS = 1_000_000;

export const sourceInput = {
  source: z.string().min(1, "source must not be empty").max(MAX_SOURCE_CHARS).describe(".svcnet source text"),
  file: z.string().max(260).optional().describe("file name to show in diagnostics"),
};
