import type { FlagSpecs, ParsedArgs } from "./flag-specs.js";
import type { Services } from "../services.js";

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
  /** The program the command runs in, set by the dispatcher: commands that list commands read it. */
  program?: ProgramCommands;
}

/**
 * A program's whole command list, loaded on demand: one command may run with only its own module
 * loaded (command-index.ts), so the list comes from the program's entry point, not an import.
 */
export interface ProgramCommands {
  name: string;
  load(): Promise<{ commands: readonly Command[]; groups?: Record<string, string> }>;
}

/**
 * One command, declared as data. The dispatcher turns every declaration into the same parsing,
 * `--help`, errors and shell completions, so a command file holds only what is its own.
 */
export interface Command {
  /** The words that select it: ["fmt"], ["kb", "search"]. */
  name: string[];
  summary: string;
  /** Positional part of the usage line, e.g. "[--check] <files|dirs>...". */
  usage: string;
  flags: FlagSpecs;
  /** Further help text printed under the flags. */
  details?: string;
  /**
   * Returns the process exit code: 0 ok, 1 the work found errors, 2 bad usage. `services` are the
   * invocation's (the dispatcher builds them from `io.env` and closes them when the command ends).
   */
  run(args: ParsedArgs, io: CommandIO, services: Services): Promise<number>;
}
