/**
 * The flags a command declares and what it receives once they are parsed. Parsing is strict
 * (declared flags only, so a typo is an error, exit 2); commander does it (command-tree.ts).
 */
import { CommandLineError, parseWith, usageMessage } from "./command-tree.js";
import type { FlagSpecs, ParsedArgs } from "./flag-specs.js";

export type { FlagSpecs, ParsedArgs } from "./flag-specs.js";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Parses one command's words against its flags alone (the dispatcher parses whole command lines). */
export function parseArgs(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
  try {
    return parseWith(specs, argv);
  } catch (err) {
    if (err instanceof CommandLineError) throw new UsageError(usageMessage(err));
    throw err;
  }
}

/** Reads a numeric flag, or throws a usage error naming the flag. */
export function intFlag(
  parsed: ParsedArgs,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = parsed.flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`option '--${name}' takes a whole number from ${min} to ${max}`);
  }
  return n;
}
