import { z } from "zod";
import { defineTool } from "../registry.js";
import { asToolOutcome, editOutput, force, nodeName, nodePath, stepsOutput } from "../edit/edit-schemas.js";

const channel = z
  .object({
    channel: z
      .string()
      .regex(/^[A-Za-z0-9_/.:-]+$/, "a channel name without spaces or brackets")
      .max(64)
      .describe("channel name as the device gives it (in) or sends it (out)"),
    node: z.string().min(1).max(512).optional().describe("node in the network: blur1, inner/blur1 or its path"),
    parameter: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .max(64)
      .optional()
      .describe("in: the parameter the channel drives; out: the parameter sent"),
    rest: z.number().optional().describe("in: the value before any data arrives (default 0)"),
  })
  .strict();

export const createExternalIo = defineTool({
  name: "create_external_io",
  title: "External input or output",
  description:
    "Connect an svc network to the outside: OSC, MIDI, DMX or Art-Net channels mapped onto parameters (in) or sent from parameters (out), or NDI video in or out. Applied as one planned edit.",
  input: {
    path: nodePath("the svc network (or a COMP in it) to add the operators to"),
    protocol: z.enum(["osc", "midi", "dmx", "artnet", "ndi"]),
    direction: z.enum(["in", "out"]),
    name: nodeName.optional().describe("base name of the new operators; default <protocol>_<direction>"),
    port: z.number().int().min(1).max(65535).optional().describe("OSC port"),
    address: z.string().min(1).max(255).optional().describe("OSC or Art-Net out: destination host"),
    universe: z.number().int().min(0).max(32767).optional().describe("DMX or Art-Net universe"),
    stream: z.string().min(1).max(255).optional().describe("NDI stream name"),
    source: nodeName.optional().describe("NDI out: the TOP to send"),
    channels: z.array(channel).max(64).default([]),
    force,
  },
  output: {
    ...editOutput,
    ...stepsOutput,
    output: z.string().describe("in: the operator to read channels or video from; out: the device operator"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    const { createExternalIo: run } = await import("./external-io.js");
    const { force, ...spec } = args;
    return asToolOutcome(await run(spec, { force, services: ctx.services, progress: (m) => void ctx.progress(m) }));
  },
});
