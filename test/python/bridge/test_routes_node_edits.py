"""The structured node and parameter edit routes (spec 4.2): metadata, menu, pulse, custom_params.

Each route: its contract, bad input that changes nothing, rollback of a request failing halfway,
and the exec gate closed (SimTestCase clears SVC_BRIDGE_ALLOW_EXEC for every test).
"""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase, enc


def meta(path):
    return "/api/nodes/%s/metadata" % enc(path)


def custom(path):
    return "/api/nodes/%s/custom_params" % enc(path)


class MetadataTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "baseCOMP", "box")
        self.make("/project1", "noiseTOP", "noise1")
        self.make("/project1", "levelTOP", "level1")
        self.wire("/project1/noise1", "/project1/level1")

    def test_every_field_at_once_is_read_back(self):
        data = self.ok("PATCH", meta("/project1/level1"), {
            "name": "grade", "node_x": 300, "node_y": -120, "color": [0.2, 0.4, 0.6], "comment": "the grade",
            "tags": ["look"], "flags": {"bypass": True}})
        self.assertEqual(data["path"], "/project1/grade")
        self.assertEqual(data["undo_label"], "svc: edit node metadata")
        node = self.td.op("/project1/grade")
        self.assertEqual((node.nodeX, node.nodeY, node.comment, node.bypass), (300, -120, "the grade", True))
        self.assertEqual(sorted(node.tags), ["look"])
        self.assertEqual(data["changed"]["name"], {"before": "level1", "after": "grade"})
        self.assertEqual(data["changed"]["flags"]["after"]["bypass"], True)
        self.assertEqual(data["state"]["color"], [0.2, 0.4, 0.6])
        # the wire stays with a rename
        self.assertEqual([w["source"] for w in self.ok("GET", "/api/nodes/%s" % enc("/project1/grade"))["inputs"]],
                         ["/project1/noise1"])

    def test_one_coordinate_keeps_the_other(self):
        self.ok("PATCH", meta("/project1/noise1"), {"node_x": 10, "node_y": 20})
        self.ok("PATCH", meta("/project1/noise1"), {"node_y": 55})
        node = self.td.op("/project1/noise1")
        self.assertEqual((node.nodeX, node.nodeY), (10, 55))

    def test_move_into_another_comp_drops_outside_wires_and_rolls_back_whole(self):
        self.ok("PATCH", meta("/project1/level1"), {"comment": "keep me", "node_x": 77})
        data = self.ok("PATCH", meta("/project1/level1"), {"parent_path": "/project1/box"})
        self.assertEqual(data["path"], "/project1/box/level1")
        self.assertIsNone(self.td.op("/project1/level1"))
        moved = self.td.op("/project1/box/level1")
        self.assertEqual((moved.comment, moved.nodeX), ("keep me", 77))
        self.assertEqual([(w["source"], w["target"]) for w in data["wires_dropped"]],
                         [("/project1/noise1", "/project1/level1")])

    def test_failing_move_after_other_fields_changes_nothing(self):
        self.make("/project1/box", "nullTOP", "level1")  # the move's target name is taken
        before = self.snapshot()
        reply = self.fails("PATCH", meta("/project1/level1"),
                           {"node_x": 999, "comment": "x", "flags": {"bypass": True}, "parent_path": "/project1/box"},
                           code="name_conflict", status=409)
        self.assertEqual(self.snapshot(), before, reply)

    def test_a_move_that_does_not_read_back_removes_the_copy_and_brings_the_original_back(self):
        before = self.snapshot()
        from svc_bridge.routes import metadata
        with mock.patch.object(metadata, "_read_back", side_effect=metadata.BridgeError("operation_failed", "drift")):
            self.fails("PATCH", meta("/project1/level1"), {"parent_path": "/project1/box"}, code="operation_failed")
        self.assertEqual(self.snapshot(), before)
        self.assertIsNone(self.td.op("/project1/box/level1"))

    def test_failing_rename_after_position_rolls_back(self):
        before = self.snapshot()
        self.fails("PATCH", meta("/project1/level1"), {"node_x": 999, "color": [1, 0, 0], "name": "noise1"},
                   code="name_conflict")
        self.assertEqual(self.snapshot(), before)

    def test_bad_input_changes_nothing(self):
        before = self.snapshot()
        for body, code in (({}, "missing_field"), ({"colour": [1, 0, 0]}, "invalid_field"),
                           ({"color": [2, 0, 0]}, "invalid_field"), ({"node_x": 1e12}, "number_out_of_range"),
                           ({"name": "9bad"}, "invalid_name"), ({"flags": {"frobnicate": True}}, "invalid_field"),
                           ({"parent_path": "box"}, "invalid_path"), ({"comment": 3}, "invalid_field")):
            self.fails("PATCH", meta("/project1/level1"), body, code=code)
        self.fails("PATCH", meta("/project1/noise1"), {"node_x": 5, "flags": {"bypass": "yes"}}, code="invalid_field")
        self.fails("PATCH", meta("/project1/box"), {"parent_path": "/project1/box"}, code="invalid_field")
        self.fails("PATCH", meta("/project1/nothere"), {"comment": "x"}, code="node_not_found", status=404)
        self.assertEqual(self.snapshot(), before)

    def test_protected_and_bridge_nodes(self):
        self.fails("PATCH", meta("/local"), {"name": "elsewhere"}, code="protected_node")
        self.fails("PATCH", meta("/project1"), {"parent_path": "/project1/box"}, code="invalid_field")


class MenuTest(SimTestCase):
    def test_names_labels_and_current_value(self):
        self.make("/project1", "noiseTOP", "n", type="harmonic")
        data = self.ok("GET", "/api/nodes/%s/params/type/menu" % enc("/project1/n"))
        self.assertIn("harmonic", data["names"])
        self.assertEqual(len(data["names"]), len(data["labels"]))
        self.assertEqual((data["value"], data["names"][data["index"]]), ("harmonic", "harmonic"))
        self.assertTrue(data["complete"])
        short = self.ok("GET", "/api/nodes/%s/params/type/menu?limit=2" % enc("/project1/n"))
        self.assertEqual((len(short["names"]), short["complete"], short["total"]), (2, False, data["total"]))

    def test_not_a_menu_and_bad_queries(self):
        self.make("/project1", "noiseTOP", "n")
        self.fails("GET", "/api/nodes/%s/params/seed/menu" % enc("/project1/n"), code="not_a_menu")
        self.fails("GET", "/api/nodes/%s/params/nope/menu" % enc("/project1/n"), code="unknown_param")
        self.fails("GET", "/api/nodes/%s/params/type/menu?limit=0" % enc("/project1/n"), code="invalid_query")


class PulseTest(SimTestCase):
    def test_reset_pulse_clears_a_feedback_loop(self):
        import tdsim
        from tdsim.families.top import feedback
        self.make("/project1", "constantTOP", "noise1", outputresolution="custom", resolutionw=8, resolutionh=8)
        self.make("/project1", "feedbackTOP", "fb", top="/project1/comp1")
        self.make("/project1", "compositeTOP", "comp1")
        self.wire("/project1/noise1", "/project1/fb")
        self.wire("/project1/fb", "/project1/comp1")
        self.wire("/project1/noise1", "/project1/comp1", target_input=1)
        fb = self.td.op("/project1/fb")
        for _ in range(3):
            self.ok("POST", "/api/cook/%s" % enc("/project1/comp1"))
            tdsim.step(1)
        self.assertTrue(feedback.has_history(fb))
        data = self.ok("POST", "/api/nodes/%s/params/resetpulse/pulse" % enc("/project1/fb"))
        self.assertEqual((data["pulsed"], data["style"]), (True, "Pulse"))
        self.assertFalse(feedback.has_history(fb))

    def test_momentary_custom_parameter_is_pressed_and_released(self):
        self.make("/project1", "baseCOMP", "b")
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "add_custom_par", "path": "/project1/b", "page": "Controls", "name": "Go", "style": "Momentary"}]})
        node = self.td.op("/project1/b")
        cooks = node.totalCooks
        self.ok("POST", "/api/nodes/%s/params/Go/pulse" % enc("/project1/b"))
        self.assertGreater(node.totalCooks, cooks)
        self.assertFalse(node.par.Go.eval())

    def test_not_a_pulse_and_unknown_fields_change_nothing(self):
        self.make("/project1", "noiseTOP", "n")
        before = self.snapshot()
        self.fails("POST", "/api/nodes/%s/params/seed/pulse" % enc("/project1/n"), code="not_a_pulse")
        self.fails("POST", "/api/nodes/%s/params/seed/pulse" % enc("/project1/n"), {"value": 1}, code="invalid_field")
        self.fails("POST", "/api/nodes/%s/params/nope/pulse" % enc("/project1/n"), code="unknown_param")
        self.assertEqual(self.snapshot(), before)


class CustomParamsTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "baseCOMP", "panel")
        self.ok("POST", custom("/project1/panel"), {"operations": [
            {"action": "add", "page": "Look", "name": "Gain", "style": "Float", "min": 0, "max": 4, "value": 2},
            {"action": "add", "page": "Look", "name": "Tint", "style": "RGB", "value": [1, 0.5, 0]},
            {"action": "add", "page": "Look", "name": "Mode", "style": "Menu", "menu_names": ["a", "b"], "value": "b"},
            {"action": "add", "page": "Time", "name": "Speed", "style": "Float", "value": 0.5},
        ]})
        self.ok("PATCH", "/api/nodes/%s/params/Speed/mode" % enc("/project1/panel"),
                {"mode": "expression", "expr": "absTime.seconds * 0.1"})

    def names(self, page):
        data = self.ok("GET", custom("/project1/panel"))
        return [p["name"] for pg in data["pages"] if pg["name"] == page for p in pg["pars"]]

    def test_read_is_bounded(self):
        data = self.ok("GET", custom("/project1/panel"))
        self.assertEqual((data["count"], data["total"], data["complete"]), (4, 4, True))
        self.assertEqual([p["name"] for p in data["pages"]], ["Look", "Time"])
        short = self.ok("GET", custom("/project1/panel") + "?limit=2")
        self.assertEqual((short["count"], short["complete"]), (2, False))
        self.fails("GET", custom("/project1/panel") + "?limit=0", code="invalid_query")
        self.make("/project1", "noiseTOP", "n")
        self.fails("GET", custom("/project1/n"), code="not_a_comp")

    def test_edit_sort_rename_delete(self):
        data = self.ok("POST", custom("/project1/panel"), {"operations": [
            {"action": "edit", "name": "Gain", "label": "Brightness", "max": 8},
            {"action": "sort", "page": "Look", "order": ["Mode", "Gain", "Tint"]},
            {"action": "rename", "name": "Mode", "new_name": "Blend"},
            {"action": "rename", "page": "Time", "new_name": "Motion"},
            {"action": "sort", "pages": ["Motion", "Look"]},
            {"action": "delete", "name": "Tint"},
        ]})
        self.assertEqual(data["undo_label"], "svc: change custom parameters")
        node = self.td.op("/project1/panel")
        self.assertEqual((node.par.Gain.label, node.par.Gain.max, node.par.Gain.eval()), ("Brightness", 8, 2))
        self.assertEqual(self.names("Look"), ["Blend", "Gain"])
        self.assertEqual(node.par.Blend.eval(), "b")
        self.assertEqual([p.name for p in node.customPages], ["Motion", "Look"])
        self.assertNotIn("Tintr", [p.name for p in node.customPars])
        self.ok("POST", custom("/project1/panel"), {"operations": [{"action": "delete", "page": "Motion"}]})
        self.assertEqual([p.name for p in node.customPages], ["Look"])

    def test_a_failing_operation_puts_everything_back_exactly(self):
        self.maxDiff = None
        before = self.snapshot()
        reply = self.fails("POST", custom("/project1/panel"), {"operations": [
            {"action": "delete", "name": "Tint"},
            {"action": "delete", "page": "Time"},
            {"action": "edit", "name": "Gain", "label": "G", "default": 1, "min": -1},
            {"action": "sort", "pages": ["Look"]},
            {"action": "sort", "page": "Look", "order": ["Mode", "Gain"]},
            {"action": "rename", "name": "Mode", "new_name": "Blend"},
            {"action": "rename", "page": "Look", "new_name": "Main"},
            {"action": "add", "page": "Extra", "name": "More", "style": "Int"},
            {"action": "rename", "name": "Gain", "new_name": "Blend"},  # taken: fails last
        ]}, code="name_conflict")
        self.assertEqual(reply.error["index"], 8)
        self.assertEqual(self.snapshot(), before)
        node = self.td.op("/project1/panel")
        self.assertEqual(node.par.Speed.expr, "absTime.seconds * 0.1")
        self.assertEqual([p.name for p in node.customPages], ["Look", "Time"])
        self.assertEqual(self.names("Look"), ["Gain", "Tint", "Mode"])

    def test_orders_and_an_empty_page_come_back_on_their_own(self):
        self.ok("POST", custom("/project1/panel"), {"operations": [{"action": "add_page", "page": "Empty"}]})
        node = self.td.op("/project1/panel")
        for ops in ([{"action": "sort", "page": "Look", "order": ["Mode", "Tint", "Gain"]}],
                    [{"action": "sort", "pages": ["Empty", "Time", "Look"]}],
                    [{"action": "delete", "page": "Empty"}],
                    [{"action": "delete", "page": "Look"}]):
            self.fails("POST", custom("/project1/panel"),
                       {"operations": ops + [{"action": "add", "page": "Time", "name": "Speed", "style": "Float"}]},
                       code="name_conflict")
            self.assertEqual([p.name for p in node.customPages], ["Look", "Time", "Empty"], ops)
            self.assertEqual(self.names("Look"), ["Gain", "Tint", "Mode"], ops)

    def test_bad_input_changes_nothing(self):
        before = self.snapshot()
        for body, code in (({}, "missing_field"), ({"operations": []}, "invalid_field"),
                           ({"operations": [{"action": "explode"}]}, "invalid_field"),
                           ({"operations": [{"action": "add", "page": "P", "name": "gain", "style": "Float"}]}, None),
                           ({"operations": [{"action": "add", "page": "P", "name": "X", "style": "Nope"}]}, "invalid_field"),
                           ({"operations": [{"action": "edit", "name": "Gain"}]}, "missing_field"),
                           ({"operations": [{"action": "delete", "name": "Gain", "page": "Look"}]}, "invalid_field"),
                           ({"operations": [{"action": "rename", "name": "Gain", "new_name": "bad name"}]}, "invalid_name"),
                           ({"operations": [{"action": "sort", "page": "Look", "order": ["Gain", "Gain"]}]}, "invalid_field"),
                           ({"operations": [{"action": "delete", "name": "Nope"}]}, "unknown_param"),
                           ({"operations": [{"action": "sort", "page": "Look", "order": ["Gain"]}]}, "invalid_field"),
                           ({"operations": [{"action": "rename", "name": "Tint", "new_name": "Color"}]}, "invalid_field"),
                           ({"operations": [{"action": "add", "page": "Look", "name": "Gain", "style": "Int"}]}, "name_conflict"),
                           ({"operations": [{"action": "add", "page": "P", "name": "A", "style": "Float"}], "x": 1}, "invalid_field")):
            reply = self.fails("POST", custom("/project1/panel"), body)
            if code is not None:
                self.assertEqual(reply.code, code, (body, reply))
        self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
