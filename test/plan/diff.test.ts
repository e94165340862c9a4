import { describe, expect, it } from "vitest";
import { planNetwork } from "../../runtime/engine/plan/reconcile.js";
import { fingerprintState } from "../../runtime/engine/plan/fingerprint.js";
import {
  OWNER_TAG,
  type NetworkState,
  type NodeState,
  type ParamState,
  type WireState,
} from "../../runtime/engine/plan/network-state.js";
import { renderPlanText } from "../../runtime/engine/plan/render-plan.js";

const ROOT = "/project1/net";

function node(
  name: string,
  type: string,
  params: Record<string, ParamState> = {},
  extra: Partial<NodeState> = {},
): NodeState {
  return { path: `${ROOT}/${name}`, type, params, flags: {}, tags: [OWNER_TAG], ...extra };
}
const c = (value: number | string | boolean): ParamState => ({ mode: "constant", value });
const wire = (from: string, to: string, toInput = 0): WireState => ({
  from: `${ROOT}/${from}`,
  fromOutput: 0,
  to: `${ROOT}/${to}`,
  toInput,
});

function state(nodes: NodeState[], wires: WireState[] = []): NetworkState {
  return { root: ROOT, nodes: new Map(nodes.map((n) => [n.path, n])), wires };
}

describe("planNetwork", () => {
  const desired = state(
    [
      node("noise1", "noiseTOP", { period: c(3) }),
      node("level1", "levelTOP", { brightness1: c(1.5) }, { flags: { display: true } }),
    ],
    [wire("noise1", "level1")],
  );

  it("creates everything on an empty network, with its wires", () => {
    const plan = planNetwork({ desired, live: state([]), lastApplied: undefined });
    expect(plan.changes.map((ch) => `${ch.kind} ${"path" in ch ? ch.path : ""}`)).toEqual([
      `create ${ROOT}/level1`,
      `create ${ROOT}/noise1`,
    ]);
    expect(plan.wiresAdded).toEqual([wire("noise1", "level1")]);
    expect(plan.summary).toEqual({ add: 2, change: 0, destroy: 0 });
    expect(renderPlanText(plan)).toContain("Plan: 2 to add, 0 to change, 0 to destroy.");
  });

  it("is empty when live matches the source (the re-plan after apply)", () => {
    const plan = planNetwork({ desired, live: desired, lastApplied: desired });
    expect(plan.changes).toEqual([]);
    expect(plan.wiresAdded).toEqual([]);
    expect(plan.wiresRemoved).toEqual([]);
    expect(renderPlanText(plan)).toMatch(/^No changes\./);
  });

  it("updates a parameter the source changed, old -> new", () => {
    const live = desired;
    const next = state(
      [node("noise1", "noiseTOP", { period: c(5) }), desired.nodes.get(`${ROOT}/level1`)!],
      desired.wires,
    );
    const plan = planNetwork({ desired: next, live, lastApplied: desired });
    expect(plan.changes).toEqual([
      {
        kind: "update",
        path: `${ROOT}/noise1`,
        type: "noiseTOP",
        params: [{ name: "period", from: c(3), to: c(5) }],
        fields: [],
      },
    ]);
    expect(renderPlanText(plan)).toContain("period: 3 -> 5");
    expect(plan.summary.change).toBe(1);
  });

  it("leaves a live edit alone as a drift conflict, and overwrites it with force", () => {
    const live = state(
      [node("noise1", "noiseTOP", { period: c(9) }), desired.nodes.get(`${ROOT}/level1`)!],
      desired.wires,
    );
    const plan = planNetwork({ desired, live, lastApplied: desired });
    expect(plan.changes).toEqual([]);
    expect(plan.conflicts).toEqual([
      expect.objectContaining({
        kind: "drift",
        path: `${ROOT}/noise1`,
        name: "period",
        lastApplied: "3",
        live: "9",
        desired: "3",
      }),
    ]);
    const forced = planNetwork({ desired, live, lastApplied: desired, force: true });
    expect(forced.conflicts).toEqual([]);
    expect(forced.changes).toEqual([
      {
        kind: "update",
        path: `${ROOT}/noise1`,
        type: "noiseTOP",
        params: [{ name: "period", from: c(9), to: c(3) }],
        fields: [],
      },
    ]);
  });

  it("returns a dropped parameter to its default only if svc had set it", () => {
    const live = state(
      [node("noise1", "noiseTOP", { period: c(3), amp: c(0.2) }), desired.nodes.get(`${ROOT}/level1`)!],
      desired.wires,
    );
    const next = state([node("noise1", "noiseTOP", {}), desired.nodes.get(`${ROOT}/level1`)!], desired.wires);
    const plan = planNetwork({ desired: next, live, lastApplied: desired });
    // period was svc's: back to default. amp was the artist's: untouched.
    expect(plan.changes).toEqual([
      {
        kind: "update",
        path: `${ROOT}/noise1`,
        type: "noiseTOP",
        params: [{ name: "period", from: c(3), to: undefined }],
        fields: [],
      },
    ]);
  });

  it("never touches nodes without the svc tag, and counts them", () => {
    const mine = node("mine", "nullTOP", {}, { tags: [] });
    const live = state([...desired.nodes.values(), mine], [...desired.wires, wire("level1", "mine")]);
    const plan = planNetwork({ desired, live, lastApplied: desired });
    expect(plan.changes).toEqual([]);
    expect(plan.wiresRemoved).toEqual([]);
    expect(plan.ignoredUnowned).toBe(1);
    expect(renderPlanText(plan)).toContain("1 node not managed by svc left alone.");
  });

  it("refuses to build over an unowned node at the same path", () => {
    const live = state([node("noise1", "noiseTOP", {}, { tags: [] })]);
    const plan = planNetwork({ desired, live, lastApplied: undefined });
    expect(plan.conflicts.map((x) => x.kind)).toEqual(["unowned-in-the-way"]);
    expect(plan.changes.map((x) => x.kind)).toEqual(["create"]);
  });

  describe("a root COMP svc did not build hosts svc's nodes", () => {
    const hostRoot = (tags: string[] = []): NodeState => ({
      path: ROOT,
      type: "containerCOMP",
      params: {},
      flags: {},
      tags,
    });
    const wantRoot: NodeState = { path: ROOT, type: "baseCOMP", params: {}, flags: {}, tags: [OWNER_TAG] };
    const hosted = (nodes: NodeState[], wires: WireState[] = []) => state([wantRoot, ...nodes], wires);

    it("builds inside it and leaves the COMP itself alone", () => {
      const plan = planNetwork({
        desired: hosted([...desired.nodes.values()], desired.wires),
        live: state([hostRoot()]),
        lastApplied: undefined,
      });
      expect(plan.conflicts).toEqual([]);
      expect(plan.changes.map((ch) => `${ch.kind} ${"path" in ch ? ch.path : ""}`)).toEqual([
        `create ${ROOT}/level1`,
        `create ${ROOT}/noise1`,
      ]);
    });

    it("never deletes an svc node this network did not make (another network's, further down)", () => {
      const other = node("hand/noise9", "noiseTOP");
      const hand = node("hand", "baseCOMP", {}, { tags: [] });
      const live = state([hostRoot(), hand, other, ...desired.nodes.values()], desired.wires);
      const plan = planNetwork({
        desired: hosted([...desired.nodes.values()], desired.wires),
        live,
        lastApplied: hosted([...desired.nodes.values()]),
      });
      expect(plan.changes).toEqual([]);
      expect(plan.ignoredUnowned).toBe(3);
      // An svc root (not a host) deletes what the source dropped, as before.
      const own = planNetwork({
        desired: state([wantRoot, ...desired.nodes.values()], desired.wires),
        live: state([wantRoot, other, ...desired.nodes.values()], desired.wires),
        lastApplied: undefined,
      });
      expect(own.changes.map((ch) => ch.kind)).toEqual(["delete"]);
    });

    it("refuses to set parameters or controls on the host COMP", () => {
      const rooted = hosted([]);
      rooted.nodes.set(ROOT, { ...wantRoot, params: { opacity: c(0.5) } });
      const plan = planNetwork({ desired: rooted, live: state([hostRoot()]), lastApplied: undefined });
      expect(plan.conflicts.map((x) => [x.kind, x.path])).toEqual([["unowned-in-the-way", ROOT]]);
    });
  });

  it("replaces a node whose type changed and re-adds its wires", () => {
    const next = state([desired.nodes.get(`${ROOT}/noise1`)!, node("level1", "blurTOP")], desired.wires);
    const plan = planNetwork({ desired: next, live: desired, lastApplied: desired });
    expect(plan.changes).toEqual([
      expect.objectContaining({ kind: "replace", path: `${ROOT}/level1`, fromType: "levelTOP", toType: "blurTOP" }),
    ]);
    expect(plan.wiresAdded).toEqual([wire("noise1", "level1")]);
    expect(plan.summary).toEqual({ add: 1, change: 0, destroy: 1 });
  });

  it("treats a declared rename as a rename, not delete + create", () => {
    const renamed = state(
      [node("noise2", "noiseTOP", { period: c(3) }, { renamedFrom: "noise1" }), desired.nodes.get(`${ROOT}/level1`)!],
      [wire("noise2", "level1")],
    );
    const plan = planNetwork({ desired: renamed, live: desired, lastApplied: desired });
    expect(plan.changes).toEqual([{ kind: "rename", from: `${ROOT}/noise1`, to: `${ROOT}/noise2`, type: "noiseTOP" }]);
    expect(plan.wiresAdded).toEqual([]);
    expect(plan.wiresRemoved).toEqual([]);
    expect(plan.summary).toEqual({ add: 0, change: 1, destroy: 0 });
  });

  it("deletes only the top-most of a removed COMP, and refuses when unowned work is inside", () => {
    const comp = node("comp1", "baseCOMP");
    const inner = node("comp1/inner", "noiseTOP");
    const live = state([...desired.nodes.values(), comp, inner], desired.wires);
    const plan = planNetwork({ desired, live, lastApplied: live });
    expect(plan.changes).toEqual([{ kind: "delete", path: `${ROOT}/comp1`, type: "baseCOMP" }]);
    expect(plan.summary.destroy).toBe(1);

    const artistWork = node("comp1/sketch", "textDAT", {}, { tags: [] });
    const guarded = planNetwork({
      desired,
      live: state([...live.nodes.values(), artistWork], desired.wires),
      lastApplied: live,
    });
    expect(guarded.changes).toEqual([]);
    expect(guarded.conflicts).toEqual([
      expect.objectContaining({ kind: "unowned-inside-delete", path: `${ROOT}/comp1` }),
    ]);
  });

  it("rewires: adds the new wire and removes the old one", () => {
    const extra = node("blur1", "blurTOP");
    const next = state([...desired.nodes.values(), extra], [wire("noise1", "blur1"), wire("blur1", "level1")]);
    const live = state([...desired.nodes.values(), extra], desired.wires);
    const plan = planNetwork({ desired: next, live, lastApplied: live });
    expect(plan.wiresAdded).toEqual([wire("noise1", "blur1"), wire("blur1", "level1")]);
    expect(plan.wiresRemoved).toEqual([wire("noise1", "level1")]);
    expect(plan.summary.change).toBe(2);
  });

  it("counts a rewired node whose only other change is a layout move", () => {
    const moved = (n: NodeState) => ({ ...n, position: { x: 100, y: 0 } });
    const extra = node("blur1", "blurTOP");
    const live = state([...desired.nodes.values(), extra], desired.wires);
    const next = state(
      [...[...desired.nodes.values()].map(moved), moved(extra)],
      [...desired.wires, wire("blur1", "level1", 1)],
    );
    const plan = planNetwork({ desired: next, live, lastApplied: live });
    expect(plan.wiresAdded).toEqual([wire("blur1", "level1", 1)]);
    expect(plan.summary.change).toBe(1);
  });

  it("turns a flag svc set back off when the source drops it", () => {
    const next = state(
      [desired.nodes.get(`${ROOT}/noise1`)!, node("level1", "levelTOP", { brightness1: c(1.5) })],
      desired.wires,
    );
    const plan = planNetwork({ desired: next, live: desired, lastApplied: desired });
    expect(plan.changes).toEqual([
      {
        kind: "update",
        path: `${ROOT}/level1`,
        type: "levelTOP",
        params: [],
        fields: [{ field: "flag:display", from: true, to: false }],
      },
    ]);
  });

  it("fingerprints the live state independently of declaration order", () => {
    const reversed = state([...desired.nodes.values()].reverse(), [...desired.wires].reverse());
    expect(fingerprintState(reversed)).toBe(fingerprintState(desired));
    const changed = state(
      [node("noise1", "noiseTOP", { period: c(4) }), desired.nodes.get(`${ROOT}/level1`)!],
      desired.wires,
    );
    expect(fingerprintState(changed)).not.toBe(fingerprintState(desired));
  });
});
