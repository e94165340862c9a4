/** The bridge's health and system routes read into one shape, for get_td_system and `svc status`. */
import type { BridgeClient } from "../engine/index.js";

interface HealthReply {
  status: string;
  bridge_version: string;
  frame: number;
  seconds: number;
  frame_stats?: Record<string, unknown>;
}

interface SystemReply {
  gpu: { name: string | null; id: string | null };
  monitors: Array<Record<string, unknown>>;
  performMode: boolean;
  cpus: number | string | null;
  ram: number | string | null;
  os: string | null;
  os_version: string | null;
}

export interface SystemStatus {
  status: string;
  frame: number;
  seconds: number;
  frameStats: Record<string, unknown> | null;
  gpu: string | null;
  monitors: Array<{ name: string; width: number | null; height: number | null; primary: boolean }>;
  performMode: boolean;
  cpus: number | null;
  os: string;
}

export async function readSystem(client: BridgeClient): Promise<SystemStatus> {
  const health = await client.get<HealthReply>("/api/health");
  const system = await client.get<SystemReply>("/api/system");
  return {
    status: health.status,
    frame: health.frame,
    seconds: health.seconds,
    frameStats: health.frame_stats ?? null,
    gpu: system.gpu.name ?? null,
    monitors: system.monitors.map((m) => ({
      name: String(m.displayName ?? m.index ?? ""),
      width: typeof m.width === "number" ? m.width : null,
      height: typeof m.height === "number" ? m.height : null,
      primary: m.isPrimary === true,
    })),
    performMode: system.performMode,
    cpus: typeof system.cpus === "number" ? system.cpus : null,
    os: [system.os, system.os_version].filter((s) => s).join(" "),
  };
}

export function systemText(s: SystemStatus): string {
  const screens = s.monitors.map((m) => `${m.name} ${m.width}x${m.height}`).join(", ");
  return `${s.status} at frame ${s.frame}; GPU ${s.gpu ?? "unknown"}; ${s.monitors.length} monitor(s)${screens ? ` (${screens})` : ""}; Perform Mode ${s.performMode ? "on" : "off"}`;
}
