"""POST /api/kb/dump: the running build's operator types page by page, in the format of
kb/dump/td_dump_operators.py (the same output, read on tdsim), with nothing left behind."""

import importlib.util
import os

from test.python.bridge.support import ROOT, SimTestCase


def _dump_script():
    spec = importlib.util.spec_from_file_location("td_dump_operators", os.path.join(ROOT, "kb", "dump", "td_dump_operators.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class KbDumpRoute(SimTestCase):
    def pages(self, **extra):
        operators, failures, after, requests = [], [], None, 0
        for _ in range(5000):
            body = dict(extra, time_budget_ms=50)
            if after is not None:
                body["after"] = after
            page = self.ok("POST", "/api/kb/dump", body)
            requests += 1
            operators.extend(page["operators"])
            failures.extend(page["failures"])
            self.assertEqual([c.name for c in self.td.op("/").children if c.name.startswith("svc_kb_sync_")], [])
            if page["complete"]:
                self.assertIsNone(page["next_after"])
                return operators, failures, requests, page
            after = page["next_after"]
        self.fail("the pages did not end")

    def test_the_pages_read_what_the_dump_script_reads(self):
        operators, failures, requests, last = self.pages()
        expected = _dump_script().dump_operators()
        self.assertEqual(len(operators) + len(failures), last["total"])
        self.assertEqual([o["type"] for o in operators], [o["type"] for o in expected["operators"]])
        self.assertEqual(operators, expected["operators"])
        self.assertEqual(failures, expected["failures"])
        self.assertGreater(requests, 1)
        self.assertEqual(last["build"]["build"], str(self.td.app.build))
        # a glslTOP's sequence blocks and a noiseTOP's menu as the kb needs them
        glsl = next(o for o in operators if o["type"] == "glslTOP")
        self.assertIn(("vec", 0), {(p["sequence"], p["blockIndex"]) for p in glsl["pars"] if p["name"] == "vec0name"})
        noise = next(o for o in operators if o["type"] == "noiseTOP")
        menu = next(p for p in noise["pars"] if p["name"] == "type")
        self.assertEqual(menu["menuNames"], list(self.td.op("/project1").create(self.td.noiseTOP).par.type.menuNames))

    def test_skip_and_bad_cursor(self):
        page = self.ok("POST", "/api/kb/dump", {"skip": ["addTOP"], "time_budget_ms": 1})
        self.assertNotIn("addTOP", [o["type"] for o in page["operators"]])
        self.fails("POST", "/api/kb/dump", {"after": "noSuchTOP"}, code="invalid_field")
