import { it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/bridge-client/index.js";
import { startSim } from "../../runtime/sim/start-sim.js";
import { exportProgram, readExport } from "../../runtime/export/export-network.js";
it("x", async () => {
const sim = await startSim({ port: 0 });
const b = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
try {
  const kids = await b.get("/api/nodes", { parent: "/project1" });
  console.log(JSON.stringify(kids));
  await b.post("/api/batch", { operations: [
    { action: "create", parent_path: "/project1", type: "noiseTOP", name: "noise1", parameters: { seed: 3 } },
    { action: "create", parent_path: "/project1", type: "levelTOP", name: "level1" },
    { action: "connect", source_path: "/project1/noise1", target_path: "/project1/level1" },
  ]});
  const e = await readExport(b, "/project1");
  console.log(exportProgram([e!]));
} finally { await b.close(); await sim.stop(); }

}, 60000);
