import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

const HIGH_FREQUENCY = ["timeline.frame", "node.cook"];

export const eventsCommand: Command = {
  name: ["events"],
  summary:
    "Print the bridge's recent events (nodes made, deleted, erroring, parameters watched, saves); --follow prints them as they happen.",
  usage: "[--follow] [--json] [--count <n>] [--high-frequency <names>]",
  flags: {
    follow: {
      type: "boolean",
      short: "f",
      description: "stay connected to the event stream and print each event (reconnects when the bridge restarts)",
    },
    json: { type: "boolean", description: "one JSON object per event" },
    count: { type: "string", valueName: "n", description: "with --follow: stop after this many events" },
    "high-frequency": {
      type: "string",
      valueName: "names",
      description: "with --follow: also timeline.frame and/or node.cook (comma-separated)",
    },
  },
  details:
    "Events are found by a sweep of the project every 6 frames while someone listens (bridge/README.md, Events).",
  async run(args, io, services) {
    const json = args.flags.json === true;
    const count = args.flags.count === undefined ? undefined : Number(args.flags.count);
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 1_000_000))
      throw new UsageError("--count must be a whole number from 1 to 1000000");
    const high = ((args.flags["high-frequency"] as string | undefined) ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    for (const name of high)
      if (!HIGH_FREQUENCY.includes(name))
        throw new UsageError(`--high-frequency takes ${HIGH_FREQUENCY.join(", ")}, not '${name}'`);
    if (args.positionals.length > 0) throw new UsageError("svc events takes no positional arguments");
    const { eventText } = await import("../../engine/index.js");
    const print = (e: import("../../engine/index.js").BridgeEvent) =>
      io.stdout((json ? JSON.stringify(e) : eventText(e)) + "\n");
    if (args.flags.follow !== true) {
      if (count !== undefined || high.length > 0) throw new UsageError("--count and --high-frequency need --follow");
      return withBridge("svc events", io, services, async (client) => {
        const recent = await client.get<{ events: import("../../engine/index.js").BridgeEvent[] }>("/api/events");
        for (const e of recent.events) print(e);
        if (recent.events.length === 0 && !json)
          io.stderr("svc events: no events yet (the bridge records them while someone follows)\n");
        return 0;
      });
    }
    const { BridgeEventStream, bridgeConfigFromEnv } = await import("../../engine/index.js");
    const config = bridgeConfigFromEnv(io.env);
    const stream = new BridgeEventStream({ url: config.url, token: config.token, highFrequency: high });
    let printed = 0;
    return await new Promise<number>((resolve) => {
      const finish = (code: number) => {
        stream.stop();
        process.off("SIGINT", interrupted);
        process.off("SIGTERM", interrupted);
        resolve(code);
      };
      const interrupted = () => finish(0);
      process.once("SIGINT", interrupted);
      process.once("SIGTERM", interrupted);
      stream.onStatus((s) => {
        io.stderr(
          s.state === "connected"
            ? `svc events: following (bridge ${s.bridgeVersion})\n`
            : `svc events: not connected (${s.reason}); trying again in ${(s.retryInMs / 1000).toFixed(1)} s\n`,
        );
      });
      stream.on((e) => {
        print(e);
        if (count !== undefined && ++printed >= count) finish(0);
      });
      stream.start();
    });
  },
};
