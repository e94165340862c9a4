"""Parameter defaults tdsim has to assume: they stay within the parameter's hard limits."""
from .support import SimTestCase

from tdsim.values.catalog import catalog


class AssumedDefaultsTest(SimTestCase):
    def test_counts_the_defaults_tdsim_invents(self):
        # Every parameter whose default does not come from the kb (docs, curated or a live dump).
        import tdsim
        from tdsim.par.pardef import builtin_defs
        cat = catalog()
        assumed = total = 0
        for op_type in cat.types():
            for group in builtin_defs(cat.get(op_type)):
                total += len(group)
                assumed += sum(1 for d in group if d.default_source in (None, "tdsim-assumption"))
        self.assertEqual(tdsim.assumed_defaults(), {"assumed": assumed, "total": total})
        self.assertTrue(0 < assumed < total)
