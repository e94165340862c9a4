/**
 * TDN → .svcnet → apply on tdsim → TDN: what svc exports from the live network equals the file it
 * imported, under the documented normalisation (runtime/tdn/normalise.ts). The .svcnet file svc
 * would hand on (svc export --format tdn of the file) equals it too, positions included.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { applyFile, type LoopResult } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { importTdn } from "../../runtime/tdn/import-tdn.js";
import { fileTdn, liveTdn } from "../../runtime/tdn/export-sources.js";
import { normaliseTdn } from "../../runtime/tdn/normalise.js";
import { readTdnText, type TdnValue } from "../../runtime/tdn/document.js";

const FIXTURES = ["show", "legacy"] as const;

let sim: RunningSim;
let bridge: BridgeClient;
let dir: string;
const applied = new Map<string, LoopResult>();
const svcnet = new Map<string, { text: string; file: string }>();

function original(name: string): TdnValue {
  const read = readTdnText(readFileSync(`test/tdn/fixtures/${name}.tdn`, "utf8"));
  if (!read.ok) throw new Error(read.problem);
  return read.value;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-tdn-"));
  for (const name of FIXTURES) {
    const r = importTdn(`test/tdn/fixtures/${name}.tdn`);
    expect(r.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const file = join(dir, `${name}.svcnet`);
    writeFileSync(file, r.text!);
    svcnet.set(name, { text: r.text!, file });
  }
  const env = { ...process.env };
  delete env.SVC_BRIDGE_ALLOW_EXEC;
  sim = await startSim({ port: 0, env });
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  for (const name of FIXTURES) applied.set(name, await applyFile(bridge, svcnet.get(name)!));
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(FIXTURES)("%s.tdn", (name) => {
  it("applies to tdsim without a diagnostic", () => {
    const r = applied.get(name)!;
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it("exports from the live network as the TDN it came from", async () => {
    const root = `/project1/${name === "show" ? "show" : "legacy_net"}`;
    const exported = await liveTdn(bridge, root);
    expect(exported!.problems).toEqual([]);
    expect(normaliseTdn(parseYaml(exported!.text))).toEqual(normaliseTdn(original(name)));
  });

  it("exports from the .svcnet file as the same TDN", async () => {
    const r = await fileTdn(svcnet.get(name)!);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(normaliseTdn(parseYaml(r.networks[0]!.text))).toEqual(normaliseTdn(original(name)));
  });
});
