"""Parameter defaults tdsim has to assume: they stay within the parameter's hard limits."""
from .support import SimTestCase, td  # sets the import path first

from tdsim.catalog import catalog  # noqa: E402
from tdsim.pardef import defs_for  # noqa: E402


class AssumedDefaultsTest(SimTestCase):
    def test_every_default_is_a_value_the_parameter_accepts(self):
        outside = []
        cat = catalog()
        for op_type in cat.types():
            for group in defs_for(cat.get(op_type)):
                for d in group:
                    v = d.default
                    if isinstance(v, bool) or not isinstance(v, (int, float)):
                        continue
                    if (d.clamp_min and d.min is not None and v < d.min) or \
                            (d.clamp_max and d.max is not None and v > d.max):
                        outside.append(f"{op_type}.{d.name}={v}")
        self.assertEqual(outside, [])

    def test_putting_the_default_back_keeps_it_default(self):
        n = self.create("analyzeTOP")
        p = n.par.npasses
        self.assertEqual((p.default, p.min, p.clampMin), (1, 1, True))
        p.val = p.default
        self.assertTrue(p.isDefault)
        p.val = 5
        p.reset()
        self.assertEqual((p.eval(), p.isDefault), (1, True))

    def test_time_comp_settings_of_a_new_project(self):
        t = td.op("/local/time")
        values = {name: t.par[name].eval() for name in ("play", "rate", "start", "end", "rangelimit")}
        self.assertEqual(values, {"play": 1, "rate": 60.0, "start": 1, "end": 600, "rangelimit": "loop"})
        self.assertTrue(all(p.isDefault for p in t.pars()))
