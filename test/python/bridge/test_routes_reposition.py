"""POST /api/editor/reposition/context and /api/editor/reposition: exact coordinates, fingerprints,
dock-host precedence, read-back and rollback, idempotent replay, exec closed."""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase


class RepositionTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "baseCOMP", "net")
        for name, kind in (("glsl1", "glslTOP"), ("pixel", "textDAT"), ("out1", "nullTOP")):
            self.make("/project1/net", kind, name)
        self.td.op("/project1/net/pixel").dock = self.td.op("/project1/net/glsl1")
        self.td.op("/project1/net/pixel").nodeX = 0
        self.td.op("/project1/net/pixel").nodeY = -150

    def context(self):
        return self.ok("POST", "/api/editor/reposition/context", {"parent": "/project1/net"})

    def test_context_reads_places_and_docking_without_an_undo_step(self):
        ctx = self.context()
        self.assertNotIn("undo_label", ctx)
        glsl = next(n for n in ctx["nodes"] if n["path"].endswith("glsl1"))
        self.assertEqual(glsl["docked"], ["/project1/net/pixel"])
        self.assertEqual(len(ctx["fingerprint"]), 32)
        self.assertEqual(self.context()["fingerprint"], ctx["fingerprint"])

    def test_exact_coordinates_with_the_dock_host_first(self):
        ctx = self.context()
        data = self.ok("POST", "/api/editor/reposition", {"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                                                          "positions": [{"path": "/project1/net/glsl1", "x": 400, "y": 100},
                                                                        {"path": "/project1/net/pixel", "x": 9, "y": 9},
                                                                        {"path": "/project1/net/out1", "x": 700.4, "y": 100}]})
        self.assertEqual(data["undo_label"], "svc: reposition nodes")
        self.assertEqual(data["dock_overridden"], ["/project1/net/pixel"])
        pixel = self.td.op("/project1/net/pixel")
        self.assertEqual((pixel.nodeX, pixel.nodeY), (400, -50))  # moved with its host, not to (9, 9)
        self.assertEqual((self.td.op("/project1/net/out1").nodeX), 700)
        self.assertEqual(data["fingerprint"], self.context()["fingerprint"])

    def test_a_stale_fingerprint_fails_before_any_change(self):
        ctx = self.context()
        self.td.op("/project1/net/out1").nodeX = 55  # the artist drags a node
        before = self.snapshot()
        reply = self.fails("POST", "/api/editor/reposition", {"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                                                              "positions": [{"path": "/project1/net/glsl1", "x": 1, "y": 1}]},
                           code="stale_fingerprint", status=409)
        self.assertEqual(reply.error["fingerprint"], self.context()["fingerprint"])
        self.assertEqual(self.snapshot(), before)

    def test_a_position_that_does_not_read_back_rolls_everything_back(self):
        ctx = self.context()
        before = self.snapshot()
        cls = type(self.td.op("/project1/net/out1"))
        real = cls.nodeY

        def clamp(node, value):
            real.fset(node, min(value, 1000))
        with mock.patch.object(cls, "nodeY", property(real.fget, clamp)):
            self.fails("POST", "/api/editor/reposition", {"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                                                          "positions": [{"path": "/project1/net/glsl1", "x": 10, "y": 10},
                                                                        {"path": "/project1/net/out1", "x": 10, "y": 5000}]},
                       code="operation_failed")
        self.assertEqual(self.snapshot(), before)

    def test_replay_with_the_same_key_returns_the_first_receipt(self):
        ctx = self.context()
        body = {"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                "positions": [{"path": "/project1/net/out1", "x": 300, "y": 0}]}
        first = self.ok("POST", "/api/editor/reposition", body, headers={"Idempotency-Key": "arrange-1"})
        again = self.ok("POST", "/api/editor/reposition", body, headers={"Idempotency-Key": "arrange-1"})
        self.assertTrue(again["replayed"])
        self.assertEqual(again["moved"], first["moved"])

    def test_bad_input_changes_nothing(self):
        ctx = self.context()
        before = self.snapshot()
        for body, code in (({"parent": "/project1/net", "positions": []}, "missing_field"),
                           ({"parent": "/project1/net", "fingerprint": ctx["fingerprint"], "positions": []}, "invalid_field"),
                           ({"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                             "positions": [{"path": "/project1/net/out1", "x": 1e9, "y": 0}]}, "number_out_of_range"),
                           ({"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                             "positions": [{"path": "/project1/other", "x": 1, "y": 0}]}, "invalid_field"),
                           ({"parent": "/project1/net", "fingerprint": ctx["fingerprint"],
                             "positions": [{"path": "/project1/net/out1", "x": 1, "y": 0, "z": 2}]}, "invalid_field"),
                           ({"parent": "/project1/net/out1", "fingerprint": "x",
                             "positions": [{"path": "/project1/net/out1", "x": 1, "y": 0}]}, "not_a_comp")):
            self.fails("POST", "/api/editor/reposition", body, code=code)
        self.fails("POST", "/api/editor/reposition/context", {"parent": "/project1/net", "depth": 2}, code="invalid_field")
        self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
