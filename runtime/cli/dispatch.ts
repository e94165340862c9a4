import { UsageError, parseArgs } from "./args.js";
import { HELP_FLAG, commandHelp, type Command, type CommandIO } from "./command.js";

/** Picks the command whose name is the longest prefix of argv. */
function findCommand(commands: readonly Command[], argv: readonly string[]): Command | undefined {
  let best: Command | undefined;
  for (const cmd of commands) {
    if (cmd.name.length > argv.length) continue;
    if (cmd.name.every((w, i) => argv[i] === w) && (best === undefined || cmd.name.length > best.name.length)) best = cmd;
  }
  return best;
}

export function programHelp(program: string, summary: string, commands: readonly Command[]): string {
  const rows = commands.map((c) => [`${program} ${c.name.join(" ")}`, c.summary] as const);
  const width = Math.max(0, ...rows.map(([l]) => l.length));
  return [
    `usage: ${program} <command> [options]`,
    "",
    summary,
    "",
    "commands:",
    ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`),
    "",
    `Run '${program} <command> --help' for a command's options.`,
    "",
  ].join("\n");
}

/** Runs one invocation and returns its exit code; never throws for bad usage. */
export async function dispatch(
  program: string,
  summary: string,
  commands: readonly Command[],
  argv: readonly string[],
  io: CommandIO,
): Promise<number> {
  const cmd = findCommand(commands, argv);
  if (cmd === undefined) {
    if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
      io.stdout(programHelp(program, summary, commands));
      return 0;
    }
    io.stderr(`${program}: unknown command '${argv.join(" ")}' (see '${program} --help')\n`);
    return 2;
  }
  const rest = argv.slice(cmd.name.length);
  try {
    const parsed = parseArgs(rest, { ...cmd.flags, ...HELP_FLAG });
    if (parsed.flags.help) {
      io.stdout(commandHelp(program, cmd));
      return 0;
    }
    return await cmd.run(parsed, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`${program} ${cmd.name.join(" ")}: ${err.message} (see '${program} ${cmd.name.join(" ")} --help')\n`);
      return 2;
    }
    throw err;
  }
}

export function processIO(): CommandIO {
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
