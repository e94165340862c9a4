/**
 * The COMP the artist's network editor shows is deleted: over MCP on tdsim, svc://scene/editor says so
 * with a code instead of failing, insert_operator_at_selection refuses with a code, and a workspace
 * whose TOP went with the COMP is restored: its pane closed, the layout as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/path.js";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { dataOf, errorOf } from "./helpers.js";

let f: LiveFixture;

beforeAll(async () => {
  f = await startLiveFixture();
});

afterAll(async () => {
  await f?.close();
});

interface Workspace {
  workspaceId: string;
  state: string;
  reason: string | null;
}

/** The tool waits for the frames that do the work; on a busy machine read status until it settles. */
async function settled(r: Workspace): Promise<Workspace> {
  for (let i = 0; i < 200 && ["scheduled", "restoring"].includes(r.state); i++)
    r = dataOf<Workspace>(await f.call("manage_artist_workspace", { action: "status", workspace_id: r.workspaceId }));
  return r;
}

const panes = async () =>
  (await f.bridge.get<{ panes: Array<{ id: number; type: string }> }>("/api/editor/context")).panes.map((p) => [
    p.id,
    p.type,
  ]);

const scene = async () =>
  JSON.parse(((await f.client.readResource({ uri: "svc://scene/editor" })).contents[0] as { text: string }).text) as {
    network: string | null;
    problem?: { code: string; message: string };
    more: string;
  };

describe("the editor's COMP is deleted", () => {
  it("scene, insert and workspace restore answer with codes and clean up", async () => {
    const before = await panes();
    // The artist looks inside a COMP built by hand, a TOP of it selected, and svc opens a viewer on it.
    await f.bridge.post("/api/batch", {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "doomed" },
        { action: "create", parent_path: "/project1/doomed", type: "noiseTOP", name: "noise1" },
        { action: "create", parent_path: "/project1/doomed", type: "nullTOP", name: "out1" },
        { action: "connect", source_path: "/project1/doomed/noise1", target_path: "/project1/doomed/out1" },
      ],
    });
    dataOf(await f.call("focus_network_editor", { path: "/project1/doomed/noise1", select: true }));
    expect((await scene()).network).toBe("/project1/doomed");
    const opened = await settled(
      dataOf<Workspace>(
        await f.call("manage_artist_workspace", { action: "open", kind: "top_viewer", path: "/project1/doomed/out1" }),
      ),
    );
    expect(opened.state, opened.reason ?? "").toBe("active");

    await f.bridge.post("/api/batch", {
      operations: [{ action: "delete", path: "/project1/doomed", confirmation_policy: "yolo" }],
    });

    const view = await scene();
    expect(view.network).toBeNull();
    expect(view.problem?.code).toBe("editor_network_deleted");
    expect(view.more).toMatch(/has been deleted; open another network in it/);

    const insert = await f.call("insert_operator_at_selection", { type: "levelTOP" });
    expect(insert.isError).toBe(true);
    expect(errorOf(insert).code).toBe("editor-network-deleted");

    const restored = await settled(
      dataOf<Workspace>(
        await f.call("manage_artist_workspace", { action: "restore", workspace_id: opened.workspaceId }),
      ),
    );
    expect(restored.state, restored.reason ?? "").toBe("restored");
    expect(await panes()).toEqual(before);

    // Looking at a network again, the editor works as before.
    dataOf(await f.call("focus_network_editor", { path: `${NET}/noise1`, select: true }));
    expect((await scene()).network).toBe(NET);
    expect((await f.bridge.get<{ path: string }>(`/api/nodes/${encodePath(`${NET}/noise1`)}`)).path).toBe(
      `${NET}/noise1`,
    );
  });
});
