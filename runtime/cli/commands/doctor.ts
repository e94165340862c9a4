import { UsageError } from "../args.js";
import type { Command, CommandIO } from "../command.js";

const MARK = { ok: "ok  ", warn: "warn", fail: "FAIL", skip: "skip" } as const;

/** One GET of /api/info, short, with or without svc's token: doctor needs the raw status. */
function bridgeInfo(env: NodeJS.ProcessEnv) {
  const url = (env.SVC_BRIDGE_URL?.trim() || "http://127.0.0.1:9980").replace(/\/+$/, "");
  const token = env.SVC_BRIDGE_TOKEN?.trim();
  return async (withToken: boolean) => {
    try {
      const res = await fetch(`${url}/api/info`, {
        headers: withToken && token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(3_000),
      });
      // the bridge's envelope: {ok, data}
      const body = res.status === 200 ? ((await res.json()) as { data?: { bridge_version?: string } }).data : undefined;
      return { status: res.status, ...(body ? { body } : {}) };
    } catch (err) {
      return {
        error: `no bridge answers at ${url} (${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message})`,
      };
    }
  };
}

export const doctorCommand: Command = {
  name: ["doctor"],
  summary:
    "Check everything svc needs (Node, python3, the staged and running bridge, its token, MCP clients, data folders) and say what to do about each problem.",
  usage: "[--json] [--fix]",
  flags: {
    json: { type: "boolean", description: "print the checks as JSON" },
    fix: {
      type: "boolean",
      description:
        "stage the bridge, create the missing profile and vault folders and a bridge token LAN access needs, then check again",
    },
  },
  details:
    "Exit codes: 0 nothing failed (warnings allowed), 1 a check failed, 2 bad usage. SVC_BRIDGE_URL, SVC_BRIDGE_TOKEN, SVC_VAULT_PATH and SVC_HOME are read.",
  async run(args, io: CommandIO) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const { doctorChecks, runDoctor } = await import("../../onboarding/doctor.js");
    const progress = io.isTTY && !args.flags.json ? (line: string) => io.stderr(`… ${line}\n`) : undefined;
    const report = await runDoctor(
      doctorChecks({ env: io.env, bridgeInfo: bridgeInfo(io.env) }),
      Boolean(args.flags.fix),
      progress,
    );
    if (args.flags.json) io.stdout(JSON.stringify(report, null, 2) + "\n");
    else {
      for (const c of report.checks) {
        const fixed = c.fixed === true ? " (fixed)" : c.fixed === false ? " (fix did not help)" : "";
        io.stdout(`${MARK[c.status]}  ${c.id.padEnd(16)} ${c.detail}${fixed}\n`);
        if (c.status !== "ok" && c.status !== "skip" && c.hint) io.stdout(`      ${"".padEnd(16)} -> ${c.hint}\n`);
        if (!args.flags.fix && c.fixable && c.status !== "ok")
          io.stdout(`      ${"".padEnd(16)} -> --fix will ${c.fixable}\n`);
      }
      const failed = report.checks.filter((c) => c.status === "fail").length;
      io.stdout(
        failed === 0
          ? "svc doctor: nothing failed\n"
          : `svc doctor: ${failed} check${failed === 1 ? "" : "s"} failed\n`,
      );
    }
    return report.ok ? 0 : 1;
  },
};
