"""POST /api/params/search and POST /api/code/search: filters in the body, bounds and completeness,
redaction, credentials never used as a filter oracle, unreadable parameters counted, exec closed."""

import os
import unittest
from unittest import mock

from test.python.bridge.support import SimTestCase


class ParamSearchTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.assertNotIn("SVC_BRIDGE_ALLOW_EXEC", os.environ)
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1", seed=7)
        self.make("/project1/net", "levelTOP", "level1")
        self.make("/project1/net", "baseCOMP", "inner")
        self.make("/project1/net/inner", "levelTOP", "level2", opacity=0.5)
        self.ok("PATCH", "/api/nodes/%2Fproject1%2Fnet%2Fnoise1/params/amp/mode", {"mode": "expression", "expr": "0.25 + 0.125"})
        self.make("/project1/net", "webserverDAT", "web")

    def search(self, **body):
        return self.ok("POST", "/api/params/search", body)

    def test_filters_in_path_order(self):
        r = self.search(root="/project1/net", mode="expression")
        self.assertEqual([(m["path"], m["name"], m["expr"]) for m in r["matches"]],
                         [("/project1/net/noise1", "amp", "0.25 + 0.125")])
        self.assertTrue(r["complete"])
        self.assertIsInstance(r["frame"], (int, float))
        r = self.search(root="/project1/net", node_type="levelTOP", name="opacity")
        self.assertEqual([m["path"] for m in r["matches"]], ["/project1/net/inner/level2", "/project1/net/level1"])
        r = self.search(root="/project1/net", name="opacity", value="0.5")
        self.assertEqual([m["path"] for m in r["matches"]], ["/project1/net/inner/level2"])
        r = self.search(path="/project1/net/noise1", non_default=True)
        self.assertEqual([m["name"] for m in r["matches"]], ["amp", "seed"])
        self.assertEqual(r["nodes_scanned"], 1)

    def test_bounds_say_what_stopped_the_search(self):
        r = self.search(path="/project1/net/noise1", limit=3)
        self.assertEqual((r["count"], r["complete"], r["stopped_by"]), (3, False, "limit"))
        r = self.search(root="/project1/net", name="opacity", max_nodes=2)
        self.assertEqual((r["complete"], r["stopped_by"]), (False, "max_nodes"))
        r = self.search(root="/project1/net", name="opacity", max_depth=1)
        self.assertEqual((r["complete"], r["stopped_by"]), (False, "max_depth"))
        self.assertEqual([m["path"] for m in r["matches"]], ["/project1/net/level1"])
        r = self.search(root="/project1/net", max_params=5)
        self.assertEqual((r["params_scanned"], r["stopped_by"]), (5, "max_params"))
        r = self.search(root="/project1/net", time_budget_ms=1, name="zzz")
        self.assertIn(r["stopped_by"], (None, "time"))

    def test_credentials_are_hidden_and_never_an_oracle(self):
        web = self.td.op("/project1/net/web")
        secret = [p for p in web.pars() if "password" in p.name.lower() or p.name.lower() == "token"]
        self.assertTrue(secret, [p.name for p in web.pars()][:50])
        par = secret[0]
        par.val = "hunter2"
        shown = self.search(path="/project1/net/web", name=par.name)
        self.assertEqual(shown["matches"][0]["value"], None)
        self.assertTrue(shown["matches"][0]["redacted"])
        # the right guess and a wrong one answer alike
        right = self.search(path="/project1/net/web", value="hunter2")
        wrong = self.search(path="/project1/net/web", value="zzzz")
        self.assertEqual(right["matches"], wrong["matches"])
        self.assertEqual(right["sensitive_skipped"], wrong["sensitive_skipped"])
        self.assertNotIn("hunter2", str(self.search(root="/project1/net")))

    def test_unreadable_parameters_are_counted_without_their_error(self):
        from svc_bridge.routes import param_search
        real = param_search.par_state

        def flaky(par, modes=True):
            if par.name == "seed":
                raise RuntimeError("secret internals")
            return real(par, modes)
        with mock.patch.object(param_search, "par_state", flaky):
            r = self.search(path="/project1/net/noise1")
        self.assertEqual(r["unreadable"], 1)
        self.assertNotIn("secret internals", str(r))
        self.assertNotIn("seed", [m["name"] for m in r["matches"]])

    def test_bad_input(self):
        for body, code in (({}, "missing_field"), ({"path": "/project1/net", "root": "/project1"}, "invalid_field"),
                           ({"root": "/project1/net", "mode": "animated"}, "invalid_field"),
                           ({"root": "/project1/net", "limit": 0}, "invalid_field"),
                           ({"root": "/project1/net", "limt": 5}, "invalid_field"),
                           ({"root": "project1"}, "invalid_path"),
                           ({"root": "/project1/net/noise1"}, "not_a_comp"),
                           ({"path": "/project1/nothing"}, "node_not_found"),
                           ({"root": "/project1/net", "value": ""}, "invalid_field")):
            self.fails("POST", "/api/params/search", body, code=code)


class CodeSearchTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "textDAT", "script1")
        self.ok("PUT", "/api/nodes/%2Fproject1%2Fnet%2Fscript1/text", {"text": (
            "# move the noise with the beat\ndef onFrame():\n    op('noise1').par.amp = beat_level * 2\n"
            "api_key = 'sk-live-123456'\n")})
        self.make("/project1/net", "textDAT", "notes")
        self.ok("PUT", "/api/nodes/%2Fproject1%2Fnet%2Fnotes/text", {"text": "nothing here about it\n"})
        self.make("/project1/net", "noiseTOP", "noise1")
        self.ok("PATCH", "/api/nodes/%2Fproject1%2Fnet%2Fnoise1/params/seed/mode",
                {"mode": "expression", "expr": "op('beat').par.value0 * 10"})

    def test_ranked_results_with_redacted_excerpts(self):
        r = self.ok("POST", "/api/code/search", {"query": "beat level", "root": "/project1/net"})
        self.assertEqual([(x["kind"], x["path"]) for x in r["results"]],
                         [("dat", "/project1/net/script1"), ("expression", "/project1/net/noise1")])
        self.assertGreater(r["results"][0]["score"], r["results"][1]["score"])
        self.assertEqual(r["results"][0]["line"], 1)
        self.assertEqual(r["results"][1]["param"], "seed")
        self.assertTrue(r["complete"])
        key = self.ok("POST", "/api/code/search", {"query": "api_key"})
        self.assertIn("***", key["results"][0]["excerpt"])
        self.assertNotIn("sk-live", str(key))

    def test_identifier_parts_and_kinds(self):
        r = self.ok("POST", "/api/code/search", {"query": "onframe", "kinds": ["expression"]})
        self.assertEqual(r["results"], [])
        r = self.ok("POST", "/api/code/search", {"query": "frame"})  # a part of onFrame
        self.assertEqual([x["path"] for x in r["results"]], ["/project1/net/script1"])

    def test_bounds_name_what_stopped(self):
        for body, bound in (({"max_documents": 1}, "max_documents"), ({"max_bytes": 10}, "max_bytes"),
                            ({"max_nodes": 1}, "max_nodes"), ({"max_depth": 1}, "max_depth"),
                            ({"max_params": 3}, "max_params")):
            r = self.ok("POST", "/api/code/search", dict(body, query="beat"))
            self.assertEqual((r["complete"], r["stopped_by"]), (False, bound), body)

    def test_bad_input(self):
        for body, code in (({}, "missing_field"), ({"query": "   "}, "invalid_field"), ({"query": "x", "kinds": ["py"]},
                           "invalid_field"), ({"query": "x", "script": "1"}, "invalid_field"),
                           ({"query": "x", "root": "/nothing"}, "node_not_found"),
                           ({"query": "x", "limit": 500}, "invalid_field")):
            self.fails("POST", "/api/code/search", body, code=code)


if __name__ == "__main__":
    unittest.main()
