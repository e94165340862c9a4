/**
 * The safety chain armed from the stage: an OSC message (a value above 0 on the chain's address)
 * turns Panic on and the protected output goes black. tdsim has no network input, so the OSC In
 * CHOP's channel is injected (tdsim.inject_channels, through the bridge's exec route, open here only
 * for that); everything after the channel is the chain as built.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { encodePath } from "../../runtime/bridge-client/index.js";
import { startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";
import { meanColour, PROGRAMME } from "./show-fixture.js";

let f: NetworkFixture;

beforeAll(async () => {
  f = await startNetworkFixture("full", { exec: true });
  await f.ok("apply_network", { source: PROGRAMME, preview: 0 });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

const panic = async () => (await f.bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath("/project1/safety")}/params`, { keys: "Panic" })).params[0]?.value;
const inject = (value: number) =>
  f.bridge.post("/api/exec", { script: `import tdsim\ntdsim.inject_channels('/project1/safety/osc_trigger', {'svc/panic': ${value}})` });

it("an OSC value above 0 on the chain's address arms the panic; going back to 0 does not release it", async () => {
  await f.ok("create_safety_blackout_chain", { outputs: ["/project1/show/out1"], osc_port: 7010, key: "f12", preview: 0 });
  await inject(0);
  await new Promise((r) => setTimeout(r, 200));
  expect(await panic()).toBe(false);
  expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual([255, 0, 0]);
  await inject(1);
  for (let i = 0; i < 100 && !(await panic()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await panic()).toBe(true);
  expect(await meanColour(f.bridge, "/project1/show/out1")).toEqual([0, 0, 0]);
  await inject(0);
  await new Promise((r) => setTimeout(r, 200));
  expect(await panic()).toBe(true);
});
