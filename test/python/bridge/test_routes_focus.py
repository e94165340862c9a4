"""POST /api/editor/focus, its poll and cancel: a follow job run on the next frame in tdsim's network
editor; superseded and cancelled jobs; bounded receipts; no undo step; exec closed."""

import os
import unittest

from test.python.bridge.support import SimTestCase


class FocusTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        from svc_bridge import ticker
        from svc_bridge.routes import focus
        ticker.reset()
        focus.reset()
        self.addCleanup(ticker.reset)
        self.addCleanup(focus.reset)
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1")
        self.make("/project1/net", "nullTOP", "out1")
        self.td.op("/project1/net/out1").selected = True
        self.td.op("/project1/net/noise1").nodeX = 300

    def step(self):
        import tdsim
        tdsim.step(2)  # run(delayFrames=1) is due on the frame after this one

    def test_the_job_runs_on_the_next_frame_and_is_polled(self):
        job = self.ok("POST", "/api/editor/focus", {"path": "/project1/net/noise1"})
        self.assertEqual(job["state"], "scheduled")
        self.assertNotIn("undo_label", job)
        self.assertEqual(self.ok("GET", "/api/editor/context")["active_editor"]["network"], "/project1")
        self.step()
        done = self.ok("GET", "/api/editor/focus/%s" % job["operation_id"])
        self.assertEqual(done["state"], "done")
        ctx = self.ok("GET", "/api/editor/context")
        self.assertEqual(ctx["active_editor"]["network"], "/project1/net")
        self.assertEqual(ctx["selection"], ["/project1/net/noise1"])
        self.assertEqual(ctx["current"], "/project1/net/noise1")
        self.assertEqual(ctx["active_editor"]["viewport"]["x"], 300 + self.td.op("/project1/net/noise1").nodeWidth / 2.0)

    def test_a_newer_focus_supersedes_and_a_cancel_stops_a_scheduled_one(self):
        first = self.ok("POST", "/api/editor/focus", {"path": "/project1/net/noise1"})
        second = self.ok("POST", "/api/editor/focus", {"path": "/project1/net/out1", "frame": False})
        cancelled = self.ok("POST", "/api/editor/focus/%s/cancel" % second["operation_id"])
        self.assertTrue(cancelled["cancelled"])
        self.step()
        self.assertEqual(self.ok("GET", "/api/editor/focus/%s" % first["operation_id"])["state"], "superseded")
        self.assertEqual(self.ok("GET", "/api/editor/focus/%s" % second["operation_id"])["state"], "cancelled")
        self.assertEqual(self.ok("GET", "/api/editor/context")["selection"], [])  # /project1: nothing selected there
        late = self.ok("POST", "/api/editor/focus/%s/cancel" % second["operation_id"])
        self.assertFalse(late["cancelled"])

    def test_an_operator_gone_before_the_frame_fails_the_job(self):
        job = self.ok("POST", "/api/editor/focus", {"path": "/project1/net/noise1"})
        self.td.op("/project1/net/noise1").destroy()
        self.step()
        polled = self.ok("GET", "/api/editor/focus/%s" % job["operation_id"])
        self.assertEqual(polled["state"], "failed")
        self.assertIn("no longer exists", polled["reason"])

    def test_bad_input_and_unknown_jobs(self):
        self.fails("POST", "/api/editor/focus", {}, code="missing_field")
        self.fails("POST", "/api/editor/focus", {"path": "/project1/nothing"}, code="node_not_found")
        self.fails("POST", "/api/editor/focus", {"path": "/project1/net/noise1", "zoom": 2}, code="invalid_field")
        self.fails("POST", "/api/editor/focus", {"path": "/"}, code="invalid_field")
        self.fails("GET", "/api/editor/focus/focus-999", code="operation_not_found", status=404)
        from svc_bridge.routes import focus
        for _ in range(40):
            self.ok("POST", "/api/editor/focus", {"path": "/project1/net/noise1"})
        self.assertEqual(len(focus._jobs), focus.MAX_JOBS)


if __name__ == "__main__":
    unittest.main()
