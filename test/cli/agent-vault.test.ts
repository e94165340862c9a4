/**
 * svc-agent's vault subcommands from a fresh home and vault against one tdsim: a note written,
 * listed, searched, read, its svcnet block planned and applied, and linked to the operator it built,
 * each read back from the vault folder and from tdsim; an escape refused with its code.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runAgent } from "./run-cli.js";

let sim: RunningSim;
let bridge: BridgeClient;
let home: string;
let vault: string;
const saved = { ...process.env };

const agent = (argv: string[]) => runAgent(argv, process.env, home);

const NOTE =
  "# Grain\n\nA grainy noise:\n\n```svcnet\nsvcnet 1\nnetwork grain {\n  noise1: noiseTOP { amp: 0.25 }\n}\n```\n";

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  home = mkdtempSync(join(tmpdir(), "svc-agent-vault-"));
  vault = join(home, "vault");
  // the tools read the bridge, home and vault from the process, as a spawned svc-agent would
  Object.assign(process.env, { HOME: home, SVC_BRIDGE_URL: sim.url });
  delete process.env.SVC_VAULT_PATH;
}, 60_000);

afterAll(async () => {
  await bridge?.close();
  await sim?.stop();
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  rmSync(home, { recursive: true, force: true });
});

describe("svc-agent vault", () => {
  it("without SVC_VAULT_PATH says how to set one up; with a missing folder says to run svc doctor --fix", async () => {
    const unset = await agent(["vault", "list"]);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/vault-not-configured: .*SVC_VAULT_PATH.*svc doctor --fix/);
    process.env.SVC_VAULT_PATH = vault;
    expect((await agent(["vault", "list"])).stderr).toMatch(/vault-missing: .*svc doctor --fix/);
  });

  it("writes, lists, searches and reads a note, then plans and applies its block and links the note to what it built", async () => {
    process.env.SVC_VAULT_PATH = vault;
    mkdirSync(vault);
    expect((await agent(["vault", "write", "looks/grain.md", "--text", NOTE])).stdout).toBe(
      "created looks/grain.md (100 bytes)\n",
    );
    expect(readFileSync(join(vault, "looks", "grain.md"), "utf8")).toBe(NOTE);
    expect((await agent(["vault", "list"])).stdout).toBe("1 note(s):\nlooks/grain.md\n");
    expect((await agent(["vault", "search", "grainy noise"])).stdout).toBe(
      "1 note(s) match\nlooks/grain.md (4)\n  3: A grainy noise:\n  8:   noise1: noiseTOP { amp: 0.25 }\n",
    );
    const read = JSON.parse((await agent(["vault", "read", "looks/grain.md", "--json"])).stdout) as {
      data: { svcnet_blocks: unknown[] };
    };
    expect(read.data.svcnet_blocks).toEqual([{ index: 1, first_line: 6, last_line: 9 }]);

    const plan = await agent(["vault", "plan", "looks/grain.md"]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/Plan: 2 to add/);
    const applied = await agent(["vault", "apply", "looks/grain.md", "--preview", "0"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/^applied/);
    const live = await bridge.get<{ tags: string[]; non_default_params: Array<{ name: string; value: unknown }> }>(
      `/api/nodes/${encodeURIComponent("/project1/grain/noise1")}`,
    );
    expect(live.non_default_params).toContainEqual(expect.objectContaining({ name: "amp", value: 0.25 }));

    const link = await agent(["vault", "link", "looks/grain.md", "/project1/grain/noise1"]);
    expect(link.stdout).toBe("linked looks/grain.md and /project1/grain/noise1 (tag vault:looks/grain.md)\n");
    expect(
      (await bridge.get<{ tags: string[] }>(`/api/nodes/${encodeURIComponent("/project1/grain/noise1")}`)).tags.sort(),
    ).toEqual(["svc", "vault:looks/grain.md"]);
    expect(readFileSync(join(vault, "looks", "grain.md"), "utf8")).toBe(
      `---\nnodes:\n  - /project1/grain/noise1\n---\n${NOTE}`,
    );
  }, 60_000);

  it("refuses a way out of the vault with its code and writes nothing", async () => {
    process.env.SVC_VAULT_PATH = vault;
    const r = await agent(["vault", "write", "../escaped.md", "--text", "x"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("vault-path-escapes");
    expect(readdirSync(home).sort()).toEqual(["vault"]);
  });
});
