/**
 * The heartbeat of a failover pair, run by svc (`svc failover`): the main machine's bridge is asked
 * for its health every interval; after `misses` answers missed in a row, the backup takes over: its
 * failover chain's Live goes on (one PATCH, exec closed), so its guarded outputs show their
 * programme from the next frame. Hand-back is deliberate (turn Live off on the backup), so a main
 * that flaps never bounces the picture between machines.
 */
import { BridgeClient, bridgeConfigFromEnv, encodePath } from "../engine/index.js";

export interface WatchOptions {
  mainUrl: string;
  mainToken?: string | undefined;
  backup: BridgeClient;
  /** The failover chain's COMP on the backup. */
  chain: string;
  intervalMs: number;
  misses: number;
  signal: AbortSignal;
  /** One line per change of state. */
  report: (line: string) => void;
  /** Return after taking over (for scripts); otherwise watch until aborted. */
  untilTakeover?: boolean;
}

export type WatchEnd = "took-over" | "aborted";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
  });

export async function watchFailover(o: WatchOptions): Promise<WatchEnd> {
  // One short try per beat: a retry would hide a missed beat.
  const main = new BridgeClient(
    bridgeConfigFromEnv(
      { SVC_BRIDGE_URL: o.mainUrl, ...(o.mainToken ? { SVC_BRIDGE_TOKEN: o.mainToken } : {}) },
      { timeoutMs: Math.max(200, o.intervalMs), getRetries: 0 },
    ),
  );
  let missed = 0;
  let answering: boolean | undefined;
  let tookOver = false;
  try {
    while (!o.signal.aborted) {
      let ok = true;
      try {
        await main.get("/api/health");
      } catch {
        ok = false;
      }
      if (ok) {
        missed = 0;
        if (answering !== true) o.report(`main ${o.mainUrl} answers`);
        answering = true;
      } else {
        missed++;
        if (answering !== false) o.report(`main ${o.mainUrl} missed a heartbeat`);
        answering = false;
        if (missed >= o.misses && !tookOver) {
          await o.backup.patch(`/api/nodes/${encodePath(o.chain)}`, { parameters: { Live: 1 } });
          tookOver = true;
          o.report(`main missed ${missed} heartbeats: backup ${o.backup.config.url} takes over (${o.chain} Live on)`);
          if (o.untilTakeover) return "took-over";
        }
      }
      await sleep(o.intervalMs, o.signal);
    }
    return "aborted";
  } finally {
    await main.close();
  }
}
