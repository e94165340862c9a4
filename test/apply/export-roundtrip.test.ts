import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { withPortableImports } from "../../runtime/engine/loop/portable-imports.js";
import { useLiveSim } from "../support/live-sim.js";

const examples = readdirSync("examples")
  .filter((f) => f.endsWith(".svcnet"))
  .sort();

const live = useLiveSim();

async function exportFile(file: string): Promise<{ exported: string; roots: string[] }> {
  const result = await applyFile(live.client, file, { verify: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const roots = result.plans.map((p) => p.root);
  const networks = [];
  for (const root of roots) networks.push((await readExport(live.client, root))!);
  return { exported: await exportProgram(networks), roots };
}

describe("apply, export, compare with svc fmt of the source", () => {
  it.each(examples)("%s", async (file) => {
    const { exported } = await exportFile(`examples/${file}`);
    // The export's imports name the same files from anywhere (portable-imports.ts).
    const source = parse(readFileSync(`examples/${file}`, "utf8"), file).ast;
    const formatted = print(withPortableImports(source, `examples/${file}`));
    expect(exported).toBe(formatted);
  });
});

describe("export with no record to reuse", () => {
  it.each(examples)("%s: the synthesized text compiles to the live network", async (file) => {
    const { roots } = await exportFile(`examples/${file}`);
    for (const root of roots) {
      await live.client.post("/api/batch", {
        operations: [{ action: "store", path: root, key: "svc_applied", value: null }],
      });
      const text = await exportProgram([(await readExport(live.client, root))!]);
      const result = await applyFile(
        live.client,
        { text, file: `exported-${file}` },
        { verify: false, rootPath: "/project1/{network}" },
      );
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      // Built over the live network, the exported text changes nothing but layout positions.
      for (const np of result.plans) {
        const changes = np.plan.changes.filter(
          (c) => !(c.kind === "update" && c.params.length === 0 && c.fields.every((f) => f.field === "position")),
        );
        expect({ root: np.root, changes, added: np.plan.wiresAdded, removed: np.plan.wiresRemoved }).toEqual({
          root: np.root,
          changes: [],
          added: [],
          removed: [],
        });
      }
    }
  });
});

describe("export of what changed live", () => {
  it("writes a live edit from the live state, keeps the untouched nodes' text, and compiles to the live network", async () => {
    await exportFile("examples/feedback-tunnel.svcnet");
    await live.client.patch(`/api/nodes/${encodePath("/project1/tunnel/noise1")}`, {
      parameters: { period: 4, resolutionw: 640, resolutionh: 360 },
    });
    await live.client.post("/api/nodes", { parent_path: "/project1/tunnel", type: "blurTOP", name: "blur1" });
    const networks = [(await readExport(live.client, "/project1/tunnel"))!];
    const text = await exportProgram(networks);
    expect(text).toContain("    period: 4\n    resolution: 640x360\n    t4d: = absTime.seconds * 0.3\n");
    expect(text).toContain("blur1: blurTOP");
    // An untouched node keeps its comment from the source.
    expect(text).toContain("# Fades each pass by Gain");
    const compiled = await compile({ text, file: "exported.svcnet" });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("writes a network svc never applied entirely from the live state", async () => {
    await live.client.post("/api/batch", {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "handmade" },
        {
          action: "create",
          parent_path: "/project1/handmade",
          type: "constantTOP",
          name: "c1",
          parameters: { colorr: 1 },
        },
        { action: "create", parent_path: "/project1/handmade", type: "nullTOP", name: "n1" },
        { action: "connect", source_path: "/project1/handmade/c1", target_path: "/project1/handmade/n1" },
        { action: "set_flags", path: "/project1/handmade/n1", flags: { display: true } },
      ],
    });
    const text = await exportProgram([(await readExport(live.client, "/project1/handmade"))!]);
    expect(text).toBe(
      [
        "svcnet 1",
        "",
        "network handmade {",
        "  c1: constantTOP { colorr: 1 }",
        "  n1: nullTOP [display]",
        "",
        "  c1 -> n1",
        "}",
        "",
      ].join("\n"),
    );
  });
});
