"""POST /api/network/{path}/state: the paged read a plan makes, with digests for what the client holds."""

import hashlib
import unittest

from test.python.bridge.support import SimTestCase, enc


class NetworkStateTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "a", period=3)
        self.make("/project1/net", "levelTOP", "b")
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "connect", "source_path": "/project1/net/a", "target_path": "/project1/net/b"}]})
        self.uri = "/api/network/%s/state" % enc("/project1/net")

    def read_all(self, **body):
        nodes, pages, first = [], 0, None
        after = None
        while True:
            page = self.ok("POST", self.uri, dict(body, after=after))
            first = first or page
            pages += 1
            nodes += page["nodes"]
            if page["next_after"] is None:
                self.assertTrue(page["complete"])
                return first, nodes, pages
            after = page["next_after"]

    def test_first_page_has_root_nodes_wires_and_named_defaults(self):
        first, nodes, _ = self.read_all(wanted=["opacity", "nosuch"])
        self.assertEqual(first["root"]["path"], "/project1/net")
        self.assertNotIn("stored", first)
        by_path = {n["path"]: n for n in nodes}
        self.assertEqual(by_path["/project1/net/a"]["params"]["period"]["value"], 3)
        self.assertEqual(by_path["/project1/net/b"]["inputs"], [
            {"source": "/project1/net/a", "source_output": 0, "target": "/project1/net/b", "target_input": 0}])
        extra = by_path["/project1/net/b"]["source_params"]
        self.assertEqual([(p["name"], p["isDefault"]) for p in extra], [("opacity", True)])

    def test_known_digests_are_answered_with_the_digest_only_until_the_node_changes(self):
        _, nodes, _ = self.read_all()
        known = [n["digest"] for n in nodes]
        _, again, _ = self.read_all(known=known)
        self.assertEqual([sorted(n) for n in again], [["digest", "path"]] * len(again))
        self.assertEqual([n["digest"] for n in again], known)
        self.ok("PATCH", "/api/nodes/%s" % enc("/project1/net/a"), {"parameters": {"period": 5}})
        _, changed, _ = self.read_all(known=known)
        by_path = {n["path"]: n for n in changed}
        self.assertEqual(by_path["/project1/net/a"]["params"]["period"]["value"], 5)
        self.assertNotIn(by_path["/project1/net/a"]["digest"], known)
        self.assertEqual(sorted(by_path["/project1/net/b"]), ["digest", "path"])

    def test_pages_resume_by_name(self):
        for i in range(5):
            self.make("/project1/net", "nullTOP", "z%d" % i)
        _, nodes, pages = self.read_all(max_nodes=2)
        self.assertEqual(pages, 4)
        self.assertEqual(len(nodes), 7)
        self.assertEqual(len(set(n["path"] for n in nodes)), 7)

    def test_a_record_stored_in_pieces_comes_with_digests_and_text_only_when_unknown(self):
        pieces = ['{"a":', '1}']
        ops = [{"action": "store", "path": "/project1/net", "key": "rec.%d" % i, "value": t} for i, t in enumerate(pieces)]
        ops.append({"action": "store", "path": "/project1/net", "key": "rec", "value": {"pieces": ["rec.0", "rec.1", "rec.2"]}})
        self.ok("POST", "/api/batch", {"operations": ops})
        first = self.ok("POST", self.uri, {"storage_key": "rec"})
        stored = first["stored"]
        self.assertTrue(stored["present"])
        digests = [hashlib.sha256(t.encode("utf-8")).hexdigest()[:32] for t in pieces]
        self.assertEqual(stored["pieces"], [
            {"key": "rec.0", "present": True, "digest": digests[0], "text": pieces[0]},
            {"key": "rec.1", "present": True, "digest": digests[1], "text": pieces[1]},
            {"key": "rec.2", "present": False}])
        known = self.ok("POST", self.uri, {"storage_key": "rec", "known": [digests[0]]})["stored"]["pieces"]
        self.assertNotIn("text", known[0])
        self.assertEqual(known[1]["text"], pieces[1])
        absent = self.ok("POST", self.uri, {"storage_key": "nothing"})["stored"]
        self.assertEqual(absent, {"key": "nothing", "present": False, "value": None})

    def test_bad_bodies_are_refused(self):
        self.fails("POST", self.uri, {"afterr": None}, code="invalid_field")
        self.fails("POST", self.uri, {"wanted": {"/project1/net/a": ["period"]}}, code="invalid_field")
        self.fails("POST", self.uri, {"known": [1]}, code="invalid_field")
        self.fails("POST", self.uri, {"depth": 0}, code="invalid_field")
        self.fails("POST", self.uri, {"after": "/elsewhere/x"}, code="invalid_field")
        self.fails("POST", "/api/network/%s/state" % enc("/project1/net/a"), {}, code="not_a_comp")
        self.fails("POST", "/api/network/%s/state" % enc("/project1/none"), {}, code="node_not_found", status=404)


if __name__ == "__main__":
    unittest.main()


class PageBudgetTest(unittest.TestCase):
    """A page's time budget counts from the first node it lists, not from the request's start."""

    def test_a_budget_spent_finding_the_resume_point_still_lists_a_full_page(self):
        import td
        import tdsim
        from svc_bridge.walk import PagedWalk
        tdsim.reset()
        comp = td.op("/project1").create("baseCOMP", "wide")
        for i in range(6):
            comp.create("nullTOP", "n%d" % i)

        class SpentUntilRestarted:
            """Spent before listing starts (as when sorting a wide COMP ate it); 3 nodes after."""
            def __init__(self):
                self.listing, self.calls = False, 0

            def restart(self):
                self.listing, self.calls = True, 0

            def spent(self):
                self.calls += 1
                return not self.listing or self.calls > 3

        walk = PagedWalk(comp, SpentUntilRestarted(), 64, 100, after="/project1/wide/n1")
        listed = [node.name for node, _ in walk]
        self.assertEqual(listed, ["n2", "n3", "n4", "n5"])
        self.assertTrue(walk.complete)
