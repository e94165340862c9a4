import { z } from "zod";
import { defineTool } from "../registry.js";
import { colour, networkName, previewSize } from "./artist-schemas.js";
import { safetyOutput, topPath } from "./safety-schemas.js";

export const createShowFailover = defineTool({
  name: "create_show_failover",
  title: "Show failover (backup side)",
  description:
    "Make the connected machine a failover backup: a guard in front of each of its outputs shows a standby picture until the chain's Live goes on. `svc failover` keeps the heartbeat with the main machine (svc.show.yaml failover pairs) and turns Live on when the main stops answering.",
  input: {
    name: networkName("failover"),
    outputs: z.array(topPath).min(1).max(32).describe("absolute paths of this machine's output TOPs that take over"),
    main: z.string().regex(/^https?:\/\/[^\s/]+\/?$/).max(200).optional().describe("the main machine's bridge URL, kept on the chain's panel"),
    colour: colour.default("#000000").describe("the standby picture's colour"),
    preview: previewSize,
  },
  output: { ...safetyOutput },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ name, outputs, main, colour, preview }, ctx) {
    const { buildFailover } = await import("./build-safety.js");
    return buildFailover({ name, outputs, main, colour, preview }, ctx);
  },
});
