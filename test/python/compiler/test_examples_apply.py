"""The compiler's bridge requests for every example, sent through the real bridge running on tdsim.

The requests are the snapshot files the TypeScript suite keeps (test/compiler/__snapshots__/examples/
*.batch.json, rewritten by `vitest -u` when the compiler's output changes on purpose). Each example
must apply without a failed batch, and the network built must be the one the requests describe.
"""

import glob
import json
import os
import unittest

from test.python.bridge.support import ROOT, SimTestCase, enc
from test.python.sim.test_png import decode as decode_png

SNAPSHOTS = os.path.join(ROOT, "test", "compiler", "__snapshots__", "examples")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class ExamplesApplyTest(SimTestCase):
    def apply(self, name):
        requests = load(os.path.join(SNAPSHOTS, name + ".batch.json"))
        for body in requests:
            self.ok("POST", "/api/batch", body)
        return [op for body in requests for op in body["operations"]]

    def check_built(self, operations):
        """Every node exists with its type and tags, constants hold, wires and flags are in place."""
        td = self.td
        for op in operations:
            action = op["action"]
            if action == "create":
                node = td.op(op["parent_path"] + "/" + op["name"])
                self.assertIsNotNone(node, op)
                self.assertEqual(node.OPType, op["type"])
                self.assertIn("svc", node.tags)
            elif action == "update":
                node = td.op(op["path"])
                for name, value in op["parameters"].items():
                    actual = getattr(node.par, name).eval()
                    if isinstance(value, float):
                        self.assertAlmostEqual(actual, value, places=5, msg="%s.%s" % (op["path"], name))
                    elif isinstance(value, str) and getattr(node.par, name).isOP:
                        # An operator reference reads back as the operator it names.
                        self.assertIsNotNone(actual, "%s.%s -> %s" % (op["path"], name, value))
                    else:
                        self.assertEqual(actual, value, "%s.%s" % (op["path"], name))
            elif action == "connect":
                target = td.op(op["target_path"])
                connector = target.inputConnectors[op["target_input"]]
                self.assertTrue(any(c.owner.path == op["source_path"] for c in connector.connections), op)
            elif action == "set_flags":
                node = td.op(op["path"])
                for flag, value in op["flags"].items():
                    self.assertEqual(getattr(node, flag), value, "%s %s" % (op["path"], flag))
            elif action == "set_text":
                self.assertEqual(td.op(op["path"]).text, op["text"])
            elif action == "store":
                self.assertEqual(td.op(op["path"]).storage[op["key"]], op["value"])

    def test_every_example_applies_and_builds_what_it_says(self):
        names = sorted(os.path.basename(p)[: -len(".batch.json")] for p in glob.glob(os.path.join(SNAPSHOTS, "*.batch.json")))
        self.assertGreaterEqual(len(names), 10)
        for name in names:
            with self.subTest(example=name):
                self.setUp()
                self.check_built(self.apply(name))

    def test_the_feedback_tunnel_cooks_without_errors(self):
        self.apply("feedback-tunnel")
        analysis = self.ok("GET", "/api/projects/%s/analysis" % enc("/project1/tunnel"))
        self.assertEqual(analysis["error_count"], 0, analysis)
        self.assertEqual(analysis["owned_count"], analysis["unowned_count"] + analysis["owned_count"])
        level = self.td.op("/project1/tunnel/level1")
        # The bind follows the network's control.
        self.assertAlmostEqual(level.par.brightness1.eval(), 0.9, places=5)
        self.td.op("/project1/tunnel").par.Gain = 0.5
        self.assertAlmostEqual(level.par.brightness1.eval(), 0.5, places=5)

    def test_the_feedback_tunnel_stays_a_picture_after_60_frames(self):
        """The loop keeps the brighter of seed and last frame, so 60 frames later the picture is
        still dark spots and trails, not saturated white (added, it settled near white)."""
        import tdsim
        self.apply("feedback-tunnel")
        noise = self.td.op("/project1/tunnel/noise1")
        # A small seed keeps the 60 renders cheap; the loop's arithmetic is the same at any size.
        noise.par.resolutionw, noise.par.resolutionh = 160, 90
        out = self.td.op("/project1/tunnel/out1")
        first = grey(out)
        for _ in range(59):
            out.cook(force=True)
            tdsim.step(1)
        last = grey(out)
        mean = sum(last) / len(last)
        self.assertLess(mean, 0.5 * 255, "the tunnel saturates")
        self.assertGreater(mean, 0.02 * 255, "the tunnel is black")
        self.assertGreater(len(set(last)), 32)                # a picture, not a flat colour
        self.assertGreater(mean, sum(first) / len(first))    # trails build up over the frames


def grey(top):
    """The red channel of a TOP's image (the tunnel is monochrome), as byte values."""
    png = bytes(top.saveByteArray(".png"))
    return list(decode_png(png)[2][0::4])


if __name__ == "__main__":
    unittest.main()
