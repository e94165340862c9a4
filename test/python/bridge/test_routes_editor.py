"""GET /api/editor/context and POST /api/editor/insert on tdsim's one network editor (which looks at
/project1): selection, viewport, compare-and-swap insertion on a wire, rollback, exec closed."""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase


class EditorTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "noiseTOP", "noise1")
        self.make("/project1", "nullTOP", "out1")
        self.wire("/project1/noise1", "/project1/out1")
        self.td.op("/project1/noise1").nodeX, self.td.op("/project1/out1").nodeX = 0, 400
        self.td.op("/project1/noise1").selected = True

    def context(self):
        return self.ok("GET", "/api/editor/context")

    def test_context_names_the_editor_its_viewport_and_selection(self):
        ctx = self.context()
        self.assertEqual(ctx["active_editor"]["network"], "/project1")
        self.assertEqual(ctx["active_editor"]["viewport"], {"x": 0.0, "y": 0.0, "zoom": 1.0})
        self.assertEqual(ctx["selection"], ["/project1/noise1"])
        self.assertEqual(ctx["panes"][0]["type"], "NETWORKEDITOR")
        self.td.op("/project1/out1").selected = True
        self.assertNotEqual(self.context()["fingerprint"], ctx["fingerprint"])

    def insert(self, fingerprint, **extra):
        body = {"network": "/project1", "fingerprint": fingerprint, "source_path": "/project1/noise1",
                "target_path": "/project1/out1", "type": "levelTOP"}
        body.update(extra)
        return body

    def test_insert_on_the_wire_halfway(self):
        data = self.ok("POST", "/api/editor/insert", self.insert(self.context()["fingerprint"], name="grade"))
        self.assertEqual((data["path"], data["x"]), ("/project1/grade", 200))
        self.assertEqual(data["undo_label"], "svc: insert operator")
        self.assertEqual([w["source"] for w in self.ok("GET", "/api/nodes/%2Fproject1%2Fout1")["inputs"]], ["/project1/grade"])
        self.assertEqual([w["source"] for w in self.ok("GET", "/api/nodes/%2Fproject1%2Fgrade")["inputs"]], ["/project1/noise1"])

    def test_a_changed_selection_fails_before_any_change(self):
        fp = self.context()["fingerprint"]
        self.td.op("/project1/noise1").selected = False
        before = self.snapshot()
        self.fails("POST", "/api/editor/insert", self.insert(fp), code="stale_fingerprint", status=409)
        self.assertEqual(self.snapshot(), before)

    def test_a_failing_wire_rolls_the_insert_back(self):
        fp = self.context()["fingerprint"]
        before = self.snapshot()
        from svc_bridge.routes import editor
        real = editor.input_wires
        calls = {"n": 0}

        def lying(node):
            calls["n"] += 1
            return [] if node.path == "/project1/out1" and calls["n"] > 3 else real(node)
        with mock.patch.object(editor, "input_wires", lying):
            self.fails("POST", "/api/editor/insert", self.insert(fp), code="operation_failed")
        self.assertEqual(self.snapshot(), before)

    def test_bad_input_changes_nothing(self):
        fp = self.context()["fingerprint"]
        before = self.snapshot()
        self.fails("POST", "/api/editor/insert", self.insert(fp, type="noiseTOP"), code="invalid_field")
        self.fails("POST", "/api/editor/insert", self.insert(fp, type="nullCHOP"), code="invalid_field")
        self.fails("POST", "/api/editor/insert", self.insert(fp, target_input=1), code="invalid_connection")
        self.fails("POST", "/api/editor/insert", self.insert(fp, name="noise1"), code="name_conflict")
        self.fails("POST", "/api/editor/insert", self.insert(fp, extra=1), code="invalid_field")
        self.fails("POST", "/api/editor/insert", self.insert(fp, name="9x"), code="invalid_name")
        self.assertEqual(self.snapshot(), before)


class DeletedEditorNetworkTest(SimTestCase):
    """The COMP the editor shows is deleted: the context still answers, with a coded problem; an insert
    into the network that is gone is a coded 409, not a 500."""

    def setUp(self):
        super().setUp()
        self.make("/project1", "baseCOMP", "scene")
        self.make("/project1/scene", "noiseTOP", "noise1")
        self.make("/project1/scene", "nullTOP", "out1")
        self.wire("/project1/scene/noise1", "/project1/scene/out1")
        self.td.op("/project1/scene/noise1").selected = True
        self.td.ui.panes[0].owner = self.td.op("/project1/scene")

    def test_context_after_the_shown_comp_is_deleted(self):
        fp = self.ok("GET", "/api/editor/context")["fingerprint"]
        self.td.op("/project1/scene").destroy()
        ctx = self.ok("GET", "/api/editor/context")
        self.assertIsNone(ctx["active_editor"])
        self.assertIsNone(ctx["fingerprint"])
        self.assertEqual(ctx["editor_problem"]["code"], "editor_network_deleted")
        self.assertEqual(ctx["panes"][0]["owner"], None)
        self.assertTrue(ctx["panes"][0]["owner_deleted"])
        before = self.snapshot()
        self.fails("POST", "/api/editor/insert",
                   {"network": "/project1/scene", "fingerprint": fp, "source_path": "/project1/scene/noise1",
                    "target_path": "/project1/scene/out1", "type": "levelTOP"},
                   code="editor_network_deleted", status=409)
        self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
