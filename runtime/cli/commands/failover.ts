import { resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import type { Command } from "../command.js";

export const failoverCommand: Command = {
  name: ["failover"],
  summary:
    "Keep the heartbeat of the failover pairs of svc.show.yaml: when a main machine stops answering, its backup takes over its outputs.",
  usage: "[--show-config <file>] [--chain <COMP>] [--interval <ms>] [--misses <n>] [--until-takeover]",
  flags: {
    "show-config": {
      type: "string",
      valueName: "file",
      description: "the show config with the failover pairs (default ./svc.show.yaml)",
    },
    chain: {
      type: "string",
      valueName: "COMP",
      description: "the failover chain on each backup (default /project1/failover, as create_show_failover builds it)",
    },
    interval: { type: "string", valueName: "ms", description: "time between heartbeats, 100 to 10000 (default 500)" },
    misses: {
      type: "string",
      valueName: "n",
      description: "heartbeats missed in a row before the backup takes over, 1 to 100 (default 4)",
    },
    "until-takeover": { type: "boolean", description: "exit 0 once every pair's backup has taken over (for scripts)" },
  },
  details: [
    "Runs until interrupted. It asks each main's bridge for /api/health; the backup's chain was built by",
    "create_show_failover on the backup. Hand-back is by hand: turn the chain's Live off on the backup.",
    "Exit codes: 0 stopped (or every backup took over with --until-takeover), 1 a backup refused, 2 bad usage or config.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("svc failover takes no positional arguments");
    const interval = intFlag(args, "interval", 500, 100, 10_000);
    const misses = intFlag(args, "misses", 4, 1, 100);
    const chain = typeof args.flags.chain === "string" ? args.flags.chain : "/project1/failover";
    if (!/^\/[A-Za-z0-9_/]+$/.test(chain))
      throw new UsageError(`--chain ${chain}: give the chain COMP's absolute path`);
    const { readShowConfig, targetToken, ShowConfigError, SHOW_CONFIG_FILE } =
      await import("../../show/show-config.js");
    const { watchFailover } = await import("../../show/failover-watch.js");
    const { BridgeClient, BridgeError, bridgeConfigFromEnv } = await import("../../engine/index.js");
    const given = typeof args.flags["show-config"] === "string" ? args.flags["show-config"] : SHOW_CONFIG_FILE;
    let pairs;
    try {
      const config = readShowConfig(resolve(io.cwd, given), given);
      if (config.failover.length === 0)
        throw new ShowConfigError(
          `${given}: no failover pairs; add 'failover: [{ main: <target>, backup: <target> }]'`,
        );
      const byName = new Map(config.targets.map((t) => [t.name, t]));
      pairs = config.failover.map((p) => {
        const main = byName.get(p.main)!;
        const backup = byName.get(p.backup)!;
        return { main, backup, mainToken: targetToken(main, io.env), backupToken: targetToken(backup, io.env) };
      });
    } catch (err) {
      if (err instanceof ShowConfigError) throw new UsageError(err.message);
      throw err;
    }
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    try {
      const ends = await Promise.all(
        pairs.map(async (p) => {
          const backup = new BridgeClient(
            bridgeConfigFromEnv(
              { SVC_BRIDGE_URL: p.backup.url, ...(p.backupToken ? { SVC_BRIDGE_TOKEN: p.backupToken } : {}) },
              { timeoutMs: 5_000 },
            ),
          );
          const label = `${p.main.name} -> ${p.backup.name}`;
          try {
            return await watchFailover({
              mainUrl: p.main.url,
              mainToken: p.mainToken,
              backup,
              chain,
              intervalMs: interval,
              misses,
              signal: stop.signal,
              untilTakeover: args.flags["until-takeover"] === true,
              report: (line) => io.stdout(`${label}: ${line}\n`),
            });
          } catch (err) {
            if (!(err instanceof BridgeError)) throw err;
            io.stderr(`svc failover: ${label}: the backup refused the takeover: ${err.oneLine()}\n`);
            return "failed" as const;
          } finally {
            await backup.close();
          }
        }),
      );
      return ends.includes("failed") ? 1 : 0;
    } finally {
      process.removeListener("SIGINT", onSignal);
    }
  },
};
