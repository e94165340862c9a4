"""PATCH/GET /api/nodes/{path}/annotation: per-field read-back, receipts without the text, snapshot
rollback (a failing rollback reported as such), bad input changes nothing, exec closed."""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase, enc


def url(path):
    return "/api/nodes/%s/annotation" % enc(path)


class AnnotationTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "annotateCOMP", "note1")
        self.make("/project1", "noiseTOP", "noise1")

    def test_fields_are_written_read_back_and_the_text_never_echoed(self):
        data = self.ok("PATCH", url("/project1/note1"), {
            "title": "Feedback section", "body": "keep the loop under 0.98", "color": [0.1, 0.2, 0.3, 0.5],
            "bounds": {"x": -200, "y": 100, "width": 600, "height": 300}})
        self.assertEqual(data["undo_label"], "svc: edit annotation")
        self.assertEqual(data["fields"]["title"]["after"]["length"], len("Feedback section"))
        self.assertTrue(data["fields"]["body"]["changed"])
        self.assertNotIn("keep the loop", str(data))
        self.assertEqual(data["fields"]["bounds"]["after"], {"x": -200, "y": 100, "width": 600, "height": 300})
        node = self.td.op("/project1/note1")
        self.assertEqual((node.par.Titletext.eval(), node.par.Backcoloralpha.eval()), ("Feedback section", 0.5))
        self.assertEqual((node.nodeWidth, node.nodeHeight), (600, 300))
        read = self.ok("GET", url("/project1/note1"))
        self.assertEqual((read["body"], read["color"]), ("keep the loop under 0.98", [0.1, 0.2, 0.3, 0.5]))

    def test_a_write_failing_halfway_puts_the_snapshot_back(self):
        self.ok("PATCH", url("/project1/note1"), {"title": "before", "bounds": {"width": 400}})
        before = self.snapshot()
        cls = type(self.td.op("/project1/note1"))
        real = cls.nodeHeight

        def refuse(node, value):
            raise RuntimeError("the environment refused the height")
        # The last write fails, after title, body, colour, x and width were written.
        with mock.patch.object(cls, "nodeHeight", property(real.fget, refuse)):
            self.fails("PATCH", url("/project1/note1"), {"title": "after", "body": "b", "color": [1, 1, 1, 1],
                                                           "bounds": {"x": 5, "width": 900, "height": 50}},
                       code="internal_error")
        self.assertEqual(self.snapshot(), before)

    def test_a_read_back_that_differs_fails_and_rolls_back(self):
        before = self.snapshot()
        from svc_bridge.routes import annotation
        real = annotation.read_state

        def drifting(node):
            state = real(node)
            state["title"] = state["title"] + "?"
            return state
        with mock.patch.object(annotation, "read_state", drifting):
            reply = self.fails("PATCH", url("/project1/note1"), {"title": "x", "bounds": {"y": 7}}, code="operation_failed")
        self.assertEqual(reply.error["fields"], ["title"])
        self.assertEqual(self.snapshot(), before)

    def test_a_failing_rollback_is_reported(self):
        from svc_bridge.routes import annotation
        with mock.patch.object(annotation, "_read_back", side_effect=RuntimeError("boom")), \
                mock.patch.object(annotation, "_restore", side_effect=RuntimeError("cannot")):
            reply = self.fails("PATCH", url("/project1/note1"), {"title": "x"}, code="rollback_failed", status=500)
        self.assertIn("cannot", str(reply.error["rollback_errors"]))

    def test_bad_input_changes_nothing(self):
        before = self.snapshot()
        for path, body, code in (("/project1/note1", {}, "missing_field"),
                                 ("/project1/note1", {"text": "x"}, "invalid_field"),
                                 ("/project1/note1", {"color": [1, 1, 1]}, "invalid_field"),
                                 ("/project1/note1", {"bounds": {"width": 0}}, "number_out_of_range"),
                                 ("/project1/note1", {"bounds": {"w": 10}}, "invalid_field"),
                                 ("/project1/note1", {"title": 3}, "invalid_field"),
                                 ("/project1/noise1", {"title": "x"}, "not_an_annotation"),
                                 ("/project1/nothere", {"title": "x"}, "node_not_found")):
            self.fails("PATCH", url(path), body, code=code)
        self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
