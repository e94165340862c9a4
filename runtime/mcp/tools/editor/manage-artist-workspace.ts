/**
 * manage_artist_workspace: the workspace routes as one tool. `open` splits the artist's network
 * editor with a TOP Viewer or Panel on the right (on the next frame), `status` reads it, `restore`
 * closes it if it is still the pane svc made, `cancel` stops it (or cleans up when the split won
 * the race). Each call waits up to 750 ms for the frames that do the work, as focus does.
 */
import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { tdPath } from "../live/live-input.js";

/** How long the client waits for the frames that make or close the split (spec 8: 750 ms). */
const WINDOW_MS = 750;
const POLL_MS = 50;
/** States a frame still has to move on from. */
const MOVING = new Set(["scheduled", "restoring"]);

interface Receipt {
  workspace_id: string;
  kind: string;
  path: string;
  state: string;
  pane: { id: number; name: string; type: string } | null;
  reason: string | null;
}

export const manageArtistWorkspace = defineTool({
  name: "manage_artist_workspace",
  title: "A temporary viewer beside the network editor",
  description:
    "open: split the artist's network editor with a TOP Viewer (a TOP) or Panel (a Panel COMP) on the right; status: read it; restore: close it again if the artist left it as svc made it; cancel: stop one not open yet, or close one that is. Not an undo step.",
  input: {
    action: z.enum(["open", "status", "restore", "cancel"]),
    kind: z.enum(["top_viewer", "panel"]).optional().describe("open: a TOP Viewer or a Panel"),
    path: tdPath("open: the TOP or Panel COMP to show").optional(),
    workspace_id: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,80}$/)
      .optional()
      .describe("status, restore, cancel: from open"),
  },
  output: {
    workspaceId: z.string(),
    state: z
      .string()
      .describe(
        "scheduled, active, restoring, restored, cancelled, kept (the artist changed the pane; it stays) or failed",
      ),
    kind: z.string(),
    path: z.string(),
    pane: z.object({ id: z.number(), name: z.string(), type: z.string() }).nullable(),
    reason: z.string().nullable(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ action, kind, path, workspace_id }, ctx) {
    const bridge = await ctx.services.bridge();
    let r: Receipt;
    if (action === "open") {
      if (kind === undefined || path === undefined) return failure("invalid-arguments", "open needs kind and path");
      if (workspace_id !== undefined)
        return failure("invalid-arguments", "workspace_id is for status, restore and cancel");
      r = await bridge.post<Receipt>("/api/editor/workspaces", { kind, path });
    } else {
      if (workspace_id === undefined)
        return failure("invalid-arguments", `${action} needs the workspace_id open returned`);
      if (kind !== undefined || path !== undefined) return failure("invalid-arguments", "kind and path are for open");
      const at = `/api/editor/workspaces/${encodeURIComponent(workspace_id)}`;
      r = action === "status" ? await bridge.get<Receipt>(at) : await bridge.post<Receipt>(`${at}/${action}`, {});
    }
    const until = ctx.services.clock.now() + WINDOW_MS;
    while (action !== "status" && MOVING.has(r.state) && ctx.services.clock.now() < until) {
      await new Promise((done) => setTimeout(done, POLL_MS));
      r = await bridge.get<Receipt>(`/api/editor/workspaces/${encodeURIComponent(r.workspace_id)}`);
    }
    const data = {
      workspaceId: r.workspace_id,
      state: r.state,
      kind: r.kind,
      path: r.path,
      pane: r.pane,
      reason: r.reason,
    };
    const still = MOVING.has(r.state) ? " (the next frames still may change it: read status)" : "";
    return success(
      data,
      `workspace ${r.workspace_id} (${r.kind} of ${r.path}): ${r.state}${r.reason ? `: ${r.reason}` : ""}${still}`,
    );
  },
});
