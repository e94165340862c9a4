"""The safe mode's rules for text TouchDesigner runs (svc_bridge/exec_guard.py), in process against tdsim;
test/bridge/bridge-safety-battery.test.ts tries the same from outside, over HTTP."""

import os
import sys
from unittest import mock

from test.python.bridge import support
from test.python.bridge.support import enc


class SafeModeTest(support.SimTestCase):
    def setUp(self):
        super().setUp()
        self.set_env(SVC_BRIDGE_EXPRESSIONS="safe")
        td = self.td
        p = td.op("/project1")
        self.notes = p.create(td.textDAT, "notes")
        self.ex = p.create(td.executeDAT, "ex")
        self.timer = p.create(td.timerCHOP, "timer1")
        self.script = p.create(td.scriptDAT, "script1")
        self.script_cb = p.create(td.textDAT, "script1_callbacks")
        self.script.par.callbacks = "script1_callbacks"
        self.comp = p.create(td.baseCOMP, "tool")
        self.ext = self.comp.create(td.textDAT, "ToolExt")

    def code(self, reply):
        return reply.error["cause"]["code"] if reply.code == "batch_failed" else reply.code

    def refused(self, code, method, uri, body=None):
        reply = self.call(method, uri, body)
        self.assertEqual(self.code(reply), code, reply)
        return reply

    def test_text_of_a_dat_that_runs_is_exec(self):
        for path in ("/project1/ex", "/project1/script1_callbacks"):
            self.refused("exec_disabled", "PUT", "/api/nodes/%s/text" % enc(path), {"text": "1\n"})
        self.assertEqual(self.script_cb.text, "")
        # an extension names its DAT inside a Python expression
        self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/tool"),
                {"parameters": {"ext0object": "op('./ToolExt').module.ToolExt(me)"}})
        del os.environ["SVC_BRIDGE_ALLOW_EXEC"]
        self.refused("exec_disabled", "PUT", "/api/nodes/%s/text" % enc("/project1/tool/ToolExt"), {"text": "x\n"})
        # a DAT nothing runs takes data
        self.ok("PUT", "/api/nodes/%s/text" % enc("/project1/notes"), {"text": "speed\t1\n"})

    def test_parameters_that_run_code(self):
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s" % enc("/project1/timer1"),
                     {"parameters": {"callbacks": "notes"}})
        self.refused("unsafe_python", "PATCH", "/api/nodes/%s" % enc("/project1/tool"),
                     {"parameters": {"ext0object": "op('./ToolExt').module.ToolExt(me)"}})
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s/params/callbacks/mode" % enc("/project1/timer1"),
                     {"mode": "expression", "expr": "'notes'"})
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s" % enc("/project1/tool"),
                     {"parameters": {"externaltox": "/tmp/kit.tox"}})
        self.assertEqual(self.timer.par.callbacks.val, self.td.op("/project1/timer1").par.callbacks.val)
        self.assertEqual(self.comp.par.ext0object.val, "")

    def test_an_execute_dat_may_be_turned_off_but_not_on(self):
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/ex"), {"parameters": {"active": False}})
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s" % enc("/project1/ex"), {"parameters": {"active": True}})
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s" % enc("/project1/ex"), {"parameters": {"framestart": True}})
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s/params/framestart/mode" % enc("/project1/ex"),
                     {"mode": "expression", "expr": "1"})
        self.assertFalse(self.ex.par.active.eval())
        self.assertEqual(self.ex.par.framestart.expr, "")

    def test_code_in_a_dat_nothing_runs_is_refused_data_is_not(self):
        for text in ("import os\n", "x = 1\n", "name\tvalue\n__import__('os')\t1\n"):
            self.refused("unsafe_python", "PUT", "/api/nodes/%s/text" % enc("/project1/notes"), {"text": text})
        self.assertEqual(self.notes.text, "")
        self.ok("PUT", "/api/nodes/%s/text" % enc("/project1/notes"), {"text": "speed\t1\n"})

    def test_wiring_into_an_evaluated_input_and_copying_code(self):
        td = self.td
        evaluate = td.op("/project1").create(td.evaluateDAT, "eval1")
        self.refused("exec_disabled", "POST", "/api/connect", {"source_path": "/project1/notes",
                                                              "target_path": "/project1/eval1"})
        self.assertEqual(list(evaluate.inputs), [])
        self.refused("unsafe_python", "PATCH", "/api/nodes/%s" % enc("/project1/eval1"),
                     {"parameters": {"expr": "__import__('os').getcwd()"}})
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/eval1"), {"parameters": {"expr": "me.inputCell.val"}})
        self.refused("exec_disabled", "POST", "/api/duplicate", {"source_path": "/project1/ex"})
        self.assertIsNone(td.op("/project1/ex1"))

    def test_a_rename_into_a_callbacks_name_and_python_custom_parameters(self):
        self.refused("exec_disabled", "POST", "/api/batch", {"operations": [
            {"action": "delete", "path": "/project1/script1_callbacks", "confirmation_policy": "yolo"},
            {"action": "rename", "path": "/project1/notes", "name": "script1_callbacks"}]})
        self.assertIsNotNone(self.td.op("/project1/notes"))
        self.refused("unsafe_python", "POST", "/api/nodes/%s/custom_params" % enc("/project1/tool"), {"operations": [
            {"action": "add", "page": "P", "name": "Code", "style": "Python", "default": "__import__('os')"}]})
        self.ok("POST", "/api/nodes/%s/custom_params" % enc("/project1/tool"), {"operations": [
            {"action": "add", "page": "P", "name": "Code", "style": "Python", "default": "me.digits"}]})

    def test_every_route_that_takes_an_expression_checks_it(self):
        for method, uri, body in (
            ("PATCH", "/api/nodes/%s/params/customext/mode" % enc("/project1/notes"),
             {"mode": "expression", "expr": "tdu.builtins.eval('1')"}),
            ("PATCH", "/api/nodes/%s/params/customext/mode" % enc("/project1/notes"),
             {"mode": "bind", "expr": "tdu.shlex.os.getcwd()"}),
            ("POST", "/api/batch", {"operations": [{"action": "set_mode", "path": "/project1/notes", "param": "customext",
                                                    "mode": "expression", "expr": "op('ex').module"}]}),
        ):
            self.refused("unsafe_python", method, uri, body)
        self.assertEqual(self.notes.par.customext.expr, "")

    def test_a_constant_through_the_mode_route_counts_as_a_write(self):
        self.refused("exec_disabled", "PATCH", "/api/nodes/%s/params/callbacks/mode" % enc("/project1/timer1"),
                     {"mode": "constant", "value": "notes"})
        self.assertNotEqual(self.timer.par.callbacks.val, "notes")

    def test_a_move_that_makes_a_dat_run(self):
        td = self.td
        box = td.op("/project1").create(td.baseCOMP, "box")
        box.create(td.scriptDAT, "s").par.callbacks = "cb"
        cb = td.op("/project1").create(td.textDAT, "cb")
        cb.text = "1\n"
        reply = self.refused("exec_disabled", "PATCH", "/api/nodes/%s/metadata" % enc("/project1/cb"),
                             {"parent_path": "/project1/box"})
        self.assertIn("would run as code", reply.error["message"])
        self.assertIsNotNone(td.op("/project1/cb"))
        self.assertIsNone(td.op("/project1/box/cb"))

    def test_a_reset_or_a_pulse_counts_as_a_write(self):
        self.refused("exec_disabled", "POST", "/api/batch", {"operations": [
            {"action": "reset_param", "path": "/project1/script1", "param": "callbacks"}]})
        self.assertEqual(self.script.par.callbacks.val, "script1_callbacks")
        self.refused("exec_disabled", "POST", "/api/nodes/%s/params/loadonstartpulse/pulse"
                     % enc("/project1/script1_callbacks"), {})

    def test_a_project_larger_than_the_scan_is_taken_to_run_the_dat(self):
        from svc_bridge import config
        with mock.patch.object(config, "MAX_SCAN_NODES", 3):
            reply = self.refused("exec_disabled", "PUT", "/api/nodes/%s/text" % enc("/project1/notes"), {"text": "1\n"})
        self.assertIn("more than 3 operators", reply.error["message"])

    def test_a_structured_operation_is_refused_at_its_preview(self):
        self.set_env(SVC_BRIDGE_TOKEN="t")
        reply = self.call("POST", "/api/operations/preview", {"operation": {
            "kind": "set_parameters", "path": "/project1/tool", "parameters": {"ext0object": "eval('1')"}}},
            headers={"Authorization": "Bearer t"})
        self.assertEqual(reply.code, "unsafe_python", reply)

    def test_exec_open_lifts_every_rule(self):
        self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
        self.ok("PUT", "/api/nodes/%s/text" % enc("/project1/ex"), {"text": "import os\n"})
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/timer1"), {"parameters": {"callbacks": "notes"}})
        self.ok("PATCH", "/api/nodes/%s/params/customext/mode" % enc("/project1/notes"),
                {"mode": "expression", "expr": "__import__('math').__name__"})
        self.ok("POST", "/api/duplicate", {"source_path": "/project1/ex"})
        self.assertEqual(self.ex.text, "import os\n")


class FileParameterTest(support.SimTestCase):
    """With exec closed, in any expression mode, a file TouchDesigner writes never lands where Python imports from."""

    def setUp(self):
        super().setUp()
        td = self.td
        self.out = td.op("/project1").create(td.fileoutDAT, "out1")
        self.text = td.op("/project1").create(td.textDAT, "t")
        self.package = os.path.join(support.BRIDGE, "svc_bridge")

    def test_a_file_inside_the_import_path_is_refused(self):
        for node in ("out1", "t"):
            reply = self.call("PATCH", "/api/nodes/%s" % enc("/project1/" + node),
                              {"parameters": {"file": os.path.join(self.package, "evil.py")}})
            self.assertEqual(reply.code, "path_not_allowed", reply)
        self.assertEqual(self.out.par.file.val, "")
        self.assertIn(support.BRIDGE, [os.path.realpath(p) for p in sys.path])
        # not a module, but inside a folder Python imports from (a namespace package is importable)
        reply = self.call("PATCH", "/api/nodes/%s" % enc("/project1/out1"),
                          {"parameters": {"file": os.path.join(self.package, "notes.txt")}})
        self.assertEqual(reply.code, "path_not_allowed", reply)
        self.assertIn("a folder Python imports from", reply.error["message"])
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/out1"), {"parameters": {"file": "/tmp/svc-notes.txt"}})

    def test_turning_the_sync_on_checks_the_file_already_named(self):
        self.text.par.file = os.path.join(self.package, "synced.py")  # named by the project itself
        reply = self.call("PATCH", "/api/nodes/%s" % enc("/project1/t"), {"parameters": {"syncfile": True}})
        self.assertEqual(reply.code, "path_not_allowed", reply)
        self.assertFalse(self.text.par.syncfile.eval())
        reply = self.call("POST", "/api/nodes/%s/params/writepulse/pulse" % enc("/project1/t"), {})
        self.assertEqual(reply.code, "path_not_allowed", reply)

    def test_an_expression_on_a_file_parameter_is_refused_in_the_safe_mode(self):
        self.set_env(SVC_BRIDGE_EXPRESSIONS="safe")
        reply = self.call("PATCH", "/api/nodes/%s/params/file/mode" % enc("/project1/out1"),
                          {"mode": "expression", "expr": "'/tmp/x.txt'"})
        self.assertEqual(reply.code, "exec_disabled", reply)

    def test_exec_open_allows_it(self):
        self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/out1"),
                {"parameters": {"file": os.path.join(self.package, "evil.py")}})


class SavePathTest(support.SimTestCase):
    """POST .../save: never through a link, never into a folder Python imports from while exec is closed."""

    def setUp(self):
        super().setUp()
        import tempfile
        self.root = tempfile.mkdtemp(prefix="svc-save-")
        self.addCleanup(__import__("shutil").rmtree, self.root, True)
        self.set_env(SVC_BRIDGE_EXPORT_DIR=self.root)
        self.td.op("/project1").create(self.td.textDAT, "notes")

    def save(self, path, **extra):
        return self.call("POST", "/api/nodes/%s/save" % enc("/project1/notes"), dict({"file_path": path}, **extra))

    def test_never_through_a_link(self):
        outside = os.path.join(self.root, "..", os.path.basename(self.root) + "-outside")
        os.makedirs(outside, exist_ok=True)
        self.addCleanup(__import__("shutil").rmtree, outside, True)
        os.symlink(os.path.realpath(outside), os.path.join(self.root, "linked"))
        reply = self.save(os.path.join(self.root, "linked", "x.txt"))
        self.assertEqual(reply.code, "path_not_allowed", reply)
        self.assertFalse(os.path.exists(os.path.join(outside, "x.txt")))

    def test_a_nul_and_an_existing_file(self):
        self.assertEqual(self.save(os.path.join(self.root, "x\u0000.txt")).code, "invalid_file_path")
        with open(os.path.join(self.root, "kept.txt"), "w") as handle:
            handle.write("mine")
        self.assertEqual(self.save(os.path.join(self.root, "kept.txt")).code, "file_exists")
        with open(os.path.join(self.root, "kept.txt")) as handle:
            self.assertEqual(handle.read(), "mine")

    def test_a_folder_is_not_a_file(self):
        os.makedirs(os.path.join(self.root, "folder.txt"))
        reply = self.save(os.path.join(self.root, "folder.txt"), overwrite=True)
        self.assertEqual(reply.code, "invalid_file_path", reply)

    def test_no_python_module_beside_the_project(self):
        project = os.path.join(self.root, "project")
        os.makedirs(project)
        with mock.patch.object(type(self.td.project), "folder", property(lambda _: project), create=True):  # read-only to scripts
            reply = self.save(os.path.join(project, "sub", "helper.py"))
            self.assertEqual(reply.code, "path_not_allowed", reply)
            self.assertIn("a Python module in the project folder", reply.error["message"])
            self.assertFalse(os.path.exists(os.path.join(project, "sub", "helper.py")))
            self.ok("POST", "/api/nodes/%s/save" % enc("/project1/notes"), {"file_path": os.path.join(project, "notes.txt")})

    def test_never_into_the_import_path_with_exec_closed(self):
        pylib = os.path.join(self.root, "pylib")
        os.makedirs(pylib)
        with mock.patch.object(sys, "path", [pylib] + sys.path):
            reply = self.save(os.path.join(pylib, "notes.txt"))
            self.assertEqual(reply.code, "path_not_allowed", reply)
            self.assertFalse(os.path.exists(os.path.join(pylib, "notes.txt")))
            self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
            self.ok("POST", "/api/nodes/%s/save" % enc("/project1/notes"), {"file_path": os.path.join(pylib, "notes.txt")})
