/**
 * One tdsim (with the bridge) and one bridge client for a test file: started before its tests,
 * stopped after. `live.client` / `live.env` are valid inside tests.
 */
import { afterAll, beforeAll } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

export interface LiveSim {
  readonly sim: RunningSim;
  readonly client: BridgeClient;
  /** Environment pointing svc at this tdsim (`SVC_BRIDGE_URL`). */
  readonly env: NodeJS.ProcessEnv;
}

export function useLiveSim(): LiveSim {
  let sim: RunningSim | undefined;
  let client: BridgeClient | undefined;
  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  });
  afterAll(async () => {
    await client?.close();
    await sim?.stop();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("tdsim is not running: use live.* inside a test");
    return value;
  };
  return {
    get sim() {
      return need(sim);
    },
    get client() {
      return need(client);
    },
    get env() {
      return { SVC_BRIDGE_URL: need(sim).url };
    },
  };
}
