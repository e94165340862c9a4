"""The security chain and the envelope, through the app entry with a test router (no td needed)."""

import json
import unittest

from test.python.bridge.support import BridgeTestCase, Reply, request
from svc_bridge import app, config
from svc_bridge.errors import BridgeError
from svc_bridge.router import Router

TOKEN = "s3cret-token"


def echo(ctx):
    return {"query": ctx.query, "body": ctx.body, "params": ctx.params}


def boom(ctx):
    raise KeyError("unexpected")


def refuse(ctx):
    raise BridgeError("node_not_found", "no operator at /x", path="/x")


def make_router():
    router = Router()
    router.add("GET", "/api/echo", echo)
    router.add("POST", "/api/echo", echo)
    router.add("PUT", "/api/echo", echo)
    router.add("PATCH", "/api/echo/{name}", echo)
    router.add("POST", "/api/exec", echo, exec_gated=True)
    router.add("GET", "/api/boom", boom)
    router.add("GET", "/api/refuse", refuse)
    return router


ROUTER = make_router()


def call(*args, **kwargs):
    response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
    returned = app.handle(request(*args, **kwargs), response, router=ROUTER)
    assert returned is response
    return Reply(response)


class PeerTest(BridgeTestCase):
    def test_loopback_peers_pass(self):
        for peer in ("127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.0.1:54321", "[::1]:54321", "127.8.9.10",
                     "localhost"):
            self.assertEqual(call("GET", "/api/echo", client=peer).status, 200, peer)

    def test_other_peers_are_refused(self):
        for peer in ("192.168.1.20", "10.0.0.1:4444", "[2001:db8::1]:80", "8.8.8.8", "not-an-address"):
            reply = call("GET", "/api/echo", client=peer)
            self.assertEqual((reply.status, reply.code), (403, "forbidden_peer"), peer)

    def test_missing_peer_address_falls_back_to_host_and_origin_guards(self):
        self.assertEqual(call("GET", "/api/echo", client=None).status, 200)
        reply = call("GET", "/api/echo", client=None, headers={"Host": "evil.example"})
        self.assertEqual(reply.code, "forbidden_host")

    def test_lan_without_token_refuses_everything(self):
        self.set_env(SVC_BRIDGE_ALLOW_LAN="1")
        for peer in ("127.0.0.1", "192.168.1.20"):
            reply = call("GET", "/api/echo", client=peer)
            self.assertEqual((reply.status, reply.code), (403, "lan_requires_token"))

    def test_lan_with_token_accepts_other_peers_with_the_token(self):
        self.set_env(SVC_BRIDGE_ALLOW_LAN="yes", SVC_BRIDGE_TOKEN=TOKEN)
        ok = call("GET", "/api/echo", client="192.168.1.20", headers={"Authorization": "Bearer " + TOKEN})
        self.assertEqual(ok.status, 200)
        self.assertEqual(call("GET", "/api/echo", client="192.168.1.20").code, "unauthorized")

    def test_lan_switch_words(self):
        for word in ("1", "true", "YES", " on "):
            self.set_env(SVC_BRIDGE_ALLOW_LAN=word)
            self.assertTrue(config.lan_allowed(), word)
        for word in ("0", "false", "off", "", "2"):
            self.set_env(SVC_BRIDGE_ALLOW_LAN=word)
            self.assertFalse(config.lan_allowed(), word)


class TokenTest(BridgeTestCase):
    def setUp(self):
        super().setUp()
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN)

    def test_missing_token(self):
        reply = call("GET", "/api/echo")
        self.assertEqual((reply.status, reply.code), (401, "unauthorized"))
        self.assertEqual(reply.response["WWW-Authenticate"], "Bearer")

    def test_wrong_token(self):
        for value in ("Bearer nope", "Bearer " + TOKEN + "x", "Basic " + TOKEN, TOKEN, "Bearer"):
            self.assertEqual(call("GET", "/api/echo", headers={"Authorization": value}).code, "unauthorized", value)

    def test_right_token_any_header_casing(self):
        for key in ("Authorization", "authorization", "AUTHORIZATION"):
            self.assertEqual(call("GET", "/api/echo", headers={key: "Bearer " + TOKEN}).status, 200, key)
        self.assertEqual(call("GET", "/api/echo", headers={"authorization": "bearer " + TOKEN}).status, 200)

    def test_two_authorization_headers_must_both_be_right(self):
        reply = call("GET", "/api/echo", headers={"Authorization": "Bearer " + TOKEN, "authorization": "Bearer x"})
        self.assertEqual(reply.code, "unauthorized")

    def test_401_comes_before_the_body_is_parsed(self):
        reply = call("POST", "/api/echo", raw_body=b"{not json", headers={"Content-Type": "application/json"})
        self.assertEqual(reply.code, "unauthorized")
        huge = b"x" * (config.MAX_BODY_BYTES + 1)
        reply = call("POST", "/api/echo", raw_body=huge, headers={"Content-Type": "text/plain"})
        self.assertEqual(reply.code, "unauthorized")

    def test_blank_token_means_no_token(self):
        self.set_env(SVC_BRIDGE_TOKEN="   ")
        self.assertEqual(call("GET", "/api/echo").status, 200)


class OriginHostTest(BridgeTestCase):
    def test_loopback_origins_pass(self):
        for origin in ("http://localhost:3000", "http://127.0.0.1", "https://[::1]:8443", "http://LOCALHOST"):
            self.assertEqual(call("GET", "/api/echo", headers={"Origin": origin}).status, 200, origin)

    def test_other_origins_are_refused(self):
        for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example", "http://localhost.evil",
                       "file://", "http://user@localhost", "ftp://localhost"):
            reply = call("GET", "/api/echo", headers={"origin": origin})
            self.assertEqual((reply.status, reply.code), (403, "forbidden_origin"), origin)

    def test_loopback_hosts_pass(self):
        for host in ("127.0.0.1", "127.0.0.1:9980", "localhost:1", "LOCALHOST", "[::1]", "[::1]:9980"):
            self.assertEqual(call("GET", "/api/echo", headers={"Host": host}).status, 200, host)

    def test_other_hosts_are_refused(self):
        for host in ("evil.example", "127.0.0.1.nip.io", "localhost:abc", "::1", "[::2]:80", "192.168.0.1:9980"):
            reply = call("GET", "/api/echo", headers={"host": host})
            self.assertEqual((reply.status, reply.code), (403, "forbidden_host"), host)


class BodyTest(BridgeTestCase):
    def test_content_type_must_be_json(self):
        for method in ("POST", "PUT"):
            reply = call(method, "/api/echo", raw_body=b"{}", headers={"Content-Type": "text/plain"})
            self.assertEqual((reply.status, reply.code), (415, "unsupported_media_type"), method)
        reply = call("PATCH", "/api/echo/x", raw_body=b"{}", headers={"content-type": "application/x-www-form-urlencoded"})
        self.assertEqual(reply.code, "unsupported_media_type")

    def test_json_with_parameters_and_any_case(self):
        for value in ("application/json; charset=utf-8", "Application/JSON"):
            reply = call("POST", "/api/echo", raw_body=b'{"a": 1}', headers={"Content-Type": value})
            self.assertEqual(reply.data["body"], {"a": 1}, value)

    def test_body_without_content_type(self):
        self.assertEqual(call("POST", "/api/echo", raw_body=b'{"a": 1}').code, "unsupported_media_type")
        self.assertEqual(call("POST", "/api/echo", raw_body=b"").status, 200)

    def test_size_cap(self):
        body = b'{"a": "' + b"x" * config.MAX_BODY_BYTES + b'"}'
        reply = call("POST", "/api/echo", raw_body=body, headers={"Content-Type": "application/json"})
        self.assertEqual((reply.status, reply.code), (413, "payload_too_large"))
        self.assertEqual(reply.error["limit"], config.MAX_BODY_BYTES)

    def test_invalid_json(self):
        for raw, code in ((b"{nope", "invalid_json"), (b"[1, 2]", "invalid_body"), (b'"x"', "invalid_body"),
                          (b'{"a": NaN}', "invalid_json"), (b"\xff\xfe", "invalid_json")):
            reply = call("POST", "/api/echo", raw_body=raw, headers={"Content-Type": "application/json"})
            self.assertEqual((reply.status, reply.code), (400, code), raw)

    def test_string_body_is_accepted(self):
        reply = call("POST", "/api/echo", raw_body='{"a": "é"}', headers={"Content-Type": "application/json"})
        self.assertEqual(reply.data["body"], {"a": "é"})


class ExecGateTest(BridgeTestCase):
    def test_closed_by_default(self):
        reply = call("POST", "/api/exec", body={"script": "x"})
        self.assertEqual((reply.status, reply.code), (403, "exec_disabled"))

    def test_token_alone_does_not_open(self):
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN)
        reply = call("POST", "/api/exec", body={"script": "x"}, headers={"Authorization": "Bearer " + TOKEN})
        self.assertEqual(reply.code, "exec_disabled")

    def test_exec_switch_opens(self):
        self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
        self.assertEqual(call("POST", "/api/exec", body={"script": "x"}).status, 200)

    def test_gate_is_checked_before_the_body(self):
        reply = call("POST", "/api/exec", raw_body=b"{bad", headers={"Content-Type": "application/json"})
        self.assertEqual(reply.code, "exec_disabled")


class OrderTest(BridgeTestCase):
    """Each rule is checked before the next: the first failing one decides the reply."""

    def test_order(self):
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN)
        bad = {"Origin": "http://evil.example", "Host": "evil.example", "Content-Type": "text/plain"}
        self.assertEqual(call("POST", "/api/nope", raw_body=b"x", headers=bad, client="10.0.0.1").code, "forbidden_peer")
        self.assertEqual(call("POST", "/api/nope", raw_body=b"x", headers=bad).code, "unauthorized")
        bad["Authorization"] = "Bearer " + TOKEN
        self.assertEqual(call("POST", "/api/nope", raw_body=b"x", headers=bad).code, "forbidden_origin")
        del bad["Origin"]
        self.assertEqual(call("POST", "/api/nope", raw_body=b"x", headers=bad).code, "forbidden_host")
        del bad["Host"]
        big = b"x" * (config.MAX_BODY_BYTES + 1)
        self.assertEqual(call("POST", "/api/nope", raw_body=big, headers=bad).code, "unsupported_media_type")
        bad["Content-Type"] = "application/json"
        self.assertEqual(call("POST", "/api/nope", raw_body=big, headers=bad).code, "payload_too_large")
        self.assertEqual(call("POST", "/api/nope", raw_body=b"x", headers=bad).code, "not_found")


class EnvelopeTest(BridgeTestCase):
    def test_success_envelope(self):
        reply = call("GET", "/api/echo?a=1&b=x%20y", pars={"c": "3"})
        self.assertEqual(reply.status, 200)
        self.assertTrue(reply.ok)
        self.assertEqual(reply.data["query"], {"a": "1", "b": "x y", "c": "3"})
        self.assertEqual(reply.response["Content-Type"], "application/json")
        self.assertEqual(reply.response["statusReason"], "OK")

    def test_error_envelope_has_code_message_and_extras(self):
        reply = call("GET", "/api/refuse")
        self.assertEqual(reply.status, 404)
        self.assertEqual(reply.envelope, {"ok": False, "error": {"code": "node_not_found", "message": "no operator at /x",
                                                                  "path": "/x"}})

    def test_unknown_route_and_wrong_method(self):
        self.assertEqual((call("GET", "/api/nope").status, call("GET", "/api/nope").code), (404, "not_found"))
        reply = call("DELETE", "/api/echo")
        self.assertEqual((reply.status, reply.code), (405, "method_not_allowed"))
        self.assertEqual(reply.response["Allow"], "GET, POST, PUT")

    def test_unexpected_exception_is_a_500_envelope(self):
        reply = call("GET", "/api/boom")
        self.assertEqual((reply.status, reply.code), (500, "internal_error"))
        self.assertIn("KeyError", reply.error["message"])

    def test_bad_encoding_in_path(self):
        reply = call("PATCH", "/api/echo/%E0%A4", body={})
        self.assertEqual((reply.status, reply.code), (400, "bad_encoding"))

    def test_full_url_in_uri(self):
        self.assertEqual(call("GET", "http://127.0.0.1:9980/api/echo?z=1").data["query"], {"z": "1"})

    def test_response_is_json_text(self):
        reply = call("GET", "/api/echo")
        self.assertIsInstance(reply.response["data"], str)
        json.loads(reply.response["data"])


if __name__ == "__main__":
    unittest.main()
