/**
 * Turns the declarative `Command` objects into one commander program, so every command, present
 * and future, gets the same parsing, `--help`, unknown-flag errors and suggestions. Commands stay
 * plain data; only this file knows commander.
 */
import { Command as Program, CommanderError, Option } from "commander";
import type { FlagSpec, FlagSpecs, ParsedArgs } from "./flag-specs.js";
import type { Command, CommandIO } from "./command.js";

/** Runs the command the words chose with its parsed words (the caller keeps its exit code). */
export type Invoke = (cmd: Command, args: ParsedArgs) => Promise<void>;

/** A commander error raised inside one command, with the words that name that command. */
export class CommandLineError extends Error {
  constructor(
    readonly commanderError: CommanderError,
    readonly words: string[],
  ) {
    super(commanderError.message);
    this.name = "CommandLineError";
  }
}

/** Commander calls `--no-x` flags negations (default true); svc declares them as plain switches. */
const isNegation = (name: string) => name.startsWith("no-");

function optionFor(name: string, spec: FlagSpec): Option {
  const value = spec.type === "string" ? ` <${spec.valueName ?? "value"}>` : "";
  const option = new Option(`${spec.short ? `-${spec.short}, ` : ""}--${name}${value}`, spec.description);
  if (spec.type === "string" && spec.multiple)
    option.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), v]);
  return option;
}

function readFlags(program: Program, specs: FlagSpecs): ParsedArgs["flags"] {
  const flags: ParsedArgs["flags"] = {};
  for (const option of program.options as Option[]) {
    const name = option.long?.slice(2);
    if (name === undefined || !(name in specs)) continue;
    const value = program.getOptionValue(option.attributeName()) as string | boolean | string[] | undefined;
    if (isNegation(name)) {
      if (value === false) flags[name] = true;
    } else if (value !== undefined) flags[name] = value;
  }
  return flags;
}

const HELP_WIDTH = 100;

function configure(node: Program, program: string, words: string[], io: CommandIO): Program {
  return node
    .helpOption("-h, --help", "print this help")
    .configureHelp({
      styleTitle: (title: string) => title.toLowerCase(),
      // a command is listed by the words that run it: "svc kb search"
      subcommandTerm: (sub) => [program, ...words, sub.name()].join(" "),
      helpWidth: HELP_WIDTH,
    })
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} })
    .showSuggestionAfterError(true)
    .helpCommand("help [command...]", "print the help of a command")
    .exitOverride((err) => {
      throw new CommandLineError(err, words);
    });
}

export interface ProgramSpec {
  program: string;
  summary: string;
  version?: string;
  /** Help text for a word that only groups subcommands (`svc kb`), by its words joined with spaces. */
  groupSummaries?: Record<string, string>;
}

/** Builds the program; `invoke` runs the command the words select. */
export function buildProgram(spec: ProgramSpec, commands: readonly Command[], io: CommandIO, invoke: Invoke): Program {
  const root = configure(new Program(spec.program), spec.program, [], io)
    .description(spec.summary)
    .usage("<command> [options]");
  root.addHelpText(
    "after",
    `\nRun '${spec.program} help <command>' (or '${spec.program} <command> --help') for a command's options.`,
  );
  if (spec.version) root.version(spec.version, "-V, --version", "print the version");
  const nodes = new Map<string, Program>([["", root]]);
  const nodeFor = (words: string[]): Program => {
    const key = words.join(" ");
    const known = nodes.get(key);
    if (known) return known;
    const parent = nodeFor(words.slice(0, -1));
    const node = configure(new Program(words[words.length - 1]!), spec.program, words, io);
    node.description(spec.groupSummaries?.[key] ?? `${key} commands`).usage("<command> [options]");
    parent.addCommand(node);
    nodes.set(key, node);
    return node;
  };
  for (const cmd of commands) {
    const node = nodeFor(cmd.name);
    node
      .description(cmd.summary)
      .usage(cmd.usage || "[options]")
      .allowExcessArguments(true);
    for (const [name, flag] of Object.entries(cmd.flags)) node.addOption(optionFor(name, flag));
    if (cmd.details) node.addHelpText("after", `\n${cmd.details}`);
    node.action(() => invoke(cmd, { flags: readFlags(node, cmd.flags), positionals: [...node.args] }));
  }
  return root;
}

/** The node the words name when they name a group of commands and nothing more (`svc kb`), else undefined. */
export function groupNamedBy(root: Program, argv: readonly string[]): Program | undefined {
  let node = root;
  for (const word of argv) {
    const next = (node.commands as Program[]).find((c) => c.name() === word);
    if (next === undefined) return undefined;
    node = next;
  }
  // commander keeps a command's action in a private field (null when it has none)
  const hasAction = (node as unknown as { _actionHandler?: unknown })._actionHandler != null && node !== root;
  return node.commands.length > 0 && !hasAction ? node : undefined;
}

/** One command's flags parsed on their own (for callers that run a command without the dispatcher). */
export function parseWith(specs: FlagSpecs, argv: readonly string[]): ParsedArgs {
  const silent: CommandIO = {
    stdout: () => {},
    stderr: () => {},
    readStdin: async () => "",
    isTTY: false,
    cwd: "",
    env: {},
  };
  const node = configure(new Program("command"), "command", [], silent).allowExcessArguments(true);
  for (const [name, flag] of Object.entries(specs)) node.addOption(optionFor(name, flag));
  node.parse([...argv], { from: "user" });
  return { flags: readFlags(node, specs), positionals: [...node.args] };
}

/** Commander's message as one line without its "error: " prefix: "unknown option '--nope' (did you mean --note?)". */
export function usageMessage(err: CommandLineError): string {
  return err.message
    .replace(/^error: /, "")
    .replace(/\s*\n\s*/g, " ")
    .replace("(Did you mean", "(did you mean")
    .trim();
}
