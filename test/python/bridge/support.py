"""Shared helpers for the bridge's Python tests: import paths, request dicts, envelope reading."""

import json
import os
import sys
import unittest
from unittest import mock

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BRIDGE = os.path.join(ROOT, "bridge")
SIM = os.path.join(BRIDGE, "sim")
for _path in (BRIDGE, SIM):
    if _path not in sys.path:
        sys.path.insert(0, _path)

BRIDGE_ENV = ("SVC_BRIDGE_TOKEN", "SVC_BRIDGE_ALLOW_LAN", "SVC_BRIDGE_ALLOW_EXEC", "SVC_BRIDGE_EXPORT_DIR",
              "SVC_BRIDGE_EXPRESSIONS", "SVC_BRIDGE_FRAME_BUDGET_MS")


def request(method, uri, body=None, headers=None, pars=None, client="127.0.0.1", raw_body=None):
    """A request dict shaped like the Web Server DAT's."""
    req = {
        "method": method,
        "uri": uri,
        "pars": pars or {},
        "clientAddress": client,
        "serverAddress": "127.0.0.1:9980",
        "data": b"",
    }
    if raw_body is not None:
        req["data"] = raw_body
    elif body is not None:
        req["data"] = json.dumps(body).encode("utf-8")
        req["Content-Type"] = "application/json"
    req["Host"] = "127.0.0.1:9980"
    for key, value in (headers or {}).items():
        if value is None:
            req.pop(key, None)
        else:
            req[key] = value
    return req


class Reply:
    def __init__(self, response):
        self.response = response
        self.status = response["statusCode"]
        self.envelope = json.loads(response["data"])
        self.ok = self.envelope["ok"]
        self.data = self.envelope.get("data")
        self.error = self.envelope.get("error")
        self.code = self.error["code"] if self.error else None

    def __repr__(self):
        return "Reply(%s, %s)" % (self.status, json.dumps(self.envelope)[:400])


class BridgeTestCase(unittest.TestCase):
    """Clears the bridge's environment switches for each test; tests set what they need."""

    def setUp(self):
        patcher = mock.patch.dict(os.environ, {})
        patcher.start()
        self.addCleanup(patcher.stop)
        for name in BRIDGE_ENV:
            os.environ.pop(name, None)
        # In-process tests send requests back to back with no frame between them: no shedding here
        # (test_shedding.py tests it on its own clock, test/bridge/bridge-load.test.ts over HTTP).
        os.environ["SVC_BRIDGE_FRAME_BUDGET_MS"] = "off"

    def set_env(self, **values):
        for name, value in values.items():
            os.environ[name] = value


class SimTestCase(BridgeTestCase):
    """A fresh tdsim project per test; requests go through the bridge's real entry point."""

    def setUp(self):
        super().setUp()
        # A walk stops on its time budget only on a slow machine: in tests that would make results
        # depend on the machine's load, so budgets of 10 ms or more never run out here. Tests that
        # want a spent budget ask for less (time_budget_ms=1), and that still runs out.
        from svc_bridge import budget
        spent = budget.Budget.spent
        patcher = mock.patch.object(budget.Budget, "spent", lambda self: self.seconds < 0.01 and spent(self))
        patcher.start()
        self.addCleanup(patcher.stop)
        import tdsim
        tdsim.reset()
        import td
        self.td = td

    def call(self, method, uri, body=None, **kwargs):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(request(method, uri, body=body, **kwargs), response)
        return Reply(response)

    def ok(self, method, uri, body=None, **kwargs):
        reply = self.call(method, uri, body, **kwargs)
        self.assertTrue(reply.ok, reply)
        return reply.data

    def fails(self, method, uri, body=None, code=None, status=None, **kwargs):
        reply = self.call(method, uri, body, **kwargs)
        self.assertFalse(reply.ok, reply)
        if code is not None:
            self.assertEqual(reply.code, code, reply)
        if status is not None:
            self.assertEqual(reply.status, status, reply)
        return reply

    def snapshot(self, path="/project1"):
        """Everything a route can read about a network, for before/after comparisons."""
        # Walked to completion page by page, whatever the machine's load.
        data = {"nodes": [], "wires": []}
        after = ""
        for _ in range(1000):
            page = self.ok("GET", "/api/network/%s/topology?paged=true&depth=64&params=true&text=true&custom=true&after=%s"
                           % (enc(path), enc(after)))
            data.setdefault("custom_pages", page.get("custom_pages"))
            data["nodes"].extend(page["nodes"])
            data["wires"].extend(page["wires"])
            if page["next_after"] is None:
                self.assertTrue(page["complete"], "snapshot walk incomplete")
                break
            after = page["next_after"]
        else:
            self.fail("snapshot walk did not end")
        storage = {}
        stack = [self.td.op(path)]
        while stack:
            node = stack.pop()
            storage[node.path] = dict(node.storage)
            if node.isCOMP:
                stack.extend(node.children)
        data["storage"] = storage
        return data

    def make(self, parent, op_type, name, **parameters):
        body = {"parent_path": parent, "type": op_type, "name": name}
        if parameters:
            body["parameters"] = parameters
        return self.ok("POST", "/api/nodes", body)

    def wire(self, source, target, source_output=0, target_input=0):
        return self.ok("POST", "/api/connect", {"source_path": source, "target_path": target,
                                                "source_output": source_output, "target_input": target_input})


def enc(path):
    """A node path as one URL segment, as the TypeScript client sends it."""
    from urllib.parse import quote
    return quote(path, safe="")
