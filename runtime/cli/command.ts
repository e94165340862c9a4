import { formatFlags, parseArgs, type FlagSpecs, type ParsedArgs } from "./args.js";

/** Where a command writes; tests pass their own to capture output. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input as text, read on demand (for `-`). */
  readStdin: () => Promise<string>;
  /** True when stdout is a terminal: progress and colour only then. */
  isTTY: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface Command {
  /** The words that select it: ["fmt"], ["kb", "search"]. */
  name: string[];
  summary: string;
  /** Positional part of the usage line, e.g. "[--check] <files|dirs>...". */
  usage: string;
  flags: FlagSpecs;
  /** Further help text printed under the flags. */
  details?: string;
  /** Returns the process exit code: 0 ok, 1 the work found errors, 2 bad usage. */
  run(args: ParsedArgs, io: CommandIO): Promise<number>;
}

export const HELP_FLAG: FlagSpecs = { help: { type: "boolean", short: "h", description: "print this help" } };

export function commandHelp(program: string, cmd: Command): string {
  const lines = [`usage: ${program} ${cmd.name.join(" ")} ${cmd.usage}`.trimEnd(), "", cmd.summary, ""];
  lines.push("options:", formatFlags({ ...cmd.flags, ...HELP_FLAG }));
  if (cmd.details) lines.push("", cmd.details);
  return lines.join("\n") + "\n";
}

export { parseArgs };
