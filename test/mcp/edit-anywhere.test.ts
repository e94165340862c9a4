/**
 * Editing the artist's own project: svc's atomic tools build in a COMP svc did not build (a fresh
 * /project1, an artist's COMP), owning only what they create, and never change the artist's nodes
 * unless a call says so with allow_unmanaged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";

let f: NetworkFixture;

/** The artist's hand-built work in /project1: noise -> level -> out, and a COMP with a blur inside. */
const HAND = [
  { action: "create", parent_path: "/project1", type: "noiseTOP", name: "noise1", parameters: { seed: 3 } },
  { action: "create", parent_path: "/project1", type: "levelTOP", name: "level1", parameters: { opacity: 0.5 } },
  { action: "create", parent_path: "/project1", type: "nullTOP", name: "out1" },
  { action: "connect", source_path: "/project1/noise1", target_path: "/project1/level1" },
  { action: "connect", source_path: "/project1/level1", target_path: "/project1/out1" },
  { action: "create", parent_path: "/project1", type: "baseCOMP", name: "fx" },
  { action: "create", parent_path: "/project1/fx", type: "blurTOP", name: "blur1" },
];

beforeAll(async () => {
  f = await startNetworkFixture("full", { exec: true });
  await f.batch(HAND);
});

afterAll(async () => {
  await f?.close();
});

type EditData = {
  root: string;
  changed: boolean;
  summary: { add: number; change: number; destroy: number };
  nodes: string[];
  path?: string;
  reused?: boolean;
};

/** The artist's nodes, as they were built by hand. */
async function handWork(): Promise<unknown> {
  const nodes = await Promise.all(["noise1", "level1", "out1", "fx", "fx/blur1"].map((n) => f.node(`/project1/${n}`)));
  const theirs = (w: string) => /^(noise1|level1|out1)\[/.test(w) || /->(noise1|level1|out1)\[/.test(w);
  return {
    nodes: nodes.map((n) => n && { path: n.path, tags: n.tags, params: n.params, flags: n.flags }),
    wires: (await f.wires("/project1")).filter(theirs),
  };
}

async function replanIsEmpty(root: string): Promise<void> {
  const stored = { value: { source: (await readLiveNetwork(f.bridge, root)).lastApplied!.source! } };
  const parent = root.slice(0, root.lastIndexOf("/"));
  const plan = await f.ok<{ networks: Array<{ empty: boolean }> }>("plan_network", {
    source: stored.value.source.text,
    file: stored.value.source.file,
    root: `${parent}/{network}`,
  });
  expect(plan.networks[0]!.empty).toBe(true);
}

describe("building in a COMP svc did not build", () => {
  it("creates a node in /project1, owned by svc, leaving the COMP and the artist's nodes as they were", async () => {
    const before = await handWork();
    const r = await f.ok<EditData>("create_td_node", {
      parent: "/project1",
      type: "constantTOP",
      name: "tint",
      parameters: { colorr: 0.75 },
    });
    expect([r.root, r.path, r.reused, r.summary.add]).toEqual(["/project1", "/project1/tint", false, 1]);
    const tint = await f.node("/project1/tint");
    expect(tint?.tags).toEqual(["svc"]);
    expect(tint?.params.colorr?.value).toBe(0.75);
    expect((await f.node("/project1"))?.tags).toEqual([]);
    expect(await handWork()).toEqual(before);
    await replanIsEmpty("/project1");
  });

  it("wires svc's own nodes there and chains more, still never touching the artist's", async () => {
    const before = await handWork();
    const chain = await f.ok<EditData & { paths: string[] }>("create_node_chain", {
      parent: "/project1",
      nodes: [{ type: "constantTOP", name: "tint" }, "blurTOP", { type: "nullTOP", name: "tint_out" }],
    });
    expect(chain.paths).toEqual(["/project1/tint", "/project1/blur1", "/project1/tint_out"]);
    expect(await f.wires("/project1")).toEqual(expect.arrayContaining(["tint[0]->blur1[0]", "blur1[0]->tint_out[0]"]));
    expect(await handWork()).toEqual(before);
    await replanIsEmpty("/project1");
  });

  it("reuses a matching node in an artist's COMP and builds a new one beside it", async () => {
    const r = await f.ok<EditData>("create_td_node", { parent: "/project1/fx", type: "levelTOP", name: "grade" });
    expect([r.root, r.path]).toEqual(["/project1/fx", "/project1/fx/grade"]);
    const again = await f.ok<EditData>("create_td_node", {
      parent: "/project1/fx",
      type: "levelTOP",
      name: "grade",
      parameters: { opacity: 0.25 },
    });
    expect([again.reused, again.summary.add, again.summary.change]).toEqual([true, 0, 1]);
    // /project1's own network does not claim (or delete) what was built in /project1/fx.
    await replanIsEmpty("/project1");
    await replanIsEmpty("/project1/fx");
    expect((await f.node("/project1/fx/grade"))?.tags).toEqual(["svc"]);
  });

  it("reuses the artist's operator of the same name and type as it is, and refuses another type there; nothing changes", async () => {
    const before = await f.snapshot();
    const r = await f.ok<EditData>("create_td_node", { parent: "/project1", type: "levelTOP", name: "level1" });
    expect([r.path, r.reused, r.changed]).toEqual(["/project1/level1", true, false]);
    refused(
      await f.call("create_td_node", {
        parent: "/project1",
        type: "levelTOP",
        name: "level1",
        parameters: { opacity: 1 },
      }),
      "not-owned",
      /set_parameter and allow_unmanaged/,
    );
    refused(
      await f.call("create_td_node", { parent: "/project1", type: "constantTOP", name: "level1" }),
      "not-owned",
      /level1 already exists and was not built by svc/,
    );
    expect(await f.snapshot()).toEqual(before);
  });
});

type UnmanagedData = EditData & {
  unmanaged?: Array<{ path: string; what: string; before: unknown; after: unknown }>;
  undoStep?: string;
};

describe("changing a node svc did not build", () => {
  it("is refused without allow_unmanaged, and the refusal names the flag; nothing changes", async () => {
    const before = await f.snapshot();
    refused(
      await f.call("set_parameter", { path: "/project1/level1", parameter: "opacity", value: 0.9 }),
      "not-owned",
      /allow_unmanaged: true/,
    );
    refused(
      await f.call("connect_nodes", { from: "/project1/tint", to: "/project1/out1" }),
      "not-owned",
      /allow_unmanaged/,
    );
    refused(
      await f.call("delete_td_node", { path: "/project1/level1", mode: "bypass" }),
      "not-owned",
      /allow_unmanaged/,
    );
    expect(await f.snapshot()).toEqual(before);
  });

  it("with allow_unmanaged sets the value in one undo step, reports before and after, and leaves it the artist's", async () => {
    const r = await f.ok<UnmanagedData>("set_parameter", {
      path: "/project1/level1",
      parameter: "opacity",
      value: 0.9,
      allow_unmanaged: true,
    });
    expect(r.unmanaged).toEqual([{ path: "/project1/level1", what: "opacity", before: 0.5, after: 0.9 }]);
    expect(r.undoStep).toBe("svc: batch");
    const level = await f.node("/project1/level1");
    expect(level?.params.opacity?.value).toBe(0.9);
    expect(level?.tags).toEqual([]);
    // svc still does not manage it: /project1's plan does not mention it.
    await replanIsEmpty("/project1");
  });

  it("with allow_unmanaged drives a parameter by expression, wires into it and bypasses it", async () => {
    const expr = await f.ok<UnmanagedData>("set_parameter_expression", {
      path: "/project1/noise1",
      parameter: "seed",
      text: "absTime.frame % 10",
      allow_unmanaged: true,
    });
    expect(expr.unmanaged).toEqual([
      { path: "/project1/noise1", what: "seed", before: 3, after: "= absTime.frame % 10" },
    ]);
    expect((await f.node("/project1/noise1"))?.params.seed?.mode).toBe("expression");
    const wired = await f.ok<UnmanagedData>("connect_nodes", {
      from: "/project1/tint",
      to: "/project1/out1",
      allow_unmanaged: true,
    });
    expect(wired.unmanaged).toEqual([
      {
        path: "/project1/out1",
        what: "inputs",
        before: ["/project1/level1[0] -> input 0"],
        after: ["/project1/tint[0] -> input 0"],
      },
    ]);
    const off = await f.ok<UnmanagedData>("delete_td_node", {
      path: "/project1/level1",
      mode: "bypass",
      allow_unmanaged: true,
    });
    expect(off.unmanaged).toEqual([{ path: "/project1/level1", what: "bypass", before: false, after: true }]);
    // A bind is checked against a network svc manages, so it is not offered here.
    refused(
      await f.call("set_parameter_expression", {
        path: "/project1/noise1",
        parameter: "period",
        mode: "bind",
        text: "Gain",
        allow_unmanaged: true,
      }),
      "unmanaged-bind",
    );
    // Deleting an artist's node is never offered, flag or not.
    refused(
      await f.call("delete_td_node", {
        path: "/project1/level1",
        mode: "delete",
        confirm: true,
        allow_unmanaged: true,
      }),
      "not-owned",
    );
    await replanIsEmpty("/project1");
  });

  it("a bad value is refused by the bridge and nothing changes", async () => {
    const before = await f.snapshot();
    const r = await f.call("set_parameter", {
      path: "/project1/noise1",
      parameter: "type",
      value: "nosuchentry",
      allow_unmanaged: true,
    });
    expect(r.isError).toBe(true);
    expect(await f.snapshot()).toEqual(before);
  });
});
