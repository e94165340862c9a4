/**
 * Strict argument parsing shared by every command: declared flags only, so a typo is an error
 * (exit 2) rather than silently ignored.
 */
export interface FlagSpec {
  /** "boolean" flags take no value; "string" flags take the next word or `--flag=value`. */
  type: "boolean" | "string";
  /** A string flag that may be given more than once collects every value. */
  multiple?: boolean;
  /** One-letter alias, without the dash. */
  short?: string;
  description: string;
  /** Shown in help as `--flag <value>`. */
  valueName?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export interface ParsedArgs {
  flags: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export function parseArgs(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
  const flags: ParsedArgs["flags"] = {};
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) if (spec.short) byShort.set(spec.short, name);
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (word === "-" || !word.startsWith("-")) {
      positionals.push(word);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      name = eq < 0 ? word.slice(2) : word.slice(2, eq);
      inline = eq < 0 ? undefined : word.slice(eq + 1);
    } else {
      const long = byShort.get(word.slice(1));
      if (long === undefined) throw new UsageError(`unknown option '${word}'`);
      name = long;
    }
    const spec = specs[name];
    if (spec === undefined) throw new UsageError(`unknown option '--${name}'`);
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new UsageError(`option '--${name}' takes no value`);
      flags[name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("-") && next !== "-")) {
        throw new UsageError(`option '--${name}' needs a value`);
      }
      value = next;
      i++;
    }
    if (spec.multiple) {
      const list = (flags[name] as string[] | undefined) ?? [];
      list.push(value);
      flags[name] = list;
    } else {
      flags[name] = value;
    }
  }
  return { flags, positionals };
}

/** Reads a numeric flag, or throws a usage error naming the flag. */
export function intFlag(parsed: ParsedArgs, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = parsed.flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`option '--${name}' takes a whole number from ${min} to ${max}`);
  }
  return n;
}

export function formatFlags(specs: FlagSpecs): string {
  const rows = Object.entries(specs).map(([name, spec]) => {
    const left = `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.type === "string" ? ` <${spec.valueName ?? "value"}>` : ""}`;
    return [left, spec.description] as const;
  });
  const width = Math.max(0, ...rows.map(([l]) => l.length));
  return rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`).join("\n");
}
