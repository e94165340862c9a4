"""bridge/sim/README.md's CHOP table lists every CHOP type of the catalog once, and says NOT COOKED
exactly for the types tdsim gives no channels (a tdsim-not-cooked warning)."""

import os
import re

from .support import ROOT, SimTestCase, tdsim
from tdsim.families.chop.chopcook import cooked_types  # noqa: E402


def table_rows():
    with open(os.path.join(ROOT, "bridge", "sim", "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("| CHOP | channels in tdsim |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        first, rest = line.split("|")[1], "|".join(line.split("|")[2:])
        names = re.findall(r"`([a-z0-9]+)`", first) or [n.strip() for n in first.split(",")]
        rows.append((names, rest))
    return rows


class ChopTableTest(SimTestCase):
    def test_every_chop_type_is_listed_once_with_what_tdsim_does(self):
        listed = [f"{name}CHOP" for names, _rest in table_rows() for name in names]
        self.assertEqual(len(listed), len(set(listed)), "a type listed twice")
        catalog = set(tdsim.world().catalog.types("CHOP"))
        self.assertEqual(set(listed) ^ catalog, set())
        cooked = cooked_types()
        for names, rest in table_rows():
            for name in names:
                self.assertEqual("NOT COOKED" in rest, f"{name}CHOP" not in cooked, name)
                if f"{name}CHOP" not in cooked:
                    self.assertIn("tdsim-not-cooked", self.create(f"{name}CHOP").warnings())
