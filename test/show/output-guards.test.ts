/** How a plan reads wires through output guards, and only through them. */
import { describe, expect, it } from "vitest";
import { seeThroughGuards, withoutGuards } from "../../runtime/engine/plan/output-guards.js";

const w = (from: string, to: string, toInput = 0) => ({ from, fromOutput: 0, to, toInput });
const types: Record<string, string> = {
  "/p/out1_svc_guard": "switchTOP",
  "/p/out1_svc_standby": "switchTOP",
  "/p/mine_svc_guard": "switchTOP",
  "/p/other_svc_guard": "switchTOP",
  "/p/sw": "switchTOP",
  "/p/lvl_svc_guard": "levelTOP",
};
const typeOf = (p: string) => types[p];

describe("seeThroughGuards", () => {
  it("reads a guard, and a stack of two, as the wire it stands in for", () => {
    const wires = [
      w("/p/src", "/p/out1_svc_guard"),
      w("/p/safe", "/p/out1_svc_guard", 1),
      w("/p/out1_svc_guard", "/p/out1_svc_standby"),
      w("/p/out1_svc_standby", "/p/out1"),
    ];
    const seen = seeThroughGuards(wires, typeOf, () => false);
    expect(seen.wires.at(-1)).toEqual({ ...w("/p/src", "/p/out1"), via: ["/p/out1_svc_standby", "/p/out1_svc_guard"] });
    expect(seen.guarded.get("/p/out1")).toEqual(["/p/out1_svc_standby", "/p/out1_svc_guard"]);
  });

  it("leaves alone svc's own nodes, guards of another output, other names and other types", () => {
    const owned = (p: string) => p === "/p/mine_svc_guard";
    for (const from of ["/p/mine_svc_guard", "/p/other_svc_guard", "/p/sw", "/p/lvl_svc_guard"]) {
      const wires = [w("/p/src", from), w(from, from === "/p/mine_svc_guard" ? "/p/mine" : "/p/out1")];
      expect(seeThroughGuards(wires, typeOf, owned)).toEqual({ wires, guarded: new Map() });
    }
  });

  it("reads a guard fed by nothing as no wire, and still knows the output is guarded", () => {
    const seen = seeThroughGuards([w("/p/out1_svc_guard", "/p/out1")], typeOf, () => false);
    expect(seen.wires).toEqual([]);
    expect(seen.guarded.get("/p/out1")).toEqual(["/p/out1_svc_guard"]);
  });
});

describe("withoutGuards", () => {
  const node = (path: string, type: string, tags: string[] = []) =>
    [path, { path, type, tags, params: {}, flags: {} }] as const;
  it("drops the guards and their pictures and reads the wires through them, keeping a picture something else uses", () => {
    const state = {
      root: "/p",
      nodes: new Map([
        node("/p/src", "constantTOP", ["svc"]),
        node("/p/out1", "nullTOP", ["svc"]),
        node("/p/out1_svc_guard", "switchTOP"),
        node("/p/out1_svc_safe", "selectTOP"),
        node("/p/out1_svc_standby", "switchTOP"),
        node("/p/out1_svc_standby_picture", "selectTOP"),
        node("/p/other", "nullTOP", ["svc"]),
      ]),
      wires: [
        w("/p/src", "/p/out1_svc_guard"),
        w("/p/out1_svc_safe", "/p/out1_svc_guard", 1),
        w("/p/out1_svc_guard", "/p/out1_svc_standby"),
        w("/p/out1_svc_standby_picture", "/p/out1_svc_standby", 1),
        w("/p/out1_svc_standby_picture", "/p/other"),
        w("/p/out1_svc_standby", "/p/out1"),
      ],
    };
    const owned = (p: string) => state.nodes.get(p as never)?.tags.includes("svc") === true;
    const clean = withoutGuards(state as never, owned);
    expect([...clean.nodes.keys()].sort()).toEqual(["/p/other", "/p/out1", "/p/out1_svc_standby_picture", "/p/src"]);
    expect(clean.wires).toEqual([w("/p/out1_svc_standby_picture", "/p/other"), w("/p/src", "/p/out1")]);
  });
});
