"""The installed bridge COMP (`/svc_bridge`, as svc_bridge.install makes it) is read-only whole."""

import json
from unittest import mock

from test.python.bridge import support
from test.python.bridge.support import enc


class InstalledBridgeTest(support.SimTestCase):
    def setUp(self):
        super().setUp()
        comp = self.td.root.create(self.td.baseCOMP, "svc_bridge")
        self.callbacks = comp.create(self.td.textDAT, "callbacks")
        self.callbacks.text = "# callbacks\n"
        self.server = comp.create(self.td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path

    def served(self, method, uri, body=None):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request(method, uri, body=body), response, self.server)
        return support.Reply(response)

    def test_nothing_inside_the_bridge_comp_changes(self):
        for method, uri, body in (
            ("POST", "/api/nodes", {"parent_path": "/svc_bridge", "type": "textDAT", "name": "extra"}),
            ("PUT", "/api/nodes/%s/text" % enc("/svc_bridge/callbacks"), {"text": "import os\n"}),
            ("PATCH", "/api/nodes/%s" % enc("/svc_bridge"), {"parameters": {}}),
            ("POST", "/api/batch", {"operations": [{"action": "add_custom_page", "path": "/svc_bridge", "page": "P"}]}),
        ):
            reply = self.served(method, uri, body)
            code = reply.error["cause"]["code"] if reply.code == "batch_failed" else reply.code
            self.assertEqual(code, "bridge_read_only", (uri, reply))
        self.assertEqual(self.served("DELETE", "/api/nodes/%s?confirmation_policy=yolo" % enc("/svc_bridge")).code,
                         "bridge_read_only")
        self.assertEqual(self.callbacks.text, "# callbacks\n")
        self.assertEqual([c.name for c in self.td.op("/svc_bridge").children], ["callbacks", "webserver"])

    def test_other_nodes_stay_writable(self):
        reply = self.served("POST", "/api/nodes", {"parent_path": "/project1", "type": "textDAT", "name": "svc_bridge"})
        self.assertTrue(reply.ok, json.dumps(reply.envelope))


class ModuleSearchPathTest(support.SimTestCase):
    """A bridge installed deep in the project: its callbacks' `import` looks along the whole search path."""

    def setUp(self):
        super().setUp()
        td = self.td
        deep = td.op("/project1").create(td.baseCOMP, "deep")
        comp = deep.create(td.baseCOMP, "svc_bridge")
        self.callbacks = comp.create(td.textDAT, "callbacks")
        self.server = comp.create(td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path

    def served(self, method, uri, body=None):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request(method, uri, body=body), response, self.server)
        return support.Reply(response)

    def code_of(self, reply):
        return reply.error["cause"]["code"] if reply.code == "batch_failed" else reply.code

    def test_every_local_modules_up_to_the_root_is_guarded(self):
        td = self.td
        td.op("/local").create(td.baseCOMP, "modules")
        for parent, module in (("/project1/deep", "json"), ("/project1", "hashlib"), ("/", "os")):
            local = (parent.rstrip("/") + "/local")
            ops = [{"action": "create", "parent_path": local, "type": "baseCOMP", "name": "modules"},
                   {"action": "create", "parent_path": local + "/modules", "type": "textDAT", "name": module}]
            if td.op(local) is None:
                ops.insert(0, {"action": "create", "parent_path": parent, "type": "baseCOMP", "name": "local"})
            if td.op(local + "/modules") is not None:
                ops = ops[-1:]
            reply = self.served("POST", "/api/batch", {"operations": ops})
            self.assertEqual(self.code_of(reply), "bridge_read_only", (parent, reply))
        # the callbacks' own component is searched first
        reply = self.served("POST", "/api/nodes", {"parent_path": "/project1/deep/svc_bridge", "type": "textDAT",
                                                   "name": "zipfile"})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertIsNone(td.op("/project1/deep/local"))
        self.assertIsNone(td.op("/local/modules/os"))
        # off the search path, and names no import means, stay free
        self.assertTrue(self.served("POST", "/api/nodes", {"parent_path": "/project1", "type": "textDAT",
                                                           "name": "json"}).ok)
        self.assertTrue(self.served("POST", "/api/nodes", {"parent_path": "/local/modules", "type": "textDAT",
                                                           "name": "show_notes"}).ok)

    def test_a_copy_or_rename_that_brings_a_module_onto_the_path_is_refused(self):
        td = self.td
        kit = td.op("/project1").create(td.baseCOMP, "kit")
        kit.create(td.baseCOMP, "modules").create(td.textDAT, "os")
        reply = self.served("POST", "/api/duplicate", {"source_path": "/project1/kit", "parent_path": "/project1/deep",
                                                        "name": "local"})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        reply = self.served("PATCH", "/api/nodes/%s/metadata" % enc("/project1/kit"), {"parent_path": "/project1/deep",
                                                                                        "name": "local"})
        self.assertEqual(self.code_of(reply), "bridge_read_only", reply)
        inner = td.op("/project1/deep").create(td.baseCOMP, "stash")
        inner.create(td.baseCOMP, "modules").create(td.textDAT, "sys")
        reply = self.served("POST", "/api/batch", {"operations": [{"action": "rename", "path": "/project1/deep/stash",
                                                                   "name": "local"}]})
        self.assertEqual(self.code_of(reply), "bridge_read_only", reply)
        self.assertIsNotNone(td.op("/project1/kit/modules/os"))
        self.assertIsNone(td.op("/project1/deep/local"))


class LastLineTest(support.SimTestCase):
    """A route the upfront checks do not know still cannot change the bridge: the state guard refuses it."""

    def setUp(self):
        super().setUp()
        td = self.td
        comp = td.root.create(td.baseCOMP, "svc_bridge")
        self.callbacks = comp.create(td.textDAT, "callbacks")
        self.callbacks.text = "# callbacks\n"
        self.server = comp.create(td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path
        td.op("/project1").create(td.textDAT, "notes")

    def router(self):
        from svc_bridge.journal import Journal, run_atomically
        from svc_bridge.router import Router
        router = Router()
        td = self.td

        def sneaky(ctx):
            def work(journal):
                notes = td.op("/project1/notes")
                before_notes, before = notes.text, self.callbacks.text
                journal.record("notes", lambda: setattr(notes, "text", before_notes))
                notes.text = "changed"
                journal.record("callbacks", lambda: setattr(self.callbacks, "text", before))
                self.callbacks.text = "import os\n"
                return {"done": True}
            return run_atomically(Journal(), work)

        def careless(ctx):
            self.server.par.port = 1  # no journal: nothing can put it back
            return {"done": True}

        router.add("POST", "/sneaky", sneaky, mutating=True)
        router.add("POST", "/careless", careless, mutating=True)
        return router

    def served(self, uri):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request("POST", uri, body={}), response, self.server, router=self.router())
        return support.Reply(response)

    def test_the_change_is_refused_and_rolled_back(self):
        reply = self.served("/sneaky")
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertEqual(self.callbacks.text, "# callbacks\n")
        self.assertEqual(self.td.op("/project1/notes").text, "")

    def test_a_change_without_a_journal_is_still_reported(self):
        reply = self.served("/careless")
        self.assertEqual(reply.code, "bridge_read_only", reply)


class PlainHostTest(support.SimTestCase):
    """A Web Server DAT in a COMP of its own name, as tdsim's host has it in /local: binds, structured
    operations and the module names of its component."""

    def setUp(self):
        super().setUp()
        td = self.td
        host = td.op("/project1").create(td.baseCOMP, "host")
        self.callbacks = host.create(td.textDAT, "callbacks")
        self.callbacks.text = "# callbacks\n"
        self.server = host.create(td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path
        self.t = td.op("/project1").create(td.textDAT, "t")
        self.set_env(SVC_BRIDGE_TOKEN="t")

    def served(self, method, uri, body=None):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request(method, uri, body=body, headers={"Authorization": "Bearer t"}), response, self.server)
        return support.Reply(response)

    def test_a_module_name_in_the_callbacks_component(self):
        reply = self.served("POST", "/api/nodes", {"parent_path": "/project1/host", "type": "textDAT", "name": "json"})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertIsNone(self.td.op("/project1/host/json"))
        self.assertTrue(self.served("POST", "/api/nodes", {"parent_path": "/project1/host", "type": "textDAT",
                                                           "name": "notes"}).ok)

    def test_a_bind_to_the_server_is_refused_made_or_written(self):
        reply = self.served("PATCH", "/api/nodes/%s/params/customext/mode" % enc("/project1/t"),
                            {"mode": "bind", "expr": "op('/project1/host/webserver').par.customext"})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertEqual(self.t.par.customext.bindExpr, "")
        # a bind the project made itself
        self.t.par.customext.bindExpr = "op('/project1/host/webserver').par.customext"
        self.t.par.customext.mode = self.td.ParMode.BIND
        reply = self.served("PATCH", "/api/nodes/%s" % enc("/project1/t"), {"parameters": {"customext": "evil"}})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertIn("is bound to /project1/host/webserver.customext", reply.error["message"])  # refused before the write
        self.assertEqual(self.server.par.customext.val, "")

    def test_a_structured_operation_on_the_server_is_refused(self):
        reply = self.served("POST", "/api/operations/preview", {"operation": {
            "kind": "set_parameters", "path": "/project1/host/webserver", "parameters": {"port": 1}}})
        self.assertEqual(reply.code, "bridge_read_only", reply)

    def test_a_commit_that_reaches_the_bridge_is_rolled_back(self):
        from svc_bridge import operation_core
        adapter = operation_core.ADAPTERS["set_parameters"]
        original = adapter.commit
        callbacks = self.callbacks

        def commit(node, changes, journal):
            original(node, changes, journal)
            before = callbacks.text
            journal.record("callbacks", lambda: setattr(callbacks, "text", before))
            callbacks.text = "import os\n"  # what no adapter may do

        preview = self.served("POST", "/api/operations/preview", {"operation": {
            "kind": "set_parameters", "path": "/project1/t", "parameters": {"customext": "mine"}}}).data
        with mock.patch.object(adapter, "commit", commit):
            reply = self.served("POST", "/api/operations/commit", {"operation": preview["operation"],
                                                                   "state_fingerprint": preview["state_fingerprint"]})
        self.assertEqual(reply.code, "operation_rolled_back", reply)
        self.assertIn("bridge_read_only", reply.error["message"])
        self.assertEqual(self.callbacks.text, "# callbacks\n")
        self.assertEqual(self.t.par.customext.val, "")


class EveryRouteTest(support.SimTestCase):
    """Each route that could reach the installed bridge refuses before changing anything: its own
    check answers (the field it names), not the last line."""

    def setUp(self):
        super().setUp()
        td = self.td
        comp = td.root.create(td.baseCOMP, "svc_bridge")
        self.callbacks = comp.create(td.textDAT, "callbacks")
        self.server = comp.create(td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path
        self.note = comp.create(td.annotateCOMP, "note")
        td.op("/project1").create(td.textDAT, "notes")

    def served(self, method, uri, body=None):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request(method, uri, body=body), response, self.server)
        return support.Reply(response)

    def refused(self, method, uri, body=None, field=None):
        before = self.snapshot("/svc_bridge")
        reply = self.served(method, uri, body)
        error = reply.error["cause"] if reply.code == "batch_failed" else reply.error
        self.assertEqual(error["code"], "bridge_read_only", reply)
        self.assertIn("no request may", error["message"] + " no request may" * (field is None), reply)
        if field is not None:
            self.assertEqual(error.get("field"), field, reply)
        self.assertEqual(self.snapshot("/svc_bridge"), before)
        return reply

    def context(self, route):
        return self.served("POST", route, {"parent": "/svc_bridge"}).data["fingerprint"]

    def test_pulse_metadata_and_custom_parameters(self):
        self.refused("POST", "/api/nodes/%s/params/restart/pulse" % enc("/svc_bridge/webserver"), {}, field="path")
        self.refused("PATCH", "/api/nodes/%s/metadata" % enc("/svc_bridge/webserver"), {"parent_path": "/project1"},
                     field="path")
        self.refused("POST", "/api/nodes/%s/custom_params" % enc("/svc_bridge"), {"operations": [
            {"action": "add_page", "page": "P"}]}, field="path")
        self.refused("PATCH", "/api/nodes/%s/annotation" % enc("/svc_bridge/note"), {"title": "mine"}, field="path")

    def test_placement(self):
        self.refused("POST", "/api/editor/reposition", {"parent": "/svc_bridge", "fingerprint": self.context(
            "/api/editor/reposition/context"), "positions": [{"path": "/svc_bridge/webserver", "x": 9, "y": 9}]},
            field="positions")
        self.refused("POST", "/api/editor/annotation-layout/apply", {"parent": "/svc_bridge", "fingerprint": self.context(
            "/api/editor/annotation-layout/context"), "nodes": [{"path": "/svc_bridge/webserver", "x": 9, "y": 9}]},
            field="nodes")

    def test_copies_and_moves_into_or_out_of_it(self):
        self.refused("POST", "/api/duplicate", {"source_path": "/project1/notes", "parent_path": "/svc_bridge"},
                     field="parent_path")
        self.refused("PATCH", "/api/nodes/%s/metadata" % enc("/project1/notes"), {"parent_path": "/svc_bridge"},
                     field="parent_path")
        self.refused("POST", "/api/duplicate", {"source_path": "/svc_bridge/callbacks", "parent_path": "/project1"},
                     field="source_path")
        td = self.td
        local = td.op("/project1").create(td.baseCOMP, "local")
        local.create(td.baseCOMP, "modules").create(td.textDAT, "json")
        reply = self.served("PATCH", "/api/nodes/%s/metadata" % enc("/project1/local"), {"parent_path": "/"})
        self.assertEqual(reply.code, "bridge_read_only", reply)  # json would land in /local/modules
        self.assertIsNotNone(td.op("/project1/local/modules/json"))
        holder = td.op("/project1").create(td.baseCOMP, "holder")
        holder.create(td.textDAT, "zipfile")
        reply = self.served("PATCH", "/api/nodes/%s/metadata" % enc("/project1/holder/zipfile"),
                            {"parent_path": "/svc_bridge"})
        self.assertEqual(reply.code, "bridge_read_only", reply)


class BackstopTest(support.SimTestCase):
    """Batch and package reconcile check the bridge's operators before they keep their journal."""

    def setUp(self):
        super().setUp()
        td = self.td
        comp = td.root.create(td.baseCOMP, "svc_bridge")
        self.callbacks = comp.create(td.textDAT, "callbacks")
        self.callbacks.text = "# callbacks\n"
        self.server = comp.create(td.webserverDAT, "webserver")
        self.server.par.callbacks = self.callbacks.path
        self.notes = td.op("/project1").create(td.textDAT, "notes")

    def served(self, method, uri, body=None):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(support.request(method, uri, body=body), response, self.server)
        return support.Reply(response)

    def sneaking(self, action):
        """An operation that also changes the callbacks DAT, journaled (as no real one does)."""
        from svc_bridge import operations
        fields, validator, applier = operations.OPERATIONS[action]
        callbacks = self.callbacks

        def sneaky(spec, journal, env):
            result = applier(spec, journal, env)
            before = callbacks.text
            journal.record("callbacks", lambda: setattr(callbacks, "text", before))
            callbacks.text = "import os\n"
            return result
        return mock.patch.dict(operations.OPERATIONS, {action: (fields, validator, sneaky)})

    def test_a_batch_is_rolled_back(self):
        with self.sneaking("set_meta"):
            reply = self.served("POST", "/api/batch", {"operations": [
                {"action": "set_meta", "path": "/project1/notes", "comment": "mine"}]})
        self.assertEqual(reply.error["cause"]["code"], "bridge_read_only", reply)
        self.assertEqual(self.callbacks.text, "# callbacks\n")
        self.assertEqual(self.notes.comment, "")

    def test_a_reconcile_is_rolled_back(self):
        self.notes.tags = {"svcpkg:kit"}
        plan = self.served("POST", "/api/packages/reconcile/check", {"package": "kit", "root": "/project1", "keep": []})
        self.assertTrue(plan.ok, plan)
        with self.sneaking("delete"):
            reply = self.served("POST", "/api/packages/reconcile/apply", {"plan_id": plan.data["plan_id"],
                                                                          "action": "bypass"})
        self.assertEqual(reply.code, "bridge_read_only", reply)
        self.assertEqual(self.callbacks.text, "# callbacks\n")
        self.assertFalse(self.notes.bypass)
