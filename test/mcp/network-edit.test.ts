import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";
import { readLiveNetwork } from "../../runtime/engine/plan/live-state.js";

let f: NetworkFixture;
const NET = "/project1/net";

/** A network svc builds, and beside its nodes one an artist made by hand (no svc tag). */
const SOURCE = `svcnet 1
network net {
  # The seed of the picture.
  level1: levelTOP
  noise1: noiseTOP { period: 2, resolution: 320x180 }
  out1: nullTOP [display]

  noise1 -> level1 -> out1
}
`;

beforeAll(async () => {
  f = await startNetworkFixture("full", { exec: true });
  await f.ok("apply_network", { source: SOURCE, preview: 0 });
  await f.batch([
    { action: "create", parent_path: NET, type: "constantTOP", name: "mine", parameters: { colorr: 0.25 } },
  ]);
});

afterAll(async () => {
  await f?.close();
});

type EditData = {
  root: string;
  changed: boolean;
  summary: { add: number; change: number; destroy: number };
  nodes: string[];
  steps: string[];
  errors: number;
};

/** svc's record of the last apply, planned again against the live network: nothing left to do. */
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

/** The artist's node is exactly as the artist left it. */
async function artistUntouched(): Promise<void> {
  const mine = await f.node(`${NET}/mine`);
  expect(mine?.tags).toEqual([]);
  expect(mine?.params.colorr?.value).toBe(0.25);
}

/** A refused edit leaves the project exactly as it was. */
async function changesNothing(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const before = await f.snapshot();
  const r = await work();
  expect(await f.snapshot()).toEqual(before);
  return r;
}

describe("create_td_node", () => {
  it("adds an owned operator with its parameters through the plan, leaving the artist's node alone", async () => {
    const r = await f.ok<EditData & { path: string; reused: boolean }>("create_td_node", {
      parent: NET,
      type: "blurTOP",
      parameters: { size: 4 },
    });
    expect([r.path, r.reused, r.changed]).toEqual([`${NET}/blur1`, false, true]);
    expect(r.summary).toEqual({ add: 1, change: 0, destroy: 0 });
    const blur = await f.node(`${NET}/blur1`);
    expect(blur?.tags).toEqual(["svc"]);
    expect(blur?.params.size?.value).toBe(4);
    await artistUntouched();
    await replanIsEmpty(NET);
  });

  it("reuses a node of the same name and type and sets the parameters given", async () => {
    const r = await f.ok<EditData & { reused: boolean }>("create_td_node", {
      parent: NET,
      type: "blurTOP",
      name: "blur1",
      parameters: { size: 8 },
    });
    expect([r.reused, r.summary.add, r.summary.change]).toEqual([true, 0, 1]);
    expect((await f.node(`${NET}/blur1`))?.params.size?.value).toBe(8);
  });

  it("starts a new network where the parent does not exist yet", async () => {
    const r = await f.ok<EditData & { path: string }>("create_td_node", {
      parent: "/project1/fresh",
      type: "noiseTOP",
    });
    expect(r.path).toBe("/project1/fresh/noise1");
    expect((await f.node("/project1/fresh"))?.tags).toEqual(["svc"]);
    await replanIsEmpty("/project1/fresh");
  });

  it("refuses an unknown type with diagnostics, a taken name, and an artist's name; nothing changes", async () => {
    const unknown = refused(
      await changesNothing(() => f.call("create_td_node", { parent: NET, type: "blurTOPP" })),
      "diagnostics",
    );
    expect(unknown.diagnostics?.map((d) => (d as { code: string }).code)).toEqual(["unknown-operator-type"]);
    expect(JSON.stringify(unknown.diagnostics)).toMatch(/blurTOP/);
    refused(
      await changesNothing(() => f.call("create_td_node", { parent: NET, type: "levelTOP", name: "blur1" })),
      "name-taken",
      /already exists as a blurTOP/,
    );
    refused(
      await changesNothing(() => f.call("create_td_node", { parent: NET, type: "noiseTOP", name: "mine" })),
      "not-owned",
      /not built by svc/,
    );
    invalidArgs(await f.call("create_td_node", { parent: NET, type: "noiseTOP", name: "1st" }));
  });
});

describe("create_node_chain", () => {
  it("creates nodes wired in order, reusing one that exists", async () => {
    const r = await f.ok<EditData & { paths: string[] }>("create_node_chain", {
      parent: "/project1/chain",
      nodes: ["noiseTOP", { type: "levelTOP", parameters: { opacity: 0.5 } }, "nullTOP"],
    });
    expect(r.paths).toEqual(["/project1/chain/noise1", "/project1/chain/level1", "/project1/chain/null1"]);
    expect(await f.wires("/project1/chain")).toEqual(["level1[0]->null1[0]", "noise1[0]->level1[0]"]);
    expect((await f.node("/project1/chain/level1"))?.params.opacity?.value).toBe(0.5);
    const again = await f.ok<EditData & { paths: string[] }>("create_node_chain", {
      parent: "/project1/chain",
      nodes: [{ type: "noiseTOP", name: "noise1" }, "blurTOP"],
    });
    expect(again.paths).toEqual(["/project1/chain/noise1", "/project1/chain/blur1"]);
    expect(await f.wires("/project1/chain")).toContain("noise1[0]->blur1[0]");
    await replanIsEmpty("/project1/chain");
  });

  it("refuses a chain with a bad parameter, building none of it", async () => {
    const e = refused(
      await changesNothing(() =>
        f.call("create_node_chain", {
          parent: "/project1/chain",
          nodes: ["rampTOP", { type: "levelTOP", parameters: { opacityy: 1 } }],
        }),
      ),
      "diagnostics",
    );
    expect(e.diagnostics?.map((d) => (d as { code: string }).code)).toEqual(["unknown-parameter"]);
    expect(await f.node("/project1/chain/ramp1")).toBeUndefined();
    invalidArgs(await f.call("create_node_chain", { parent: "/project1/chain", nodes: [] }));
  });
});

describe("set_parameter and set_parameter_expression", () => {
  it("sets a value, a tuplet component and a menu entry, and resets what svc set", async () => {
    await f.ok("set_parameter", { path: `${NET}/noise1`, parameter: "resolutionw", value: 640 });
    await f.ok("set_parameter", { path: `${NET}/noise1`, parameter: "type", value: "random" });
    let noise = await f.node(`${NET}/noise1`);
    expect([noise?.params.resolutionw?.value, noise?.params.resolutionh?.value, noise?.params.type?.value]).toEqual([
      640,
      180,
      "random",
    ]);
    const reset = await f.ok<EditData>("set_parameter", { path: `${NET}/noise1`, parameter: "period", reset: true });
    expect(reset.summary.change).toBe(1);
    noise = await f.node(`${NET}/noise1`);
    expect(noise?.params.period).toBeUndefined();
    await replanIsEmpty(NET);
  });

  it("drives parameters by expression, bind and export", async () => {
    await f.ok("set_parameter_expression", { path: `${NET}/level1`, parameter: "opacity", text: "0.5 + 0.25" });
    await f.ok("set_parameter", { path: `${NET}/level1`, parameter: "brightness1", value: { bind: "noise1.amp" } });
    const level = await f.node(`${NET}/level1`);
    expect([level?.params.opacity?.mode, level?.params.opacity?.expr]).toEqual(["expression", "0.5 + 0.25"]);
    expect(level?.params.brightness1?.mode).toBe("bind");
    await replanIsEmpty(NET);
  });

  it("unbinds a parameter to the constant TouchDesigner holds under it, and resets one to its default", async () => {
    await f.ok("set_parameter", { path: `${NET}/level1`, parameter: "gamma1", value: 0.4 });
    await f.ok("set_parameter_expression", { path: `${NET}/level1`, parameter: "gamma1", text: "0.9 * 2" });
    let level = await f.node(`${NET}/level1`);
    expect([level?.params.gamma1?.mode, level?.params.gamma1?.expr]).toEqual(["expression", "0.9 * 2"]);
    const unbound = await f.ok<EditData>("set_parameter_expression", {
      path: `${NET}/level1`,
      parameter: "gamma1",
      mode: "unbind",
    });
    expect(unbound.summary.change).toBe(1);
    level = await f.node(`${NET}/level1`);
    expect([level?.params.gamma1?.mode, level?.params.gamma1?.value]).toEqual(["constant", 0.4]);
    await replanIsEmpty(NET);
    await f.ok("set_parameter_expression", { path: `${NET}/level1`, parameter: "gamma1", text: "0.25 * 2" });
    await f.ok("set_parameter_expression", { path: `${NET}/level1`, parameter: "gamma1", mode: "reset" });
    level = await f.node(`${NET}/level1`);
    expect(level?.params.gamma1).toBeUndefined();
    await replanIsEmpty(NET);
    refused(
      await f.call("set_parameter_expression", {
        path: `${NET}/level1`,
        parameter: "gamma1",
        mode: "reset",
        text: "1",
      }),
      "text-or-plain",
      /takes no text/,
    );
    refused(await f.call("set_parameter_expression", { path: `${NET}/level1`, parameter: "gamma1" }), "text-or-plain");
  });

  it("keeps an artist's live change: conflict without force, overwritten with it, and never touched elsewhere", async () => {
    await f.batch([{ action: "update", path: `${NET}/noise1`, parameters: { seed: 5, amp: 0.7 } }]);
    await f.ok("set_parameter", { path: `${NET}/noise1`, parameter: "offset", value: 0.2 });
    expect((await f.node(`${NET}/noise1`))?.params.seed?.value).toBe(5);
    // The artist set seed: svc asks before taking it over, then it is svc's.
    const e = refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/noise1`, parameter: "seed", value: 9 })),
      "live-edit-conflict",
      /force/,
    );
    expect(JSON.stringify(e.details)).toMatch(/set live/);
    await f.ok("set_parameter", { path: `${NET}/noise1`, parameter: "seed", value: 9, force: true });
    // Changed live again after svc set it: the same question.
    await f.batch([{ action: "update", path: `${NET}/noise1`, parameters: { seed: 11 } }]);
    refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/noise1`, parameter: "seed", value: 3 })),
      "live-edit-conflict",
      /changed live/,
    );
    await f.ok("set_parameter", { path: `${NET}/noise1`, parameter: "seed", value: 3, force: true });
    const noise = await f.node(`${NET}/noise1`);
    expect([noise?.params.seed?.value, noise?.params.amp?.value]).toEqual([3, 0.7]);
  });

  it("refuses unknown parameters and menu entries with diagnostics, bad binds, resets of artist values and the artist's node", async () => {
    const unknown = refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/noise1`, parameter: "sizee", value: 3 })),
      "diagnostics",
      /sizee/,
    );
    expect(unknown.diagnostics?.map((d) => (d as { code: string }).code)).toEqual(["unknown-parameter"]);
    refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/noise1`, parameter: "type", value: "plaid" })),
      "diagnostics",
      /plaid/,
    );
    refused(
      await changesNothing(() =>
        f.call("set_parameter_expression", { path: `${NET}/level1`, parameter: "opacity", mode: "bind", text: "a b" }),
      ),
      "invalid-value",
    );
    refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/noise1`, parameter: "amp", reset: true })),
      "not-set-by-svc",
      /set_parameter/,
    );
    refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/mine`, parameter: "colorr", value: 1 })),
      "not-owned",
    );
    refused(
      await changesNothing(() => f.call("set_parameter", { path: `${NET}/nothing`, parameter: "size", value: 1 })),
      "not-found",
    );
    refused(await f.call("set_parameter", { path: `${NET}/noise1`, parameter: "seed" }), "value-or-reset");
    await artistUntouched();
  });
});

describe("connect_nodes and disconnect_nodes", () => {
  it("wires, replaces what fed an input, and unwires", async () => {
    await f.ok("connect_nodes", { from: `${NET}/noise1`, to: `${NET}/blur1` });
    expect(await f.wires(NET)).toContain("noise1[0]->blur1[0]");
    const r = await f.ok<EditData>("connect_nodes", { from: `${NET}/blur1`, to: `${NET}/out1` });
    expect(r.steps[0]).toMatch(/replacing level1\[0\]/);
    expect(await f.wires(NET)).toEqual(["blur1[0]->out1[0]", "noise1[0]->blur1[0]", "noise1[0]->level1[0]"]);
    await f.ok("disconnect_nodes", { to: `${NET}/out1` });
    await f.ok("connect_nodes", { from: `${NET}/level1`, to: `${NET}/out1` });
    expect(await f.wires(NET)).toEqual(["level1[0]->out1[0]", "noise1[0]->blur1[0]", "noise1[0]->level1[0]"]);
    await replanIsEmpty(NET);
  });

  it("refuses wires across networks, to the artist's node and that do not exist", async () => {
    refused(
      await changesNothing(() => f.call("connect_nodes", { from: "/project1/chain/noise1", to: `${NET}/blur1` })),
      "not-siblings",
    );
    refused(
      await changesNothing(() => f.call("connect_nodes", { from: `${NET}/noise1`, to: `${NET}/mine` })),
      "not-owned",
    );
    refused(
      await changesNothing(() => f.call("disconnect_nodes", { to: `${NET}/blur1`, from: `${NET}/level1` })),
      "not-connected",
    );
    invalidArgs(await f.call("connect_nodes", { from: `${NET}/noise1`, to: `${NET}/blur1`, to_input: -1 }));
  });
});

describe("set_dat_content", () => {
  it("replaces a DAT's text; refuses a node that is not a DAT", async () => {
    await f.ok("create_td_node", { parent: NET, type: "textDAT", name: "notes" });
    await f.ok("set_dat_content", { path: `${NET}/notes`, text: "first line\nsecond line\n" });
    expect((await f.node(`${NET}/notes`))?.text).toBe("first line\nsecond line\n");
    await replanIsEmpty(NET);
    refused(await changesNothing(() => f.call("set_dat_content", { path: `${NET}/noise1`, text: "x" })), "not-a-dat");
  });
});

describe("edit_dat_content", () => {
  it("edits line ranges through the plan, and refuses lines that changed since they were read", async () => {
    // notes holds "first line\nsecond line\n" (set_dat_content above)
    const r = await f.ok<EditData>("edit_dat_content", {
      path: `${NET}/notes`,
      edits: [
        { start_line: 2, end_line: 2, text: "the second line", expect: "second line" },
        { start_line: 1, end_line: 0, text: "a title\n" },
      ],
    });
    expect(r.summary).toEqual({ add: 0, change: 1, destroy: 0 });
    expect((await f.node(`${NET}/notes`))?.text).toBe("a title\nfirst line\nthe second line\n");
    await replanIsEmpty(NET);
    refused(
      await changesNothing(() =>
        f.call("edit_dat_content", {
          path: `${NET}/notes`,
          edits: [{ start_line: 2, end_line: 2, text: "x", expect: "second line" }],
        }),
      ),
      "stale-content",
    );
    refused(
      await changesNothing(() =>
        f.call("edit_dat_content", { path: `${NET}/notes`, edits: [{ start_line: 9, end_line: 9, text: "x" }] }),
      ),
      "line-out-of-range",
    );
    refused(
      await changesNothing(() =>
        f.call("edit_dat_content", { path: `${NET}/mine`, edits: [{ start_line: 1, end_line: 0, text: "x" }] }),
      ),
      "not_a_dat",
    );
  });
});

describe("swap_operator", () => {
  it("replaces the type through the plan, keeping the wires and the parameters the new type has", async () => {
    await f.ok("create_node_chain", {
      parent: NET,
      nodes: [
        { type: "noiseTOP", name: "swapme", parameters: { period: 3, resolution: [320, 180] } },
        { type: "nullTOP", name: "swapout" },
      ],
    });
    // A Constant TOP also has a resolution, not a period.
    const r = await f.ok<EditData & { kept: string[]; dropped: string[] }>("swap_operator", {
      path: `${NET}/swapme`,
      type: "constantTOP",
    });
    expect(r.dropped).toEqual(["period"]);
    expect(r.kept).toEqual(["resolution"]);
    const node = await f.node(`${NET}/swapme`);
    expect(node?.type).toBe("constantTOP");
    expect(node?.params.resolutionw?.value).toBe(320);
    expect(await f.wires(NET)).toContain("swapme[0]->swapout[0]");
    await replanIsEmpty(NET);
    await artistUntouched();
  });

  it("refuses another family, an unknown type and the artist's node, changing nothing", async () => {
    refused(
      await changesNothing(() => f.call("swap_operator", { path: `${NET}/level1`, type: "noiseCHOP" })),
      "family-mismatch",
    );
    refused(
      await changesNothing(() => f.call("swap_operator", { path: `${NET}/level1`, type: "levelTOPP" })),
      "unknown-type",
    );
    refused(await changesNothing(() => f.call("swap_operator", { path: `${NET}/mine`, type: "rampTOP" })), "not-owned");
  });
});

describe("delete_td_node", () => {
  it("asks the artist by default: Keep leaves the node, Bypass bypasses, Delete deletes through the broker", async () => {
    await f.ok("create_td_node", { parent: NET, type: "noiseTOP", name: "doomed" });
    f.artist(["choose:Keep"]);
    const kept = refused(
      await changesNothing(() => f.call("delete_td_node", { path: `${NET}/doomed` })),
      "kept",
      /the artist chose Keep/,
    );
    const asked = await f.bridge.get<{ state: string; choice: string }>(
      `/api/interactions/${(kept.details as { interaction: string }).interaction}`,
    );
    expect(asked).toMatchObject({ state: "terminal", choice: "Keep" });
    f.artist(["close"]);
    refused(
      await changesNothing(() => f.call("delete_td_node", { path: `${NET}/doomed`, mode: "ask" })),
      "kept",
      /no decision \(closed\)/,
    );
    f.artist(["choose:Bypass"]);
    await f.ok("delete_td_node", { path: `${NET}/doomed` });
    expect((await f.node(`${NET}/doomed`))?.flags.bypass).toBe(true);
    await f.ok("delete_td_node", { path: `${NET}/doomed`, mode: "unbypass" });
    f.artist(["choose:Delete"]);
    const r = await f.ok<EditData>("delete_td_node", { path: `${NET}/doomed` });
    expect(r.summary.destroy).toBe(1);
    expect(await f.node(`${NET}/doomed`)).toBeUndefined();
    // the batch delete carried the artist's decision, which is now used up
    const logs = await f.bridge.get<{ lines: Array<{ message: string }> }>("/api/logs", {
      scope: "bridge",
      max_lines: 1000,
    });
    const ids = logs.lines
      .map((l) => /^interaction (i[0-9a-f]+) \(node_delete .*doomed\): Delete/.exec(l.message)?.[1])
      .filter(Boolean);
    expect(ids).toHaveLength(1);
    expect((await f.bridge.get<{ state: string }>(`/api/interactions/${ids[0]}`)).state).toBe("consumed");
    await replanIsEmpty(NET);
  });

  it("keeps when told to, bypasses reversibly, and deletes only with confirmation", async () => {
    refused(
      await changesNothing(() => f.call("delete_td_node", { path: `${NET}/blur1`, mode: "keep" })),
      "kept",
      /bypass/,
    );
    await f.ok("delete_td_node", { path: `${NET}/blur1`, mode: "bypass" });
    expect((await f.node(`${NET}/blur1`))?.flags.bypass).toBe(true);
    await f.ok("delete_td_node", { path: `${NET}/blur1`, mode: "unbypass" });
    expect((await f.node(`${NET}/blur1`))?.flags.bypass).toBe(false);
    refused(
      await changesNothing(() => f.call("delete_td_node", { path: `${NET}/blur1`, mode: "delete" })),
      "needs-confirmation",
    );
    const r = await f.ok<EditData>("delete_td_node", { path: `${NET}/blur1`, mode: "delete", confirm: true });
    expect(r.summary.destroy).toBe(1);
    expect(await f.node(`${NET}/blur1`)).toBeUndefined();
    expect(await f.wires(NET)).not.toContain("noise1[0]->blur1[0]");
    await replanIsEmpty(NET);
  });

  it("never deletes a node svc did not build, nor a COMP holding one, and says so", async () => {
    refused(
      await changesNothing(() => f.call("delete_td_node", { path: `${NET}/mine`, mode: "delete", confirm: true })),
      "not-owned",
      /never overwritten/,
    );
    await artistUntouched();
    await f.ok("create_td_node", { parent: NET, type: "baseCOMP", name: "box" });
    await f.batch([{ action: "create", parent_path: `${NET}/box`, type: "textDAT", name: "their_notes" }]);
    refused(
      await changesNothing(() =>
        f.call("delete_td_node", { path: `${NET}/box`, mode: "delete", confirm: true, force: true }),
      ),
      "holds-others-work",
      /their_notes/,
    );
  });
});

describe("batch_operations", () => {
  it("applies several edits as one plan", async () => {
    const r = await f.ok<EditData>("batch_operations", {
      operations: [
        { op: "create_node", parent: NET, type: "blurTOP", name: "soft", parameters: { size: 3 } },
        { op: "connect", from: `${NET}/level1`, to: `${NET}/soft` },
        { op: "set_parameter", path: `${NET}/noise1`, parameter: "period", value: 4 },
        { op: "bypass", path: `${NET}/soft` },
      ],
    });
    expect(r.summary).toEqual({ add: 1, change: 1, destroy: 0 });
    expect(r.steps).toHaveLength(4);
    const soft = await f.node(`${NET}/soft`);
    expect([soft?.params.size?.value, soft?.flags.bypass]).toEqual([3, true]);
    expect(await f.wires(NET)).toContain("level1[0]->soft[0]");
    expect((await f.node(`${NET}/noise1`))?.params.period?.value).toBe(4);
    await replanIsEmpty(NET);
  });

  it("applies none of a batch when one edit is refused, saying which", async () => {
    const e = refused(
      await changesNothing(() =>
        f.call("batch_operations", {
          operations: [
            { op: "set_parameter", path: `${NET}/noise1`, parameter: "period", value: 6 },
            { op: "set_parameter", path: `${NET}/mine`, parameter: "colorr", value: 1 },
          ],
        }),
      ),
      "not-owned",
      /operation 2/,
    );
    expect(e.details?.operation).toBe(2);
    refused(
      await changesNothing(() => f.call("batch_operations", { operations: [{ op: "delete", path: `${NET}/soft` }] })),
      "needs-confirmation",
    );
    invalidArgs(await f.call("batch_operations", { operations: [{ op: "explode", path: NET }] }));
  });
});
