import { describe, expect, it } from "vitest";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const text = "svcnet 1\nnetwork owned {\n  noise1: noiseTOP\n  out1: nullTOP [display]\n  noise1 -> out1\n}\n";

describe("cook errors in nodes svc does not own", () => {
  it("are reported apart and do not fail the apply", async () => {
    const first = await applyFile(live.client, { text, file: "owned.svcnet" });
    expect(first.ok).toBe(true);
    // The artist adds a filter with nothing wired into it: it errors, and it is not svc's.
    await live.client.post("/api/nodes", { parent_path: "/project1/owned", type: "levelTOP", name: "artist_level" });
    const again = await applyFile(live.client, {
      text: text.replace("nullTOP [display]", 'nullTOP [display, comment: "out"]'),
      file: "owned.svcnet",
    });
    expect(again.ok).toBe(true);
    expect(again.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const unowned = again.diagnostics.filter((d) => d.code === "live-cook-error-unowned");
    expect(unowned).toHaveLength(1);
    expect(unowned[0]!.message).toContain("artist_level");
    expect(again.verified[0]!.errors).toBe(0);
  });
});

const chain =
  "svcnet 1\nnetwork renamed {\n  noise1: noiseTOP { period: 3 }\n  out1: nullTOP [display]\n  noise1 -> out1\n}\n";

describe("an owned node renamed by hand", () => {
  it("is drift: held (not deleted and re-made) without --force, renamed back with it", async () => {
    expect(
      (await applyFile(live.client, { text: chain, file: "renamed.svcnet" }, { verify: false })).diagnostics,
    ).toEqual([]);
    await live.client.post("/api/batch", {
      operations: [{ action: "rename", path: "/project1/renamed/noise1", name: "seed" }],
    });

    const held = await planFile(live.client, { text: chain, file: "renamed.svcnet" });
    const plan = held.plans[0]!.plan;
    expect(plan.changes).toEqual([]);
    expect(plan.wiresAdded).toEqual([]);
    expect(plan.wiresRemoved).toEqual([]);
    expect(plan.conflicts).toEqual([
      expect.objectContaining({ kind: "drift", path: "/project1/renamed/noise1", live: "seed", desired: "noise1" }),
    ]);
    expect(held.diagnostics.map((d) => d.code)).toEqual(["plan-conflict"]);
    expect(held.diagnostics[0]!.message).toContain("was renamed live to 'seed'");
    // Applying without --force keeps the artist's name, and the node.
    const kept = await applyFile(live.client, { text: chain, file: "renamed.svcnet" }, { verify: false });
    expect(kept.plans[0]!.operations).toEqual([]);
    await expect(live.client.get("/api/nodes/%2Fproject1%2Frenamed%2Fseed")).resolves.toMatchObject({
      type: "noiseTOP",
    });

    const forced = await applyFile(
      live.client,
      { text: chain, file: "renamed.svcnet" },
      { verify: false, force: true },
    );
    expect(forced.plans[0]!.plan.changes).toEqual([
      { kind: "rename", from: "/project1/renamed/seed", to: "/project1/renamed/noise1", type: "noiseTOP" },
    ]);
    expect(forced.diagnostics).toEqual([]);
    const again = await planFile(live.client, { text: chain, file: "renamed.svcnet" });
    expect(again.plans[0]!.operations).toEqual([]);
    expect(again.plans[0]!.plan.conflicts).toEqual([]);
  });
});

const panel = (gain: number) =>
  `svcnet 1\nnetwork paged {\n  controls "Look" {\n    Gain: float = ${gain} range 0..2\n  }\n  level1: levelTOP { brightness1: bind Gain }\n  noise1: noiseTOP\n  noise1 -> level1\n}\n`;

describe("a custom page the artist added on svc's COMP", () => {
  it("is listed as live-only, survives --force and a control change, and is exported", async () => {
    expect(
      (await applyFile(live.client, { text: panel(0.5), file: "paged.svcnet" }, { verify: false })).diagnostics,
    ).toEqual([]);
    await live.client.post("/api/batch", {
      operations: [
        {
          action: "add_custom_par",
          path: "/project1/paged",
          page: "Artist",
          name: "Mine",
          style: "Float",
          default: 0.25,
        },
      ],
    });
    const listed = await planFile(live.client, { text: panel(0.5), file: "paged.svcnet" });
    expect(listed.plans[0]!.plan.conflicts).toEqual([]);
    expect(listed.plans[0]!.plan.liveOnly).toEqual([
      { path: "/project1/paged", name: "controls", live: 'page "Artist": Mine' },
    ]);
    expect(listed.plans[0]!.operations).toEqual([]);

    for (const force of [false, true]) {
      const changed = await applyFile(
        live.client,
        { text: panel(force ? 0.9 : 0.7), file: "paged.svcnet" },
        { verify: false, force },
      );
      expect(changed.diagnostics).toEqual([]);
      const pages = await live.client.get<{
        custom_pages: Array<{ name: string; pars: Array<{ name: string; default: unknown }> }>;
      }>("/api/nodes/%2Fproject1%2Fpaged");
      expect(pages.custom_pages.map((p) => [p.name, p.pars.map((x) => x.name)])).toEqual(
        expect.arrayContaining([
          ["Artist", ["Mine"]],
          ["Look", ["Gain"]],
        ]),
      );
      expect(pages.custom_pages.find((p) => p.name === "Look")!.pars[0]!.default).toBe(force ? 0.9 : 0.7);
    }
    const exported = await exportProgram([(await readExport(live.client, "/project1/paged"))!]);
    expect(exported).toContain('controls "Artist" {\n    Mine: float = 0.25\n  }');
  });
});
