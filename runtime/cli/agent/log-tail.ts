import { intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { logsQuery } from "../commands/logs.js";
import { followLogs, logText } from "../../project/logs.js";
import { interruptSignal } from "./file-watch.js";

export const agentLogTailCommand: Command = {
  name: ["log-tail"],
  summary:
    "Print the bridge's last lines and cook errors under a COMP, then each new one as it comes (one JSON object a line with --json).",
  usage: "[--severity info|warning|error] [--lines <n>] [--max-new <n>] [--json] [<scope path>|bridge]",
  flags: {
    severity: { type: "string", valueName: "level", description: "the lowest severity shown (default info)" },
    lines: { type: "string", valueName: "n", description: "how many of the last lines first, 1 to 1000 (default 100)" },
    "max-new": {
      type: "string",
      valueName: "n",
      description: "stop after this many new lines (default: until Ctrl+C or the bridge goes away)",
    },
    json: { type: "boolean", description: "one JSON object a line: severity, source, path, message, time" },
  },
  details:
    "A cook error is printed when it appears, and again only if it went away and came back. Exit codes: 0 stopped, 1 the bridge did not answer at first, 2 bad usage.",
  async run(args, io, services) {
    const query = logsQuery(args);
    const maxNew = intFlag(args, "max-new", 0, 1, 1_000_000);
    return withBridge("svc-agent log-tail", io, services, async (client) => {
      const interrupt = interruptSignal();
      const print = (line: Parameters<typeof logText>[0]) =>
        io.stdout((args.flags.json ? JSON.stringify(line) : logText(line)) + "\n");
      try {
        const follow = followLogs(client, query, interrupt.signal);
        const first = await follow.next();
        if (first.done) return 0;
        for (const l of first.value.lines) print(l);
        let fresh = 0;
        for (;;) {
          const step = await follow.next();
          if (step.done) {
            if (step.value === "gone") io.stderr("svc-agent log-tail: the bridge went away; stopped\n");
            return 0;
          }
          for (const l of step.value.lines) {
            print(l);
            fresh += 1;
            if (maxNew > 0 && fresh >= maxNew) return 0;
          }
        }
      } finally {
        interrupt.dispose();
      }
    });
  },
};
