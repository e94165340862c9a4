import { z } from "zod";
import { bridgeClient } from "../../bridge.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";

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

/** Both replies in the shape the tool and `svc status` show. */
export async function readSystem(get: <T>(path: string) => Promise<T>) {
  const health = await get<HealthReply>("/api/health");
  const system = await get<SystemReply>("/api/system");
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

export const getTdSystem = defineTool({
  name: "get_td_system",
  title: "Environment health and system",
  description: "Whether the environment answers and its frame clock runs, with GPU, monitors, CPU count and whether Perform Mode is on.",
  input: {},
  output: {
    status: z.string().describe("ok when the bridge answers"),
    frame: z.number(),
    seconds: z.number(),
    frameStats: z.record(z.string(), z.unknown()).nullable().describe("dropped-frame counters, where the environment offers them"),
    gpu: z.string().nullable(),
    monitors: z.array(z.object({ name: z.string(), width: z.number().nullable(), height: z.number().nullable(), primary: z.boolean() })),
    performMode: z.boolean(),
    cpus: z.number().nullable(),
    os: z.string(),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler() {
    const bridge = await bridgeClient();
    const data = await readSystem((path) => bridge.get(path));
    const screens = data.monitors.map((m) => `${m.name} ${m.width}x${m.height}`).join(", ");
    return success(data, `${data.status} at frame ${data.frame}; GPU ${data.gpu ?? "unknown"}; ${data.monitors.length} monitor(s)${screens ? ` (${screens})` : ""}; Perform Mode ${data.performMode ? "on" : "off"}`);
  },
});
