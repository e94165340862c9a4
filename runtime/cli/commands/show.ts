import { resolve } from "node:path";
import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const showCommand: Command = {
  name: ["show"],
  summary:
    "The gate before a show goes live: runtime status, doctor, safety, preflight and Perform Mode for exactly the profile named in svc.show.yaml.",
  usage: "<profile> [--dry-run] [--json] [--show-config <file>]",
  flags: {
    "dry-run": { type: "boolean", description: "check everything, change nothing (Perform Mode is only reported)" },
    json: { type: "boolean", description: "print the report as JSON" },
    "show-config": {
      type: "string",
      valueName: "file",
      description: "the show config with the profiles (default ./svc.show.yaml)",
    },
  },
  details: [
    "A profile in svc.show.yaml: profiles: { opening: { networks: [show.svcnet], perform: true, max_errors: 0, safety: true, target: stage-left } }.",
    "It stops at the first failed step, before Perform Mode is touched. Exit codes: 0 ready, 1 not ready, 2 bad usage or config.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length !== 1) throw new UsageError("name exactly one profile of svc.show.yaml");
    const name = args.positionals[0]!;
    const { readShowConfig, targetToken, ShowConfigError, SHOW_CONFIG_FILE } =
      await import("../../show/show-config.js");
    const { findProfile, gateText, runShowGate } = await import("../../show/show-gate.js");
    const given = typeof args.flags["show-config"] === "string" ? args.flags["show-config"] : SHOW_CONFIG_FILE;
    let config;
    let env = io.env;
    try {
      config = readShowConfig(resolve(io.cwd, given), given);
      const profile = findProfile(config, name);
      if (profile === undefined)
        throw new ShowConfigError(
          `${given}: no profile '${name}' (the name must match exactly); its profiles: ${config.profiles.map((p) => p.name).join(", ") || "none"}`,
        );
      const target = config.targets.find((t) => t.name === profile.target);
      if (target) {
        const token = targetToken(target, io.env);
        env = { ...io.env, SVC_BRIDGE_URL: target.url, ...(token ? { SVC_BRIDGE_TOKEN: token } : {}) };
        if (!token) delete env.SVC_BRIDGE_TOKEN;
      }
    } catch (err) {
      if (err instanceof ShowConfigError) throw new UsageError(err.message);
      throw err;
    }
    const found = config;
    // A profile's target is another bridge than the environment's: its own services.
    const { createServices } = await import("../../services.js");
    const targetServices = env === io.env ? services : createServices(env);
    try {
      return await withBridge("svc show", { ...io, env }, targetServices, async (client) => {
        const report = await runShowGate(
          client,
          { ...found, file: resolve(io.cwd, given) },
          findProfile(found, name)!,
          args.flags["dry-run"] === true,
        );
        io.stdout(args.flags.json ? JSON.stringify(report, null, 2) + "\n" : gateText(report) + "\n");
        return report.passed ? 0 : 1;
      });
    } finally {
      if (targetServices !== services) await targetServices.close();
    }
  },
};
