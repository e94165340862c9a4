/**
 * What `svc status` reports of this machine besides the bridge: svc's settings with secrets
 * redacted, whether the bridge is staged, the profile and vault folders, and each MCP client.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { bridgeVersion, defaultStageDir, stagedCurrent } from "../bridge-install/stage.js";
import { clientSpecs, clientStatus, serverEntry, type ClientState } from "./clients.js";
import { cliPath, profileDir, userHome, vaultPath } from "./places.js";
import { planSkills, skillsFolder } from "../skills/manage-skills.js";

/** A variable whose value is never printed, only whether it is set. */
const SECRET = /TOKEN|KEY|SECRET|PASSWORD/;

export interface LocalReadiness {
  config: Record<string, string>;
  bridge_staged: boolean;
  profile: boolean;
  vault: "unset" | "missing" | "present";
  clients: Array<{ id: string; label: string; state: ClientState }>;
  /** svc's agent skills in the agent's skills folder: all current, some to install or update, or blocked. */
  skills: { dir: string; state: "current" | "not-installed" | "outdated" | "blocked"; current: number; total: number };
}

function skillsReadiness(env: NodeJS.ProcessEnv, cwd: string): LocalReadiness["skills"] {
  const plan = planSkills(skillsFolder(undefined, env, cwd), "install");
  const current = plan.skills.filter((s) => s.action === "unchanged").length;
  const total = plan.skills.length;
  const state = !plan.ok
    ? "blocked"
    : current === total
      ? "current"
      : plan.skills.every((s) => s.action === "create")
        ? "not-installed"
        : "outdated";
  return { dir: plan.dir, state, current, total };
}

function redactedConfig(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.keys(env)
    .filter((n) => n.startsWith("SVC_") && !n.startsWith("SVC_TEST_") && env[n] !== undefined)
    .sort();
  return Object.fromEntries(names.map((n) => [n, SECRET.test(n) ? "(set, redacted)" : env[n]!]));
}

export function localReadiness(env: NodeJS.ProcessEnv, cwd = process.cwd()): LocalReadiness {
  const vault = vaultPath(env);
  return {
    config: redactedConfig(env),
    bridge_staged: stagedCurrent(defaultStageDir(bridgeVersion(), userHome(env))),
    profile: existsSync(join(profileDir(env), "default.json")),
    vault: vault === undefined ? "unset" : existsSync(vault) ? "present" : "missing",
    clients: clientSpecs(env).map((c) => ({
      id: c.id,
      label: c.label,
      state: clientStatus(c, serverEntry(c, cliPath())).state,
    })),
    skills: skillsReadiness(env, cwd),
  };
}

export function readinessText(r: LocalReadiness): string {
  const config = Object.entries(r.config).map(([k, v]) => `${k}=${v}`);
  const configured = r.clients.filter((c) => c.state === "current").map((c) => c.label);
  const other = r.clients
    .filter((c) => c.state === "different" || c.state === "unreadable")
    .map((c) => `${c.label} (${c.state === "different" ? "points elsewhere" : "unreadable"})`);
  return (
    [
      `config:      ${config.length > 0 ? config.join(", ") : "no SVC_ variables set"}`,
      `staged:      ${r.bridge_staged ? "this svc's bridge is staged" : "not staged ('svc install-bridge' or 'svc init')"}`,
      `profile:     ${r.profile ? "default profile present" : "no default profile ('svc init' seeds one)"}`,
      `vault:       ${r.vault === "unset" ? "SVC_VAULT_PATH not set" : r.vault === "present" ? "present" : "missing ('svc doctor --fix' creates it)"}`,
      `skills:      ${skillsText(r.skills)}`,
      `clients:     ${configured.length > 0 ? `svc configured in ${configured.join(", ")}` : "no MCP client lists svc ('svc install-client')"}${other.length > 0 ? `; ${other.join(", ")}` : ""}`,
    ].join("\n") + "\n"
  );
}

function skillsText(s: LocalReadiness["skills"]): string {
  if (s.state === "current") return `svc's ${s.total} agent skills installed and current in ${s.dir}`;
  if (s.state === "not-installed") return `not installed in ${s.dir} ('svc skills manage' installs them)`;
  if (s.state === "outdated")
    return `${s.current} of ${s.total} current in ${s.dir} ('svc skills manage' updates them)`;
  return `blocked in ${s.dir}: a folder svc did not install, or files changed since ('svc skills manage --dry-run' says which)`;
}
