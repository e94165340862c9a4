import { UsageError } from "./args.js";
import { CommandLineError, buildProgram, groupNamedBy, usageMessage, type ProgramSpec } from "./command-tree.js";
import type { Command, CommandIO, ProgramCommands } from "./command.js";
import { packageVersion } from "../package-root.js";
import { createServices } from "../services.js";

/**
 * Runs one invocation and returns its exit code; never throws for bad usage.
 * `help <words>` is `<words> --help`; words that name only a group (`svc kb`) list its commands.
 * `loadAll` gives the program's whole list when `commands` is a part of it (a lazily loaded command).
 */
export async function dispatch(
  program: string,
  summary: string,
  commands: readonly Command[],
  argv: readonly string[],
  io: CommandIO,
  groupSummaries?: Record<string, string>,
  loadAll?: ProgramCommands["load"],
): Promise<number> {
  const wholeList = { commands, ...(groupSummaries ? { groups: groupSummaries } : {}) };
  io = { ...io, program: { name: program, load: loadAll ?? (async () => wholeList) } };
  const spec: ProgramSpec = {
    program,
    summary,
    version: packageVersion(),
    ...(groupSummaries ? { groupSummaries } : {}),
  };
  let code = 0;
  let chosen: Command | undefined;
  const root = buildProgram(spec, commands, io, async (cmd, args) => {
    chosen = cmd;
    // The command's services, made from its environment; what it opened is closed when it ends.
    const services = createServices(io.env);
    try {
      code = await cmd.run(args, io, services);
    } finally {
      await services.close();
    }
  });
  const words = argv[0] === "help" ? helpWords(root, argv.slice(1)) : [...argv];
  const group = groupNamedBy(root, words);
  if (group !== undefined) {
    group.outputHelp();
    return 0;
  }
  try {
    await root.parseAsync(words, { from: "user" });
    return code;
  } catch (err) {
    if (err instanceof CommandLineError) {
      const { exitCode, code: kind } = err.commanderError;
      if (
        kind === "commander.helpDisplayed" ||
        kind === "commander.version" ||
        (kind === "commander.help" && exitCode === 0)
      )
        return exitCode;
      const who = [program, ...err.words].join(" ");
      io.stderr(`${who}: ${usageMessage(err)} (see '${who} --help')\n`);
      return 2;
    }
    if (err instanceof UsageError && chosen !== undefined) {
      const who = [program, ...chosen.name].join(" ");
      io.stderr(`${who}: ${err.message} (see '${who} --help')\n`);
      return 2;
    }
    throw err;
  }
}

/** `help a b` asks for `a b --help`; a word that names no command is left for commander to refuse with suggestions. */
function helpWords(root: ReturnType<typeof buildProgram>, asked: readonly string[]): string[] {
  let node = root;
  for (const [i, word] of asked.entries()) {
    const next = node.commands.find((c) => c.name() === word);
    if (next === undefined) return asked.slice(0, i + 1);
    node = next;
  }
  return [...asked, "--help"];
}

export function processIO(): CommandIO {
  // a reader that stops early (`svc --help | head`) is not an error of svc's
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    isTTY: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}
