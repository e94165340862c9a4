import { compareVersions, shippedBridgeVersion } from "../../bridge-version.js";
import type { Command } from "../command.js";
import { readSystem, systemText } from "../../project/system.js";

interface Info {
  python_version: string;
  td_version: string;
  bridge_version: string;
}

interface InteractionStatus {
  delivery: "messageBox" | "perform_mode" | "headless";
  pending: number;
  limit: number;
}

/** How the bridge would ask the artist now (GET /api/interactions/status); null from a bridge without the route. */
async function readInteraction(
  client: import("../../engine/index.js").BridgeClient,
): Promise<InteractionStatus | null> {
  const { BridgeError } = await import("../../engine/index.js");
  try {
    return await client.get<InteractionStatus>("/api/interactions/status");
  } catch (err) {
    if (err instanceof BridgeError && err.code === "not_found") return null;
    throw err;
  }
}

function interactionText(i: InteractionStatus | null): string {
  if (i === null) return "unknown (this bridge has no interaction broker; upgrade it)";
  const pending = `${i.pending} of ${i.limit} decisions waiting`;
  if (i.delivery === "messageBox") return `the artist is asked in a message box in TouchDesigner (${pending})`;
  if (i.delivery === "perform_mode")
    return `Perform Mode is on: the artist cannot be asked, so requests that need an answer are refused (${pending})`;
  return `headless: no one can answer, so requests that need the artist are refused (${pending})`;
}

export const statusCommand: Command = {
  name: ["status"],
  summary:
    "Show whether the bridge is reachable, its versions, whether it is older than this svc, the environment's health and system (GPU, monitors, Perform Mode), svc's settings (secrets redacted) and MCP client readiness.",
  usage: "[--json]",
  flags: { json: { type: "boolean", description: "print the status as JSON" } },
  async run(args, io) {
    const { BridgeClient, BridgeError, bridgeConfigFromEnv } = await import("../../engine/index.js");
    const config = bridgeConfigFromEnv(io.env, { getRetries: 1, timeoutMs: 5_000 });
    const client = new BridgeClient(config);
    const shipped = shippedBridgeVersion();
    const { localReadiness, readinessText } = await import("../../onboarding/readiness.js");
    const local = localReadiness(io.env, io.cwd);
    try {
      const info = await client.get<Info>("/api/info");
      const stale = compareVersions(info.bridge_version, shipped) < 0;
      const system = await readSystem(client);
      const interaction = await readInteraction(client);
      if (args.flags.json) {
        io.stdout(
          JSON.stringify(
            {
              reachable: true,
              url: config.url,
              ...info,
              shipped_bridge_version: shipped,
              stale,
              system,
              interaction,
              local,
            },
            null,
            2,
          ) + "\n",
        );
      } else {
        io.stdout(
          [
            `bridge:      ${config.url} (reachable${config.token ? ", token set" : ""})`,
            `environment: ${info.td_version}, Python ${info.python_version}`,
            `bridge:      version ${info.bridge_version} (this svc ships ${shipped})`,
            `health:      ${systemText(system)}`,
            `interaction: ${interactionText(interaction)}`,
            ...(system.cpus !== null || system.os
              ? [
                  `system:      ${[system.os, system.cpus !== null ? `${system.cpus} CPUs` : ""].filter((s) => s).join(", ")}`,
                ]
              : []),
            ...(stale
              ? [
                  `warning: the running bridge is older than this svc; reinstall it with 'svc install-bridge' and reload it`,
                ]
              : []),
          ].join("\n") +
            "\n" +
            readinessText(local),
        );
      }
      return 0;
    } catch (err) {
      if (!(err instanceof BridgeError)) throw err;
      if (args.flags.json)
        io.stdout(
          JSON.stringify(
            { reachable: false, url: config.url, error: { code: err.code, message: err.message }, local },
            null,
            2,
          ) + "\n",
        );
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
