"""The TOP table of bridge/sim/README.md against what tdsim draws: every TOP type with a picture of
its own has a row (its name, without spaces, in the first column), and the count the README states
is the count of those types in the catalog."""

import os
import re
import unittest

from .support import ROOT
from tdsim.families.top.render import RENDERED
from tdsim.values import catalog

README = os.path.join(ROOT, "bridge", "sim", "README.md")


class TopCountTest(unittest.TestCase):
    def setUp(self):
        with open(README, encoding="utf-8") as f:
            self.text = f.read()
        self.tops = {t for t in catalog.catalog().types() if t.endswith("TOP")}

    def test_the_stated_count_is_the_count_drawn(self):
        drawn = RENDERED & self.tops
        stated = re.search(r"\*\*(\d+) of the (\d+) TOP types\*\*", self.text)
        self.assertIsNotNone(stated)
        self.assertEqual((int(stated.group(1)), int(stated.group(2))), (len(drawn), len(self.tops)))
        self.assertGreaterEqual(len(drawn), 100)

    def test_every_drawn_type_has_a_row(self):
        start = self.text.index("| TOP | rendered by tdsim")
        table = self.text[start:self.text.index("\n\n", start)]
        named = set()
        for line in table.splitlines()[2:]:
            first = line.split("|")[1]
            named.update(re.sub(r"[`\s]", "", n) for n in first.split(","))
        missing = sorted(t for t in RENDERED & self.tops if t[:-3].lower() not in named)
        self.assertEqual(missing, [])
