import { z } from "zod";
import { defineTool } from "../registry.js";
import { networkName, previewSize } from "./artist-schemas.js";
import { safetyArgs, safetyOutput, topPath } from "./safety-schemas.js";

export const createSafetyBlackoutChain = defineTool({
  name: "create_safety_blackout_chain",
  title: "Safety blackout chain",
  description:
    "Protect output TOPs: a guard wired in front of each shows a safe picture (black, a colour or a still TOP) while the chain's Panic is on, from the next frame. Panic is armed from the panel, `svc panic`, the API, and optionally an OSC address, a key or a MIDI note or controller.",
  input: {
    name: networkName("safety"),
    outputs: z.array(topPath).min(1).max(32).describe("absolute paths of the output TOPs to protect"),
    ...safetyArgs,
    preview: previewSize,
  },
  output: safetyOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ name, outputs, colour, still, osc_port, osc_address, key, midi, preview }, ctx) {
    const { buildSafety } = await import("./build-safety.js");
    return buildSafety(
      "create_safety_blackout_chain",
      { name, outputs, colour, still, oscPort: osc_port, oscAddress: osc_address, key, midi, preview },
      ctx,
    );
  },
});
