import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { compareVersions, shippedBridgeVersion } from "../../../bridge-version.js";

interface InfoReply {
  python_version: string;
  td_version: string;
  bridge_version: string;
  product?: string;
  os?: string;
}

export const getTdInfo = defineTool({
  name: "get_td_info",
  title: "Environment and bridge versions",
  description:
    "Which TouchDesigner build, Python and bridge version are running, and whether the running bridge is older than the one this svc ships.",
  input: {},
  output: {
    product: z.string().describe("TouchDesigner, or tdsim for svc's emulation"),
    tdVersion: z.string(),
    pythonVersion: z.string(),
    os: z.string(),
    bridgeVersion: z.string(),
    shippedBridgeVersion: z.string(),
    bridgeStatus: z.enum(["current", "older", "newer"]).describe("the running bridge compared with the shipped one"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler(_args, ctx) {
    const bridge = await ctx.services.bridge();
    const info = await bridge.get<InfoReply>("/api/info");
    const shipped = shippedBridgeVersion();
    const order = compareVersions(info.bridge_version, shipped);
    const bridgeStatus = order < 0 ? ("older" as const) : order > 0 ? ("newer" as const) : ("current" as const);
    const data = {
      product: info.product ?? "",
      tdVersion: info.td_version,
      pythonVersion: info.python_version,
      os: info.os ?? "",
      bridgeVersion: info.bridge_version,
      shippedBridgeVersion: shipped,
      bridgeStatus,
    };
    const advice =
      bridgeStatus === "older"
        ? `; the running bridge is older than the shipped ${shipped}: run 'svc install-bridge' and paste its line into the textport to upgrade`
        : bridgeStatus === "newer"
          ? `; the running bridge is newer than this svc's ${shipped}: update svc`
          : "";
    return success(
      data,
      `${data.product || "environment"} ${info.td_version}, Python ${info.python_version}, bridge ${info.bridge_version}${advice}`,
    );
  },
});
