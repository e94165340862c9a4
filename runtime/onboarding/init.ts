/**
 * `svc init`: the first-run steps in order: stage the bridge, add svc to the MCP clients found,
 * seed the default session profile, and (asked for) make a bridge token. Each step says what it
 * did or, with dry_run, what it would do; nothing existing is overwritten.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bridgeVersion, defaultStageDir, stageBridge, stagedCurrent, textportLine } from "../bridge-install/stage.js";
import { envFilePath, readEnvFile, setEnvFileValue } from "./env-file.js";
import { planClients, writeClients } from "./install-client.js";
import { profileDir, userHome } from "./places.js";

interface InitStep {
  step: "bridge" | "clients" | "profile" | "token";
  /** done: changed now; current: already as wanted; planned: a dry run would change it; failed. */
  outcome: "done" | "current" | "planned" | "failed" | "skipped";
  detail: string;
}

export interface InitOptions {
  dryRun: boolean;
  token: boolean;
  port: number;
}

export interface InitReport {
  ok: boolean;
  dry_run: boolean;
  steps: InitStep[];
  /** The line to paste into TouchDesigner's textport. */
  textport: string;
}

function profileSeed(env: NodeJS.ProcessEnv) {
  return {
    schemaVersion: 1,
    name: "default",
    bridge_url: env.SVC_BRIDGE_URL?.trim() || "http://127.0.0.1:9980",
    tool_profile: env.SVC_TOOL_PROFILE?.trim() || "core",
    created: new Date().toISOString(),
  };
}

export function runInit(env: NodeJS.ProcessEnv, options: InitOptions): InitReport {
  const steps: InitStep[] = [];
  const version = bridgeVersion();
  const stageDir = defaultStageDir(version, userHome(env));
  if (stagedCurrent(stageDir))
    steps.push({ step: "bridge", outcome: "current", detail: `bridge ${version} is staged in ${stageDir}` });
  else if (options.dryRun)
    steps.push({ step: "bridge", outcome: "planned", detail: `would stage bridge ${version} in ${stageDir}` });
  else {
    stageBridge(stageDir);
    steps.push({ step: "bridge", outcome: "done", detail: `staged bridge ${version} in ${stageDir}` });
  }

  const plan = planClients(env).filter((p) => p.action !== "skip");
  if (plan.length === 0)
    steps.push({
      step: "clients",
      outcome: "skipped",
      detail: "no MCP client found; 'svc install-client --client <id> --write' adds one anyway",
    });
  else if (options.dryRun) {
    for (const p of plan)
      steps.push({
        step: "clients",
        outcome: p.action === "none" ? "current" : p.action === "manual" ? "failed" : "planned",
        detail: `${p.label}: ${p.action === "none" ? "svc is configured" : p.action === "manual" ? `${p.file} cannot be merged (${p.problem})` : `would ${p.action} svc in ${p.file}`}`,
      });
  } else {
    for (const w of writeClients(env, plan)) {
      steps.push({
        step: "clients",
        outcome: w.error ? "failed" : w.changed ? "done" : "current",
        detail: `${w.label}: ${w.error ?? (w.changed ? `svc added to ${w.file}${w.backup ? ` (old file kept as ${w.backup})` : ""}` : "svc is configured")}`,
      });
    }
  }

  const profile = join(profileDir(env), "default.json");
  if (existsSync(profile))
    steps.push({ step: "profile", outcome: "current", detail: `${profile} exists (left as it is)` });
  else if (options.dryRun) steps.push({ step: "profile", outcome: "planned", detail: `would write ${profile}` });
  else {
    mkdirSync(profileDir(env), { recursive: true });
    writeFileSync(profile, JSON.stringify(profileSeed(env), null, 2) + "\n", { flag: "wx" });
    steps.push({ step: "profile", outcome: "done", detail: `wrote ${profile}` });
  }

  const envFile = envFilePath(env);
  if (!options.token)
    steps.push({ step: "token", outcome: "skipped", detail: "no bridge token (loopback only); --token makes one" });
  else if (readEnvFile(envFile).SVC_BRIDGE_TOKEN)
    steps.push({ step: "token", outcome: "current", detail: `${envFile} holds a bridge token (left as it is)` });
  else if (options.dryRun)
    steps.push({ step: "token", outcome: "planned", detail: `would write a new SVC_BRIDGE_TOKEN to ${envFile}` });
  else {
    setEnvFileValue(env, "SVC_BRIDGE_TOKEN", randomBytes(32).toString("hex"));
    steps.push({
      step: "token",
      outcome: "done",
      detail: `wrote a new SVC_BRIDGE_TOKEN to ${envFile} (owner-only); set the same value as SVC_BRIDGE_TOKEN in TouchDesigner's environment before starting it`,
    });
  }
  return {
    ok: steps.every((s) => s.outcome !== "failed"),
    dry_run: options.dryRun,
    steps,
    textport: textportLine(stageDir, options.port),
  };
}
