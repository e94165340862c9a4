/**
 * Over the MCP tools on tdsim: swap_operator keeps every wire of the swapped node, those to and from
 * an artist's nodes included (the swapped node does not end up erroring for a lost input), and the
 * DATs svc's own create_python_script and author_script_operator make are svc's, so svc's edit tools
 * change them like any node svc built.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { memoryClient, textOf } from "./helpers.js";
import { startNetworkFixture, type NetworkFixture } from "./network-fixture.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";

let f: NetworkFixture;
const NET = "/project1/net";

const SOURCE = `svcnet 1
network net {
  blur1: blurTOP
  noise1: noiseTOP { resolution: 320x180 }
  out1: nullTOP [display]

  noise1 -> out1
}
`;

beforeAll(async () => {
  f = await startNetworkFixture("full", { exec: true });
  // The blur has no input in the source: it errors until the artist wires one in below.
  await f.call("apply_network", { source: SOURCE, preview: 0 });
  // The artist feeds svc's blur from a node of their own and takes its output into another.
  await f.batch([
    { action: "create", parent_path: NET, type: "constantTOP", name: "artist_in" },
    { action: "create", parent_path: NET, type: "nullTOP", name: "artist_out" },
    { action: "connect", source_path: `${NET}/artist_in`, target_path: `${NET}/blur1` },
    { action: "connect", source_path: `${NET}/blur1`, target_path: `${NET}/artist_out` },
  ]);
});

afterAll(async () => {
  await f?.close();
});

interface Errors {
  errors: string[];
}

describe("swap_operator", () => {
  it("keeps the wires to and from the artist's nodes", async () => {
    expect(await f.wires(NET)).toEqual(expect.arrayContaining(["artist_in[0]->blur1[0]", "blur1[0]->artist_out[0]"]));
    await f.ok("swap_operator", { path: `${NET}/blur1`, type: "levelTOP" });
    expect((await f.node(`${NET}/blur1`))?.type).toBe("levelTOP");
    expect(await f.wires(NET)).toEqual(expect.arrayContaining(["artist_in[0]->blur1[0]", "blur1[0]->artist_out[0]"]));
    const errors = await f.bridge.get<Errors>(`/api/nodes/${encodeURIComponent(`${NET}/blur1`)}/errors`);
    expect(errors.errors).toEqual([]);
    // Planning svc's record again finds nothing to do: the artist's wires are not svc's to remove.
    const recorded = (await readLiveNetwork(f.bridge, NET)).lastApplied!.source!;
    const plan = await f.ok<{ networks: Array<{ empty: boolean }> }>("plan_network", {
      source: recorded.text,
      file: recorded.file,
      root: "/project1/{network}",
    });
    expect(plan.networks[0]!.empty).toBe(true);
    // The artist's nodes are still theirs.
    expect((await f.node(`${NET}/artist_in`))?.tags).toEqual([]);
    expect((await f.node(`${NET}/artist_out`))?.tags).toEqual([]);
  });
});

describe("DATs made by svc's script tools", () => {
  it("are tagged as svc's, so the edit tools change them", async () => {
    // The script tools place client Python: a client that lists them (the bridge's exec switch is open).
    const python: Client = await memoryClient({ profile: "full", rawPython: true });
    const run = async (name: string, args: Record<string, unknown>) => {
      const r = (await python.callTool({ name, arguments: args })) as CallToolResult;
      expect(r.isError, textOf(r)).toBeFalsy();
    };
    await run("create_python_script", { parent: NET, name: "helper", text: "def f():\n    return 1\n" });
    await run("author_script_operator", {
      parent: NET,
      name: "gen",
      family: "CHOP",
      callbacks: "def onCook(scriptOp):\n    scriptOp.clear()\n    return\n",
    });
    await python.close();
    for (const path of [`${NET}/helper`, `${NET}/gen_callbacks`, `${NET}/gen`])
      expect((await f.node(path))?.tags, path).toEqual(["svc"]);
    const edited = await f.call("set_dat_content", { path: `${NET}/helper`, text: "def f():\n    return 2\n" });
    expect(edited.isError, JSON.stringify(edited.content)).toBeFalsy();
    expect((await f.node(`${NET}/helper`))?.text).toBe("def f():\n    return 2\n");
  });
});
