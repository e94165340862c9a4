import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { tdPath } from "../live/live-input.js";

/** How long the client waits for the follow to run (spec 8: 750 ms). */
const WINDOW_MS = 750;
const POLL_MS = 50;

interface Receipt {
  operation_id: string;
  path: string;
  state: string;
  result: { network: string; viewport: { x: number | null; y: number | null; zoom: number | null } } | null;
  reason: string | null;
}

export const focusNetworkEditor = defineTool({
  name: "focus_network_editor",
  title: "Show an operator in the network editor",
  description:
    "Make the artist's network editor show an operator's network, select the operator and centre on it, on the next frame; returns whether it happened within 750 ms (state scheduled means it still may).",
  input: {
    path: tdPath("the operator to show, e.g. /project1/tunnel/level1"),
    select: z.boolean().default(true).describe("select it (and nothing else in its network)"),
    frame: z.boolean().default(true).describe("centre the view on it"),
  },
  output: { operationId: z.string(), state: z.string(), network: z.string().nullable(), reason: z.string().nullable() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, select, frame }, ctx) {
    const bridge = await ctx.services.bridge();
    let r = await bridge.post<Receipt>("/api/editor/focus", { path, select, frame });
    const until = ctx.services.clock.now() + WINDOW_MS;
    while (r.state === "scheduled" && ctx.services.clock.now() < until) {
      await new Promise((done) => setTimeout(done, POLL_MS));
      r = await bridge.get<Receipt>(`/api/editor/focus/${encodeURIComponent(r.operation_id)}`);
    }
    const text =
      r.state === "done"
        ? `showing ${r.path} in ${r.result!.network}`
        : `${r.state}${r.reason ? `: ${r.reason}` : ""} (${r.operation_id})`;
    return success(
      { operationId: r.operation_id, state: r.state, network: r.result?.network ?? null, reason: r.reason },
      text,
    );
  },
});
