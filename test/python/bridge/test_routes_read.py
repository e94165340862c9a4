"""Read routes against tdsim, in process."""

import base64
import sys
import unittest

from test.python.bridge.support import SimTestCase, enc
from svc_bridge import BRIDGE_VERSION


class InfoTest(SimTestCase):
    def test_info(self):
        data = self.ok("GET", "/api/info")
        self.assertEqual(data["bridge_version"], BRIDGE_VERSION)
        self.assertEqual(data["python_version"], sys.version.split()[0])
        self.assertEqual(data["td_version"], "%s.%s" % (self.td.app.version, self.td.app.build))

    def test_health(self):
        data = self.ok("GET", "/api/health")
        self.assertEqual(data["status"], "ok")
        self.assertEqual(data["frame"], self.td.absTime.frame)


class NodesReadTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "noiseTOP", "noise1", period=2)
        self.make("/project1", "levelTOP", "level1")
        self.make("/project1", "baseCOMP", "inner")
        self.make("/project1/inner", "textDAT", "notes")
        self.wire("/project1/noise1", "/project1/level1")

    def test_children_sorted_by_name(self):
        data = self.ok("GET", "/api/nodes?parent=/project1")
        self.assertEqual([c["name"] for c in data["children"]], ["inner", "level1", "noise1"])
        self.assertEqual(data["children"][2], {"path": "/project1/noise1", "name": "noise1", "type": "noiseTOP",
                                               "family": "TOP"})

    def test_children_limit(self):
        data = self.ok("GET", "/api/nodes?parent=/project1&limit=2")
        self.assertEqual([c["name"] for c in data["children"]], ["inner", "level1"])
        self.assertEqual((data["total"], data["complete"]), (3, False))
        self.assertTrue(self.ok("GET", "/api/nodes?parent=/project1")["complete"])
        self.fails("GET", "/api/nodes?parent=/project1&limit=0", code="invalid_query")

    def test_children_detail(self):
        child = self.ok("GET", "/api/nodes?parent=/project1&detail=true")["children"][0]
        self.assertEqual(child["num_children"], 1)
        self.assertIn("flags", child)

    def test_children_of_missing_or_non_comp(self):
        self.fails("GET", "/api/nodes?parent=/nope", code="node_not_found", status=404)
        self.fails("GET", "/api/nodes?parent=/project1/noise1", code="not_a_comp")
        self.fails("GET", "/api/nodes?parent=project1", code="invalid_path")
        self.fails("GET", "/api/nodes?parent=/project1/*", code="invalid_path")

    def test_node_detail(self):
        data = self.ok("GET", "/api/nodes/%s" % enc("/project1/level1"))
        self.assertEqual(data["type"], "levelTOP")
        self.assertEqual(data["parent"], "/project1")
        self.assertEqual(data["inputs"], [{"source": "/project1/noise1", "source_output": 0,
                                           "target": "/project1/level1", "target_input": 0}])
        noise = self.ok("GET", "/api/nodes/%s" % enc("/project1/noise1"))
        self.assertEqual([p["name"] for p in noise["non_default_params"]], ["period"])
        self.assertEqual(noise["resolution"], [self.td.op("/project1/noise1").width,
                                               self.td.op("/project1/noise1").height])

    def test_node_detail_missing(self):
        reply = self.fails("GET", "/api/nodes/%s" % enc("/project1/ghost"), code="node_not_found", status=404)
        self.assertEqual(reply.error["path"], "/project1/ghost")

    def test_node_errors(self):
        self.make("/project1", "levelTOP", "lonely")  # a filter without input reports an error
        data = self.ok("GET", "/api/nodes/%s/errors" % enc("/project1/lonely"))
        self.assertEqual(data["errors"], [line for line in self.td.op("/project1/lonely").errors().splitlines() if line])
        self.assertTrue(data["errors"])
        self.assertEqual(self.ok("GET", "/api/nodes/%s/errors" % enc("/project1/level1"))["errors"], [])

    def test_params(self):
        data = self.ok("GET", "/api/nodes/%s/params?modes=true&keys=period,amp" % enc("/project1/noise1"))
        by_name = {p["name"]: p for p in data["params"]}
        self.assertEqual(by_name["period"]["value"], 2)
        self.assertFalse(by_name["period"]["isDefault"])
        self.assertEqual(by_name["period"]["mode"], "constant")
        self.assertTrue(by_name["amp"]["isDefault"])
        self.assertEqual(by_name["amp"]["style"], self.td.op("/project1/noise1").par.amp.style)

    def test_params_without_modes_and_non_default(self):
        data = self.ok("GET", "/api/nodes/%s/params?non_default_only=true" % enc("/project1/noise1"))
        self.assertEqual([p["name"] for p in data["params"]], ["period"])
        self.assertNotIn("mode", data["params"][0])
        everything = self.ok("GET", "/api/nodes/%s/params" % enc("/project1/noise1"))["params"]
        self.assertEqual(len(everything), len(self.td.op("/project1/noise1").pars()))

    def test_params_unknown_key(self):
        reply = self.fails("GET", "/api/nodes/%s/params?keys=period,nope" % enc("/project1/noise1"), code="unknown_param")
        self.assertEqual(reply.error["param"], "nope")

    def test_menu_params_list_entries(self):
        level = self.ok("GET", "/api/nodes/%s/params" % enc("/project1/noise1"))["params"]
        menus = [p for p in level if p["style"] == "Menu"]
        self.assertTrue(menus)
        par = getattr(self.td.op("/project1/noise1").par, menus[0]["name"])
        self.assertEqual(menus[0]["menuNames"], list(par.menuNames))

    def test_text(self):
        self.td.op("/project1/inner/notes").text = "hello\nworld"
        data = self.ok("GET", "/api/nodes/%s/text" % enc("/project1/inner/notes"))
        self.assertEqual((data["text"], data["length"]), ("hello\nworld", 11))
        self.fails("GET", "/api/nodes/%s/text" % enc("/project1/noise1"), code="not_a_dat")


class NetworkTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "noiseTOP", "noise1")
        self.make("/project1", "levelTOP", "level1")
        self.make("/project1", "levelTOP", "broken")
        self.make("/project1", "baseCOMP", "inner")
        self.make("/project1/inner", "constantCHOP", "c1")
        self.wire("/project1/noise1", "/project1/level1")

    def test_topology_children_and_wires(self):
        data = self.ok("GET", "/api/network/%s/topology" % enc("/project1"))
        self.assertEqual([n["path"] for n in data["nodes"]],
                         ["/project1/broken", "/project1/inner", "/project1/level1", "/project1/noise1"])
        self.assertEqual(data["wires"], [{"source": "/project1/noise1", "source_output": 0,
                                          "target": "/project1/level1", "target_input": 0}])
        self.assertTrue(data["complete"])
        self.assertTrue(data["deeper"])
        node = data["nodes"][3]
        for key in ("type", "family", "flags", "tags", "comment", "color", "position", "parent"):
            self.assertIn(key, node)

    def test_topology_deep_with_params(self):
        self.td.op("/project1/inner/c1").par.const0value = 4
        data = self.ok("GET", "/api/network/%s/topology?depth=3&params=true" % enc("/project1"))
        paths = [n["path"] for n in data["nodes"]]
        self.assertIn("/project1/inner/c1", paths)
        c1 = data["nodes"][paths.index("/project1/inner/c1")]
        self.assertEqual(c1["params"]["const0value"]["value"], 4)
        self.assertEqual(c1["depth"], 2)
        self.assertFalse(data["deeper"])

    def test_topology_of_non_comp(self):
        self.fails("GET", "/api/network/%s/topology" % enc("/project1/noise1"), code="not_a_comp")

    def test_topology_bounded_by_node_count(self):
        data = self.ok("GET", "/api/network/%s/topology?max_nodes=2" % enc("/project1"))
        self.assertEqual(len(data["nodes"]), 2)
        self.assertFalse(data["complete"])
        self.assertEqual(data["stopped_by"], "max_nodes")

    def _pages(self, query, limit=50):
        pages, after = [], ""
        while len(pages) < limit:
            data = self.ok("GET", "/api/network/%s/topology?paged=true&depth=3&%s&after=%s"
                           % (enc("/project1"), query, enc(after)))
            pages.append(data)
            if data["next_after"] is None:
                return pages
            after = data["next_after"]
        self.fail("paging did not end")

    def test_topology_paged_lists_every_node_once(self):
        whole = self.ok("GET", "/api/network/%s/topology?depth=3" % enc("/project1"))
        pages = self._pages("max_nodes=2")
        self.assertEqual([len(p["nodes"]) for p in pages], [2, 2, 1])
        self.assertEqual([p["complete"] for p in pages], [False, False, True])
        listed = [n["path"] for p in pages for n in p["nodes"]]
        self.assertEqual(listed, ["/project1/broken", "/project1/inner", "/project1/inner/c1",
                                  "/project1/level1", "/project1/noise1"])
        self.assertEqual(sorted(listed), sorted(n["path"] for n in whole["nodes"]))
        self.assertEqual([w for p in pages for w in p["wires"]], whole["wires"])

    def test_topology_paged_resumes_by_name_when_the_network_moves(self):
        first = self.ok("GET", "/api/network/%s/topology?paged=true&depth=3&max_nodes=2" % enc("/project1"))
        self.assertEqual(first["next_after"], "/project1/inner")
        self.td.op("/project1/inner").destroy()
        self.make("/project1", "nullTOP", "aaa")  # sorts before the cursor: belongs to a page already read
        rest = self.ok("GET", "/api/network/%s/topology?paged=true&depth=3&after=%s"
                       % (enc("/project1"), enc(first["next_after"])))
        self.assertEqual([n["path"] for n in rest["nodes"]], ["/project1/level1", "/project1/noise1"])
        self.assertTrue(rest["complete"])

    def test_topology_paged_progresses_on_a_spent_budget(self):
        pages = self._pages("time_budget_ms=1")
        self.assertEqual(sum(len(p["nodes"]) for p in pages), 5)

    def test_topology_paged_refuses_a_cursor_outside(self):
        self.fails("GET", "/api/network/%s/topology?paged=true&after=%s" % (enc("/project1/inner"), enc("/project1/noise1")),
                   code="invalid_query")

    def test_network_errors_paged_reads_every_error_once(self):
        self.make("/project1/inner", "mathCHOP", "m1")  # a filter without input
        whole = self.ok("GET", "/api/network/%s/errors" % enc("/project1"))
        errors, after, pages = [], "", 0
        while pages < 20:
            data = self.ok("GET", "/api/network/%s/errors?paged=true&max_nodes=2&after=%s" % (enc("/project1"), enc(after)))
            pages += 1
            errors.extend(data["errors"])
            if data["next_after"] is None:
                self.assertTrue(data["complete"])
                break
            self.assertFalse(data["complete"])
            after = data["next_after"]
        self.assertEqual(pages, 3)
        self.assertEqual(errors, whole["errors"])

    def test_scan_nodes_cap_from_the_environment(self):
        import os
        from unittest import mock
        with mock.patch.dict(os.environ, {"SVC_BRIDGE_MAX_SCAN_NODES": "2"}):
            cut = self.ok("GET", "/api/network/%s/errors?max_nodes=5000" % enc("/project1"))
            self.assertEqual((cut["complete"], cut["stopped_by"], cut["visited"]), (False, "max_nodes", 2))
        with mock.patch.dict(os.environ, {"SVC_BRIDGE_MAX_SCAN_NODES": "none"}):
            self.assertTrue(self.ok("GET", "/api/network/%s/errors" % enc("/project1"))["complete"])

    def test_network_errors_recursive(self):
        self.make("/project1/inner", "mathCHOP", "m1")  # a filter without input
        data = self.ok("GET", "/api/network/%s/errors" % enc("/project1"))
        paths = sorted(set(e["path"] for e in data["errors"]))
        self.assertEqual(paths, ["/project1/broken", "/project1/inner/m1"])
        self.assertEqual(data["error_count"], len(data["errors"]))

    def test_performance(self):
        data = self.ok("GET", "/api/network/%s/performance?limit=3" % enc("/project1"))
        self.assertLessEqual(len(data["nodes"]), 3)
        self.assertEqual(data["node_count"], 6)
        times = [n["cook_time_ms"] for n in data["nodes"]]
        self.assertEqual(times, sorted(times, reverse=True))

    def test_analysis(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "set_meta", "path": "/project1/noise1", "tags": ["svc"]}]})
        data = self.ok("GET", "/api/projects/%s/analysis" % enc("/project1"))
        self.assertEqual(data["node_count"], 5)
        self.assertEqual(data["by_family"], {"CHOP": 1, "COMP": 1, "TOP": 3})
        self.assertEqual((data["owned_count"], data["unowned_count"]), (1, 4))
        self.assertEqual(data["wire_count"], 1)
        self.assertEqual(data["max_depth"], 2)
        self.assertGreaterEqual(data["error_count"], 1)
        self.assertTrue(data["complete"])


class SearchTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "noiseTOP", "noise1")
        self.make("/project1", "noiseCHOP", "noise2")
        self.make("/project1", "baseCOMP", "deep")
        self.make("/project1/deep", "baseCOMP", "deeper")
        self.make("/project1/deep/deeper", "noiseTOP", "noise3")

    def search(self, query):
        return self.ok("GET", "/api/nodes/search?" + query)

    def test_name_substring(self):
        data = self.search("root=/project1&name=NOISE")
        self.assertEqual(sorted(r["name"] for r in data["results"]), ["noise1", "noise2", "noise3"])
        self.assertTrue(data["complete"])

    def test_filters(self):
        self.assertEqual([r["path"] for r in self.search("root=/project1&family=TOP")["results"]],
                         ["/project1/noise1", "/project1/deep/deeper/noise3"])
        self.assertEqual([r["name"] for r in self.search("root=/project1&type=noise*&name=*2")["results"]], ["noise2"])
        self.assertEqual([r["name"] for r in self.search("root=/project1&path=*/deeper/*")["results"]], ["noise3"])

    def test_limits_report_incomplete(self):
        data = self.search("root=/project1&name=noise&limit=1")
        self.assertEqual((data["count"], data["complete"], data["stopped_by"]), (1, False, "limit"))
        data = self.search("root=/project1&max_depth=1&type=noiseTOP")
        self.assertEqual([r["name"] for r in data["results"]], ["noise1"])
        self.assertEqual((data["complete"], data["stopped_by"]), (False, "max_depth"))
        data = self.search("root=/project1&max_scan=2")
        self.assertEqual((data["scanned"], data["stopped_by"]), (2, "max_scan"))

    def test_bad_queries(self):
        self.fails("GET", "/api/nodes/search?limit=0", code="invalid_query")
        self.fails("GET", "/api/nodes/search?limit=abc", code="invalid_query")
        self.fails("GET", "/api/nodes/search?family=FOO", code="invalid_query")
        self.fails("GET", "/api/nodes/search?time_budget_ms=100000", code="invalid_query")
        self.fails("GET", "/api/nodes/search?root=/nope", code="node_not_found")


class PreviewTest(SimTestCase):
    def test_png(self):
        self.make("/project1", "noiseTOP", "noise1")
        data = self.ok("GET", "/api/preview/%s?size=512" % enc("/project1/noise1"))
        png = base64.b64decode(data["png_base64"])
        self.assertTrue(png.startswith(b"\x89PNG\r\n\x1a\n"))
        self.assertEqual(len(png), data["bytes"])
        top = self.td.op("/project1/noise1")
        self.assertEqual((data["width"], data["height"]), (top.width, top.height))
        self.assertEqual(data["size_advisory"], 512)
        self.assertEqual(data["fits"], max(top.width, top.height) <= 512)

    def test_bad_preview_requests(self):
        self.make("/project1", "noiseCHOP", "chop1")
        self.fails("GET", "/api/preview/%s" % enc("/project1/chop1"), code="not_a_top")
        self.make("/project1", "noiseTOP", "noise1")
        self.fails("GET", "/api/preview/%s?size=2048" % enc("/project1/noise1"), code="invalid_query")
        self.fails("GET", "/api/preview/%s" % enc("/project1/none"), code="node_not_found")


class SystemTest(SimTestCase):
    def test_system(self):
        data = self.ok("GET", "/api/system")
        self.assertIn("gpu", data)
        self.assertIsInstance(data["monitors"], list)
        self.assertEqual(data["performMode"], bool(self.td.ui.performMode))

    def test_optypes(self):
        data = self.ok("GET", "/api/optypes")
        self.assertIn("noiseTOP", data["families"]["TOP"])
        self.assertEqual(data["count"], sum(len(v) for v in data["families"].values()))
        only = self.ok("GET", "/api/optypes?family=CHOP")["families"]
        self.assertEqual(list(only), ["CHOP"])
        self.fails("GET", "/api/optypes?family=XYZ", code="invalid_query")


class LogsTest(SimTestCase):
    def test_cook_errors_and_bridge_lines(self):
        self.make("/project1", "levelTOP", "lonely")
        self.call("POST", "/api/nodes", {"parent_path": "/project1"}, client="10.1.1.1")  # refused and logged
        data = self.ok("GET", "/api/logs?severity=warning&scope=/project1")
        sources = set(line["source"] for line in data["lines"])
        self.assertEqual(sources, {"bridge", "cook"})
        cook = [line for line in data["lines"] if line["source"] == "cook"]
        self.assertEqual(set(line["path"] for line in cook), {"/project1/lonely"})
        bridge_only = self.ok("GET", "/api/logs?scope=bridge")
        self.assertTrue(all(line["source"] == "bridge" for line in bridge_only["lines"]))

    def test_requests_are_logged(self):
        from svc_bridge import logbook
        logbook.clear()
        self.make("/project1", "noiseTOP", "n")
        self.fails("PATCH", "/api/nodes/%s" % enc("/project1/n"), {"parameters": {"nope": 1}}, code="unknown_param")
        lines = self.ok("GET", "/api/logs?scope=bridge")["lines"]
        self.assertEqual([(l["severity"], l.get("code")) for l in lines], [("info", None), ("warning", "unknown_param")])
        self.assertEqual(self.ok("GET", "/api/logs?scope=bridge&severity=warning")["lines"][0]["code"], "unknown_param")
        # The node's path as a person reads it, not as it travels (percent-encoded twice).
        self.assertIn("PATCH /api/nodes//project1/n failed: unknown_param", lines[1]["message"])

    def test_a_request_put_off_for_a_busy_frame_is_not_an_error(self):
        from unittest import mock
        from svc_bridge import app, logbook
        from svc_bridge.errors import BridgeError

        class Busy:
            def __init__(self, route):
                raise BridgeError("overloaded", "the frame's share is spent", retry_after_ms=5)

        logbook.clear()
        self.make("/project1", "noiseTOP", "n")
        with mock.patch.object(app, "Admission", Busy):
            self.fails("GET", "/api/nodes/%s" % enc("/project1/n"), code="overloaded")
        lines = [l for l in self.ok("GET", "/api/logs?scope=bridge")["lines"] if l.get("code") == "overloaded"]
        self.assertEqual([l["severity"] for l in lines], ["info"])
        self.assertIn("GET /api/nodes//project1/n put off (overloaded): the client sends it again", lines[0]["message"])
        self.assertEqual(self.ok("GET", "/api/logs?scope=bridge&severity=warning")["lines"], [])

    def test_max_lines_and_bad_queries(self):
        for i in range(3):
            self.make("/project1", "levelTOP", "lonely%d" % i)
        data = self.ok("GET", "/api/logs?max_lines=2&scope=/project1&severity=error")
        self.assertEqual(len(data["lines"]), 2)
        self.assertTrue(data["truncated"])
        self.fails("GET", "/api/logs?severity=loud", code="invalid_query")
        self.fails("GET", "/api/logs?max_lines=0", code="invalid_query")


if __name__ == "__main__":
    unittest.main()
