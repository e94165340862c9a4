/**
 * The thin tools over the bridge's project routes (health and system, logs, watches, save,
 * duplicate, optypes, perform mode, transport, analysis, live menus), each called through MCP
 * against tdsim and its effect read back through the bridge.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { dataOf, errorOf, memoryClient } from "./helpers.js";

let f: LiveFixture;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-routes-"));
  // The bridge saves only inside the folders it allows; this one is given to tdsim's process.
  process.env.SVC_BRIDGE_EXPORT_DIR = dir;
  f = await startLiveFixture();
});

afterAll(async () => {
  delete process.env.SVC_BRIDGE_EXPORT_DIR;
  await f?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("get_td_system", () => {
  it("reports health, the frame clock, GPU, monitors and Perform Mode", async () => {
    const s = dataOf<{ status: string; frame: number; performMode: boolean; monitors: unknown[]; gpu: string | null }>(
      await f.call("get_td_system"),
    );
    expect(s.status).toBe("ok");
    expect(s.frame).toBeGreaterThan(0);
    expect(s.performMode).toBe(false);
    // tdsim has no display, so no monitors (as a headless TouchDesigner would report).
    expect(s.monitors).toEqual([]);
  });
});

describe("set_perform_mode", () => {
  it("turns Perform Mode on and off, as get_td_system then reads it", async () => {
    expect(dataOf<{ performMode: boolean }>(await f.call("set_perform_mode", { enabled: true })).performMode).toBe(
      true,
    );
    expect(dataOf<{ performMode: boolean }>(await f.call("get_td_system")).performMode).toBe(true);
    expect(dataOf<{ performMode: boolean }>(await f.call("set_perform_mode", { enabled: false })).performMode).toBe(
      false,
    );
    expect((await f.bridge.get<{ performMode: boolean }>("/api/system")).performMode).toBe(false);
  });
});

describe("get_td_logs", () => {
  it("lists the cook errors under a scope, with their operators, at the severity asked", async () => {
    const r = dataOf<{ lines: { severity: string; source: string; path?: string; message: string }[] }>(
      await f.call("get_td_logs", { scope: NET, severity: "error" }),
    );
    const paths = r.lines.filter((l) => l.source === "cook").map((l) => l.path);
    expect(paths).toContain(`${NET}/level1`);
    expect(paths).toContain(`${NET}/inner/level2`);
    expect(r.lines.every((l) => l.severity === "error")).toBe(true);
  });

  it("bounds the answer and refuses a scope that is not a path", async () => {
    const r = dataOf<{ lines: unknown[]; truncated: boolean }>(
      await f.call("get_td_logs", { scope: NET, max_lines: 1 }),
    );
    expect(r.lines).toHaveLength(1);
    expect(r.truncated).toBe(true);
    expect((await f.call("get_td_logs", { scope: "project1" })).isError).toBe(true);
  });
});

describe("watch_node", () => {
  it("reports a parameter changed since the last read once, then nothing, and stops when removed", async () => {
    const added = dataOf<{ watches: { id: string; values: Record<string, unknown> }[] }>(
      await f.call("watch_node", { action: "add", path: `${NET}/noise1`, params: ["seed"] }),
    );
    const id = added.watches[0]!.id;
    expect(added.watches[0]!.values).toEqual({ seed: 7 });
    await f.bridge.patch(`/api/nodes/${encodeURIComponent(`${NET}/noise1`)}`, { parameters: { seed: 9 } });
    await f.bridge.patch(`/api/nodes/${encodeURIComponent(`${NET}/noise1`)}`, { parameters: { seed: 11 } });
    const read = dataOf<{ watches: { id: string; changes: { param: string; old: unknown; new: unknown }[] }[] }>(
      await f.call("watch_node"),
    );
    expect(read.watches.find((w) => w.id === id)!.changes).toEqual([{ param: "seed", old: 7, new: 11 }]);
    const again = dataOf<{ watches: { id: string; changes: unknown[] }[] }>(
      await f.call("watch_node", { action: "read" }),
    );
    expect(again.watches.find((w) => w.id === id)!.changes).toEqual([]);
    expect(dataOf<{ removed: string }>(await f.call("watch_node", { action: "remove", id })).removed).toBe(id);
    expect(dataOf<{ watches: { id: string }[] }>(await f.call("watch_node")).watches.map((w) => w.id)).not.toContain(
      id,
    );
    expect(errorOf(await f.call("watch_node", { action: "add", path: `${NET}/noise1` })).code).toBe("missing-argument");
  });
});

describe("save_node", () => {
  it("writes a DAT's text to the file named, and refuses to replace it without overwrite", async () => {
    const file = join(dir, "table1.txt");
    const r = dataOf<{ filePath: string; bytes: number }>(
      await f.call("save_node", { path: `${NET}/table1`, file_path: file }),
    );
    expect(r.filePath).toBe(file);
    expect(readFileSync(file, "utf8")).toMatch(/^a\tb/);
    expect(errorOf(await f.call("save_node", { path: `${NET}/table1`, file_path: file })).code).toBe("file_exists");
    expect(
      dataOf<{ bytes: number }>(await f.call("save_node", { path: `${NET}/table1`, file_path: file, overwrite: true }))
        .bytes,
    ).toBe(r.bytes);
    expect(
      errorOf(await f.call("save_node", { path: `${NET}/table1`, file_path: join(tmpdir(), "elsewhere.txt") })).code,
    ).toBe("path_not_allowed");
  });
});

describe("duplicate_network", () => {
  it("copies a COMP with its inside under a new name", async () => {
    const r = dataOf<{ path: string; type: string }>(
      await f.call("duplicate_network", { source_path: `${NET}/inner`, name: "inner_copy" }),
    );
    expect(r).toEqual({ path: `${NET}/inner_copy`, type: "baseCOMP" });
    const found = await f.bridge.get<{ count: number }>("/api/nodes/search", {
      root: `${NET}/inner_copy`,
      name: "level2",
    });
    expect(found.count).toBe(1);
    expect(errorOf(await f.call("duplicate_network", { source_path: `${NET}/inner`, name: "inner_copy" })).code).toBe(
      "name_conflict",
    );
  });
});

describe("control_timeline_transport", () => {
  it("pauses, seeks and sets the rate, replying with the timeline read back", async () => {
    expect(dataOf<{ playing: boolean }>(await f.call("control_timeline_transport", { action: "pause" })).playing).toBe(
      false,
    );
    const seek = dataOf<{ frame: number }>(await f.call("control_timeline_transport", { action: "seek", frame: 120 }));
    expect(seek.frame).toBe(120);
    expect(
      dataOf<{ rate: number }>(await f.call("control_timeline_transport", { action: "rate", rate: 30 })).rate,
    ).toBe(30);
    expect(errorOf(await f.call("control_timeline_transport", { action: "seek" })).code).toBe("missing-argument");
    expect(dataOf<{ playing: boolean }>(await f.call("control_timeline_transport", { action: "play" })).playing).toBe(
      true,
    );
  });
});

describe("analyze_project", () => {
  it("counts a hand-built network's nodes by family, its errors, and that svc manages none of it", async () => {
    const a = dataOf<{
      nodeCount: number;
      byFamily: Record<string, number>;
      errorCount: number;
      ownedCount: number;
      unownedCount: number;
      complete: boolean;
    }>(await f.call("analyze_project", { path: NET }));
    expect(a.byFamily.DAT).toBe(2);
    expect(a.errorCount).toBeGreaterThanOrEqual(3);
    expect(a.ownedCount).toBe(0);
    expect(a.unownedCount).toBe(a.nodeCount);
    expect(a.complete).toBe(true);
    expect(errorOf(await f.call("analyze_project", { path: `${NET}/noise1` })).code).toBe("not_a_comp");
  });
});

describe("check_operator_availability and get_parameter_menu with a bridge", () => {
  it("answer from the running build", async () => {
    const yes = dataOf<{ source: string; live: { available: boolean; family: string } }>(
      await f.call("check_operator_availability", { operator: "noiseTOP" }),
    );
    expect(yes.source).toBe("live");
    expect(yes.live).toMatchObject({ available: true, family: "TOP" });
    const no = dataOf<{ live: { available: boolean } }>(
      await f.call("check_operator_availability", { operator: "noiseTOPX" }),
    );
    expect(no.live.available).toBe(false);
    const menu = dataOf<{ source: string; names: string[]; current: string | null }>(
      await f.call("get_parameter_menu", { path: `${NET}/noise1`, parameter: "type" }),
    );
    expect(menu.source).toBe("live");
    expect(menu.names.length).toBeGreaterThan(1);
    expect(menu.names).toContain(menu.current);
    expect(errorOf(await f.call("get_parameter_menu", { path: `${NET}/noise1`, parameter: "seed" })).code).toBe(
      "not-a-menu",
    );
  });

  it("check_operator_availability falls back to the knowledge base when no bridge answers", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const saved = process.env.SVC_BRIDGE_URL;
    process.env.SVC_BRIDGE_URL = `http://127.0.0.1:${port}`;
    const client = await memoryClient({ profile: "core", rawPython: false });
    try {
      const r = (await client.callTool({
        name: "check_operator_availability",
        arguments: { operator: "noiseTOP" },
      })) as CallToolResult;
      expect(dataOf<{ source: string; live: null; known: boolean }>(r)).toMatchObject({
        source: "kb",
        live: null,
        known: true,
      });
    } finally {
      await client.close();
      process.env.SVC_BRIDGE_URL = saved;
    }
  });
});

describe("client Python with the bridge's exec switch closed", () => {
  it("set_parameter_expression, create_python_script and author_script_operator are refused by the bridge; nothing changes", async () => {
    const before = await f.snapshot();
    const expr = errorOf(
      await f.call("set_parameter_expression", {
        path: `${NET}/noise1`,
        parameter: "seed",
        text: "absTime.frame",
        allow_unmanaged: true,
      }),
    );
    expect(expr.code).toBe("exec_disabled");
    expect(expr.message).toMatch(/SVC_BRIDGE_ALLOW_EXEC=1/);
    expect(errorOf(await f.call("create_python_script", { parent: NET, name: "tool1", text: "print(1)" })).code).toBe(
      "exec_disabled",
    );
    expect(
      errorOf(
        await f.call("author_script_operator", {
          parent: NET,
          family: "CHOP",
          name: "gen1",
          callbacks: "def onCook(scriptOp):\n    return",
        }),
      ).code,
    ).toBe("exec_disabled");
    expect(await f.snapshot()).toEqual(before);
  });
});
