import { UsageError } from "../args.js";
import type { Command } from "../command.js";

const CLIENT_IDS = ["claude-desktop", "claude-code", "cursor", "vscode", "windsurf"];

export const installClientCommand: Command = {
  name: ["install-client"],
  summary:
    "Plan, or with --write make, svc's entry in the MCP config of Claude Desktop, Claude Code, Cursor, VS Code and Windsurf, keeping every other server.",
  usage: "[--write] [--client <id>]... [--json]",
  flags: {
    write: { type: "boolean", description: "write the planned entries (each old file is copied beside it first)" },
    client: {
      type: "string",
      multiple: true,
      valueName: "id",
      description: `only this client, even if it looks absent: ${CLIENT_IDS.join(", ")}`,
    },
    json: { type: "boolean", description: "print the plan or the result as JSON" },
  },
  details: [
    "Without --client, the clients that look installed (their config folder exists) are planned.",
    "The entry runs this svc with node and no command: the MCP server on stdio. A file that is not plain",
    "JSON (comments) is never rewritten: svc prints the entry to add by hand. Exit codes: 0 planned or",
    "written and read back, 1 a file could not be merged, 2 bad usage.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const chosen = (args.flags.client as string[] | undefined) ?? [];
    for (const id of chosen)
      if (!CLIENT_IDS.includes(id))
        throw new UsageError(`unknown client '${id}': choose from ${CLIENT_IDS.join(", ")}`);
    const { planClients, writeClients, planText } = await import("../../onboarding/install-client.js");
    const plan = planClients(io.env, chosen);
    if (!args.flags.write) {
      if (args.flags.json) io.stdout(JSON.stringify({ written: false, plan }, null, 2) + "\n");
      else
        io.stdout(
          planText(plan) +
            (plan.some((p) => p.action === "add" || p.action === "update")
              ? "\nrun again with --write to make these changes\n"
              : ""),
        );
      return 0;
    }
    const result = writeClients(io.env, plan);
    if (args.flags.json) io.stdout(JSON.stringify({ written: true, results: result }, null, 2) + "\n");
    else {
      for (const r of result) {
        if (r.error) io.stderr(`svc install-client: ${r.label}: ${r.error}\n`);
        else
          io.stdout(
            `${r.label}: ${r.changed ? "written and read back" : "already current"} (${r.file})${r.backup ? `; previous file kept as ${r.backup}` : ""}\n`,
          );
      }
    }
    return result.every((r) => !r.error) ? 0 : 1;
  },
};
