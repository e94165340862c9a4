import { z } from "zod";
import { defineTool } from "../registry.js";
import { colour, networkName, previewSize } from "./artist-schemas.js";
import { safetyOutput, topPath } from "./safety-schemas.js";

export const createShowFailover = defineTool({
  name: "create_show_failover",
  title: "Show failover (backup side)",
  description:
    "Make the connected machine a failover backup: a guard in front of each of its outputs shows a standby picture until the chain's Live goes on, when the main stops answering: watched by `svc failover` (svc.show.yaml pairs), or with `heartbeat` by the backup's own network.",
  input: {
    name: networkName("failover"),
    outputs: z.array(topPath).min(1).max(32).describe("absolute paths of this machine's output TOPs that take over"),
    main: z
      .string()
      .regex(/^https?:\/\/[^\s/]+\/?$/)
      .max(200)
      .optional()
      .describe("the main machine's bridge URL, kept on the chain's panel"),
    colour: colour.default("#000000").describe("the standby picture's colour"),
    heartbeat: z
      .object({
        interval: z.number().min(0.1).max(60).default(0.5).describe("seconds between two heartbeats"),
        takeover: z.number().min(0.5).max(600).default(2).describe("seconds without an answer before taking over"),
      })
      .strict()
      .refine(
        (h) => h.takeover >= 2 * h.interval,
        "takeover must be at least two intervals, so one late answer never takes over",
      )
      .optional()
      .describe(
        "the backup watches the main itself, inside TouchDesigner (a Web Client DAT asking the main's /api/health): no svc process needed; requires main",
      ),
    preview: previewSize,
  },
  output: { ...safetyOutput },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ name, outputs, main, colour, heartbeat, preview }, ctx) {
    const { buildFailover } = await import("./build-safety.js");
    return buildFailover({ name, outputs, main, colour, heartbeat, preview }, ctx);
  },
});
