/**
 * One tdsim (with the bridge) and one bridge client for a test file: started before its tests,
 * stopped after. `live.client` / `live.env` are valid inside tests.
 */
import { afterAll, beforeAll } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
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
  let stopping = false;
  // tdsim's last stderr lines, printed if it dies while the file's tests run: otherwise a crash
  // shows only as "nothing is listening" in every later test.
  const stderrTail: string[] = [];
  beforeAll(async () => {
    sim = await startSim({
      port: 0,
      onStderr: (line) => {
        stderrTail.push(line);
        if (stderrTail.length > 40) stderrTail.shift();
      },
    });
    sim.process.once("exit", (code, signal) => {
      if (stopping) return;
      console.error(
        `tdsim (${sim?.url}) exited during the tests: code ${code}, signal ${signal}\n${stderrTail.join("\n")}`,
      );
    });
    client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  });
  afterAll(async () => {
    stopping = true;
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
