/**
 * `svc show <profile>`: the gate before a show goes live, for exactly the profile named in
 * svc.show.yaml. In order: runtime status (the bridge answers, and is not older than this svc),
 * doctor (live cook errors under /project1 within the profile's allowance, read in pages to the end),
 * safety (every chain's outputs guarded, Panic off), preflight (each of the profile's networks
 * plans to nothing: live matches source), then Perform Mode set and read back, with one bounded
 * rollback to the mode it was in when the readback disagrees. A failed step stops the gate before
 * anything changes. Only ordinary routes: it never loads a project and never runs Python.
 */
import { dirname, resolve } from "node:path";
import { compareVersions, shippedBridgeVersion } from "../bridge-version.js";
import { type BridgeClient, encodePath, readNetworkErrors } from "../engine/index.js";
import { readSystem } from "../project/system.js";
import { guardState } from "./guards.js";
import { findSafetyChains, protectedOutputs } from "./panic.js";
import type { ShowConfig, ShowProfile } from "./show-config.js";

interface GateStep {
  step: "status" | "doctor" | "safety" | "preflight" | "perform";
  ok: boolean;
  detail: string;
}

export interface GateReport {
  profile: string;
  dryRun: boolean;
  passed: boolean;
  steps: GateStep[];
}

async function status(bridge: BridgeClient): Promise<GateStep> {
  const info = await bridge.get<{ bridge_version: string; td_version: string }>("/api/info");
  const shipped = shippedBridgeVersion();
  if (compareVersions(info.bridge_version, shipped) < 0)
    return {
      step: "status",
      ok: false,
      detail: `bridge ${info.bridge_version} is older than this svc's ${shipped}; reinstall it (svc install-bridge)`,
    };
  const sys = await readSystem(bridge);
  return {
    step: "status",
    ok: sys.status === "ok",
    detail: `${info.td_version}, bridge ${info.bridge_version}, ${sys.status} at frame ${sys.frame}`,
  };
}

async function doctor(bridge: BridgeClient, profile: ShowProfile): Promise<GateStep> {
  // Read in pages to the end: a page cut by the bridge's time budget is read on, never a failure.
  const r = await readNetworkErrors(bridge, "/project1");
  const first = r.errors[0];
  const ok = r.errors.length <= profile.maxErrors;
  return {
    step: "doctor",
    ok,
    detail: `${r.errors.length} live error(s), ${profile.maxErrors} allowed, ${r.visited} operator(s) read${!ok && first ? `; first: ${first.path}: ${first.message}` : ""}`,
  };
}

async function safety(bridge: BridgeClient): Promise<GateStep> {
  const { chains, complete } = await findSafetyChains(bridge);
  if (chains.length === 0)
    return {
      step: "safety",
      ok: false,
      detail: "no safety chain: build one with create_safety_blackout_chain (or set safety: false in the profile)",
    };
  const problems: string[] = [];
  let outputs = 0;
  for (const chain of chains) {
    const r = await bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath(chain)}/params`, {
      keys: "Panic",
    });
    if (r.params[0]?.value) problems.push(`${chain} is in panic`);
    for (const o of await protectedOutputs(bridge, chain)) {
      outputs++;
      if ((await guardState(bridge, o)).state !== "guarded") problems.push(`${o} is not guarded`);
    }
  }
  if (!complete) problems.push("the search for safety chains stopped at its bound");
  return {
    step: "safety",
    ok: problems.length === 0,
    detail: problems.length
      ? problems.join("; ")
      : `${chains.length} chain(s), ${outputs} output(s) guarded, Panic off`,
  };
}

async function preflight(bridge: BridgeClient, profile: ShowProfile, configFile: string): Promise<GateStep> {
  const { planFile, isEmptyPlan } = await import("../engine/index.js");
  const problems: string[] = [];
  for (const network of profile.networks) {
    const file = resolve(dirname(configFile), network);
    const r = await planFile(bridge, file);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    if (!r.ok || errors.length > 0) problems.push(`${network}: ${errors[0]?.message ?? "does not plan"}`);
    else if (r.plans.some((p) => !isEmptyPlan(p.plan) || p.plan.conflicts.length > 0))
      problems.push(`${network}: the live network differs from it (run svc plan ${network})`);
  }
  return {
    step: "preflight",
    ok: problems.length === 0,
    detail: problems.length ? problems.join("; ") : `${profile.networks.length} network(s) match their source`,
  };
}

async function perform(bridge: BridgeClient, wanted: boolean, dryRun: boolean): Promise<GateStep> {
  const before = (await readSystem(bridge)).performMode;
  const word = (on: boolean) => (on ? "on" : "off");
  if (before === wanted) return { step: "perform", ok: true, detail: `Perform Mode already ${word(wanted)}` };
  if (dryRun)
    return { step: "perform", ok: true, detail: `would turn Perform Mode ${word(wanted)} (dry run: unchanged)` };
  await bridge.post("/api/perform", { enabled: wanted });
  const after = (await readSystem(bridge)).performMode;
  if (after === wanted)
    return { step: "perform", ok: true, detail: `Perform Mode turned ${word(wanted)}, read back ${word(after)}` };
  // One rollback, then a readback of it: never a loop.
  await bridge.post("/api/perform", { enabled: before });
  const restored = (await readSystem(bridge)).performMode;
  return {
    step: "perform",
    ok: false,
    detail: `Perform Mode read back ${word(after)} after turning it ${word(wanted)}; rolled back to ${word(before)} (read back ${word(restored)})`,
  };
}

export function findProfile(config: ShowConfig, name: string): ShowProfile | undefined {
  return config.profiles.find((p) => p.name === name);
}

export async function runShowGate(
  bridge: BridgeClient,
  config: ShowConfig,
  profile: ShowProfile,
  dryRun: boolean,
): Promise<GateReport> {
  const steps: GateStep[] = [];
  const checks: Array<() => Promise<GateStep>> = [() => status(bridge), () => doctor(bridge, profile)];
  if (profile.safety) checks.push(() => safety(bridge));
  if (profile.networks.length > 0) checks.push(() => preflight(bridge, profile, config.file));
  checks.push(() => perform(bridge, profile.perform, dryRun));
  for (const check of checks) {
    const step = await check();
    steps.push(step);
    if (!step.ok) break;
  }
  return { profile: profile.name, dryRun, passed: steps.every((s) => s.ok) && steps.length === checks.length, steps };
}

export function gateText(r: GateReport): string {
  const lines = r.steps.map((s) => `${s.ok ? "ok  " : "FAIL"} ${s.step.padEnd(9)} ${s.detail}`);
  lines.push(`svc show ${r.profile}: ${r.passed ? "ready" : "NOT ready"}${r.dryRun ? " (dry run)" : ""}`);
  return lines.join("\n");
}
