/**
 * `svc doctor`: every check a newcomer can fail, each with what to do. A check that can be fixed
 * here carries its fix; `--fix` runs it and then runs the check again, so a fix is reported only
 * when the check passes afterwards.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { bridgeVersion, defaultStageDir, stageBridge, stagedCurrent } from "../bridge-install/stage.js";
import { compareVersions } from "../bridge-version.js";
import { envFilePath, readEnvFile, setEnvFileValue } from "./env-file.js";
import { clientSpecs, clientStatus, serverEntry } from "./clients.js";
import { cliPath, profileDir, userHome } from "./places.js";
import { vaultCheck } from "./vault-check.js";
import type { Check, CheckResult, CheckStatus } from "./check.js";

export type { Check } from "./check.js";

export interface DoctorContext {
  env: NodeJS.ProcessEnv;
  /** GET the bridge's /api/info, with or without the token; resolves the HTTP status and body. */
  bridgeInfo(withToken: boolean): Promise<{ status: number; body?: { bridge_version?: string } } | { error: string }>;
}

const MIN_NODE = "20.19.0";
const MIN_PYTHON = "3.11";

function nodeCheck(): Check {
  return {
    id: "node",
    async run() {
      const v = process.versions.node;
      return compareVersions(v, MIN_NODE) >= 0
        ? { id: "node", status: "ok", detail: `Node ${v}` }
        : {
            id: "node",
            status: "fail",
            detail: `Node ${v} is older than ${MIN_NODE}`,
            hint: `install Node ${MIN_NODE} or newer`,
          };
    },
  };
}

function pythonCheck(env: NodeJS.ProcessEnv): Check {
  return {
    id: "python3",
    async run() {
      const r = spawnSync("python3", ["--version"], {
        env: { PATH: env.PATH ?? "" },
        encoding: "utf8",
        timeout: 10_000,
      });
      const version = /Python (\d+\.\d+(?:\.\d+)?)/.exec(`${r.stdout ?? ""}${r.stderr ?? ""}`)?.[1];
      if (r.error || version === undefined) {
        return {
          id: "python3",
          status: "fail",
          detail: "python3 was not found on the PATH",
          hint: `install Python ${MIN_PYTHON} or newer (tdsim and the bridge's tests run on it)`,
        };
      }
      return compareVersions(version, MIN_PYTHON) >= 0
        ? { id: "python3", status: "ok", detail: `Python ${version}` }
        : {
            id: "python3",
            status: "fail",
            detail: `Python ${version} is older than ${MIN_PYTHON}`,
            hint: `install Python ${MIN_PYTHON} or newer`,
          };
    },
  };
}

function stagedCheck(env: NodeJS.ProcessEnv): Check {
  const version = bridgeVersion();
  const dir = defaultStageDir(version, userHome(env));
  return {
    id: "bridge-staged",
    async run() {
      if (stagedCurrent(dir))
        return { id: "bridge-staged", status: "ok", detail: `bridge ${version} staged in ${dir}` };
      return {
        id: "bridge-staged",
        status: "fail",
        detail: existsSync(dir)
          ? `${dir} does not hold this svc's bridge ${version}`
          : `bridge ${version} is not staged (${dir} is missing)`,
        hint: "run 'svc install-bridge' and paste the line it prints into TouchDesigner's textport",
        fixable: `stage bridge ${version} in ${dir}`,
      };
    },
    async fix() {
      stageBridge(dir);
    },
  };
}

/** Reachability, version and token agreement: one read of /api/info, and one without the token when svc has one. */
function bridgeChecks(ctx: DoctorContext): Check[] {
  let first: Awaited<ReturnType<DoctorContext["bridgeInfo"]>> | undefined;
  const info = async () => (first ??= await ctx.bridgeInfo(true));
  const hasToken = Boolean(ctx.env.SVC_BRIDGE_TOKEN?.trim());
  const shipped = bridgeVersion();
  return [
    {
      id: "bridge-reachable",
      async run() {
        const r = await info();
        if ("error" in r)
          return {
            id: "bridge-reachable",
            status: "fail",
            detail: r.error,
            hint: "start TouchDesigner with the bridge installed (or 'svc sim' for tdsim); SVC_BRIDGE_URL says where it listens",
          };
        if (r.status === 401)
          return {
            id: "bridge-reachable",
            status: "fail",
            detail: "the bridge answers but refuses svc's token (401)",
            hint: "set the same SVC_BRIDGE_TOKEN for svc and in TouchDesigner's environment",
          };
        return r.status === 200
          ? {
              id: "bridge-reachable",
              status: "ok",
              detail:
                "the bridge answers /api/info; 'svc verify --live' checks svc against this build (the report can be attached to an issue)",
            }
          : { id: "bridge-reachable", status: "fail", detail: `the bridge answered /api/info with HTTP ${r.status}` };
      },
    },
    {
      id: "bridge-current",
      async run() {
        const r = await info();
        const running = "error" in r ? undefined : r.body?.bridge_version;
        if (running === undefined) return { id: "bridge-current", status: "skip", detail: "the bridge did not answer" };
        return compareVersions(running, shipped) >= 0
          ? { id: "bridge-current", status: "ok", detail: `bridge ${running} (this svc ships ${shipped})` }
          : {
              id: "bridge-current",
              status: "fail",
              detail: `the running bridge ${running} is older than this svc's ${shipped}`,
              hint: "run 'svc install-bridge', paste its line again, or call dev.reload_bridge() in the textport",
            };
      },
    },
    {
      id: "bridge-token",
      async run() {
        const r = await info();
        if ("error" in r || r.status !== 200) {
          if (!("error" in r) && r.status === 401)
            return {
              id: "bridge-token",
              status: "fail",
              detail: hasToken
                ? "svc's SVC_BRIDGE_TOKEN differs from the bridge's"
                : "the bridge needs a token and svc has none",
              hint: "set SVC_BRIDGE_TOKEN to the bridge's token",
            };
          return { id: "bridge-token", status: "skip", detail: "the bridge did not answer" };
        }
        if (!hasToken) return { id: "bridge-token", status: "ok", detail: "no token on either side (loopback only)" };
        const open = await ctx.bridgeInfo(false);
        return !("error" in open) && open.status === 200
          ? {
              id: "bridge-token",
              status: "warn",
              detail: "svc sends SVC_BRIDGE_TOKEN but the bridge does not check one",
              hint: "set the same SVC_BRIDGE_TOKEN in TouchDesigner's environment, or unset it for svc",
            }
          : { id: "bridge-token", status: "ok", detail: "svc and the bridge share a token" };
      },
    },
  ];
}

const TRUE_WORDS = new Set(["1", "true", "yes", "on"]);

/** LAN access must be paired with a token (spec 5.1); the fix writes a new one to svc's env file. */
function lanTokenCheck(env: NodeJS.ProcessEnv): Check {
  const lan = TRUE_WORDS.has(env.SVC_BRIDGE_ALLOW_LAN?.trim().toLowerCase() ?? "");
  const token = () => Boolean(env.SVC_BRIDGE_TOKEN?.trim() || readEnvFile(envFilePath(env)).SVC_BRIDGE_TOKEN);
  return {
    id: "lan-token",
    async run() {
      if (!lan) return { id: "lan-token", status: "skip", detail: "SVC_BRIDGE_ALLOW_LAN is off (loopback only)" };
      if (token())
        return { id: "lan-token", status: "ok", detail: "SVC_BRIDGE_ALLOW_LAN is paired with a bridge token" };
      return {
        id: "lan-token",
        status: "fail",
        detail: "SVC_BRIDGE_ALLOW_LAN is on without SVC_BRIDGE_TOKEN",
        hint: "set the same SVC_BRIDGE_TOKEN for svc and in TouchDesigner's environment",
        fixable: `write a new SVC_BRIDGE_TOKEN to ${envFilePath(env)}`,
      };
    },
    async fix() {
      setEnvFileValue(env, "SVC_BRIDGE_TOKEN", randomBytes(32).toString("hex"));
    },
  };
}

function clientsCheck(env: NodeJS.ProcessEnv): Check {
  return {
    id: "mcp-clients",
    async run() {
      const statuses = clientSpecs(env).map((c) => clientStatus(c, serverEntry(c, cliPath())));
      const current = statuses.filter((s) => s.state === "current").map((s) => s.client.label);
      const stale = statuses.filter((s) => s.state === "different").map((s) => s.client.label);
      const broken = statuses
        .filter((s) => s.state === "unreadable")
        .map((s) => `${s.client.label} (${s.client.file}: ${s.problem})`);
      if (broken.length > 0)
        return {
          id: "mcp-clients",
          status: "warn",
          detail: `unreadable config: ${broken.join("; ")}`,
          hint: "fix the file, then 'svc install-client --write'",
        };
      if (stale.length > 0)
        return {
          id: "mcp-clients",
          status: "warn",
          detail: `svc's entry points elsewhere in ${stale.join(", ")}`,
          hint: "run 'svc install-client --write' to point it at this svc",
        };
      if (current.length > 0)
        return { id: "mcp-clients", status: "ok", detail: `svc is configured in ${current.join(", ")}` };
      return {
        id: "mcp-clients",
        status: "warn",
        detail: "no MCP client lists svc",
        hint: "run 'svc install-client' to see the plan, then 'svc install-client --write'",
      };
    },
  };
}

function folderCheck(
  id: string,
  what: string,
  dir: string | undefined,
  unsetDetail: string,
  missing: CheckStatus,
): Check {
  return {
    id,
    async run() {
      if (dir === undefined) return { id, status: "skip", detail: unsetDetail };
      if (!existsSync(dir))
        return { id, status: missing, detail: `${what} ${dir} does not exist`, fixable: `create ${dir}` };
      if (!statSync(dir).isDirectory())
        return {
          id,
          status: "fail",
          detail: `${what} ${dir} is not a folder`,
          hint: "move the file away or point the setting elsewhere",
        };
      return { id, status: "ok", detail: `${what} ${dir}` };
    },
    async fix() {
      if (dir !== undefined && !existsSync(dir)) mkdirSync(dir, { recursive: true });
    },
  };
}

export function doctorChecks(ctx: DoctorContext): Check[] {
  return [
    nodeCheck(),
    pythonCheck(ctx.env),
    stagedCheck(ctx.env),
    ...bridgeChecks(ctx),
    lanTokenCheck(ctx.env),
    clientsCheck(ctx.env),
    folderCheck("profiles", "the session profile folder", profileDir(ctx.env), "", "warn"),
    vaultCheck(ctx.env),
  ];
}

export interface DoctorReport {
  ok: boolean;
  checks: Array<CheckResult & { fixed?: boolean }>;
}

/** Runs every check; with `fix`, repairs what can be repaired and checks it again. */
export async function runDoctor(
  checks: Check[],
  fix: boolean,
  progress?: (line: string) => void,
): Promise<DoctorReport> {
  const results: DoctorReport["checks"] = [];
  for (const check of checks) {
    progress?.(`checking ${check.id}`);
    let result = await check.run();
    if (fix && check.fix && result.fixable && (result.status === "fail" || result.status === "warn")) {
      progress?.(`fixing ${check.id}: ${result.fixable}`);
      try {
        await check.fix();
        const again = await check.run();
        result = { ...again, fixed: again.status === "ok" } as CheckResult & { fixed: boolean };
      } catch (err) {
        result = {
          ...result,
          fixed: false,
          detail: `${result.detail}; the fix failed: ${(err as Error).message}`,
        } as CheckResult & { fixed: boolean };
      }
    }
    results.push(result);
  }
  return { ok: results.every((r) => r.status !== "fail"), checks: results };
}
