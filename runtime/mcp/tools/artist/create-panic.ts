import { z } from "zod";
import { defineTool } from "../registry.js";
import { networkName, previewSize } from "./artist-schemas.js";
import { safetyArgs, safetyOutput, topPath } from "./safety-schemas.js";

export const createPanic = defineTool({
  name: "create_panic",
  title: "Panic",
  description:
    "Build the show's panic: a safety blackout chain over every output found in the project (device, NDI, Spout/Syphon, Touch Out TOPs and the TOPs Window COMPs show), or the outputs given. engage: true blacks them out now, false releases.",
  input: {
    name: networkName("panic"),
    outputs: z
      .array(topPath)
      .min(1)
      .max(32)
      .optional()
      .describe("the output TOPs to protect (default: every output found)"),
    engage: z.boolean().optional().describe("true: Panic on now; false: release; absent: leave as it is"),
    ...safetyArgs,
    preview: previewSize,
  },
  output: safetyOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ name, outputs, engage, colour, still, osc_port, osc_address, key, midi, preview }, ctx) {
    const { buildSafety } = await import("./build-safety.js");
    return buildSafety(
      "create_panic",
      { name, outputs, engage, colour, still, oscPort: osc_port, oscAddress: osc_address, key, midi, preview },
      ctx,
    );
  },
});
