"""POST /api/editor/annotation-layout/context and /apply: geometry and fingerprint, a plan applied
with read-back, drift refused before any change, rollback (and a failing rollback reported)."""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase


class AnnotationLayoutTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1")
        self.make("/project1/net", "nullTOP", "out1")
        self.make("/project1/net", "annotateCOMP", "frame1")
        self.wire("/project1/net/noise1", "/project1/net/out1")
        self.ok("PATCH", "/api/nodes/%2Fproject1%2Fnet%2Fframe1/annotation",
                {"title": "sources", "bounds": {"x": -50, "y": -50, "width": 300, "height": 300}})
        self.td.op("/project1/net/out1").nodeX = 600

    def context(self):
        return self.ok("POST", "/api/editor/annotation-layout/context", {"parent": "/project1/net"})

    def test_context_reads_boxes_what_they_frame_and_the_wires(self):
        ctx = self.context()
        self.assertEqual(ctx["annotations"][0]["encloses"], ["/project1/net/noise1"])
        self.assertEqual([(e["source"], e["target"]) for e in ctx["edges"]], [("/project1/net/noise1", "/project1/net/out1")])
        self.assertNotIn("undo_label", ctx)

    def test_a_plan_is_applied_and_read_back(self):
        ctx = self.context()
        data = self.ok("POST", "/api/editor/annotation-layout/apply", {
            "parent": "/project1/net", "fingerprint": ctx["fingerprint"],
            "annotations": [{"path": "/project1/net/frame1", "x": -50, "y": -50, "width": 900, "height": 300}],
            "nodes": [{"path": "/project1/net/out1", "x": 500, "y": 0}]})
        self.assertEqual(data["undo_label"], "svc: apply annotation layout")
        self.assertEqual(data["annotations"][0]["encloses"], ["/project1/net/noise1", "/project1/net/out1"])
        self.assertEqual(data["fingerprint"], self.context()["fingerprint"])

    def test_drift_fails_before_any_change(self):
        ctx = self.context()
        self.td.op("/project1/net/noise1").nodeY = 40
        before = self.snapshot()
        self.fails("POST", "/api/editor/annotation-layout/apply", {
            "parent": "/project1/net", "fingerprint": ctx["fingerprint"],
            "nodes": [{"path": "/project1/net/out1", "x": 1, "y": 1}]}, code="stale_fingerprint", status=409)
        self.assertEqual(self.snapshot(), before)

    def test_a_failure_rolls_back_and_a_failing_rollback_is_reported(self):
        ctx = self.context()
        before = self.snapshot()
        plan = {"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                "annotations": [{"path": "/project1/net/frame1", "width": 700}],
                "nodes": [{"path": "/project1/net/out1", "x": 5, "y": 5}]}
        from svc_bridge.routes import annotation_layout
        real = annotation_layout._geometry
        calls = {"n": 0}

        def failing_after(parent):
            calls["n"] += 1
            if calls["n"] > 1:
                raise RuntimeError("reading the layout failed")
            return real(parent)
        with mock.patch.object(annotation_layout, "_geometry", failing_after):
            self.fails("POST", "/api/editor/annotation-layout/apply", plan, code="internal_error")
        self.assertEqual(self.snapshot(), before)
        from svc_bridge.routes import annotation
        calls["n"] = 0
        with mock.patch.object(annotation_layout, "_geometry", failing_after), \
                mock.patch.object(annotation, "_restore", side_effect=RuntimeError("cannot")):
            self.fails("POST", "/api/editor/annotation-layout/apply", plan, code="rollback_failed", status=500)

    def test_bad_plans_change_nothing(self):
        ctx = self.context()
        before = self.snapshot()
        for extra, code in (({}, "missing_field"),
                            ({"nodes": [{"path": "/project1/net/frame1", "x": 1, "y": 1}]}, "invalid_field"),
                            ({"annotations": [{"path": "/project1/net/noise1", "x": 1}]}, "invalid_field"),
                            ({"annotations": [{"path": "/project1/net/frame1", "width": 0}]}, "number_out_of_range"),
                            ({"nodes": [{"path": "/project1/net/out1", "x": 1}]}, "missing_field"),
                            ({"nodes": [{"path": "/project1/net/out1", "x": 1, "y": 1, "z": 0}]}, "invalid_field")):
            self.fails("POST", "/api/editor/annotation-layout/apply",
                       dict({"parent": "/project1/net", "fingerprint": ctx["fingerprint"]}, **extra), code=code)
        self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
