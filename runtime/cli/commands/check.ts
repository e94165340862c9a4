import { existsSync } from "node:fs";
import { hasErrors, renderTextAll, toJson } from "../../../diagnostics/index.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { collectSourceFiles } from "../source-files.js";

/**
 * The policy when --expressions is not given: SVC_BRIDGE_EXPRESSIONS when set (as the bridge reads
 * it), else the session profile's `expressions` preference (`svc` profiles: "safe" or "open"), else open.
 */
async function defaultPolicy(env: NodeJS.ProcessEnv): Promise<"safe" | "open"> {
  const { expressionPolicyFromEnv } = await import("../../../compiler/check/python/policy.js");
  if (env.SVC_BRIDGE_EXPRESSIONS?.trim()) return expressionPolicyFromEnv(env);
  const { sessionProfilePath } = await import("../../session/profile-path.js");
  const path = sessionProfilePath(env);
  // No profile, no preference: the profile's reader (and zod with it) is loaded only for a file that exists.
  if (!existsSync(path)) return "open";
  const { readSessionProfile } = await import("../../session/profile.js");
  try {
    const preference = readSessionProfile(path).preferences.expressions;
    // Anything but "open" is safe, as for the variable: a typo never opens what was meant to be closed.
    return preference === undefined || String(preference).trim().toLowerCase() === "open" ? "open" : "safe";
  } catch {
    // A profile that cannot be read says nothing certain: check strictly, never open by accident.
    return "safe";
  }
}

export const checkCommand: Command = {
  name: ["check"],
  summary: "Check .svcnet files and report every problem with its place and a hint.",
  usage: "[--json] [--expressions safe|open] [--build <build>] <files|dirs>...",
  flags: {
    json: { type: "boolean", description: "print the diagnostics as JSON (for CI and tools)" },
    expressions: {
      type: "string",
      valueName: "safe|open",
      description:
        "check Python as the bridge will under SVC_BRIDGE_EXPRESSIONS (default: that variable, else the session profile's `expressions` preference)",
    },
    build: {
      type: "string",
      valueName: "build",
      description:
        "check against the knowledge base 'svc kb sync --live' kept for this build (e.g. TouchDesigner-2025.32820; 'bridge': the build the bridge reports)",
    },
  },
  details:
    "Directories are searched for *.svcnet files. With --expressions safe (or SVC_BRIDGE_EXPRESSIONS=safe), every expression, DAT text and parameter TouchDesigner evaluates as Python is checked against the bridge's own allow-list (bridge/svc_bridge/safe_python.json) and exec table (exec_pars.json), so the file says before apply what the bridge will refuse. Exit codes: 0 no errors (warnings allowed), 1 errors, 2 bad usage.",
  async run(args, io) {
    const build = args.flags.build;
    if (typeof build === "string") {
      const { useKbOverlay } = await import("../../verify/kb-overlay.js");
      let why = "";
      if ((await useKbOverlay(io.env, (t) => (why = t), build)) === undefined) {
        io.stderr(why.replace(/^svc: /, "svc check: ").replace(/: using the shipped one\n$/, "\n"));
        return 2;
      }
      const { setKbDataDir } = await import("../../../kb/index.js");
      try {
        return await checkWith(args, io);
      } finally {
        setKbDataDir(undefined);
      }
    }
    return checkWith(args, io);
  },
};

async function checkWith(args: Parameters<Command["run"]>[0], io: Parameters<Command["run"]>[1]): Promise<number> {
  const { checkFilesLoadingPython } = await import("../check-files.js");
  const given = args.flags.expressions;
  if (given !== undefined && given !== "safe" && given !== "open")
    throw new UsageError("--expressions takes safe or open");
  const expressions = given === "safe" || given === "open" ? given : await defaultPolicy(io.env);
  const paths = collectSourceFiles(args.positionals, io.cwd);
  const report = await checkFilesLoadingPython(paths, { cwd: io.cwd, expressions });
  const errors = report.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = report.diagnostics.filter((d) => d.severity === "warning").length;
  if (args.flags.json) {
    const out = { files: report.files.length, errors, warnings, diagnostics: report.diagnostics.map(toJson) };
    io.stdout(JSON.stringify(out, null, 2) + "\n");
  } else if (report.diagnostics.length > 0) {
    const sources = new Map(
      report.files.flatMap((f) => [
        ...(f.imported ?? []),
        ...(f.text === undefined ? [] : [[f.path, f.text] as const]),
      ]),
    );
    io.stdout(renderTextAll(report.diagnostics, sources, io.isTTY) + "\n");
  } else {
    io.stdout(`ok: ${report.files.length} file${report.files.length === 1 ? "" : "s"} checked, no problems\n`);
  }
  return hasErrors(report.diagnostics) ? 1 : 0;
}
