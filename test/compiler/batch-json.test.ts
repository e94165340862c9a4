import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { toBatchRequest, toBatchRequests } from "../../compiler/lower/batch-json.js";
import { compileBody } from "./helpers.js";

describe("IR to /api/batch", () => {
  const r = compileBody(
    [
      '  controls { Gain: float = 0.9 range 0..1 clamp label "Feedback Gain"\n  Mode: menu = add entries (add "Add", multiply) }',
      "  lfo1: lfoCHOP",
      "  noise1: noiseTOP { period: 3, resolution: 1280x720, amp: export lfo1.chan1, seed: = me.digits }",
      "  level1: levelTOP { brightness1: bind Gain }",
      '  notes: textDAT { text: "hello" }',
      '  out1: nullTOP [display, color: #ff0000, comment: "end"]',
      "  noise1 -> level1 -> out1",
    ].join("\n"),
  );
  const request = toBatchRequest(r.operations!);
  const ops = request.body.operations;
  const find = (action: string, path: string) => ops.filter((o) => o.action === action && o.path === path);

  it("creates with tags, and folds one node's constants into one update", () => {
    expect(ops[0]).toEqual({
      action: "create",
      parent_path: "/project1",
      type: "baseCOMP",
      name: "net",
      tags: ["svc"],
    });
    expect(find("update", "/project1/net/noise1")).toEqual([
      {
        action: "update",
        path: "/project1/net/noise1",
        parameters: { period: 3, resolutionw: 1280, resolutionh: 720 },
      },
    ]);
  });

  it("maps modes, text, wires, flags, pages, metadata and positions to their actions", () => {
    expect(find("set_mode", "/project1/net/level1")).toEqual([
      {
        action: "set_mode",
        path: "/project1/net/level1",
        param: "brightness1",
        mode: "bind",
        expr: "parent().par.Gain",
      },
    ]);
    expect(find("set_mode", "/project1/net/noise1")).toEqual([
      {
        action: "set_mode",
        path: "/project1/net/noise1",
        param: "amp",
        mode: "expression",
        expr: "op('/project1/net/lfo1')['chan1']",
      },
      { action: "set_mode", path: "/project1/net/noise1", param: "seed", mode: "expression", expr: "me.digits" },
    ]);
    expect(find("set_text", "/project1/net/notes")).toEqual([
      { action: "set_text", path: "/project1/net/notes", text: "hello" },
    ]);
    expect(ops).toContainEqual({
      action: "connect",
      source_path: "/project1/net/noise1",
      source_output: 0,
      target_path: "/project1/net/level1",
      target_input: 0,
    });
    expect(find("set_flags", "/project1/net/out1")).toEqual([
      { action: "set_flags", path: "/project1/net/out1", flags: { display: true } },
    ]);
    expect(find("set_meta", "/project1/net/out1")).toEqual([
      { action: "set_meta", path: "/project1/net/out1", comment: "end", color: [1, 0, 0] },
    ]);
    expect(find("add_custom_page", "/project1/net")).toEqual([
      { action: "add_custom_page", path: "/project1/net", page: "Custom" },
    ]);
    expect(find("add_custom_par", "/project1/net")).toEqual([
      {
        action: "add_custom_par",
        path: "/project1/net",
        page: "Custom",
        name: "Gain",
        style: "Float",
        label: "Feedback Gain",
        default: 0.9,
        min: 0,
        max: 1,
        clamp_min: true,
        clamp_max: true,
      },
      {
        action: "add_custom_par",
        path: "/project1/net",
        page: "Custom",
        name: "Mode",
        style: "Menu",
        label: "Mode",
        default: "add",
        menu_names: ["add", "multiply"],
        menu_labels: ["Add", "multiply"],
      },
    ]);
    expect(ops.at(-1)).toMatchObject({ action: "store", path: "/project1/net", key: "svc" });
  });

  it("keeps, for each bridge operation, the operations (and source lines) it carries out", () => {
    expect(request.sources).toHaveLength(ops.length);
    const update = ops.findIndex((o) => o.action === "update" && o.path === "/project1/net/noise1");
    expect(request.sources[update]!.map((o) => o.kind)).toEqual(["set-param", "set-param", "set-param"]);
    expect(request.sources[update]![0]!.origin.range.start.line).toBe(6);
    const page = ops.findIndex((o) => o.action === "add_custom_par");
    expect(request.sources[page]![0]!.kind).toBe("add-custom-page");
  });
});

// The bridge requests of every example, kept beside the operation listings; the Python suite
// (test/python/compiler) sends them through the real bridge running on tdsim.
describe("example requests", () => {
  const examples = readdirSync("examples")
    .filter((f) => f.endsWith(".svcnet"))
    .sort();
  it.each(examples)("%s", async (file) => {
    const result = await compile(`examples/${file}`);
    const requests = toBatchRequests(result.batches!).map((r) => r.body);
    await expect(JSON.stringify(requests, null, 1) + "\n").toMatchFileSnapshot(
      `__snapshots__/examples/${file.replace(/\.svcnet$/, ".batch.json")}`,
    );
  });
});
