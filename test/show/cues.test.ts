/**
 * manage_cue and create_macro end to end on tdsim (exec closed): cues stored in the engine's network,
 * fired by name, and the live values read back frame after frame while the engine fades them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { textOf } from "../mcp/helpers.js";
import { refused, startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";

let f: NetworkFixture;

const STAGE = `svcnet 1

network stage {
  lvl: levelTOP { opacity: 1 }
  ramp1: rampTOP
  sw: switchTOP { index: 0 }
  text1: textTOP { text: "HELLO" }

  ramp1 -> lvl
  ramp1 -> sw
  text1 -> sw[1]
}
`;

beforeAll(async () => {
  f = await startNetworkFixture("full");
  await f.ok("apply_network", { source: STAGE, preview: 0 });
}, 60_000);

afterAll(async () => {
  await f?.close();
});

async function value(path: string, par: string): Promise<unknown> {
  const r = await f.bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath(path)}/params`, {
    keys: par,
  });
  return r.params[0]?.value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the value until the engine's fade is over; every distinct reading in order. */
async function readingsUntilStill(path: string, par: string): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < 400; i++) {
    const v = Number(await value(path, par));
    if (seen.at(-1) !== v) seen.push(v);
    if (!(await value("/project1/cues", "Fading")) && i > 2) break;
    await sleep(20);
  }
  seen.push(Number(await value(path, par)));
  return seen;
}

type Data = {
  cues: Array<{ name: string; fade: number; values: Array<{ value: string; kind: string }> }>;
  current: string;
  fired: string | null;
  applied: boolean;
};

describe("manage_cue", () => {
  it("creates cues in the engine's network, from given values and from a live snapshot", async () => {
    const dim = await f.ok<Data>("manage_cue", {
      action: "create",
      cue: "dim",
      fade: 3,
      values: [
        { path: "/project1/stage/lvl", parameter: "opacity", value: 0.2 },
        { path: "/project1/stage/text1", parameter: "text", value: "DIM" },
      ],
    });
    expect(dim.applied).toBe(true);
    expect(dim.cues.map((c) => c.name)).toEqual(["dim"]);
    const up = await f.ok<Data>("manage_cue", {
      action: "create",
      cue: "up",
      fade: 2,
      values: [{ path: "/project1/stage/lvl", parameter: "opacity" }],
    });
    expect(up.cues.find((c) => c.name === "up")?.values[0]).toEqual(
      expect.objectContaining({ kind: "num", value: "1" }),
    );
    // Stored in the network: the table text holds them.
    const table = (await f.node("/project1/cues/cues"))?.text ?? "";
    expect(table).toMatch(/^dim\t3\t\/project1\/stage\/lvl\topacity\tnum\t0\.2$/m);
    expect(table).toMatch(/^up\t2\t\/project1\/stage\/lvl\topacity\tnum\t1$/m);
  });

  it("refuses a second create, an unknown cue and a parameter that does not exist, changing nothing", async () => {
    refused(
      await f.call("manage_cue", {
        action: "create",
        cue: "dim",
        values: [{ path: "/project1/stage/lvl", parameter: "opacity", value: 0 }],
      }),
      "cue-exists",
    );
    refused(await f.call("manage_cue", { action: "fire", cue: "nope" }), "unknown-cue", /its cues: dim, up/);
    const bad = await f.call("manage_cue", {
      action: "create",
      cue: "x",
      values: [{ path: "/project1/stage/lvl", parameter: "nosuch", value: 1 }],
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/nosuch/);
    const list = await f.ok<Data>("manage_cue", { action: "list" });
    expect(list.cues.map((c) => c.name)).toEqual(["dim", "up"]);
  });

  it("fires a cue: the live value moves over the fade, frame by frame, and ends on the cue's value", async () => {
    const fired = await f.ok<Data>("manage_cue", { action: "fire", cue: "dim" });
    expect(fired.fired).toBe("dim");
    const readings = await readingsUntilStill("/project1/stage/lvl", "opacity");
    // A three-second fade at 60 frames a second: many steps between 1 and 0.2, always going down. The
    // fades are long so that even a slow machine reads several values while they run.
    const between = readings.filter((v) => v < 0.999 && v > 0.201);
    expect(between.length, readings.join(", ")).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < readings.length; i++) expect(readings[i]!).toBeLessThanOrEqual(readings[i - 1]! + 1e-9);
    expect(readings.at(-1)).toBeCloseTo(0.2, 9);
    expect(await value("/project1/stage/text1", "text")).toBe("DIM");
    expect((await f.ok<Data>("manage_cue", { action: "list" })).current).toBe("dim");

    await f.ok("manage_cue", { action: "fire", cue: "up" });
    const back = await readingsUntilStill("/project1/stage/lvl", "opacity");
    expect(back.filter((v) => v > 0.201 && v < 0.999).length, back.join(", ")).toBeGreaterThanOrEqual(2);
    expect(back.at(-1)).toBeCloseTo(1, 9);
  });

  it("updates and deletes a cue through the engine's network", async () => {
    const u = await f.ok<Data>("manage_cue", { action: "update", cue: "up", fade: 0 });
    expect(u.cues.find((c) => c.name === "up")?.fade).toBe(0);
    const d = await f.ok<Data>("manage_cue", { action: "delete", cue: "up" });
    expect(d.cues.map((c) => c.name)).toEqual(["dim"]);
    expect((await f.node("/project1/cues/cues"))?.text).not.toMatch(/^up\t/m);
  });
});

describe("create_macro", () => {
  it("stores a macro of a cue fire and a timed parameter set, and runs it on the engine's clock", async () => {
    await f.ok("manage_cue", {
      action: "create",
      cue: "bright",
      fade: 0,
      values: [{ path: "/project1/stage/lvl", parameter: "opacity", value: 0.9 }],
    });
    const m = await f.ok<{ macros: Array<{ name: string; steps: number; seconds: number }> }>("create_macro", {
      macro: "opening",
      steps: [{ cue: "bright" }, { wait: 0.3, path: "/project1/stage/sw", parameter: "index", value: 1 }],
    });
    expect(m.macros).toEqual([{ name: "opening", steps: 2, seconds: 0.3 }]);
    expect(await value("/project1/stage/sw", "index")).toBe(0);
    await f.ok("create_macro", { macro: "opening", run: true });
    for (let i = 0; i < 200 && (await value("/project1/stage/sw", "index")) !== 1; i++) await sleep(20);
    expect(await value("/project1/stage/sw", "index")).toBe(1);
    expect(Number(await value("/project1/stage/lvl", "opacity"))).toBeCloseTo(0.9, 9);
    refused(await f.call("create_macro", { macro: "nothing", run: true }), "unknown-macro");
    refused(await f.call("create_macro", { macro: "bad", steps: [{ cue: "missing" }] }), "unknown-cue");
  });
});

describe("create_setlist_runner", () => {
  it("plays scenes in order: timed ones advance on their own, a manual one waits for next", async () => {
    for (const [cue, v] of [
      ["s1", 0.1],
      ["s2", 0.2],
      ["s3", 0.3],
    ] as const) {
      await f.ok("manage_cue", {
        action: "create",
        cue,
        fade: 0,
        values: [{ path: "/project1/stage/lvl", parameter: "opacity", value: v }],
      });
    }
    refused(await f.call("create_setlist_runner", { scenes: [{ cue: "s9" }] }), "unknown-cue");
    const stored = await f.ok<{ setlist: Array<{ cue: string; duration: number }> }>("create_setlist_runner", {
      scenes: [{ cue: "s1", duration: 1.5 }, { cue: "s2" }, { cue: "s3", duration: 0.2 }],
      command: "start",
    });
    expect(stored.setlist).toEqual([
      { cue: "s1", duration: 1.5 },
      { cue: "s2", duration: 0 },
      { cue: "s3", duration: 0.2 },
    ]);
    const seen: string[] = [];
    for (let i = 0; i < 200 && seen.at(-1) !== "s2"; i++) {
      const c = String(await value("/project1/cues", "Current"));
      if (seen.at(-1) !== c) seen.push(c);
      await sleep(20);
    }
    expect(seen.slice(-2)).toEqual(["s1", "s2"]);
    // s2 waits for next.
    await sleep(500);
    expect(await value("/project1/cues", "Current")).toBe("s2");
    expect(await value("/project1/cues", "Scene")).toBe(2);
    expect(Number(await value("/project1/stage/lvl", "opacity"))).toBeCloseTo(0.2, 9);
    await f.ok("create_setlist_runner", { command: "next" });
    for (let i = 0; i < 200 && (await value("/project1/cues", "Scene")) !== 0; i++) await sleep(20);
    // s3 played its 0.2 s and the setlist stopped after it.
    expect(await value("/project1/cues", "Current")).toBe("s3");
    expect(await value("/project1/cues", "Scene")).toBe(0);
    expect(Number(await value("/project1/stage/lvl", "opacity"))).toBeCloseTo(0.3, 9);
    // A cue the setlist plays cannot be deleted from under it.
    refused(await f.call("manage_cue", { action: "delete", cue: "s2" }), "cue-in-use");
  });
});
