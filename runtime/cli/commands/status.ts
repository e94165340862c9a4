import { compareVersions, shippedBridgeVersion } from "../../bridge-version.js";
import type { Command } from "../command.js";
import { progressTo } from "../bridge-session.js";
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
    const { recoverApplies, unfinishedAppliesOf } = await import("../../engine/index.js");
    const { journalDir } = await import("../../onboarding/places.js");
    try {
      const info = await client.get<Info>("/api/info");
      // An apply cut off earlier is finished before anything is reported as it is now.
      const recovered = await recoverApplies(client, journalDir(io.env), { progress: progressTo(io, "svc status") });
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
              recovered: recovered.reports,
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
            ...recovered.reports.map(
              (r) =>
                `recovered:   an unfinished apply of ${r.root}: ${r.landed} of ${r.totalRequests} requests had landed${r.unknown > 0 ? ` (and ${r.unknown} more may have)` : ""}; ${r.summary}`,
            ),
          ].join("\n") +
            "\n" +
            readinessText(local),
        );
      }
      return 0;
    } catch (err) {
      if (!(err instanceof BridgeError)) throw err;
      const unfinished = unfinishedAppliesOf(journalDir(io.env), config.url);
      if (args.flags.json)
        io.stdout(
          JSON.stringify(
            {
              reachable: false,
              url: config.url,
              error: { code: err.code, message: err.message },
              unfinished: unfinished.map((u) => ({ root: u.root, landed: u.landed, total: u.total })),
              local,
            },
            null,
            2,
          ) + "\n",
        );
      else {
        io.stdout(readinessText(local));
        for (const u of unfinished)
          io.stdout(
            `unfinished:  an apply of ${u.root} was cut off: ${u.text}; it is rolled back once the bridge answers ('svc recover')\n`,
          );
        io.stderr(`svc status: ${err.message}\n`);
      }
      return 1;
    } finally {
      await client.close();
    }
  },
};
