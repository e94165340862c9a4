/** How a plan reads wires through output guards, and only through them. */
import { describe, expect, it } from "vitest";
import { seeThroughGuards } from "../../runtime/plan/output-guards.js";

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
    const wires = [w("/p/src", "/p/out1_svc_guard"), w("/p/safe", "/p/out1_svc_guard", 1), w("/p/out1_svc_guard", "/p/out1_svc_standby"), w("/p/out1_svc_standby", "/p/out1")];
    const seen = seeThroughGuards(wires, typeOf, () => false);
    expect(seen.at(-1)).toEqual(w("/p/src", "/p/out1"));
  });

  it("leaves alone svc's own nodes, guards of another output, other names and other types", () => {
    const owned = (p: string) => p === "/p/mine_svc_guard";
    for (const from of ["/p/mine_svc_guard", "/p/other_svc_guard", "/p/sw", "/p/lvl_svc_guard"]) {
      const wires = [w("/p/src", from), w(from, from === "/p/mine_svc_guard" ? "/p/mine" : "/p/out1")];
      expect(seeThroughGuards(wires, typeOf, owned)).toEqual(wires);
    }
  });
});
