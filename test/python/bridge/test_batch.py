"""POST /api/batch: every action, validation before change, and rollback to the exact prior state."""

import unittest

from test.python.bridge.support import SimTestCase


class BatchFixture(SimTestCase):
    """A network with something of every kind a batch can touch."""

    def setUp(self):
        super().setUp()
        td = self.td
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1", period=2)
        self.make("/project1/net", "noiseTOP", "noise2")
        self.make("/project1/net", "compositeTOP", "comp1")
        self.make("/project1/net", "levelTOP", "level1")
        self.make("/project1/net", "nullTOP", "out1")
        self.make("/project1/net", "textDAT", "notes")
        self.make("/project1/net", "baseCOMP", "sub")
        self.make("/project1/net/sub", "constantCHOP", "k")
        self.make("/project1/net/sub", "nullCHOP", "knull")
        self.wire("/project1/net/sub/k", "/project1/net/sub/knull")
        self.wire("/project1/net/noise1", "/project1/net/comp1", 0, 0)
        self.wire("/project1/net/noise2", "/project1/net/comp1", 0, 1)
        self.wire("/project1/net/comp1", "/project1/net/level1")
        self.wire("/project1/net/level1", "/project1/net/out1")
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "add_custom_par", "path": "/project1/net", "page": "Controls", "name": "Gain", "style": "Float",
             "default": 0.5, "min": 0, "max": 2},
            {"action": "add_custom_par", "path": "/project1/net/sub", "page": "Look", "name": "Tint", "style": "RGB",
             "value": [1, 0.5, 0.25]},
            {"action": "set_mode", "path": "/project1/net/level1", "param": "brightness1", "mode": "bind",
             "expr": "op('/project1/net').par.Gain"},
            {"action": "set_mode", "path": "/project1/net/noise1", "param": "amp", "mode": "expression",
             "expr": "absTime.frame * 0 + 0.75"},
            {"action": "set_text", "path": "/project1/net/notes", "text": "line one\nline two"},
            {"action": "set_flags", "path": "/project1/net/out1", "flags": {"display": True}},
            {"action": "set_meta", "path": "/project1/net/noise1", "comment": "seed", "color": [1, 0, 0],
             "tags": ["svc", "seed"]},
            {"action": "set_position", "path": "/project1/net/level1", "node_x": 400, "node_y": -100},
            {"action": "store", "path": "/project1/net", "key": "svc_state", "value": {"applied": 1}},
            {"action": "store", "path": "/project1/net/sub/k", "key": "note", "value": "kept"},
        ]})
        td.op("/project1/net/sub/k").par.const0value = 3


class ActionsTest(BatchFixture):
    def test_every_action_reports_its_result(self):
        ops = [
            {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "blur1",
             "parameters": {"size": 4}},
            {"action": "connect", "source_path": "/project1/net/level1", "target_path": "/project1/net/blur1"},
            {"action": "update", "path": "/project1/net/noise2", "parameters": {"period": 5}},
            {"action": "disconnect", "to_path": "/project1/net/out1"},
            {"action": "set_mode", "path": "/project1/net/noise2", "param": "amp", "mode": "expression", "expr": "2"},
            {"action": "set_text", "path": "/project1/net/notes", "text": "new"},
            {"action": "set_flags", "path": "/project1/net/blur1", "flags": {"bypass": True}},
            {"action": "set_meta", "path": "/project1/net/blur1", "tags": ["svc"]},
            {"action": "add_custom_page", "path": "/project1/net", "page": "More"},
            {"action": "add_custom_par", "path": "/project1/net", "page": "More", "name": "Mode", "style": "Menu",
             "menu_names": ["a", "b"], "menu_labels": ["A", "B"]},
            {"action": "set_position", "path": "/project1/net/blur1", "node_x": 800, "node_y": 0},
            {"action": "store", "path": "/project1/net", "key": "svc_state", "value": None},
            {"action": "delete", "path": "/project1/net/noise2", "mode": "bypass"},
            {"action": "delete", "path": "/project1/net/sub", "confirmation_policy": "yolo"},
        ]
        data = self.ok("POST", "/api/batch", {"operations": ops})
        self.assertEqual(data["count"], len(ops))
        self.assertEqual([r["index"] for r in data["results"]], list(range(len(ops))))
        self.assertEqual([r["action"] for r in data["results"]], [o["action"] for o in ops])
        self.assertEqual(data["undo_label"], "svc: batch")
        td = self.td
        blur = td.op("/project1/net/blur1")
        self.assertEqual((blur.par.size.eval(), blur.bypass, blur.nodeX), (4, True, 800))
        self.assertEqual(blur.inputs[0].path, "/project1/net/level1")
        self.assertEqual(td.op("/project1/net/out1").inputs, [])
        self.assertEqual(td.op("/project1/net/noise2").par.amp.eval(), 2)
        self.assertTrue(td.op("/project1/net/noise2").bypass)
        self.assertIsNone(td.op("/project1/net/sub"))
        self.assertEqual(td.op("/project1/net").par.Mode.menuNames, ["a", "b"])
        self.assertNotIn("svc_state", td.op("/project1/net").storage)
        self.assertEqual(td.op("/project1/net/notes").text, "new")

    def test_batch_level_yolo(self):
        self.ok("POST", "/api/batch", {"confirmation_policy": "yolo", "operations": [
            {"action": "delete", "path": "/project1/net/noise2"}]})
        self.assertIsNone(self.td.op("/project1/net/noise2"))

    def test_replace_by_delete_then_create_same_name(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "delete", "path": "/project1/net/level1", "confirmation_policy": "yolo"},
            {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "level1"},
            {"action": "connect", "source_path": "/project1/net/comp1", "target_path": "/project1/net/level1"},
        ]})
        self.assertEqual(self.td.op("/project1/net/level1").OPType, "blurTOP")


class RollbackTest(BatchFixture):
    EVERYTHING = [
        {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "blur1",
         "parameters": {"size": 4}, "tags": ["svc"]},
        {"action": "create", "parent_path": "/project1/net/sub", "type": "mathCHOP", "name": "m"},
        {"action": "connect", "source_path": "/project1/net/level1", "target_path": "/project1/net/blur1"},
        {"action": "connect", "source_path": "/project1/net/noise2", "target_path": "/project1/net/comp1",
         "target_input": 0},
        {"action": "update", "path": "/project1/net/noise1", "parameters": {"period": 9, "amp": 0.1}},
        {"action": "update", "path": "/project1/net/level1", "parameters": {"brightness1": 1.7}},
        {"action": "disconnect", "to_path": "/project1/net/out1"},
        {"action": "set_mode", "path": "/project1/net/noise2", "param": "period", "mode": "bind",
         "expr": "op('/project1/net').par.Gain"},
        {"action": "set_mode", "path": "/project1/net/noise1", "param": "amp", "mode": "constant", "value": 0.2},
        {"action": "set_text", "path": "/project1/net/notes", "text": "replaced"},
        {"action": "set_flags", "path": "/project1/net/out1", "flags": {"display": False, "bypass": True}},
        {"action": "set_meta", "path": "/project1/net/noise1", "comment": "", "color": [0, 0, 1], "tags": []},
        {"action": "add_custom_page", "path": "/project1/net", "page": "Extra"},
        {"action": "add_custom_par", "path": "/project1/net", "page": "Extra", "name": "Speed", "style": "Float",
         "size": 2, "default": [1, 2]},
        {"action": "add_custom_par", "path": "/project1/net/sub", "page": "Look2", "name": "Label", "style": "Str",
         "value": "hi"},
        {"action": "set_position", "path": "/project1/net/noise2", "node_x": -500, "node_y": 500},
        {"action": "store", "path": "/project1/net", "key": "svc_state", "value": {"applied": 2}},
        {"action": "store", "path": "/project1/net/sub/k", "key": "note", "value": None},
        {"action": "store", "path": "/project1/net/noise1", "key": "fresh", "value": [1, 2]},
        {"action": "delete", "path": "/project1/net/comp1", "mode": "bypass"},
        {"action": "delete", "path": "/project1/net/sub", "confirmation_policy": "yolo"},
        {"action": "delete", "path": "/project1/net/comp1", "confirmation_policy": "yolo"},
        {"action": "create", "parent_path": "/project1/net", "type": "nullTOP", "name": "comp1"},
    ]

    def assert_rolls_back(self, operations, index, cause, rolled_back=True):
        before = self.snapshot()
        reply = self.fails("POST", "/api/batch", {"operations": operations}, code="batch_failed", status=400)
        self.assertEqual(reply.error["index"], index)
        self.assertEqual(reply.error["cause"]["code"], cause)
        self.assertEqual(reply.error["rolled_back"], rolled_back)
        self.assertEqual(self.snapshot(), before)
        return reply

    def test_everything_rolls_back_when_the_last_operation_fails(self):
        ops = self.EVERYTHING + [{"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        reply = self.assert_rolls_back(ops, len(self.EVERYTHING), "node_not_found")
        self.assertEqual(reply.error["action"], "update")
        self.assertIn("operation %d (update)" % len(self.EVERYTHING), reply.error["message"])

    def test_rollback_at_every_position(self):
        failing = {"action": "connect", "source_path": "/project1/net/noise1", "target_path": "/project1/net/nowhere"}
        for cut in (1, 5, 10, 15, 20, 21):
            with self.subTest(cut=cut):
                self.assert_rolls_back(self.EVERYTHING[:cut] + [failing], cut, "node_not_found")

    def test_restored_nodes_work_again(self):
        ops = self.EVERYTHING + [{"action": "set_text", "path": "/project1/net/noise1", "text": "x"}]
        self.assert_rolls_back(ops, len(self.EVERYTHING), "not_a_dat")
        td = self.td
        self.assertEqual(td.op("/project1/net/sub/knull").inputs[0].path, "/project1/net/sub/k")
        self.assertEqual(td.op("/project1/net/sub/k").par.const0value.eval(), 3)
        self.assertEqual(td.op("/project1/net/sub").par.Tintg.eval(), 0.5)
        self.assertEqual(td.op("/project1/net/level1").par.brightness1.eval(), 0.5)
        self.assertEqual(td.op("/project1/net/sub/k").fetch("note", None, search=False), "kept")

    def test_delete_without_policy_fails_closed(self):
        ops = [{"action": "update", "path": "/project1/net/noise1", "parameters": {"period": 7}},
               {"action": "delete", "path": "/project1/net/level1"}]
        reply = self.assert_rolls_back(ops, 1, "delete_kept")
        self.assertEqual(reply.error["cause"]["decision"], "Keep")
        self.assertIsNotNone(self.td.op("/project1/net/level1"))

    def test_bad_values_roll_back(self):
        menu = next(p for p in self.td.op("/project1/net/noise1").pars() if p.isMenu and p.style == "Menu")
        cases = [
            ({"action": "update", "path": "/project1/net/noise1", "parameters": {menu.name: "nonsense"}},
             "invalid_menu_entry"),
            ({"action": "update", "path": "/project1/net/noise1", "parameters": {"period": "slow"}},
             "invalid_param_value"),
            ({"action": "create", "parent_path": "/project1/net", "type": "noiseTOP", "name": "noise1"}, "name_conflict"),
            ({"action": "add_custom_par", "path": "/project1/net", "page": "P", "name": "Gain", "style": "Float"},
             "name_conflict"),
            ({"action": "add_custom_par", "path": "/project1/net", "page": "P", "name": "gain2", "style": "Float"},
             "invalid_name"),
            ({"action": "add_custom_par", "path": "/project1/net/noise1", "page": "P", "name": "Gain", "style": "Float"},
             "not_a_comp"),
            ({"action": "connect", "source_path": "/project1/net/sub/k", "target_path": "/project1/net/blur1"},
             "invalid_connection"),
            ({"action": "delete", "path": "/local", "confirmation_policy": "yolo"}, "protected_node"),
        ]
        prefix = self.EVERYTHING[:3]
        for op, cause in cases:
            with self.subTest(cause=cause):
                self.assert_rolls_back(prefix + [op], 3, cause)

    def test_input_gaps_survive_a_restored_delete(self):
        # Removing input 0 of a multi-input node may leave input 1 where it is; a rollback that
        # re-creates the node must put the wire back at input 1, not close the gap.
        self.ok("POST", "/api/disconnect", {"to_path": "/project1/net/comp1", "to_input": 0})
        ops = [{"action": "delete", "path": "/project1/net/comp1", "confirmation_policy": "yolo"},
               {"action": "delete", "path": "/project1/net/noise1", "confirmation_policy": "yolo"},
               {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        self.assert_rolls_back(ops, 2, "node_not_found")

    def test_a_wire_on_a_new_input_is_removed(self):
        # comp1 has inputs 0 and 1; a wire added on input 2 is not in the recorded list and must go.
        ops = [{"action": "connect", "source_path": "/project1/net/noise1", "target_path": "/project1/net/comp1",
                "target_input": 2},
               {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        self.assertEqual(len(self.td.op("/project1/net/comp1").inputs), 2)

    def test_a_changed_bind_expression_comes_back(self):
        # level1.brightness1 is bound to the net's Gain; re-bound elsewhere, the rollback re-binds it.
        ops = [{"action": "set_mode", "path": "/project1/net/level1", "param": "brightness1", "mode": "bind",
                "expr": "op('/project1/net/sub').par.Tintr"},
               {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        par = self.td.op("/project1/net/level1").par.brightness1
        self.assertEqual((par.bindExpr, par.mode), ("op('/project1/net').par.Gain", self.td.ParMode.BIND))

    def test_a_deleted_dat_gets_its_text_back(self):
        ops = [{"action": "delete", "path": "/project1/net/notes", "confirmation_policy": "yolo"},
               {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        self.assertEqual(self.td.op("/project1/net/notes").text, "line one\nline two")

    def test_an_exported_parameter_is_left_to_its_exporter(self):
        # Export mode is made by the exporting CHOP, not by a script: the rollback of a deleted
        # node must not try to set it (tdsim, like a careful reading of TouchDesigner, refuses).
        noise = self.td.op("/project1/net/noise2")
        noise.par.seed = 4
        noise.par.seed._set_mode_raw(self.td.ParMode.EXPORT)  # as an exporting CHOP would
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "delete", "path": "/project1/net/noise2", "confirmation_policy": "yolo"},
            {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]}, code="batch_failed")
        self.assertTrue(reply.error["rolled_back"])
        self.assertEqual(self.td.op("/project1/net/noise2").par.seed.eval(), 4)

    def test_a_failing_rollback_step_is_reported(self):
        # A rollback that cannot undo a step says so (rollback_failed) instead of claiming success.
        from unittest import mock
        ops = [{"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "stuck"},
               {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}]
        with mock.patch("svc_bridge.operations.nodes._destroy_if_present", side_effect=RuntimeError("injected")):
            reply = self.fails("POST", "/api/batch", {"operations": ops}, code="rollback_failed")
        self.assertEqual(len(reply.error["rollback_errors"]), 1)
        self.assertIn("injected", reply.error["rollback_errors"][0])

    def test_menu_custom_parameters_survive_a_restored_delete(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "add_custom_par", "path": "/project1/net/sub", "page": "Look", "name": "Shape", "style": "Menu",
             "menu_names": ["box", "ball"], "menu_labels": ["Box", "Ball"]}]})
        ops = [{"action": "delete", "path": "/project1/net/sub", "confirmation_policy": "yolo"},
               {"action": "update", "path": "/project1/net/nowhere", "parameters": {"x": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        self.assertEqual(list(self.td.op("/project1/net/sub").par.Shape.menuNames), ["box", "ball"])

    def test_a_parameter_added_to_an_existing_page_is_removed(self):
        # The page was there before: only the parameter's own rollback can take it away.
        ops = [{"action": "add_custom_par", "path": "/project1/net", "page": "Controls", "name": "Extra",
                "style": "Float"},
               {"action": "update", "path": "/project1/net/nowhere", "parameters": {"x": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        self.assertNotIn("Extra", [p.name for p in self.td.op("/project1/net").customPars])

    def test_an_empty_custom_page_comes_back(self):
        # A page without parameters is re-made by its own step, not by the parameters' steps.
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "add_custom_page", "path": "/project1/net/sub", "page": "Spare"}]})
        for first in ({"action": "delete", "path": "/project1/net/sub", "confirmation_policy": "yolo"},
                      {"action": "clear_custom_pars", "path": "/project1/net/sub"}):
            self.assert_rolls_back([first, {"action": "update", "path": "/project1/net/nowhere",
                                            "parameters": {"x": 1}}], 1, "node_not_found")
            self.assertIn("Spare", [p.name for p in self.td.op("/project1/net/sub").customPages])

    def test_defaults_come_back_as_defaults(self):
        # A default outside what the parameter accepts (clamped) must still come back: reset, not assign.
        ops = [{"action": "update", "path": "/project1/net/level1", "parameters": {"resolutionw": -3, "resolutionh": 9}},
               {"action": "update", "path": "/project1/net/nowhere", "parameters": {"x": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        level = self.td.op("/project1/net/level1")
        self.assertTrue(level.par.resolutionw.isDefault)
        self.assertTrue(level.par.resolutionh.isDefault)

    def test_bind_master_is_restored(self):
        # Writing a bound parameter writes its master (the COMP's Gain); the rollback puts both back.
        ops = [{"action": "update", "path": "/project1/net/level1", "parameters": {"brightness1": 1.9}},
               {"action": "update", "path": "/project1/net/nowhere", "parameters": {"x": 1}}]
        self.assert_rolls_back(ops, 1, "node_not_found")
        self.assertEqual(self.td.op("/project1/net").par.Gain.eval(), 0.5)


class ValidationTest(BatchFixture):
    def test_invalid_operations_are_refused_before_anything_runs(self):
        cases = [
            ({"action": "explode"}, "invalid_field"),
            ("create", "invalid_field"),
            ({"path": "/project1/net"}, "missing_field"),
            ({"action": "update", "path": "/project1/net/noise1"}, "missing_field"),
            ({"action": "update", "path": "/project1/net/noise1", "parameters": {}, "extra": 1}, "invalid_field"),
            ({"action": "create", "parent_path": "/project1/net", "type": "no such"}, "invalid_op_type"),
            ({"action": "delete", "path": "/project1/net/noise1", "mode": "remove"}, "invalid_field"),
            ({"action": "set_mode", "path": "/project1/net/noise1", "param": "amp", "mode": "export"}, "invalid_mode"),
            ({"action": "set_meta", "path": "/project1/net/noise1", "color": [2, 0, 0]}, "invalid_field"),
            ({"action": "set_meta", "path": "/project1/net/noise1"}, "missing_field"),
            ({"action": "set_flags", "path": "/project1/net/noise1", "flags": {"visible": True}}, "invalid_field"),
            ({"action": "set_position", "path": "/project1/net/noise1", "node_x": 1}, "missing_field"),
            ({"action": "store", "path": "/project1/net/noise1", "key": "k"}, "missing_field"),
            ({"action": "connect", "source_path": "noise1", "target_path": "/project1/net/out1"}, "invalid_path"),
            ({"action": "add_custom_par", "path": "/project1/net", "page": "P", "name": "X", "style": "Blob"},
             "invalid_field"),
            ({"action": "add_custom_par", "path": "/project1/net", "page": "P", "name": "X", "style": "Str",
              "size": 3}, "invalid_field"),
            ({"action": "add_custom_par", "path": "/project1/net", "page": "P", "name": "X", "style": "Menu",
              "menu_names": ["a", "b"], "default": "c"}, "invalid_menu_entry"),
        ]
        first = {"action": "update", "path": "/project1/net/noise1", "parameters": {"period": 7}}
        for op, cause in cases:
            with self.subTest(op=op):
                before = self.snapshot()
                reply = self.fails("POST", "/api/batch", {"operations": [first, op]}, code="batch_failed")
                self.assertEqual((reply.error["index"], reply.error["cause"]["code"], reply.error["rolled_back"]),
                                 (1, cause, False))
                self.assertEqual(self.snapshot(), before)

    def test_body_shape(self):
        self.fails("POST", "/api/batch", {}, code="missing_field")
        self.fails("POST", "/api/batch", {"operations": {}}, code="invalid_field")
        self.fails("POST", "/api/batch", {"operations": [], "policy": "yolo"}, code="invalid_field")
        self.fails("POST", "/api/batch", {"operations": [], "confirmation_policy": "maybe"}, code="invalid_field")
        self.assertEqual(self.ok("POST", "/api/batch", {"operations": []})["count"], 0)

    def test_too_many_operations(self):
        from svc_bridge import config
        ops = [{"action": "set_position", "path": "/project1/net/noise1", "node_x": 0, "node_y": 0}] * (
            config.MAX_BATCH_OPERATIONS + 1)
        self.fails("POST", "/api/batch", {"operations": ops}, code="too_many_operations", status=413)


if __name__ == "__main__":
    unittest.main()


class DefaultContentsTest(SimTestCase):
    """TouchDesigner gives a new Geometry COMP a torus: svc's COMPs hold only what svc makes."""

    def test_a_created_comp_holds_only_what_the_batch_makes(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "create", "parent_path": "/project1", "type": "geometryCOMP", "name": "geo1"},
            {"action": "create", "parent_path": "/project1/geo1", "type": "torusSOP", "name": "torus1"},
        ]})
        self.assertEqual([c.name for c in self.td.op("/project1/geo1").children], ["torus1"])

    def test_an_animation_comp_keeps_the_network_that_makes_it_work(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "create", "parent_path": "/project1", "type": "animationCOMP", "name": "anim1", "tags": ["svc"]},
            {"action": "create", "parent_path": "/project1", "type": "nullCHOP", "name": "null1"},
            {"action": "connect", "source_path": "/project1/anim1", "target_path": "/project1/null1"},
        ]})
        anim = self.td.op("/project1/anim1")
        self.assertEqual(sorted(c.OPType for c in anim.children),
                         ["keyframeCHOP", "outCHOP", "tableDAT", "tableDAT", "tableDAT", "tableDAT"])
        self.assertTrue(all("svc" not in c.tags for c in anim.children))
        self.assertEqual([w["source"] for w in self.ok("GET", "/api/nodes/%2Fproject1%2Fnull1")["inputs"]],
                         ["/project1/anim1"])
        topology = self.ok("GET", "/api/network/%2Fproject1/topology")
        entry = [n for n in topology["nodes"] if n["path"] == "/project1/anim1"][0]
        self.assertTrue(entry["keeps_contents"])

    def test_a_restored_comp_does_not_regain_its_default_contents(self):
        geo = self.td.op("/project1").create(self.td.geometryCOMP, "geo1")
        geo.op("torus1").destroy()
        geo.create(self.td.sphereSOP, "ball")
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "delete", "path": "/project1/geo1", "confirmation_policy": "yolo"},
            {"action": "update", "path": "/project1/ghost", "parameters": {"a": 1}},
        ]}, code="batch_failed")
        self.assertTrue(reply.error["rolled_back"])
        self.assertEqual([c.name for c in self.td.op("/project1/geo1").children], ["ball"])
