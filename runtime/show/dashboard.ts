/**
 * `svc dashboard`: what an operator watches during a show, sampled from the bridge: health, frame
 * rate (frames the bridge counted over the wall time between two samples), dropped frames (only
 * where the bridge reports them: tdsim's counters), live cook errors, the current cue and whether a
 * safety chain is in panic. Rendered as a screen on a terminal, as one plain line per sample when piped.
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
  errors: number;
  warnings: number;
  cue: string | null;
  fading: boolean;
  panic: boolean;
  chains: number;
}

interface Previous {
  frame: number;
  wallMs: number;
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
  const sample: DashboardSample = {
    at: new Date(wallMs).toISOString().slice(11, 19),
    status: health.status,
    frame: health.frame,
    fps: previous && seconds > 0 ? Math.round(((health.frame - previous.frame) / seconds) * 10) / 10 : null,
    dropped: typeof health.frame_stats?.droppedFrames === "number" ? health.frame_stats.droppedFrames : null,
    errors: errors.errors.length,
    warnings: errors.warnings.length,
    cue: engine.exists ? engine.current : null,
    fading: engine.fading,
    panic: panics.some((p) => p),
    chains: chains.chains.length,
  };
  return { sample, next: { frame: health.frame, wallMs } };
}

const show = (v: number | null) => (v === null ? "-" : String(v));

/** One plain line, for a pipe or a log. */
export function dashboardLine(s: DashboardSample): string {
  return `${s.at} ${s.status} frame=${s.frame} fps=${show(s.fps)} dropped=${show(s.dropped)} errors=${s.errors} warnings=${s.warnings} cue=${s.cue ?? "-"}${s.fading ? " (fading)" : ""} panic=${s.chains === 0 ? "no-chain" : s.panic ? "ON" : "off"}`;
}

/** The terminal screen: cleared and drawn again on every sample. */
export function dashboardScreen(s: DashboardSample, url: string): string {
  return [
    "\x1b[H\x1b[2J" + `svc dashboard  ${url}  ${s.at}`,
    "",
    `  bridge    ${s.status}, frame ${s.frame}`,
    `  fps       ${show(s.fps)}`,
    `  dropped   ${show(s.dropped)}`,
    `  errors    ${s.errors} (warnings ${s.warnings})`,
    `  cue       ${s.cue ?? "no cue engine"}${s.fading ? " (fading)" : ""}`,
    `  panic     ${s.chains === 0 ? "no safety chain" : s.panic ? "ON" : "off"}`,
    "",
    "  Ctrl-C to quit",
    "",
  ].join("\n");
}
