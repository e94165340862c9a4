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
