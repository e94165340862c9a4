"""GET /api/nodes/{path}/info_chop against tdsim: the same channels, with the same values, as an Info
CHOP pointed at the operator shows; nothing made, nothing cooked."""

import unittest

from test.python.bridge.support import SimTestCase, enc

OPERATOR = ["total_cooks", "cook_time", "cook_frame", "cook_abs_frame", "cooked_this_frame", "warnings", "errors"]


class InfoChopTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "lfoCHOP", "lfo1")
        self.make("/project1", "levelTOP", "level1")

    def shown_by_info_chop(self, path):
        self.make("/project1", "infoCHOP", "info1", op=path)
        info = self.td.op("/project1/info1")
        values = {c.name: float(c[0]) for c in info.chans()}
        info.destroy()
        return values

    def test_a_chop_has_its_interval_and_the_common_channels_with_the_info_chops_values(self):
        shown = self.shown_by_info_chop("/project1/lfo1")
        before = self.snapshot()
        data = self.ok("GET", "/api/nodes/%s/info_chop" % enc("/project1/lfo1"))
        self.assertEqual(self.snapshot(), before)
        channels = data["channels"]
        for name in ["start", "length", "sample_rate", "num_channels", "time_slice"] + OPERATOR:
            self.assertIn(name, channels)
        self.assertEqual(channels["num_channels"], 1.0)
        self.assertGreaterEqual(len(shown), 12)
        self.assertEqual({k: channels[k] for k in shown}, shown)

    def test_a_top_has_the_common_channels_and_counts_its_errors(self):
        self.td.op("/project1/level1").cook(force=True)
        shown = self.shown_by_info_chop("/project1/level1")
        data = self.ok("GET", "/api/nodes/%s/info_chop" % enc("/project1/level1"))["channels"]
        self.assertNotIn("length", data)
        self.assertEqual(data["errors"], 1.0)          # "Not enough sources specified."
        self.assertEqual({k: data[k] for k in shown}, shown)

    def test_a_missing_operator_is_refused(self):
        self.fails("GET", "/api/nodes/%s/info_chop" % enc("/project1/nothing"), code="node_not_found")


if __name__ == "__main__":
    unittest.main()
