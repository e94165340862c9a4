"""POST /api/editor/workspaces, its status, restore and cancel: a right-hand TOP Viewer or Panel split
made on the next frame in tdsim's panes, closed on a later frame and checked gone on the one after;
an artist's change to the pane keeps it; a cancel racing the split cleans up the same way; bad input
changes nothing; exec closed; no undo step."""

import os
import unittest

from test.python.bridge.support import SimTestCase


class WorkspacesTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        from svc_bridge import ticker
        from svc_bridge.routes import workspaces
        ticker.reset()
        workspaces.reset()
        self.addCleanup(ticker.reset)
        self.addCleanup(workspaces.reset)
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1")
        self.make("/project1/net", "containerCOMP", "controls")

    def step(self):
        import tdsim
        tdsim.step(2)  # run(delayFrames=1) is due on the frame after this one

    def layout(self):
        return [(p.id, str(p.type), p.owner.path) for p in self.td.ui.panes]

    def status(self, ws):
        return self.ok("GET", "/api/editor/workspaces/%s" % ws["workspace_id"])

    def test_a_top_viewer_opens_on_the_next_frame_and_a_restore_closes_it_verified(self):
        before = self.layout()
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.assertEqual(ws["state"], "scheduled")
        self.assertNotIn("undo_label", ws)
        self.assertEqual(self.layout(), before)
        self.step()
        active = self.status(ws)
        self.assertEqual(active["state"], "active")
        self.assertEqual(active["pane"]["type"], "TOPVIEWER")
        self.assertEqual(self.layout(), before + [(active["pane"]["id"], "PaneType.TOPVIEWER", "/project1/net/noise1")])
        self.assertEqual(self.td.ui.panes[0].ratio, 0.5)  # the editor keeps the left half
        self.assertEqual(self.ok("POST", "/api/editor/workspaces/%s/restore" % ws["workspace_id"])["state"], "restoring")
        self.step()  # closed on this frame ...
        self.assertEqual(self.layout(), before)
        self.assertEqual(self.status(ws)["state"], "restoring")
        self.step()  # ... and found gone on a later one
        self.assertEqual(self.status(ws)["state"], "restored")
        self.assertEqual(self.layout(), before)

    def test_a_restore_after_what_the_pane_shows_was_deleted_closes_it(self):
        before = [(p.id, str(p.type)) for p in self.td.ui.panes]
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.step()
        self.assertEqual(self.status(ws)["state"], "active")
        self.td.ui.panes[0].owner = self.td.op("/project1/net")  # the artist looks inside net ...
        self.td.op("/project1/net").destroy()  # ... and deletes it, with the TOP the workspace shows
        self.assertEqual(self.ok("GET", "/api/editor/context")["editor_problem"]["code"], "editor_network_deleted")
        self.ok("POST", "/api/editor/workspaces/%s/restore" % ws["workspace_id"])
        self.step()
        self.step()
        done = self.status(ws)
        self.assertEqual(done["state"], "restored", done["reason"])
        self.assertEqual([(p.id, str(p.type)) for p in self.td.ui.panes], before)

    def test_an_artist_who_changed_the_pane_keeps_it(self):
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "panel", "path": "/project1/net/controls"})
        self.step()
        pane = self.td.ui.panes[self.status(ws)["pane"]["name"]]
        self.assertEqual(str(pane.type), "PaneType.PANEL")
        pane.owner = self.td.op("/project1/net")  # the artist points it elsewhere
        self.ok("POST", "/api/editor/workspaces/%s/restore" % ws["workspace_id"])
        self.step()
        kept = self.status(ws)
        self.assertEqual(kept["state"], "kept")
        self.assertTrue(pane.open)
        self.assertEqual(len(self.td.ui.panes), 2)

    def test_a_cancel_before_the_split_makes_nothing_and_after_it_cleans_up(self):
        before = self.layout()
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.assertTrue(self.ok("POST", "/api/editor/workspaces/%s/cancel" % ws["workspace_id"])["cancelled"])
        self.step()
        self.assertEqual((self.status(ws)["state"], self.layout()), ("cancelled", before))
        raced = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.step()  # the split won the race
        self.assertEqual(len(self.td.ui.panes), 2)
        self.assertEqual(self.ok("POST", "/api/editor/workspaces/%s/cancel" % raced["workspace_id"])["state"], "restoring")
        self.step()
        self.step()
        self.assertEqual((self.status(raced)["state"], self.layout()), ("cancelled", before))
        late = self.ok("POST", "/api/editor/workspaces/%s/cancel" % raced["workspace_id"])
        self.assertFalse(late["cancelled"])

    def test_a_pane_the_artist_closed_first_ends_restored(self):
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.step()
        self.td.ui.panes[self.status(ws)["pane"]["name"]].close()
        self.ok("POST", "/api/editor/workspaces/%s/restore" % ws["workspace_id"])
        self.step()
        self.assertEqual(self.status(ws)["state"], "restored")

    def test_bad_input_changes_nothing(self):
        before = self.layout()
        self.fails("POST", "/api/editor/workspaces", {}, code="missing_field")
        self.fails("POST", "/api/editor/workspaces", {"kind": "chop_viewer", "path": "/project1/net/noise1"}, code="invalid_field")
        self.fails("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/controls"}, code="invalid_field")
        self.fails("POST", "/api/editor/workspaces", {"kind": "panel", "path": "/project1/net/noise1"}, code="invalid_field")
        self.fails("POST", "/api/editor/workspaces", {"kind": "panel", "path": "/project1/nothing"}, code="node_not_found")
        self.fails("POST", "/api/editor/workspaces", {"kind": "panel", "path": "/project1/net/controls", "side": "left"},
                   code="invalid_field")
        self.fails("GET", "/api/editor/workspaces/ws-999", code="workspace_not_found", status=404)
        ws = self.ok("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"})
        self.fails("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"},
                   code="workspace_busy", status=409)
        self.fails("POST", "/api/editor/workspaces/%s/restore" % ws["workspace_id"], code="workspace_state", status=409)
        self.assertEqual(self.layout(), before)
        self.step()
        self.assertEqual(len(self.td.ui.panes), 2)  # only the one accepted workspace
        # An unknown field is refused, not ignored: a misspelt restore or cancel must not close the pane.
        for action in ("restore", "cancel"):
            self.fails("POST", "/api/editor/workspaces/%s/%s" % (ws["workspace_id"], action), {"force": True},
                       code="invalid_field")
        self.step()
        self.assertEqual(len(self.td.ui.panes), 2)
        self.assertEqual(self.ok("GET", "/api/editor/workspaces/%s" % ws["workspace_id"])["state"], "active")

    def test_no_network_editor_is_refused_before_anything(self):
        import td
        self.td.ui.panes[0].changeType(td.PaneType.PARAMETERS)
        self.fails("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": "/project1/net/noise1"},
                   code="no_editor", status=409)
        self.assertEqual(len(self.td.ui.panes), 1)


if __name__ == "__main__":
    unittest.main()
