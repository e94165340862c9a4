import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, textOf } from "./helpers.js";
import { invalidArgs, refused, startNetworkFixture, type NetworkFixture } from "./network-fixture.js";

let f: NetworkFixture;

beforeAll(async () => {
  f = await startNetworkFixture("core");
});

afterAll(async () => {
  await f?.close();
});

const GLOW = `svcnet 1
# A soft noise field, blurred.
network glow {
  blur1: blurTOP { size: 12 }
  noise1: noiseTOP { period: 2, resolution: 320x180 }
  out1: nullTOP [display]

  noise1 -> blur1 -> out1
}
`;

/** `size` is not a noise parameter and `bogus` not a menu entry: two errors at known lines. */
const BROKEN = `svcnet 1
network broken {
  noise1: noiseTOP { sizee: 3 }
  comp1: compositeTOP { operand: bogus }
  noise1 -> comp1
}
`;

type Brief = { root: string; summary: { add: number; change: number; destroy: number }; empty: boolean };

describe("plan_network", () => {
  it("shows what would be built without building it", async () => {
    const before = await f.snapshot();
    const r = await f.call("plan_network", { source: GLOW });
    const data = r.structuredContent as {
      ok: boolean;
      networks: Brief[];
      plans: Array<{ changes: Array<{ kind: string; path: string }> }>;
    };
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(data.ok).toBe(true);
    expect(data.networks).toEqual([
      {
        root: "/project1/glow",
        summary: { add: 4, change: 0, destroy: 0 },
        empty: false,
        conflicts: 0,
        liveOnly: 0,
        ignoredUnowned: 0,
      },
    ]);
    expect(data.plans[0]!.changes.map((c) => `${c.kind} ${c.path}`)).toContain("create /project1/glow/noise1");
    expect(textOf(r)).toMatch(/Plan: 4 to add, 0 to change, 0 to destroy/);
    expect(await f.snapshot()).toEqual(before);
  });

  it("returns the compiler's diagnostics with lines and help for a broken source, and changes nothing", async () => {
    const before = await f.snapshot();
    const r = await f.call("plan_network", { source: BROKEN, file: "broken.svcnet" });
    const e = refused(r, "diagnostics");
    const diags = e.diagnostics as Array<{
      code: string;
      file: string;
      range: { start: { line: number } };
      help: string[];
    }>;
    expect(diags.map((d) => [d.code, d.range.start.line])).toEqual(
      expect.arrayContaining([
        ["unknown-parameter", 3],
        ["unknown-menu-entry", 4],
      ]),
    );
    expect(diags.every((d) => d.file === "broken.svcnet")).toBe(true);
    expect(JSON.stringify(e.details)).toMatch(/broken\.svcnet:3/);
    expect(await f.snapshot()).toEqual(before);
  });

  it("refuses an empty source and a root that is not a path", async () => {
    invalidArgs(await f.call("plan_network", { source: "" }));
    invalidArgs(await f.call("plan_network", { source: GLOW, root: "project1" }));
  });
});

describe("apply_network", () => {
  it("builds the network, owned and wired as written, with a thumbnail; planning again shows no changes", async () => {
    const r = await f.call("apply_network", { source: GLOW, preview: 64 });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as {
      applied: boolean;
      errors: number;
      verify: Array<{ errors: number }>;
      preview: { path: string; width: number; height: number };
    };
    expect(data.applied).toBe(true);
    expect(data.errors).toBe(0);
    expect(data.verify[0]!.errors).toBe(0);
    expect(data.preview).toEqual({ path: "/project1/glow/out1", width: 64, height: 36 });
    const image = r.content.find((c) => c.type === "image");
    expect(image?.type === "image" && Buffer.from(image.data, "base64").subarray(1, 4).toString()).toBe("PNG");

    const noise = await f.node("/project1/glow/noise1");
    expect(noise?.tags).toContain("svc");
    expect(noise?.params.period?.value).toBe(2);
    expect([noise?.params.resolutionw?.value, noise?.params.resolutionh?.value]).toEqual([320, 180]);
    expect((await f.node("/project1/glow/out1"))?.flags.display).toBe(true);
    expect(await f.wires("/project1/glow")).toEqual(["blur1[0]->out1[0]", "noise1[0]->blur1[0]"]);

    const again = await f.ok<{ networks: Brief[] }>("plan_network", { source: GLOW });
    expect(again.networks[0]!.empty).toBe(true);
  });

  it("maps a live cook error back to the source line of the node that raised it", async () => {
    const source = `svcnet 1
network lonely {
  blur1: blurTOP
  out1: nullTOP [display]
}
`;
    let progress = 0;
    const r = (await f.client.callTool({ name: "apply_network", arguments: { source, preview: 0 } }, undefined, {
      onprogress: () => void progress++,
    })) as CallToolResult;
    // Applied, but with live errors: an error result for the caller, its data still there.
    expect(r.isError, textOf(r)).toBe(true);
    expect(progress).toBeGreaterThan(0);
    const data = r.structuredContent as {
      errors: number;
      diagnostics: Array<{ code: string; range: { start: { line: number } } }>;
      preview: unknown;
    };
    expect(data.errors).toBeGreaterThan(0);
    expect(data.diagnostics.find((d) => d.code === "live-cook-error")?.range.start.line).toBe(3);
    expect(data.preview).toBeNull();
    expect(textOf(r)).toMatch(/2 errors after apply/);
  });

  it("refuses a source with errors, with diagnostics, and builds nothing", async () => {
    const before = await f.snapshot();
    const e = refused(await f.call("apply_network", { source: BROKEN }), "diagnostics");
    expect(e.diagnostics?.length).toBeGreaterThanOrEqual(2);
    expect(await f.node("/project1/broken")).toBeUndefined();
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("export_network", () => {
  it("prints a live network as .svcnet that plans to no change", async () => {
    const r = await f.ok<{ source: string; networks: Array<{ root: string; nodes: number }> }>("export_network", {
      paths: ["/project1/glow"],
    });
    expect(r.networks).toEqual([{ root: "/project1/glow", nodes: 3 }]);
    // The applied text is kept where nothing changed live: its comment survives.
    expect(r.source).toContain("# A soft noise field, blurred.");
    expect(r.source).toContain("noise1 -> blur1 -> out1");
    const plan = await f.ok<{ networks: Brief[] }>("plan_network", { source: r.source });
    expect(plan.networks[0]!.empty).toBe(true);
  });

  it("says which path does not exist", async () => {
    const e = refused(
      await f.call("export_network", { paths: ["/project1/glow", "/project1/nothing"] }),
      "not-found",
      /\/project1\/nothing/,
    );
    expect(e.details?.missing).toEqual(["/project1/nothing"]);
    invalidArgs(await f.call("export_network", { paths: [] }));
  });
});

describe("diff_network", () => {
  type Diff = {
    same: boolean;
    networks: Array<{
      changes: Array<{ kind: string; path: string; params?: Array<{ name: string }> }>;
      wiresOnlyInA: unknown[];
      wiresOnlyInB: unknown[];
    }>;
  };

  it("finds no difference between a source and the network it built, whatever the formatting", async () => {
    const r = await f.ok<Diff>("diff_network", {
      a: { source: GLOW.replace("# A soft noise field, blurred.\n", "") },
      b: { path: "/project1/glow" },
    });
    expect(r.same).toBe(true);
  });

  it("lists parameter, node and wire differences between two sources", async () => {
    const changed = GLOW.replace("size: 12", "size: 4")
      .replace("  out1: nullTOP [display]\n", "  level1: levelTOP\n  out1: nullTOP [display]\n")
      .replace("blur1 -> out1", "blur1 -> level1 -> out1");
    const r = await f.call("diff_network", { a: { source: GLOW }, b: { source: changed } });
    const d = r.structuredContent as Diff;
    expect(d.same).toBe(false);
    const changes = d.networks[0]!.changes.map(
      (c) =>
        `${c.kind} ${c.path.slice(c.path.lastIndexOf("/") + 1)}${c.params ? ` ${c.params.map((p) => p.name).join(",")}` : ""}`,
    );
    expect(changes).toEqual(expect.arrayContaining(["update blur1 size", "create level1"]));
    expect(d.networks[0]!.wiresOnlyInA).toHaveLength(1);
    expect(d.networks[0]!.wiresOnlyInB).toHaveLength(2);
    expect(textOf(r)).toMatch(/size: 12 -> 4/);
  });

  it("refuses a side that does not compile, with its diagnostics", async () => {
    const e = refused(
      await f.call("diff_network", { a: { source: BROKEN }, b: { path: "/project1/glow" } }),
      "diagnostics",
    );
    expect(e.diagnostics?.length).toBeGreaterThanOrEqual(2);
    invalidArgs(
      await f.call("diff_network", { a: { source: GLOW, path: "/project1/glow" }, b: { path: "/project1/glow" } }),
    );
  });
});

describe("the build_network prompt", () => {
  it("is offered in the core profile and names only its tools, the root included when a parent is given", async () => {
    const tools = new Set((await f.client.listTools()).tools.map((t) => t.name));
    const r = await f.client.getPrompt({
      name: "build_network",
      arguments: { description: "a tunnel", parent: "/project1/shows" },
    });
    const text = (r.messages[0]!.content as { text: string }).text;
    for (const name of ["validate_network", "plan_network", "apply_network", "get_inline_preview", "export_network"]) {
      expect(tools.has(name), name).toBe(true);
      expect(text).toContain(name);
    }
    expect(text).not.toMatch(/get_preview\b/);
    expect(text).toContain('root "/project1/shows/{network}"');
  });
});

describe("compact_graph_digest", () => {
  it("lists nodes and wires in .svcnet notation", async () => {
    const d = await f.ok<{
      counts: { nodes: number; wires: number; ownedBySvc: number };
      nodes: string[];
      wires: string[];
      complete: boolean;
    }>("compact_graph_digest", { path: "/project1/glow" });
    expect(d.counts).toEqual({ nodes: 3, wires: 2, ownedBySvc: 3 });
    expect(d.nodes).toContain("out1: nullTOP [display]");
    expect(d.wires).toEqual(expect.arrayContaining(["noise1 -> blur1", "blur1 -> out1"]));
    expect(d.complete).toBe(true);
  });

  it("reports a missing COMP as the bridge's error", async () => {
    const r = await f.call("compact_graph_digest", { path: "/project1/nothing" });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toMatch(/not_found/);
  });
});
