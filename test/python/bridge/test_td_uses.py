"""The static audit of the bridge: every member it uses on TouchDesigner's objects is documented in the
Python class facts or listed in bridge/td-unverified-uses.json with a reason and the live check that
settles it (td_uses.py says how uses are found)."""

import ast
import json
import unittest

from test.python.bridge import support
from test.python.bridge import td_uses


def _listed():
    with open(td_uses.UNVERIFIED, encoding="utf-8") as handle:
        return json.load(handle)["uses"]


class StaticAudit(unittest.TestCase):
    def test_every_undocumented_use_is_listed_with_its_reason_and_live_check(self):
        self.assertEqual(td_uses.ROOT, support.ROOT)
        found = td_uses.undocumented()
        listed = _listed()
        missing = {name: files for name, files in found.items() if name not in listed}
        self.assertEqual(missing, {}, "members of TouchDesigner's objects the documentation does not show: list each in "
                         "bridge/td-unverified-uses.json with a reason and a conformance check, or stop using it")
        self.assertEqual(sorted(set(listed) - set(found)), [], "listed but no longer used undocumented")

    def test_each_listed_use_names_a_reason_and_a_check_of_the_suite(self):
        from svc_bridge.conformance import all_checks
        ids = {check.id for check in all_checks()}
        for name, entry in _listed().items():
            self.assertGreater(len(entry["reason"].strip()), 20, name)
            self.assertIn(entry["check"], ids, name)

    def test_the_audit_sees_documented_uses_and_refuses_an_undocumented_one(self):
        used, params, _, _ = td_uses.scan(td_uses.sources())
        documented = td_uses.documented_names()
        # the bridge's everyday members are found and are documented
        for name in ("numBlocks", "bindExpr", "inputConnectors", "undoStack", "startBlock", "menuNames", "cook"):
            self.assertIn(name, used, name)
            self.assertIn(name, documented, name)
        self.assertIn("period", params)
        # an attribute TouchDesigner does not document is caught, read or written, or through getattr
        tree = ast.parse("import td\n"
                         "FLAGS = ('display', 'sneakyFlag')\n"
                         "def _get(obj, name):\n"
                         "    return getattr(obj, name)\n"
                         "def f(node):\n"
                         "    td.project.play = False\n"
                         "    flags = {n: getattr(node, n) for n in FLAGS}\n"
                         "    return node.secretThing() + getattr(node, 'hiddenCount') + _get(node, 'wrappedThing')\n")
        self.assertEqual(sorted(td_uses.undocumented([("x.py", tree)])),
                         ["Project.play", "hiddenCount", "secretThing", "sneakyFlag", "wrappedThing"])
        # names the bridge reads through a loop over a constant or a getattr wrapper are seen
        self.assertIn("bypass", used)  # serialize.FLAG_NAMES
        self.assertIn("parGroup", used)  # kb_dump._get(p, "parGroup")


if __name__ == "__main__":
    unittest.main()
