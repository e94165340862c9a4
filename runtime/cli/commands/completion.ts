import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const completionCommand: Command = {
  name: ["completion"],
  summary: "Print the shell completion script for bash, zsh or fish.",
  usage: "<bash|zsh|fish>",
  flags: {},
  details: [
    'bash: add  eval "$(svc completion bash)"  to ~/.bashrc',
    'zsh:  add  eval "$(svc completion zsh)"  to ~/.zshrc, after compinit',
    "fish: svc completion fish > ~/.config/fish/completions/svc.fish",
  ].join("\n"),
  async run(args, io) {
    const { SHELLS, completionScript } = await import("../completion-script.js");
    const shell = args.positionals[0];
    if (args.positionals.length !== 1 || !(SHELLS as readonly string[]).includes(shell!)) {
      throw new UsageError(`name one shell: ${SHELLS.join(", ")}`);
    }
    // the whole list comes from the program that runs this command (the list imports this file)
    const program = io.program;
    if (program === undefined) throw new Error("svc completion runs through the dispatcher, which names its program");
    const { commands, groups } = await program.load();
    io.stdout(completionScript(shell as (typeof SHELLS)[number], program.name, commands, groups));
    return 0;
  },
};
