import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "./helpers.js";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";

let f: NetworkFixture;
const LAY = "/project1/lay";

const LAY_SOURCE = `svcnet 1
network lay {
  blur1: blurTOP { size: 2 }
  comp1: compositeTOP { operand: add }
  noise1: noiseTOP { resolution: 320x180 }
  out1: nullTOP [display]

  blur1 -> comp1[0]
  comp1 -> out1
  noise1 -> blur1
}
`;

/** blur1 has no input: it errors, and so does what it feeds. */
const BROKEN = `svcnet 1
network fix {
  blur1: blurTOP
  noise1: noiseTOP { resolution: 320x180 }
  out1: nullTOP [display]

  blur1 -> out1
}
`;

const FIXED = BROKEN.replace("  blur1 -> out1\n", "  noise1 -> blur1 -> out1\n");

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.ok("apply_network", { source: LAY_SOURCE, preview: 0 });
  // BROKEN cooks with errors by design: apply_network applies it and reports them as an error result.
  const broken = await f.call("apply_network", { source: BROKEN, preview: 0 });
  expect(textOf(broken)).toMatch(/^applied/);
});

afterAll(async () => {
  await f?.close();
});

type EditData = {
  changed: boolean;
  nodes: string[];
  summary: { add: number; change: number; destroy: number };
  errors: number;
};

describe("arrange_network", () => {
  it("keeps a node the artist moved through an edit, and lays it out again when asked, changing nothing else", async () => {
    const placed = (await f.node(`${LAY}/blur1`))!.position;
    await f.batch([{ action: "set_position", path: `${LAY}/blur1`, node_x: 1000, node_y: 900 }]);
    await f.ok("set_parameter", { path: `${LAY}/noise1`, parameter: "period", value: 3 });
    expect((await f.node(`${LAY}/blur1`))!.position).toEqual({ x: 1000, y: 900 });

    const r = await f.ok<EditData>("arrange_network", { path: LAY });
    expect(r.nodes).toContain(`${LAY}/blur1`);
    expect(r.summary).toEqual({ add: 0, change: 0, destroy: 0 });
    const blur = await f.node(`${LAY}/blur1`);
    expect(blur!.position).toEqual(placed);
    expect(blur!.params.size?.value).toBe(2);
    expect((await f.node(`${LAY}/noise1`))!.params.period?.value).toBe(3);
    const again = await f.ok<EditData>("arrange_network", { path: LAY });
    expect([again.changed, again.nodes]).toEqual([false, []]);
  });

  it("refuses a path outside any svc network", async () => {
    const before = await f.snapshot();
    refused(await f.call("arrange_network", { path: "/project1" }), "not-an-svc-network");
    invalidArgs(await f.call("arrange_network", { path: "lay" }));
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("arrange_network with layout_mode explicit", () => {
  type Explicit = EditData & {
    positions: Record<string, { x: number; y: number }>;
    dockOverridden: string[];
    replayed: boolean;
    undoStep?: string;
  };

  it("places exact coordinates in one step and replays an earlier call by its key", async () => {
    const r = await f.ok<Explicit>("arrange_network", {
      path: LAY,
      layout_mode: "explicit",
      positions: [
        { path: `${LAY}/blur1`, x: 111, y: 222 },
        { path: `${LAY}/out1`, x: 900.4, y: -50 },
      ],
      idempotency_key: "explicit-1",
    });
    expect(r.nodes.sort()).toEqual([`${LAY}/blur1`, `${LAY}/out1`]);
    expect(r.undoStep).toBe("svc: reposition nodes");
    expect((await f.node(`${LAY}/blur1`))!.position).toEqual({ x: 111, y: 222 });
    expect((await f.node(`${LAY}/out1`))!.position).toEqual({ x: 900, y: -50 });
    await f.batch([{ action: "set_position", path: `${LAY}/blur1`, node_x: 5, node_y: 5 }]);
    const replay = await f.ok<Explicit>("arrange_network", {
      path: LAY,
      layout_mode: "explicit",
      positions: [
        { path: `${LAY}/blur1`, x: 111, y: 222 },
        { path: `${LAY}/out1`, x: 900.4, y: -50 },
      ],
      idempotency_key: "explicit-1",
    });
    expect(replay.replayed).toBe(true);
    expect((await f.node(`${LAY}/blur1`))!.position).toEqual({ x: 5, y: 5 });
  });

  it("refuses operators outside the network and nodes svc did not build, changing nothing", async () => {
    await f.batch([{ action: "create", parent_path: LAY, type: "nullTOP", name: "artists" }]);
    const before = await f.snapshot();
    refused(
      await f.call("arrange_network", {
        path: LAY,
        layout_mode: "explicit",
        positions: [{ path: `${LAY}/artists`, x: 1, y: 1 }],
      }),
      "not-owned",
    );
    refused(
      await f.call("arrange_network", {
        path: LAY,
        layout_mode: "explicit",
        positions: [{ path: "/project1/fix/blur1", x: 1, y: 1 }],
      }),
      "invalid_field",
    );
    refused(await f.call("arrange_network", { path: LAY, layout_mode: "explicit" }), "invalid-arguments");
    refused(
      await f.call("arrange_network", {
        path: LAY,
        layout_mode: "explicit",
        positions: [{ path: `${LAY}/out1`, x: 3, y: 3 }],
        idempotency_key: "explicit-1",
      }),
      "idempotency-key-reused",
    );
    expect(await f.snapshot()).toEqual(before);
    await f.batch([{ action: "delete", path: `${LAY}/artists`, confirmation_policy: "yolo" }]);
  });
});

describe("an artist's wire into a node svc built", () => {
  it("is the artist's: an edit of the network goes through and leaves it plugged", async () => {
    await f.batch([
      { action: "create", parent_path: LAY, type: "constantTOP", name: "theirs" },
      { action: "connect", source_path: `${LAY}/theirs`, target_path: `${LAY}/comp1`, target_input: 1 },
    ]);
    await f.ok("set_parameter", { path: `${LAY}/noise1`, parameter: "period", value: 5 });
    expect(await f.wires(LAY)).toContain("theirs[0]->comp1[1]");
    expect((await f.node(`${LAY}/theirs`))?.tags).toEqual([]);
    expect((await f.node(`${LAY}/noise1`))?.params.period?.value).toBe(5);
    await f.batch([{ action: "disconnect", to_path: `${LAY}/comp1`, to_input: 1 }]);
  });
});

describe("serialize_network and rebuild_network", () => {
  it("serializes a network and builds the same network at another path", async () => {
    const s = await f.ok<{ source: string; nodes: number }>("serialize_network", { path: LAY });
    // The artist's node is part of the live network, so it is part of the text.
    expect(s.nodes).toBe(5);
    const text = s.source.replace(/^\s*theirs: .*\n/m, "");
    const r = await f.ok<EditData>("rebuild_network", { path: "/project1/lay2", source: text });
    expect(r.summary.add).toBe(5);
    expect(await f.wires("/project1/lay2")).toEqual(await f.wires(LAY));
    expect((await f.node("/project1/lay2/noise1"))?.params.period?.value).toBe(5);
    const twice = await f.ok<EditData>("rebuild_network", { path: "/project1/lay2", source: text });
    expect(twice.changed).toBe(false);
  });

  it("refuses two networks, broken source and a missing network, changing nothing", async () => {
    const before = await f.snapshot();
    refused(
      await f.call("rebuild_network", {
        path: "/project1/x",
        source: `${LAY_SOURCE}\nnetwork other {\n  n1: nullTOP\n}\n`,
      }),
      "one-network",
      /exactly one/,
    );
    const bad = refused(
      await f.call("rebuild_network", { path: "/project1/x", source: LAY_SOURCE.replace("size: 2", "size: two") }),
      "diagnostics",
    );
    // The network is renamed for the path in the text itself: lines stay the caller's.
    expect((bad.diagnostics as Array<{ range: { start: { line: number } } }>).map((d) => d.range.start.line)).toEqual([
      3,
    ]);
    refused(await f.call("serialize_network", { path: "/project1/nothing" }), "not-found");
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("recipe instances", () => {
  const RECIPE = `svcnet 1
recipe soft {
  params {
    amount: float = 4
  }
  blur1: blurTOP { size: $amount }
  in1: inTOP
  out1: outTOP
  in1 -> blur1 -> out1
}

network rec {
  noise1: noiseTOP { resolution: 320x180 }
  soft1: soft { amount: 2 }
  noise1 -> soft1
}
`;

  it("change through their arguments; their inside is the recipe's", async () => {
    await f.ok("apply_network", { source: RECIPE, preview: 0 });
    await f.ok("set_parameter", { path: "/project1/rec/soft1", parameter: "amount", value: 6 });
    expect((await f.node("/project1/rec/soft1/blur1"))?.params.size?.value).toBe(6);
    await f.ok("set_parameter", { path: "/project1/rec/soft1", parameter: "amount", reset: true });
    expect((await f.node("/project1/rec/soft1/blur1"))?.params.size?.value).toBe(4);
    const before = await f.snapshot();
    refused(
      await f.call("set_parameter", { path: "/project1/rec/soft1/blur1", parameter: "size", value: 9 }),
      "inside-recipe",
      /arguments/,
    );
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("repair_network", () => {
  type Repair = EditData & { errorsBefore: number; errorsAfter: number; reverted: boolean };

  it("keeps a repair that lowers the live errors", async () => {
    const r = await f.ok<Repair>("repair_network", { path: "/project1/fix", source: FIXED });
    expect(r.errorsBefore).toBeGreaterThan(0);
    expect([r.errorsAfter, r.reverted]).toEqual([0, false]);
    expect(await f.wires("/project1/fix")).toEqual(["blur1[0]->out1[0]", "noise1[0]->blur1[0]"]);
  });

  it("puts the network back when a repair does not lower the errors", async () => {
    const before = await f.snapshot();
    const r = await f.call("repair_network", { path: "/project1/fix", source: BROKEN });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as Repair;
    expect([data.errorsBefore, data.reverted]).toEqual([0, true]);
    expect(data.errorsAfter).toBeGreaterThan(0);
    expect(textOf(r)).toMatch(/put back/);
    expect(await f.snapshot()).toEqual(before);
  });

  it("refuses a source that does not compile and a path with nothing to repair", async () => {
    const before = await f.snapshot();
    refused(
      await f.call("repair_network", { path: "/project1/fix", source: FIXED.replace("blurTOP", "blurTOPP") }),
      "diagnostics",
    );
    refused(await f.call("repair_network", { path: "/project1/nothing", source: FIXED }), "not-found");
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("auto_repair_loop", () => {
  type Loop = {
    rounds: { round: number; outcome: string; errorsBefore: number | null; errorsAfter: number | null }[];
    errorsStart: number;
    errorsEnd: number;
    kept: number;
    stoppedBy: string;
  };

  it("tries candidates in rounds with the revert rule and stops when no error is left", async () => {
    await f.ok("rebuild_network", { path: "/project1/fix", source: BROKEN });
    const r = await f.ok<Loop>("auto_repair_loop", {
      path: "/project1/fix",
      candidates: [
        { source: FIXED.replace("blurTOP", "blurTOPP") },
        { source: BROKEN },
        { source: FIXED },
        { source: BROKEN },
      ],
    });
    expect(r.rounds.map((x) => x.outcome)).toEqual(["refused", "reverted", "kept"]);
    expect([r.errorsEnd, r.kept, r.stoppedBy]).toEqual([0, 1, "no-errors"]);
    expect(r.errorsStart).toBeGreaterThan(0);
    expect(await f.wires("/project1/fix")).toEqual(["blur1[0]->out1[0]", "noise1[0]->blur1[0]"]);
  });

  it("stops at max_rounds and leaves a network whose candidates did not help as it was", async () => {
    await f.ok("rebuild_network", { path: "/project1/fix", source: BROKEN });
    const before = await f.snapshot();
    const r = await f.ok<Loop>("auto_repair_loop", {
      path: "/project1/fix",
      candidates: [{ source: BROKEN }, { source: FIXED }],
      max_rounds: 1,
    });
    expect([r.rounds.length, r.kept, r.stoppedBy]).toEqual([1, 0, "max-rounds"]);
    expect(await f.snapshot()).toEqual(before);
    refused(
      await f.call("auto_repair_loop", { path: "/project1/nothing", candidates: [{ source: FIXED }] }),
      "not-found",
    );
  });
});
