import { UsageError } from "../args.js";
import type { Command } from "../command.js";

interface Described {
  command: string;
  summary: string;
  usage: string;
  flags: Array<{ name: string; short?: string; takes_value: boolean; repeatable: boolean; description: string }>;
}

function describe(program: string, cmd: Command): Described {
  return {
    command: [program, ...cmd.name].join(" "),
    summary: cmd.summary,
    usage: `${[program, ...cmd.name].join(" ")} ${cmd.usage}`.trimEnd(),
    flags: Object.entries(cmd.flags).map(([name, f]) => ({
      name: `--${name}`,
      ...(f.short ? { short: `-${f.short}` } : {}),
      takes_value: f.type === "string",
      repeatable: Boolean(f.multiple),
      description: f.description,
    })),
  };
}

export const agentCommandsCommand: Command = {
  name: ["commands"],
  summary: "List every svc and svc-agent command with its usage and flags, from the same declarations that parse them.",
  usage: "[--json]",
  flags: { json: { type: "boolean", description: "print the list as JSON, for scripts and agents" } },
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const { svcCommands } = await import("../commands/index.js");
    // svc-agent's own list comes from the program that runs this command (the list imports this file)
    if (io.program === undefined)
      throw new Error("svc-agent commands runs through the dispatcher, which names its program");
    const { commands: agentCommands } = await io.program.load();
    const all = [...svcCommands.map((c) => describe("svc", c)), ...agentCommands.map((c) => describe("svc-agent", c))];
    if (args.flags.json) io.stdout(JSON.stringify({ commands: all }, null, 2) + "\n");
    else {
      const width = Math.max(...all.map((c) => c.command.length));
      for (const c of all) io.stdout(`${c.command.padEnd(width)}  ${c.summary}\n`);
    }
    return 0;
  },
};
