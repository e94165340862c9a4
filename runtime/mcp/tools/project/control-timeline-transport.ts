import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

interface TransportReply {
  playing: boolean;
  frame: number;
  seconds: number;
  rate: number;
  start: number;
  end: number;
}

export const controlTimelineTransport = defineTool({
  name: "control_timeline_transport",
  title: "Timeline transport",
  description:
    "Play, pause, seek, cue (seek and pause) or set the rate of the project's timeline; replies with the timeline's state.",
  input: {
    action: z.enum(["play", "pause", "seek", "cue", "rate"]),
    frame: z.number().min(0).max(1e9).optional().describe("seek or cue: the frame (cue defaults to the start frame)"),
    seconds: z.number().min(0).max(1e8).optional().describe("seek or cue: the time in seconds, instead of frame"),
    rate: z.number().gt(0).max(1000).optional().describe("rate: frames per second"),
  },
  output: {
    playing: z.boolean(),
    frame: z.number(),
    seconds: z.number(),
    rate: z.number(),
    start: z.number(),
    end: z.number(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ action, frame, seconds, rate }, ctx) {
    if (frame !== undefined && seconds !== undefined)
      return failure("frame-or-seconds", "give frame or seconds, not both");
    if (action === "seek" && frame === undefined && seconds === undefined)
      return failure("missing-argument", "seek needs frame or seconds");
    if (action === "rate" && rate === undefined)
      return failure("missing-argument", "rate needs rate (frames per second)");
    const bridge = await ctx.services.bridge();
    const body = {
      action,
      ...(frame === undefined ? {} : { frame }),
      ...(seconds === undefined ? {} : { seconds }),
      ...(rate === undefined ? {} : { rate }),
    };
    const r = await bridge.post<TransportReply>("/api/transport", body);
    return success(
      r,
      `${r.playing ? "playing" : "paused"} at frame ${r.frame} (${r.seconds.toFixed(2)} s), ${r.rate} fps, range ${r.start}-${r.end}`,
    );
  },
});
