"""Requests the suite sends to the bridge's own entry point, in process, as the Web Server DAT would.

Each goes through the whole chain (security with the caller's own credentials, routing, exec gate,
body, undo block, envelope), so a check of a route tests what a client of that route gets. The run
pays for them as one request of the frame budget (shedding.nested): the suite's step is what the
budget bounds.
"""

import json
import urllib.parse

from .. import shedding


class Reply:
    __slots__ = ("status", "ok", "data", "error", "code", "headers")

    def __init__(self, response):
        self.status = response.get("statusCode")
        envelope = json.loads(response.get("data") or "{}")
        self.ok = bool(envelope.get("ok"))
        self.data = envelope.get("data")
        self.error = envelope.get("error")
        self.code = self.error.get("code") if isinstance(self.error, dict) else None
        self.headers = {k: v for k, v in response.items() if k not in ("statusCode", "statusReason", "data")}

    def brief(self):
        return {"status": self.status, "code": self.code, "message": (self.error or {}).get("message")} \
            if not self.ok else {"status": self.status, "ok": True}


def encode_path(path):
    """A node path as one segment, encoded twice (as svc's client sends it)."""
    return path.replace("%", "%25").replace("/", "%252F")


def q(value):
    """A query value, percent-encoded once."""
    return urllib.parse.quote(str(value), safe="")


class Client:
    """`handle` and `router` are the bridge's entry point and router (the route's context hands them down)."""

    def __init__(self, outer_request, webserver, handle, router):
        self.webserver = webserver
        self.handle = handle
        self.router = router
        self.client_address = outer_request.client_address or "127.0.0.1"
        self.auth = outer_request.first_header("Authorization")

    def call(self, method, uri, body=None, headers=None):
        path, _, query = uri.partition("?")
        pars = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        req = {"method": method, "uri": path, "pars": pars, "clientAddress": self.client_address,
               "serverAddress": "127.0.0.1", "data": b"", "Host": "127.0.0.1"}
        if self.auth is not None:
            req["Authorization"] = self.auth
        if body is not None:
            req["data"] = json.dumps(body).encode("utf-8")
            req["Content-Type"] = "application/json"
        for key, value in (headers or {}).items():
            req[key] = value
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        with shedding.nested():
            self.handle(req, response, self.webserver, self.router)
        return Reply(response)

    def ok(self, method, uri, body=None, headers=None):
        """The reply's data; a refusal ends the check FAIL with what the route answered."""
        from .registry import FAIL, Outcome
        reply = self.call(method, uri, body, headers)
        if not reply.ok:
            raise Outcome(FAIL, expected="%s %s answers ok" % (method, uri.split("?")[0]), read=reply.brief())
        return reply.data

    def refused(self, method, uri, body, code):
        """Ends the check FAIL unless the route refuses with `code`; returns the reply."""
        from .registry import FAIL, Outcome
        reply = self.call(method, uri, body)
        if reply.ok or reply.code != code:
            raise Outcome(FAIL, expected="refused with %s" % code, read=reply.brief())
        return reply
