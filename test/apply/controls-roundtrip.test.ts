import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const panel = (gain: number, extra = "", name = "panel") => `svcnet 1
network ${name} {
  controls "Look" {
    Gain: float = ${gain} range 0..2 clamp label "Gain"
    Mode: menu = add entries (add "Add", multiply "Multiply")${extra}
  }
  level1: levelTOP { brightness1: bind Gain }
  noise1: noiseTOP
  noise1 -> level1
}
`;

async function applyText(text: string) {
  const result = await applyFile(live.client, { text, file: "panel.svcnet" }, { verify: false });
  expect(result.diagnostics).toEqual([]);
  return result;
}

async function expectSettled(text: string, root = "/project1/panel") {
  const again = await planFile(live.client, { text, file: "panel.svcnet" });
  expect(again.diagnostics).toEqual([]);
  expect(again.plans[0]!.plan.conflicts).toEqual([]);
  expect(again.plans[0]!.operations).toEqual([]);
  const exported = await exportProgram([(await readExport(live.client, root))!]);
  expect(exported).toBe(print(parse(text, "panel.svcnet").ast));
}

describe("changing a control", () => {
  it("keeps clamp and menu labels, and the next plan is empty", async () => {
    await applyText(panel(0.5));
    await expectSettled(panel(0.5));
    await applyText(panel(0.8));
    await expectSettled(panel(0.8));
    // A further control edit needs no --force.
    await applyText(panel(1.2));
    await expectSettled(panel(1.2));
  });
});

describe("an operator-reference control", () => {
  it("names the node of its own network, keeps its help text, round-trips through export, and the next plan is empty", async () => {
    const text = panel(0.5, '\n    Source: top = noise1 help "The picture the panel shows"', "refs");
    await applyText(text);
    await expectSettled(text, "/project1/refs");
    const exported = await exportProgram([(await readExport(live.client, "/project1/refs"))!]);
    expect(exported).toContain('Source: top = noise1 help "The picture the panel shows"');
  });
});

describe("export with no record to reuse", () => {
  it("writes a label equal to the name and a pulse as fmt does", async () => {
    const text = panel(0.5, '\n    Go: pulse label "Go"', "bare");
    await applyText(text);
    await live.client.post("/api/batch", {
      operations: [{ action: "store", path: "/project1/bare", key: "svc_applied", value: null }],
    });
    const exported = await exportProgram([(await readExport(live.client, "/project1/bare"))!]);
    const controls = (t: string) => t.slice(t.indexOf("controls"), t.indexOf("}") + 1);
    expect(controls(exported)).toBe(controls(print(parse(text, "bare.svcnet").ast)));
  });
});

describe("a pulse control", () => {
  it("round-trips: no conflict after apply, and export prints it as written", async () => {
    const text = panel(0.5, "\n    Go: pulse", "pulses");
    await applyText(text);
    await expectSettled(text, "/project1/pulses");
  });
});

describe("an operator-reference control with a default", () => {
  const text = `svcnet 1
network picks {
  controls {
    Source: top = noise1
  }
  noise1: noiseTOP
  sel1: selectTOP { top: = parent().par.Source.eval() }
  out1: nullTOP [display]
  sel1 -> out1
}
`;

  it("names the network's own node live as svc check read it, with no live error, and round-trips", async () => {
    const applied = await applyFile(live.client, { text, file: "picks.svcnet" });
    expect(applied.diagnostics).toEqual([]);
    expect(applied.verified[0]!.errors).toBe(0);
    // TouchDesigner reads the COMP's parameter from the COMP's own place: `./noise1` is its child.
    const comp = await live.client.get<{ custom_pages: Array<{ pars: Array<{ name: string; default: unknown }> }> }>(
      "/api/nodes/%2Fproject1%2Fpicks",
    );
    expect(comp.custom_pages[0]!.pars[0]).toMatchObject({ name: "Source", default: "./noise1" });
    await expectSettled(text, "/project1/picks");
    // Written again from live state alone, the control still names noise1.
    await live.client.post("/api/batch", {
      operations: [{ action: "store", path: "/project1/picks", key: "svc_applied", value: null }],
    });
    const exported = await exportProgram([(await readExport(live.client, "/project1/picks"))!]);
    expect(exported).toContain("Source: top = noise1");
  });
});
