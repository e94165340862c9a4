/**
 * Argument and result shapes every artist tool shares. Zod only: tool files import it at startup,
 * before any compiler, grammar or bridge code loads.
 */
import { z } from "zod";
import { diagnosticJson, previewBrief, recoveredBrief } from "../network/schemas.js";

/** The network's name: the COMP built at /project1/<name>. */
export function networkName(fallback: string) {
  return z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a network name is letters, digits and '_', not starting with a digit")
    .default(fallback)
    .describe("network name: the COMP built at /project1/<name>");
}

export const previewSize = z
  .number()
  .int()
  .min(0)
  .max(1024)
  .default(256)
  .describe("thumbnail size of the output; 0 for none");

/** A live TOP fed into a recipe that processes a picture. */
export const sourceTop = z
  .string()
  .regex(/^\/[A-Za-z0-9_/]+$/, "must be an absolute operator path, e.g. /project1/moviefilein1")
  .max(512)
  .optional()
  .describe("a live TOP to process (default: the recipe's test picture)");

export const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as "#rrggbb"');

/** One JSON value a recipe parameter can take. */
export const argumentValue = z.union([
  z.number(),
  z.boolean(),
  z.string().max(2000),
  z.array(z.number()).min(2).max(4),
]);

/** Arguments for a recipe chosen at call time, checked against its declared parameters. */
export const settings = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64),
    argumentValue,
  )
  .default({})
  .describe("the recipe's parameters by name (svc://recipes/{name})");

export const artistOutput = {
  network: z.string().describe("path of the network's COMP"),
  recipes: z.array(z.string()).describe("recipes the network uses"),
  file: z.string().describe("the source's file name, for apply_network"),
  source: z.string().describe("the .svcnet applied (edit it, apply_network it)"),
  applied: z.boolean().describe("false when nothing changed"),
  operations: z.number(),
  verify: z.object({ errors: z.number(), warnings: z.number(), complete: z.boolean() }).nullable(),
  errors: z.number(),
  warnings: z.number(),
  diagnostics: z.array(diagnosticJson),
  preview: previewBrief,
  recovered: z.array(recoveredBrief).optional().describe("a cut-off earlier apply, finished first"),
};
