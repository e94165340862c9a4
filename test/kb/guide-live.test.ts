/**
 * A pattern of each category and shaders with one and two inputs, applied to tdsim through svc's
 * apply loop: they build with no live error, and the built network is what the snippet says.
 * (Every pattern and shader passes svc check in guide-snippets.test.ts; these go all the way.)
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { getPattern, getTechnique, techniqueNetwork } from "../../kb/guide/index.js";
import { isTdsimGap } from "../support/tdsim-gaps.js";

const LIVE_PATTERNS = [
  "feedback-trail",
  "instancing-chop-grid",
  "audio-level-to-parameter",
  "render-basic-scene",
  "ui-custom-controls",
  "data-table-driven",
  "perf-switch-not-bypass",
];
const LIVE_TECHNIQUES = ["kaleidoscope", "reaction-diffusion-step"];

let sim: RunningSim;
let client: BridgeClient;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
});

async function applyAndRead(name: string, text: string): Promise<string[]> {
  const result = await applyFile(client, { text, file: join(process.cwd(), "kb", "guide", `${name}.svcnet`) });
  expect(
    result.diagnostics.filter((d) => d.severity !== "info" && !isTdsimGap(d)).map((d) => `${d.code}: ${d.message}`),
  ).toEqual([]);
  expect(result.ok).toBe(true);
  const network = /network (\w+)/.exec(text)![1]!;
  const root = `/project1/${network}`;
  const live = await readLiveNetwork(client, root);
  expect(live.exists).toBe(true);
  return [...live.state.nodes.values()].map((n) => `${n.path.slice(root.length + 1)}:${n.type}`);
}

describe("guide content on tdsim", () => {
  it.each(LIVE_PATTERNS)("pattern %s builds with no live error", { timeout: 120_000 }, async (name) => {
    const pattern = getPattern(name)!;
    const built = await applyAndRead(name, pattern.svcnet);
    for (const [, node, type] of pattern.svcnet.matchAll(/^\s{2}(\w+): (\w+)/gm))
      expect(built).toContain(`${node}:${type}`);
  });

  it.each(LIVE_TECHNIQUES)("shader %s builds and cooks with no live error", { timeout: 120_000 }, async (name) => {
    const built = await applyAndRead(name, techniqueNetwork(getTechnique(name)!));
    expect(built).toContain("shader:glslTOP");
  });
});
