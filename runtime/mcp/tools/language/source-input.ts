/** The argument every language tool takes: .svcnet source text, and a name for its diagnostics. */
import { join, normalize, sep } from "node:path";
import { z } from "zod";
import { recipesDir } from "../../../recipes/catalog.js";

/** Larger sources belong in files on disk; a megabyte of .svcnet is thousands of nodes. */
export const MAX_SOURCE_CHARS = 1_000_000;

export const sourceInput = {
  source: z.string().min(1, "source must not be empty").max(MAX_SOURCE_CHARS).describe(".svcnet source text"),
  file: z.string().max(260).optional().describe("file name to show in diagnostics"),
};

/** How svc's recipe folder is named to clients (the `svc://recipes` resources), never by its path on this machine. */
export const RECIPES_URI = "svc://recipes/";

/**
 * The file a source is compiled as. A network an artist tool built is named `svc://recipes/<name>.svcnet`
 * (its imports are relative to svc's recipes); given back, it compiles where the recipes are.
 */
export function sourceFile(file: string | undefined, fallback: string): string {
  if (file === undefined) return fallback;
  if (!file.startsWith(RECIPES_URI)) return file;
  const local = normalize(join(recipesDir(), file.slice(RECIPES_URI.length)));
  return local.startsWith(recipesDir() + sep) ? local : file;
}
