import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { diagnostic, NO_RANGE, renderTextAll } from "../../../diagnostics/index.js";
import { UsageError, intFlag } from "../args.js";
import { progressTo, sourcePath } from "../bridge-session.js";
import { TARGET_FLAGS, withTargets } from "../targets.js";
import type { Command } from "../command.js";
import { loopToJson, renderDiagnostics, renderPlans } from "../loop-output.js";
import { readSavedPlan, staleReasons } from "../../engine/index.js";
import { cacheDir, journalDir } from "../../onboarding/places.js";

export const applyCommand: Command = {
  name: ["apply"],
  summary: "Apply a .svcnet file (or a saved plan) to the live project, then verify it and optionally save a preview.",
  usage:
    "[--json] [--force] [--keep-partial] [--preview <out.png>] [--size N] [--target <name|all>]... <file.svcnet|plan.json>",
  flags: {
    json: { type: "boolean", description: "print the result as JSON" },
    force: { type: "boolean", description: "overwrite live edits (drift) instead of leaving them alone" },
    "keep-partial": {
      type: "boolean",
      description:
        "when a later request fails, keep what earlier requests changed (default: roll the whole apply back); an unfinished earlier apply of the network is kept too, not undone",
    },
    preview: { type: "string", valueName: "out.png", description: "write the output TOP's image to this PNG file" },
    size: {
      type: "string",
      valueName: "N",
      description: "advisory preview size in pixels (default 256, at most 1024)",
    },
    root: {
      type: "string",
      valueName: "path",
      description: "where networks are built, with {network} for the name (default /project1/{network})",
    },
    ...TARGET_FLAGS,
  },
  details:
    "Exit codes: 0 applied (live warnings allowed), 1 errors (compile, conflicts that block, a failed request, or live errors after verify), 2 bad usage.\nWith --target, every target of svc.show.yaml named is applied at once; exit 1 when any of them fails.\nLaid-out COMPs are kept in SVC_CACHE_DIR (default cache/ in SVC_HOME, ~/.svc), so the next run lays out only the COMPs that changed.\nAn apply of several requests is journalled in SVC_STATE_DIR (default state/ in SVC_HOME); one cut off is rolled back (or kept, with --keep-partial) by the next 'svc plan', 'svc apply', 'svc status' or 'svc recover' against that network, which says how many requests had landed and what was undone.",
  async run(args, io, services) {
    const { applyFile, planFile } = await import("../../engine/index.js");
    if (args.positionals.length !== 1) throw new UsageError("give exactly one .svcnet file or saved plan");
    const given = args.positionals[0]!;
    if (!existsSync(resolve(io.cwd, given))) throw new UsageError(`no such file: ${given}`);
    const size = intFlag(args, "size", 256, 1, 1024);
    const saved = given.endsWith(".json") ? readSavedPlan(readFileSync(resolve(io.cwd, given), "utf8")) : undefined;
    if (given.endsWith(".json") && saved === undefined)
      throw new UsageError(`${given} is not a plan saved by 'svc plan --out'`);
    const file = saved?.file ?? given;
    const force = saved?.force ?? Boolean(args.flags.force);
    if (args.flags.target !== undefined && typeof args.flags.preview === "string")
      throw new UsageError("--preview writes one file; preview one target at a time");
    return withTargets("svc apply", io, services, args, async (client, io) => {
      const progress = progressTo(io, "svc apply");
      const options = {
        force,
        keepPartial: Boolean(args.flags["keep-partial"]),
        layoutCacheDir: cacheDir(io.env),
        journalDir: journalDir(io.env),
        ...(typeof args.flags.root === "string" ? { rootPath: args.flags.root } : {}),
        progress,
        ...(typeof args.flags.preview === "string" ? { previewSize: size } : {}),
      };
      if (saved !== undefined) {
        const now = await planFile(client, sourcePath(io, file), options);
        const reasons = staleReasons(saved, now);
        if (reasons.length > 0) {
          const stale = reasons.map((reason) =>
            diagnostic(
              "stale-plan",
              NO_RANGE,
              { root: saved.networks.map((n) => n.root).join(", ") },
              { file, help: [reason, "run 'svc plan' again and review the new plan"] },
            ),
          );
          io.stdout(
            args.flags.json
              ? JSON.stringify(
                  { ok: false, diagnostics: stale.map((d) => ({ code: d.code, message: d.message, help: d.help })) },
                  null,
                  2,
                ) + "\n"
              : renderTextAll(stale) + "\n",
          );
          return 1;
        }
      }
      const result = await applyFile(client, sourcePath(io, file), options);
      if (result.preview && typeof args.flags.preview === "string")
        writeFileSync(resolve(io.cwd, args.flags.preview), result.preview.png);
      if (args.flags.json) {
        io.stdout(
          JSON.stringify(
            {
              ...loopToJson(result),
              preview: result.preview
                ? {
                    path: result.preview.path,
                    width: result.preview.width,
                    height: result.preview.height,
                    file: args.flags.preview,
                  }
                : null,
            },
            null,
            2,
          ) + "\n",
        );
      } else {
        io.stdout(renderPlans(result));
        const applied = result.outcomes.filter((o) => o.ok).reduce((n, o) => n + o.requests, 0);
        if (result.ok && result.outcomes.length > 0)
          io.stdout(`Applied in ${applied} request${applied === 1 ? "" : "s"}.\n`);
        io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
        if (result.preview && typeof args.flags.preview === "string") {
          io.stdout(
            `Preview of ${result.preview.path} (${result.preview.width}x${result.preview.height}) written to ${args.flags.preview}\n`,
          );
        }
      }
      return result.ok && !result.diagnostics.some((d) => d.severity === "error") ? 0 : 1;
    });
  },
};
