/** The flags a command declares and what it receives once they are parsed: data only, imported by the
 * parser (command-tree.ts), the command declaration (command.ts) and the helpers (args.ts). */
export interface FlagSpec {
  /** "boolean" flags take no value; "string" flags take the next word or `--flag=value`. A boolean
   * named `no-x` is a plain switch too: `flags["no-x"]` is true when given. */
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
