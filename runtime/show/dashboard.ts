/**
 * `svc dashboard`: what an operator watches during a show, sampled from the bridge: health, frame
 * rate (frames the bridge counted over the wall time between two samples), dropped frames (only
 * where the bridge reports them: tdsim's counters), live cook errors, the current cue and whether a
 * safety chain is in panic. Rendered as a screen on a terminal, as one plain line per sample when piped.
 * What needs the operator's eye is marked so it is seen at a glance: frames dropped since the previous
 * sample, cook errors, a bridge that is not ok, a panic. The screen draws those rows in red with `!!`
 * and a headline that counts them; the piped line ends with an `alert=` field naming them.
 */
import { type BridgeClient, encodePath, readNetworkErrors } from "../engine/index.js";
import { readCueEngine } from "./cues.js";
import { findSafetyChains } from "./panic.js";

export interface DashboardSample {
  at: string;
  status: string;
  frame: number;
  /** Frames per second since the previous sample; null on the first. */
  fps: number | null;
  /** Dropped frames since the bridge started, when it reports them. */
  dropped: number | null;
  /** Dropped frames since the previous sample (on the first: since the bridge started); null when not reported. */
  droppedNew: number | null;
  errors: number;
  warnings: number;
  cue: string | null;
  fading: boolean;
  panic: boolean;
  chains: number;
  /** What to look at now, in screen order: "bridge", "dropped", "errors", "panic"; empty when all is well. */
  alerts: DashboardAlert[];
}

type DashboardAlert = "bridge" | "dropped" | "errors" | "panic";

interface Previous {
  frame: number;
  wallMs: number;
  dropped: number | null;
}

export async function sampleDashboard(
  bridge: BridgeClient,
  cues: string,
  previous?: Previous,
): Promise<{ sample: DashboardSample; next: Previous }> {
  const wallMs = Date.now();
  const health = await bridge.get<{ status: string; frame: number; frame_stats?: { droppedFrames?: number } }>(
    "/api/health",
  );
  const [errors, engine, chains] = await Promise.all([
    // Every error of the project, read in pages: a large project is counted whole.
    readNetworkErrors(bridge, "/project1"),
    readCueEngine(bridge, cues),
    findSafetyChains(bridge),
  ]);
  const panics = await Promise.all(
    chains.chains.map(async (c) =>
      Boolean(
        (
          await bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath(c)}/params`, {
            keys: "Panic",
          })
        ).params[0]?.value,
      ),
    ),
  );
  const seconds = previous ? (wallMs - previous.wallMs) / 1000 : 0;
  const dropped = typeof health.frame_stats?.droppedFrames === "number" ? health.frame_stats.droppedFrames : null;
  // A bridge that restarted counts from 0 again: then every drop it reports is new.
  const before = previous?.dropped ?? 0;
  const droppedNew = dropped === null ? null : dropped >= before ? dropped - before : dropped;
  const panic = panics.some((p) => p);
  const alerts: DashboardAlert[] = [];
  if (health.status !== "ok") alerts.push("bridge");
  if (droppedNew !== null && droppedNew > 0) alerts.push("dropped");
  if (errors.errors.length > 0) alerts.push("errors");
  if (panic) alerts.push("panic");
  const sample: DashboardSample = {
    at: new Date(wallMs).toISOString().slice(11, 19),
    status: health.status,
    frame: health.frame,
    fps: previous && seconds > 0 ? Math.round(((health.frame - previous.frame) / seconds) * 10) / 10 : null,
    dropped,
    droppedNew,
    errors: errors.errors.length,
    warnings: errors.warnings.length,
    cue: engine.exists ? engine.current : null,
    fading: engine.fading,
    panic,
    chains: chains.chains.length,
    alerts,
  };
  return { sample, next: { frame: health.frame, wallMs, dropped } };
}

const show = (v: number | null) => (v === null ? "-" : String(v));

/** One plain line, for a pipe or a log; `alert=` names what needs looking at (`-` when nothing). */
export function dashboardLine(s: DashboardSample): string {
  return `${s.at} ${s.status} frame=${s.frame} fps=${show(s.fps)} dropped=${show(s.dropped)} dropped_new=${show(s.droppedNew)} errors=${s.errors} warnings=${s.warnings} cue=${s.cue ?? "-"}${s.fading ? " (fading)" : ""} panic=${s.chains === 0 ? "no-chain" : s.panic ? "ON" : "off"} alert=${s.alerts.length === 0 ? "-" : s.alerts.join(",")}`;
}

const RED = "\x1b[1;31m";
const GREEN = "\x1b[32m";
const RESET = "\x1b[0m";

/** What the headline says for each alert, with its count. */
function alertText(s: DashboardSample, alert: DashboardAlert): string {
  switch (alert) {
    case "bridge":
      return `bridge ${s.status}`;
    case "dropped":
      return `${s.droppedNew} dropped frame${s.droppedNew === 1 ? "" : "s"}`;
    case "errors":
      return `${s.errors} error${s.errors === 1 ? "" : "s"}`;
    case "panic":
      return "PANIC";
  }
}

/** The terminal screen: cleared and drawn again on every sample. Rows that need the eye are red, marked `!!`. */
export function dashboardScreen(s: DashboardSample, url: string): string {
  const row = (alert: DashboardAlert | null, label: string, value: string) =>
    alert !== null && s.alerts.includes(alert)
      ? `${RED}!! ${label.padEnd(9)} ${value}${RESET}`
      : `   ${label.padEnd(9)} ${value}`;
  const headline =
    s.alerts.length === 0
      ? `${GREEN}   all well${RESET}`
      : `${RED}!! ${s.alerts.map((a) => alertText(s, a)).join(", ")}${RESET}`;
  return [
    "\x1b[H\x1b[2J" + `svc dashboard  ${url}  ${s.at}`,
    headline,
    "",
    row("bridge", "bridge", `${s.status}, frame ${s.frame}`),
    row(null, "fps", show(s.fps)),
    row(
      "dropped",
      "dropped",
      s.droppedNew === null ? show(s.dropped) : `${s.dropped} (+${s.droppedNew} since the last sample)`,
    ),
    row("errors", "errors", `${s.errors} (warnings ${s.warnings})`),
    row(null, "cue", `${s.cue ?? "no cue engine"}${s.fading ? " (fading)" : ""}`),
    row("panic", "panic", s.chains === 0 ? "no safety chain" : s.panic ? "ON" : "off"),
    "",
    "  Ctrl-C to quit",
    "",
  ].join("\n");
}
