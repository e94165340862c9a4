import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const dashboardCommand: Command = {
  name: ["dashboard"],
  summary:
    "Watch the show live: bridge health, frame rate, dropped frames, errors, the current cue and panic; a screen on a terminal, a line per sample when piped.",
  usage: "[--interval <ms>] [--count <n>] [--cues <COMP>] [--json | --web [--port <n>]]",
  flags: {
    interval: { type: "string", valueName: "ms", description: "time between samples, 200 to 60000 (default 1000)" },
    count: { type: "string", valueName: "n", description: "stop after this many samples (default: until Ctrl-C)" },
    cues: {
      type: "string",
      valueName: "COMP",
      description: "the cue engine whose current cue is shown (default /project1/cues)",
    },
    json: { type: "boolean", description: "one JSON object per sample" },
    web: {
      type: "boolean",
      description:
        "serve the dashboard as a page on loopback (http://127.0.0.1:<port>/), live through server-sent events",
    },
    port: {
      type: "string",
      valueName: "n",
      description: "with --web: the loopback port, 0 for any free one (default 9981)",
    },
  },
  details:
    "Dropped frames are shown where the bridge reports them (tdsim); in TouchDesigner the column reads '-'. Exit 1 when the bridge stops answering; the page keeps serving and says so. The page answers only this machine: a request whose Host or Origin is not a loopback name gets 403.",
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError("svc dashboard takes no positional arguments");
    const interval = intFlag(args, "interval", 1000, 200, 60_000);
    const count = args.flags.count === undefined ? Infinity : intFlag(args, "count", 1, 1, 1_000_000);
    const cues = typeof args.flags.cues === "string" ? args.flags.cues : "/project1/cues";
    if (!/^\/[A-Za-z0-9_/]+$/.test(cues))
      throw new UsageError(`--cues ${cues}: give the cue engine COMP's absolute path`);
    if (args.flags.port !== undefined && !args.flags.web) throw new UsageError("--port goes with --web");
    if (args.flags.web) {
      if (args.flags.json) throw new UsageError("--json and --web do not go together: the page's /sample answers JSON");
      const port = intFlag(args, "port", 9981, 0, 65535);
      const { serveDashboard } = await import("../dashboard-web.js");
      return serveDashboard({ io, services, cues, intervalMs: interval, port, count });
    }
    const { dashboardLine, dashboardScreen, sampleDashboard } = await import("../../show/dashboard.js");
    let stop = false;
    const onSignal = () => (stop = true);
    process.once("SIGINT", onSignal);
    try {
      return await withBridge("svc dashboard", io, services, async (client) => {
        let previous: Awaited<ReturnType<typeof sampleDashboard>>["next"] | undefined;
        for (let i = 0; i < count && !stop; i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, interval));
          const { sample, next } = await sampleDashboard(client, cues, previous);
          previous = next;
          if (args.flags.json) io.stdout(JSON.stringify(sample) + "\n");
          else io.stdout(io.isTTY ? dashboardScreen(sample, client.config.url) : dashboardLine(sample) + "\n");
        }
        return 0;
      });
    } finally {
      process.removeListener("SIGINT", onSignal);
    }
  },
};
