"""The installed bridge COMP (`/svc_bridge`, as svc_bridge.install makes it) is read-only whole."""

import json

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
