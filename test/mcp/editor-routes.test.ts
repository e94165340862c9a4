/**
 * The thin tools over the structured editor routes (metadata, pulse, custom parameters, live menus),
 * each called through MCP against one tdsim with exec closed, its effect read back through the bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/path.js";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { dataOf, errorOf, textOf } from "./helpers.js";

let f: LiveFixture;

beforeAll(async () => {
  f = await startLiveFixture();
});

afterAll(async () => {
  await f?.close();
});

interface Detail {
  path: string;
  comment: string;
  position: { x: number; y: number };
  flags: Record<string, boolean>;
  inputs: { source: string }[];
}
const detail = (path: string) => f.bridge.get<Detail>(`/api/nodes/${encodePath(path)}`);

describe("edit_node_metadata", () => {
  it("renames, places and comments in one step, read back by the bridge", async () => {
    const r = dataOf<{ path: string; changed: Record<string, unknown>; undoStep: string | null }>(
      await f.call("edit_node_metadata", {
        path: `${NET}/blur1`,
        name: "soften",
        node_x: 420,
        comment: "soft",
        flags: { bypass: true },
      }),
    );
    expect(r.path).toBe(`${NET}/soften`);
    expect(Object.keys(r.changed).sort()).toEqual(["comment", "flags", "name", "node_x", "path"]);
    expect(r.undoStep).toBe("svc: edit node metadata");
    const d = await detail(`${NET}/soften`);
    expect([d.comment, d.position.x, d.flags.bypass]).toEqual(["soft", 420, true]);
  });

  it("moves into another COMP and reports the wires the move dropped", async () => {
    const r = dataOf<{ path: string; wiresDropped: { source: string; target: string }[] }>(
      await f.call("edit_node_metadata", { path: `${NET}/null1`, parent_path: `${NET}/inner` }),
    );
    expect(r.path).toBe(`${NET}/inner/null1`);
    expect(r.wiresDropped).toEqual([{ source: `${NET}/noise1`, target: `${NET}/null1` }]);
    expect((await detail(`${NET}/inner/null1`)).inputs).toEqual([]);
  });

  it("changes nothing when one field fails, and refuses what it does not take", async () => {
    const before = await f.snapshot();
    const r = await f.call("edit_node_metadata", { path: `${NET}/level1`, comment: "x", name: "const1" });
    expect(errorOf(r).code).toBe("name_conflict");
    expect(await f.snapshot()).toEqual(before);
    expect((await f.call("edit_node_metadata", { path: `${NET}/level1`, colour: [1, 0, 0] })).isError).toBe(true);
    expect(errorOf(await f.call("edit_node_metadata", { path: `${NET}/level1` })).code).toBe("nothing-to-change");
  });
});

describe("pulse_parameter", () => {
  it("pulses a Momentary parameter and refuses a parameter that is not a pulse", async () => {
    await f.bridge.post(`/api/nodes/${encodePath(`${NET}/inner`)}/custom_params`, {
      operations: [{ action: "add", page: "Controls", name: "Go", style: "Momentary" }],
    });
    const r = dataOf<{ style: string; pulsed: boolean }>(
      await f.call("pulse_parameter", { path: `${NET}/inner`, parameter: "Go" }),
    );
    expect(r).toMatchObject({ style: "Momentary", pulsed: true });
    expect(errorOf(await f.call("pulse_parameter", { path: `${NET}/noise1`, parameter: "seed" })).code).toBe(
      "not_a_pulse",
    );
  });
});

describe("manage_custom_parameters", () => {
  it("adds, sorts and renames in one request and reads the result", async () => {
    const path = `${NET}/inner`;
    const r = dataOf<{ pages: { name: string; parameters: { name: string }[] }[]; applied: number }>(
      await f.call("manage_custom_parameters", {
        path,
        operations: [
          { action: "add", page: "Controls", name: "Gain", style: "Float", min: 0, max: 2, value: 1 },
          { action: "add", page: "Controls", name: "Tint", style: "RGB" },
          { action: "sort", page: "Controls", order: ["Tint", "Gain", "Go"] },
          { action: "rename", name: "Gain", new_name: "Level" },
        ],
      }),
    );
    expect(r.applied).toBe(4);
    const read = dataOf<{ pages: { name: string; parameters: { name: string }[] }[] }>(
      await f.call("manage_custom_parameters", { path }),
    );
    expect(read.pages.find((p) => p.name === "Controls")!.parameters.map((p) => p.name)).toEqual([
      "Tint",
      "Level",
      "Go",
    ]);
  });

  it("puts everything back when one operation fails", async () => {
    const path = `${NET}/inner`;
    const before = await f.snapshot();
    const r = await f.call("manage_custom_parameters", {
      path,
      operations: [
        { action: "delete", name: "Tint" },
        { action: "rename", name: "Level", new_name: "Go" },
      ],
    });
    expect(errorOf(r).code).toBe("name_conflict");
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("get_parameter_menu on a live operator", () => {
  it("reads the running build's menu through the menu route", async () => {
    const menu = dataOf<{ names: string[]; labels: string[]; current: string | null; incomplete: boolean }>(
      await f.call("get_parameter_menu", { path: `${NET}/noise1`, parameter: "type" }),
    );
    expect(menu.names.length).toBe(menu.labels.length);
    expect(menu.names).toContain(menu.current);
    expect(menu.incomplete).toBe(false);
  });
});

describe("search_td_code", () => {
  it("finds DAT text and expressions by words, best first, with excerpts and completeness", async () => {
    await f.bridge.put(`/api/nodes/${encodePath(`${NET}/table1`)}/text`, {
      text: "name\tvalue\ntoken = 'abcdef123456'\n",
    });
    const r = dataOf<{
      results: { kind: string; path: string; param: string | null; line: number | null; excerpt: string }[];
      complete: boolean;
    }>(await f.call("search_td_code", { query: "line 449", root: NET }));
    expect(r.results[0]).toMatchObject({ kind: "dat", path: `${NET}/text1` });
    expect(r.complete).toBe(true);
    const expr = dataOf<{ results: { kind: string; path: string; param: string | null }[] }>(
      await f.call("search_td_code", { query: "0.125", root: NET, kinds: ["expression"] }),
    );
    expect(expr.results).toEqual([
      expect.objectContaining({ kind: "expression", path: `${NET}/noise1`, param: "amp" }),
    ]);
    const secret = await f.call("search_td_code", { query: "token", root: NET });
    expect(textOf(secret)).not.toContain("abcdef123456");
    expect(textOf(secret)).toContain("***");
    const capped = dataOf<{ complete: boolean; stoppedBy: string | null }>(
      await f.call("search_td_code", { query: "line", root: NET, maxDocuments: 1 }),
    );
    expect(capped).toMatchObject({ complete: false, stoppedBy: "max_documents" });
    expect((await f.call("search_td_code", { query: "x", script: "print(1)" })).isError).toBe(true);
  });
});

describe("manage_annotation", () => {
  it("creates a titled frame, edits it with read-back, and reads it", async () => {
    const made = dataOf<{ path: string; title: string; bounds: { width: number }; changed: string[] }>(
      await f.call("manage_annotation", {
        action: "create",
        path: NET,
        name: "note1",
        title: "Look",
        body: "grade here",
        color: [0.2, 0.3, 0.4, 0.8],
        bounds: { x: 0, y: 400, width: 500, height: 200 },
      }),
    );
    expect(made).toMatchObject({ path: `${NET}/note1`, title: "Look", bounds: { width: 500 } });
    const edited = dataOf<{ changed: string[]; body: string }>(
      await f.call("manage_annotation", { action: "edit", path: `${NET}/note1`, body: "grade and blur here" }),
    );
    expect(edited).toMatchObject({ changed: ["body"], body: "grade and blur here" });
    const read = await f.bridge.get<{ color: number[]; bounds: { height: number } }>(
      `/api/nodes/${encodePath(`${NET}/note1`)}/annotation`,
    );
    expect([read.color[3], read.bounds.height]).toEqual([0.8, 200]);
  });

  it("changes nothing on refusal: a bad field on create leaves no annotation behind", async () => {
    const before = await f.snapshot();
    expect(errorOf(await f.call("manage_annotation", { action: "edit", path: `${NET}/noise1`, title: "x" })).code).toBe(
      "not_an_annotation",
    );
    expect(
      (await f.call("manage_annotation", { action: "create", path: NET, name: "note2", bounds: { width: 0 } })).isError,
    ).toBe(true);
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("layout_annotations", () => {
  const LAY = "/project1/lay";
  interface Layout {
    annotations: {
      path: string;
      bounds: { x: number; y: number; width: number; height: number };
      encloses: string[];
    }[];
    nodes?: { path: string; x: number; y: number }[];
    fingerprint: string;
    applied?: { annotations: number; nodes: number };
    undoStep?: string | null;
  }

  beforeAll(async () => {
    await f.bridge.post("/api/batch", {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "lay" },
        { action: "create", parent_path: LAY, type: "noiseTOP", name: "noise1", node_x: 0, node_y: 0 },
        { action: "create", parent_path: LAY, type: "nullTOP", name: "out1", node_x: 600, node_y: 0 },
        { action: "connect", source_path: `${LAY}/noise1`, target_path: `${LAY}/out1` },
        { action: "create", parent_path: LAY, type: "annotateCOMP", name: "frame1" },
      ],
    });
    await f.bridge.patch(`/api/nodes/${encodePath(`${LAY}/frame1`)}/annotation`, {
      bounds: { x: -50, y: -50, width: 300, height: 300 },
    });
  });

  it("reads the boxes and what they frame, then applies a plan made from that read, read back by the bridge", async () => {
    const read = dataOf<Layout>(await f.call("layout_annotations", { action: "read", path: LAY }));
    expect(read.annotations).toEqual([expect.objectContaining({ path: `${LAY}/frame1`, encloses: [`${LAY}/noise1`] })]);
    expect(read.nodes!.map((n) => n.path)).toEqual([`${LAY}/noise1`, `${LAY}/out1`]);
    const done = dataOf<Layout>(
      await f.call("layout_annotations", {
        action: "apply",
        path: LAY,
        fingerprint: read.fingerprint,
        annotations: [{ path: `${LAY}/frame1`, width: 900 }],
        positions: [{ path: `${LAY}/out1`, x: 500, y: 20 }],
      }),
    );
    expect(done).toMatchObject({ applied: { annotations: 1, nodes: 1 }, undoStep: "svc: apply annotation layout" });
    expect(done.annotations[0]).toMatchObject({
      bounds: { x: -50, y: -50, width: 900, height: 300 },
      encloses: [`${LAY}/noise1`, `${LAY}/out1`],
    });
    expect(done.fingerprint).not.toBe(read.fingerprint);
    expect((await detail(`${LAY}/out1`)).position).toEqual({ x: 500, y: 20 });
  });

  it("refuses a plan made before the artist moved a node, or naming what is not in the network, and changes nothing", async () => {
    const read = dataOf<Layout>(await f.call("layout_annotations", { action: "read", path: LAY }));
    // The artist moves noise1 by hand after the read.
    await f.bridge.patch(`/api/nodes/${encodePath(`${LAY}/noise1`)}/metadata`, { node_x: 40 });
    const before = await f.snapshot();
    const moved = await f.call("layout_annotations", {
      action: "apply",
      path: LAY,
      fingerprint: read.fingerprint,
      positions: [{ path: `${LAY}/out1`, x: 0, y: 0 }],
    });
    expect(errorOf(moved).code).toBe("stale_fingerprint");
    const stranger = await f.call("layout_annotations", {
      action: "apply",
      path: LAY,
      positions: [{ path: `${NET}/noise1`, x: 0, y: 0 }],
    });
    expect(errorOf(stranger).code).toBe("invalid_field");
    const notBox = await f.call("layout_annotations", {
      action: "apply",
      path: LAY,
      annotations: [{ path: `${LAY}/noise1`, width: 10 }],
    });
    expect(errorOf(notBox).code).toBe("invalid_field");
    expect(errorOf(await f.call("layout_annotations", { action: "apply", path: LAY })).code).toBe("nothing-to-change");
    expect(
      errorOf(await f.call("layout_annotations", { action: "read", path: LAY, fingerprint: read.fingerprint })).code,
    ).toBe("invalid-arguments");
    expect(await f.snapshot()).toEqual(before);
    expect((await detail(`${LAY}/out1`)).position).toEqual({ x: 500, y: 20 });
  });
});

describe("manage_artist_workspace", () => {
  interface Workspace {
    workspaceId: string;
    state: string;
    pane: { id: number; name: string; type: string } | null;
  }
  interface Pane {
    id: number;
    type: string;
    owner: string | null;
  }
  const panes = async () => (await f.bridge.get<{ panes: Pane[] }>("/api/editor/context")).panes;
  /** Reads the status until the frames have moved it on (the tool itself waits at most 750 ms). */
  async function settled(w: Workspace): Promise<Workspace> {
    let now = w;
    while (now.state === "scheduled" || now.state === "restoring") {
      now = dataOf<Workspace>(
        await f.call("manage_artist_workspace", { action: "status", workspace_id: w.workspaceId }),
      );
    }
    return now;
  }

  it("opens a TOP Viewer beside the editor and restores the layout, then a Panel cancelled after its split", async () => {
    const before = await panes();
    const open = await settled(
      dataOf<Workspace>(
        await f.call("manage_artist_workspace", { action: "open", kind: "top_viewer", path: `${NET}/noise1` }),
      ),
    );
    expect(open).toMatchObject({ state: "active", pane: { type: "TOPVIEWER" } });
    expect(await panes()).toEqual([
      ...before,
      { id: open.pane!.id, name: open.pane!.name, type: "TOPVIEWER", owner: `${NET}/noise1` },
    ]);
    const restored = await settled(
      dataOf<Workspace>(await f.call("manage_artist_workspace", { action: "restore", workspace_id: open.workspaceId })),
    );
    expect(restored.state).toBe("restored");
    expect(await panes()).toEqual(before);

    await f.bridge.post("/api/nodes", { parent_path: "/project1", type: "containerCOMP", name: "ws_controls" });
    const panel = await settled(
      dataOf<Workspace>(
        await f.call("manage_artist_workspace", { action: "open", kind: "panel", path: "/project1/ws_controls" }),
      ),
    );
    expect(panel).toMatchObject({ state: "active", pane: { type: "PANEL" } });
    const cancelled = await settled(
      dataOf<Workspace>(await f.call("manage_artist_workspace", { action: "cancel", workspace_id: panel.workspaceId })),
    );
    expect(cancelled.state).toBe("cancelled");
    expect(await panes()).toEqual(before);
  });

  it("refuses what it cannot show, and changes neither the panes nor the project", async () => {
    const before = [await panes(), await f.snapshot()];
    expect(
      errorOf(await f.call("manage_artist_workspace", { action: "open", kind: "panel", path: `${NET}/noise1` })).code,
    ).toBe("invalid_field");
    expect(
      errorOf(await f.call("manage_artist_workspace", { action: "open", kind: "top_viewer", path: `${NET}/nothing` }))
        .code,
    ).toBe("node_not_found");
    expect(errorOf(await f.call("manage_artist_workspace", { action: "open", path: `${NET}/noise1` })).code).toBe(
      "invalid-arguments",
    );
    expect(errorOf(await f.call("manage_artist_workspace", { action: "restore" })).code).toBe("invalid-arguments");
    expect(errorOf(await f.call("manage_artist_workspace", { action: "status", workspace_id: "ws-999" })).code).toBe(
      "workspace_not_found",
    );
    expect([await panes(), await f.snapshot()]).toEqual(before);
  });
});

describe("insert_operator_at_selection", () => {
  it("puts a filter on the wire leaving the selected operator, and refuses without a single selection", async () => {
    // tdsim's network editor looks at /project1: select one operator there and wire it on.
    await f.bridge.post("/api/batch", {
      operations: [
        { action: "create", parent_path: "/project1", type: "constantTOP", name: "sel_src", node_x: 0, node_y: 0 },
        { action: "create", parent_path: "/project1", type: "nullTOP", name: "sel_out", node_x: 400, node_y: 0 },
        { action: "connect", source_path: "/project1/sel_src", target_path: "/project1/sel_out" },
      ],
    });
    expect(errorOf(await f.call("insert_operator_at_selection", { type: "levelTOP" })).code).toBe("selection");
    // The artist's editor shows and selects sel_src (a follow job on the next frame).
    const focus = dataOf<{ operationId: string; state: string }>(
      await f.call("focus_network_editor", { path: "/project1/sel_src" }),
    );
    let state = focus.state;
    while (state === "scheduled")
      state = (await f.bridge.get<{ state: string }>(`/api/editor/focus/${focus.operationId}`)).state;
    expect(state).toBe("done");
    const r = dataOf<{ path: string; source: string; target: string; x: number }>(
      await f.call("insert_operator_at_selection", { type: "levelTOP", name: "sel_grade" }),
    );
    expect(r).toMatchObject({
      path: "/project1/sel_grade",
      source: "/project1/sel_src",
      target: "/project1/sel_out",
      x: 200,
    });
    expect((await detail("/project1/sel_out")).inputs.map((w) => w.source)).toEqual(["/project1/sel_grade"]);
    expect((await detail("/project1/sel_grade")).inputs.map((w) => w.source)).toEqual(["/project1/sel_src"]);
    const before = await f.snapshot();
    expect(errorOf(await f.call("insert_operator_at_selection", { type: "noiseTOP" })).code).toBe("invalid_field");
    expect(
      errorOf(await f.call("insert_operator_at_selection", { type: "levelTOP", target: "/project1/nothing" })).code,
    ).toBe("no-single-wire");
    expect(await f.snapshot()).toEqual(before);
  });
});
