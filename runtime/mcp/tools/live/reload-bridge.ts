import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { compareVersions, shippedBridgeVersion } from "../../../bridge-version.js";

interface ReloadReply {
  before: string;
  after: string;
  modules: number;
  dropped: string[];
}

export const reloadBridge = defineTool({
  name: "reload_bridge",
  title: "Reload the bridge's code",
  description:
    "Import the running bridge's Python modules again from its folder (dev.reload_bridge()), so bridge files staged since take effect without restarting TouchDesigner. Refused while a transaction, event stream, interaction or .tox job would be dropped, unless force.",
  input: {
    force: z
      .boolean()
      .default(false)
      .describe("reload even though open transactions, event streams, interactions or .tox jobs are dropped"),
  },
  output: {
    before: z.string().describe("bridge version before the reload"),
    after: z.string().describe("bridge version now running"),
    modules: z.number().describe("modules imported again"),
    dropped: z.array(z.string()).describe("what a forced reload dropped"),
    shippedBridgeVersion: z.string(),
    bridgeStatus: z
      .enum(["current", "older", "newer"])
      .describe("the running bridge compared with the one this svc ships"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ force }, ctx) {
    const bridge = await ctx.services.bridge();
    const reply = await bridge.post<ReloadReply>("/api/dev/reload", { force });
    const shipped = shippedBridgeVersion();
    const order = compareVersions(reply.after, shipped);
    const bridgeStatus = order < 0 ? ("older" as const) : order > 0 ? ("newer" as const) : ("current" as const);
    const stale =
      bridgeStatus === "older"
        ? `; still older than the shipped ${shipped}: stage it with 'svc install-bridge' and paste its line`
        : "";
    const changed =
      reply.before === reply.after
        ? `bridge ${reply.after} reloaded`
        : `bridge ${reply.before} reloaded as ${reply.after}`;
    return success(
      { ...reply, shippedBridgeVersion: shipped, bridgeStatus },
      `${changed} (${reply.modules} modules)${stale}`,
    );
  },
});
