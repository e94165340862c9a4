import { compareVersions, shippedBridgeVersion } from "../../bridge-version.js";
import type { Command } from "../command.js";
import { readSystem, systemText } from "../../project/system.js";

interface Info {
  python_version: string;
  td_version: string;
  bridge_version: string;
}

export const statusCommand: Command = {
  name: ["status"],
  summary: "Show whether the bridge is reachable, its versions, whether it is older than this svc, the environment's health and system (GPU, monitors, Perform Mode), svc's settings (secrets redacted) and MCP client readiness.",
  usage: "[--json]",
  flags: { json: { type: "boolean", description: "print the status as JSON" } },
  async run(args, io) {
    const { BridgeClient, BridgeError, bridgeConfigFromEnv } = await import("../../bridge-client/index.js");
    const config = bridgeConfigFromEnv(io.env, { getRetries: 1, timeoutMs: 5_000 });
    const client = new BridgeClient(config);
    const shipped = shippedBridgeVersion();
    const { localReadiness, readinessText } = await import("../../onboarding/readiness.js");
    const local = localReadiness(io.env);
    try {
      const info = await client.get<Info>("/api/info");
      const stale = compareVersions(info.bridge_version, shipped) < 0;
      const system = await readSystem(client);
      if (args.flags.json) {
        io.stdout(JSON.stringify({ reachable: true, url: config.url, ...info, shipped_bridge_version: shipped, stale, system, local }, null, 2) + "\n");
      } else {
        io.stdout(
          [
            `bridge:      ${config.url} (reachable${config.token ? ", token set" : ""})`,
            `environment: ${info.td_version}, Python ${info.python_version}`,
            `bridge:      version ${info.bridge_version} (this svc ships ${shipped})`,
            `health:      ${systemText(system)}`,
            ...(system.cpus !== null || system.os ? [`system:      ${[system.os, system.cpus !== null ? `${system.cpus} CPUs` : ""].filter((s) => s).join(", ")}`] : []),
            ...(stale ? [`warning: the running bridge is older than this svc; reinstall it with 'svc install-bridge' and reload it`] : []),
          ].join("\n") + "\n" + readinessText(local),
        );
      }
      return 0;
    } catch (err) {
      if (!(err instanceof BridgeError)) throw err;
      if (args.flags.json) io.stdout(JSON.stringify({ reachable: false, url: config.url, error: { code: err.code, message: err.message }, local }, null, 2) + "\n");
      else {
        io.stdout(readinessText(local));
        io.stderr(`svc status: ${err.message}\n`);
      }
      return 1;
    } finally {
      await client.close();
    }
  },
};
