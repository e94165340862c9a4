import { existsSync } from "node:fs";
import { writeFileAtomicSync } from "../../atomic-write.js";
import { resolve } from "node:path";
import { UsageError } from "../args.js";
import { progressTo, sourcePath } from "../bridge-session.js";
import { TARGET_FLAGS, withTargets } from "../targets.js";
import type { Command } from "../command.js";
import { loopToJson, renderDiagnostics, renderPlans } from "../loop-output.js";
import { isEmptyPlan, savePlan } from "../../engine/index.js";
import { cacheDir, journalDir } from "../../onboarding/places.js";

export const planCommand: Command = {
  name: ["plan"],
  summary: "Show what applying a .svcnet file would change in the live project, without changing it.",
  usage: "[--json] [--out <plan.json>] [--force] [--detailed-exitcode] [--target <name|all>]... <file>",
  flags: {
    json: { type: "boolean", description: "print the plan as JSON" },
    out: {
      type: "string",
      valueName: "plan.json",
      description: "save the plan; 'svc apply plan.json' applies it only if nothing moved since",
    },
    force: { type: "boolean", description: "plan to overwrite live edits (drift) instead of leaving them alone" },
    "detailed-exitcode": {
      type: "boolean",
      description: "exit 0 when source and live agree, 2 when there are changes or held conflicts, 1 on errors",
    },
    root: {
      type: "string",
      valueName: "path",
      description: "where networks are built, with {network} for the name (default /project1/{network})",
    },
    ...TARGET_FLAGS,
  },
  details:
    "The bridge is at SVC_BRIDGE_URL (default http://127.0.0.1:9980); SVC_BRIDGE_TOKEN is sent when set. With --target, the\nbridges of svc.show.yaml instead, all planned at once, each under its own heading.\nLaid-out COMPs are kept in SVC_CACHE_DIR (default cache/ in SVC_HOME, ~/.svc), so the next run lays out only the COMPs that changed.\nAn apply of the file's networks that was cut off (svc, the bridge or the connection stopped) is rolled back first, and said so ('svc recover').",
  async run(args, io, services) {
    const { planFile } = await import("../../engine/index.js");
    if (args.positionals.length !== 1) throw new UsageError("give exactly one .svcnet file");
    const file = args.positionals[0]!;
    if (!existsSync(resolve(io.cwd, file))) throw new UsageError(`no such file: ${file}`);
    if (args.flags.target !== undefined && typeof args.flags.out === "string")
      throw new UsageError("--out saves one plan; plan one target at a time to save it");
    return withTargets("svc plan", io, services, args, async (client, io) => {
      const progress = progressTo(io, "svc plan");
      const result = await planFile(client, sourcePath(io, file), {
        force: Boolean(args.flags.force),
        layoutCacheDir: cacheDir(io.env),
        journalDir: journalDir(io.env),
        ...(typeof args.flags.root === "string" ? { rootPath: args.flags.root } : {}),
        progress,
      });
      if (args.flags.json) io.stdout(JSON.stringify(loopToJson(result), null, 2) + "\n");
      else io.stdout(renderPlans(result) + renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
      if (!result.ok) return 1;
      if (typeof args.flags.out === "string") {
        writeFileAtomicSync(
          resolve(io.cwd, args.flags.out),
          JSON.stringify(savePlan(file, result, Boolean(args.flags.force)), null, 2) + "\n",
        );
        if (!args.flags.json)
          io.stdout(`Saved the plan to ${args.flags.out}; 'svc apply ${args.flags.out}' applies it.\n`);
      }
      // A change held back by a conflict is still a difference between source and live.
      const changes = result.plans.some((p) => !isEmptyPlan(p.plan) || p.plan.conflicts.length > 0);
      return args.flags["detailed-exitcode"] && changes ? 2 : 0;
    });
  },
};
