import { UsageError, type ParsedArgs } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { followLogs, logText, readLogs, type LogsQuery } from "../../project/logs.js";

const SEVERITIES = ["info", "warning", "error"] as const;

/** The query of the logs flags and scope shared by svc logs and svc-agent log-tail; bad values are usage errors. */
export function logsQuery(args: ParsedArgs): LogsQuery {
  const severity = (args.flags.severity as string | undefined) ?? "info";
  if (!(SEVERITIES as readonly string[]).includes(severity))
    throw new UsageError(`--severity must be one of ${SEVERITIES.join(", ")}`);
  const lines = Number((args.flags.lines as string | undefined) ?? "100");
  if (!Number.isInteger(lines) || lines < 1 || lines > 1000)
    throw new UsageError("--lines must be a whole number from 1 to 1000");
  if (args.positionals.length > 1)
    throw new UsageError("give at most one scope: a COMP path such as /project1, or bridge");
  const scope = args.positionals[0] ?? "/";
  if (scope !== "bridge" && !scope.startsWith("/"))
    throw new UsageError("the scope is an absolute COMP path such as /project1, or bridge");
  return { severity: severity as LogsQuery["severity"], max_lines: lines, scope };
}

export const logsCommand: Command = {
  name: ["logs"],
  summary: "Print the bridge's recent lines and the live cook errors and warnings under a COMP, newest last.",
  usage: "[--severity info|warning|error] [--lines <n>] [--follow] [<scope path>|bridge]",
  flags: {
    severity: { type: "string", valueName: "level", description: "the lowest severity shown (default info)" },
    lines: { type: "string", valueName: "n", description: "at most this many lines, 1 to 1000 (default 100)" },
    follow: {
      type: "boolean",
      short: "f",
      description: "keep printing new lines until interrupted or the bridge goes away",
    },
  },
  details: "A cook error is printed when it appears; with --follow, again only if it went away and came back.",
  async run(args, io, services) {
    const query = logsQuery(args);
    const lines = query.max_lines;
    return withBridge("svc logs", io, services, async (client) => {
      if (!args.flags.follow) {
        const first = await readLogs(client, query);
        if (first.truncated) io.stdout(`(older lines left out; --lines ${lines})\n`);
        for (const l of first.lines) io.stdout(logText(l) + "\n");
        return 0;
      }
      const follow = followLogs(client, query);
      for (;;) {
        const step = await follow.next();
        if (step.done) {
          if (step.value === "gone") io.stderr("svc logs: the bridge went away; stopped following\n");
          return 0;
        }
        if (step.value.truncated) io.stdout(`(older lines left out; --lines ${lines})\n`);
        for (const l of step.value.lines) io.stdout(logText(l) + "\n");
      }
    });
  },
};
