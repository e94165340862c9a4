/**
 * Issue #48's checker items end to end: what svc check now accepts builds on tdsim as
 * TouchDesigner would, and what it refuses is refused by validate_network the same way.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { memoryClient } from "../mcp/helpers.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

interface ParRead {
  params: Array<{ name: string; mode: string; bindExpr: string; expr: string; value: unknown }>;
}

const readPars = (path: string, keys: string[]) =>
  live.client.get<ParRead>(`/api/nodes/${encodeURIComponent(path)}/params?modes=1&keys=${keys.join(",")}`);

describe("on tdsim", () => {
  it("a bind to one component of a control reads that component, and a COMP's op('./child') finds its child", async () => {
    const text = `svcnet 1
network known {
  controls { Tint: rgb = (1, 0.5, 0.25) }
  g: glslTOP { vec0name: "uTint", vec0valuex: bind Tintr, vec0valuey: bind Tintg }
  panel: containerCOMP {
    opacity: = op('./inner').par.opacity * 0.5
    network { inner: containerCOMP { opacity: 0.8 } }
  }
}
`;
    const result = await applyFile(live.client, { text, file: "known.svcnet" });
    expect(result.diagnostics).toEqual([]);
    const g = await readPars("/project1/known/g", ["vec0valuex", "vec0valuey"]);
    expect(g.params.map((p) => [p.name, p.mode, p.bindExpr])).toEqual([
      ["vec0valuex", "bind", "parent().par.Tintr"],
      ["vec0valuey", "bind", "parent().par.Tintg"],
    ]);
    const panel = await readPars("/project1/known/panel", ["opacity"]);
    expect(panel.params[0]).toMatchObject({ mode: "expression", expr: "op('./inner').par.opacity * 0.5" });
  });
});

describe("validate_network", () => {
  let mcp: Client;
  beforeAll(async () => {
    mcp = await memoryClient();
  });
  afterAll(async () => {
    await mcp.close();
  });

  it("reports brackets nested deeper than Python's 200 as an error", async () => {
    const deep = (n: number) =>
      `svcnet 1\nnetwork n {\n  a: noiseTOP { period: = ${"(".repeat(n)}1${")".repeat(n)} }\n}\n`;
    const ok = (await mcp.callTool({ name: "validate_network", arguments: { source: deep(200) } })).structuredContent;
    expect(ok).toMatchObject({ valid: true, errors: 0 });
    for (const n of [500, 5000]) {
      const r = (await mcp.callTool({ name: "validate_network", arguments: { source: deep(n) } }))
        .structuredContent as { valid: boolean; diagnostics: Array<{ code: string; message: string }> };
      expect(r.valid).toBe(false);
      expect(r.diagnostics.map((d) => d.code)).toEqual(["expression-syntax"]);
      expect(r.diagnostics[0]!.message).toContain("too many nested parentheses");
    }
  });
});
