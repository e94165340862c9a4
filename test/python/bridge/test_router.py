import unittest

from svc_bridge.errors import BridgeError
from svc_bridge.percent import decode_query_string, percent_decode
from svc_bridge.router import Router


def make_router():
    router = Router()
    for method, pattern in (
        ("GET", "/api/info"),
        ("GET", "/api/nodes"),
        ("POST", "/api/nodes"),
        ("GET", "/api/nodes/search"),
        ("GET", "/api/nodes/{path:path}"),
        ("PATCH", "/api/nodes/{path:path}"),
        ("GET", "/api/nodes/{path:path}/errors"),
        ("GET", "/api/nodes/{path:path}/params"),
        ("PATCH", "/api/nodes/{path:path}/params/{param}/mode"),
        ("GET", "/api/network/{path:path}/topology"),
    ):
        router.add(method, pattern, lambda ctx, p=pattern: p)
    return router


class RouterTest(unittest.TestCase):
    def setUp(self):
        self.router = make_router()

    def match(self, method, path):
        m = self.router.match(method, path)
        return m.route.pattern, m.params

    def test_literal_route(self):
        self.assertEqual(self.match("GET", "/api/info"), ("/api/info", {}))

    def test_encoded_node_path_is_one_capture(self):
        self.assertEqual(self.match("GET", "/api/nodes/%2Fproject1%2Fnoise1"),
                         ("/api/nodes/{path:path}", {"path": "/project1/noise1"}))

    def test_encoded_path_with_suffix(self):
        self.assertEqual(self.match("GET", "/api/nodes/%2Fproject1%2Fnoise1/errors"),
                         ("/api/nodes/{path:path}/errors", {"path": "/project1/noise1"}))

    def test_decoded_slashes_still_route(self):
        # A host that decodes %2F before the bridge sees the URI splits the path over segments.
        self.assertEqual(self.match("GET", "/api/nodes//project1/noise1/errors"),
                         ("/api/nodes/{path:path}/errors", {"path": "/project1/noise1"}))
        self.assertEqual(self.match("GET", "/api/nodes/project1/noise1"),
                         ("/api/nodes/{path:path}", {"path": "/project1/noise1"}))

    def test_twice_encoded_path_routes_the_same_decoded_by_the_host_or_not(self):
        # A node named like a route suffix: sent encoded twice, it stays a node path either way.
        for uri in ("/api/nodes/%252Fproject1%252Ferrors", "/api/nodes/%2Fproject1%2Ferrors"):
            self.assertEqual(self.match("GET", uri), ("/api/nodes/{path:path}", {"path": "/project1/errors"}), uri)
        for uri in ("/api/nodes/%252Fproject1%252Fparams/params", "/api/nodes/%2Fproject1%2Fparams/params"):
            self.assertEqual(self.match("GET", uri), ("/api/nodes/{path:path}/params", {"path": "/project1/params"}))
        with self.assertRaises(BridgeError) as cm:
            self.match("GET", "/api/nodes/%252Fproject1%25zz")
        self.assertEqual(cm.exception.code, "bad_encoding")

    def test_root_path(self):
        self.assertEqual(self.match("GET", "/api/network/%2F/topology"),
                         ("/api/network/{path:path}/topology", {"path": "/"}))
        self.assertEqual(self.match("GET", "/api/network///topology"),
                         ("/api/network/{path:path}/topology", {"path": "/"}))

    def test_literal_beats_capture(self):
        self.assertEqual(self.match("GET", "/api/nodes/search")[0], "/api/nodes/search")
        # An encoded root-level node called "search" is a node path, not the search route.
        self.assertEqual(self.match("GET", "/api/nodes/%2Fsearch"), ("/api/nodes/{path:path}", {"path": "/search"}))

    def test_two_captures(self):
        self.assertEqual(self.match("PATCH", "/api/nodes/%2Fa%2Fb/params/tx/mode"),
                         ("/api/nodes/{path:path}/params/{param}/mode", {"path": "/a/b", "param": "tx"}))

    def test_unknown_route_is_not_found(self):
        with self.assertRaises(BridgeError) as cm:
            self.router.match("GET", "/api/nope")
        self.assertEqual(cm.exception.code, "not_found")
        self.assertEqual(cm.exception.status, 404)

    def test_trailing_slash_is_not_the_route(self):
        with self.assertRaises(BridgeError) as cm:
            self.router.match("GET", "/api/info/")
        self.assertEqual(cm.exception.code, "not_found")

    def test_wrong_method_lists_allowed(self):
        with self.assertRaises(BridgeError) as cm:
            self.router.match("DELETE", "/api/nodes")
        err = cm.exception
        self.assertEqual((err.code, err.status), ("method_not_allowed", 405))
        self.assertEqual(err.headers["Allow"], "GET, POST")
        self.assertEqual(err.extra["allowed"], ["GET", "POST"])

    def test_bad_percent_encoding(self):
        for path in ("/api/nodes/%2Fproject1%zz", "/api/nodes/%2", "/api/nodes/%FF%FE"):
            with self.assertRaises(BridgeError) as cm:
                self.router.match("GET", path)
            self.assertEqual((cm.exception.code, cm.exception.status), ("bad_encoding", 400), path)

    def test_duplicate_registration_is_refused(self):
        with self.assertRaises(ValueError):
            self.router.add("GET", "/api/info", lambda ctx: None)


class PercentTest(unittest.TestCase):
    def test_decodes_utf8(self):
        self.assertEqual(percent_decode("%2Fcaf%C3%A9"), "/café")

    def test_plain_text_untouched(self):
        self.assertEqual(percent_decode("a+b"), "a+b")

    def test_query_plus_is_space(self):
        self.assertEqual(decode_query_string("name=a+b&x=%2F&flag"), [("name", "a b"), ("x", "/"), ("flag", "")])

    def test_query_bad_encoding(self):
        with self.assertRaises(BridgeError) as cm:
            decode_query_string("a=%G1")
        self.assertEqual(cm.exception.code, "bad_encoding")


if __name__ == "__main__":
    unittest.main()
