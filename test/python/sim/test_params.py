from .support import SimTestCase, td


class ParameterTest(SimTestCase):
    def test_catalog_names_styles_menus(self):
        n = self.create("noiseTOP")
        self.assertEqual(n.par.type.style, "Menu")
        self.assertEqual(n.par.type.menuNames[:2], ["perlin2d", "perlin3d"])
        self.assertEqual(n.par.type.menuLabels[0], "Perlin 2D (GPU)")
        self.assertEqual(n.par.seed.style, "Float")
        self.assertEqual((n.par.seed.page.name, n.par.seed.label), ("Noise", "Seed"))
        self.assertEqual(n.par.mono.style, "Toggle")
        self.assertFalse(n.par.seed.isCustom)
        self.assertIs(n.par.seed.owner, n)

    def test_tuplets_are_separate_pars_and_a_group(self):
        n = self.create("noiseTOP")
        self.assertEqual(n.par.resolutionw.eval(), 256)  # curated kb default
        with self.assertRaises(AttributeError):
            n.par.resolution
        group = n.parGroup.resolution
        self.assertEqual([p.name for p in group], ["resolutionw", "resolutionh"])
        self.assertEqual(group.eval(), (256, 256))
        group.val = (640, 360)
        self.assertEqual((n.par.resolutionw.eval(), n.par.resolutionh.eval()), (640, 360))
        self.assertIs(n.par.tx.parGroup, n.parGroup.t)
        self.assertEqual(n.par.tz.vecIndex, 2)

    def test_fallback_defaults_by_style(self):
        n = self.create("noiseTOP")
        lv = self.create("levelTOP")
        self.assertEqual(lv.par.threshold.default, 0.0)   # Float without a known default
        self.assertEqual(self.create("blurTOP").par.size.default, 0)  # Int
        self.assertIs(n.par.dither.default, False)    # Toggle
        self.assertEqual(self.create("edgeTOP").par.select.default, "luminance")  # first menu entry
        self.assertEqual(n.par.type.default, "simplex3d")  # tdsim's assumption for the renderer
        self.assertTrue(lv.par.threshold.isDefault)
        self.assertTrue(n.par.seed.isDefault)
        self.assertEqual(lv.par.brightness1.eval(), 1.0)  # curated default

    def test_set_and_eval_constant(self):
        n = self.create("noiseTOP")
        n.par.seed = 5
        self.assertEqual(n.par.seed.eval(), 5.0)
        self.assertFalse(n.par.seed.isDefault)
        n.par.harmon = "3"
        self.assertEqual(n.par.harmon.val, 3)
        n.par.mono = 1
        self.assertIs(n.par.mono.eval(), True)
        n.par["period"] = 2
        self.assertEqual(n.par.period.eval(), 2.0)
        self.assertTrue(n.par.seed.reset())
        self.assertTrue(n.par.seed.isDefault)

    def test_menu_values_by_name_and_index(self):
        n = self.create("noiseTOP")
        n.par.type = "sparse"
        self.assertEqual((n.par.type.eval(), n.par.type.menuIndex), ("sparse", 7))
        n.par.type = 3
        self.assertEqual(n.par.type.eval(), "simplex2d")
        n.par.type.menuIndex = 0
        self.assertEqual(n.par.type.eval(), "perlin2d")

    def test_bad_menu_value_fails(self):
        n = self.create("noiseTOP")
        with self.assertRaises(td.tdError):
            n.par.type = "notanoise"
        with self.assertRaises(td.tdError):
            n.par.type = 99
        with self.assertRaises(td.tdError):
            n.par.type.menuIndex = -1
        self.assertEqual(n.par.type.eval(), "simplex3d")      # still the default

    def test_wrong_type_value_fails(self):
        n = self.create("noiseTOP")
        with self.assertRaises(td.tdError):
            n.par.seed = "abc"
        with self.assertRaises(td.tdError):
            n.par.mono = "maybe"
        with self.assertRaises(td.tdError):
            n.par.harmon = [1, 2]
        self.assertEqual(n.par.seed.eval(), 1.0)  # still the kb default seed

    def test_unknown_parameter_is_attribute_error(self):
        n = self.create("noiseTOP")
        with self.assertRaises(td.tdAttributeError):
            n.par.monochrome
        with self.assertRaises(AttributeError):
            n.par.monochrome = 1
        self.assertIsNone(getattr(n.par, "monochrome", None))

    def test_pars_pattern(self):
        n = self.create("noiseTOP")
        names = [p.name for p in n.pars("t?")]
        self.assertEqual(names, ["tx", "ty", "tz"])
        self.assertIn("seed", [p.name for p in n.pars("seed", "period")])
        self.assertEqual(len(n.pars()), len(list(n.par)))

    def test_clamp_from_kb_range(self):
        n = self.create("noiseTOP")
        n.par.resolutionw = 0     # kb: min 1, clampMin
        self.assertEqual(n.par.resolutionw.eval(), 1)
        self.assertTrue(n.par.resolutionw.clampMin)

    def test_range_members_custom_only(self):
        n = self.create("noiseTOP")
        with self.assertRaises(td.tdError):
            n.par.seed.label = "Other"
        with self.assertRaises(td.tdError):
            n.par.seed.default = 3
        with self.assertRaises(td.tdError):
            n.par.seed.destroy()

    def test_operator_reference_par(self):
        sel = self.create("selectTOP")
        src = self.create("noiseTOP")
        sel.par.top = src
        self.assertEqual(sel.par.top.val, "/project1/noise1")
        self.assertIs(sel.par.top.eval(), src)
        sel.par.top = "noise1"
        self.assertIs(sel.par.top.eval(), src)

    def test_par_behaves_like_its_value(self):
        n = self.create("noiseTOP")
        n.par.seed = 2
        self.assertEqual(n.par.seed + 1, 3.0)
        self.assertEqual(n.par.seed * 2, 4.0)
        self.assertTrue(n.par.seed == 2)
        self.assertEqual(float(n.par.seed), 2.0)
        self.assertEqual(str(n.par.seed), "2.0")
        other = self.create("noiseTOP")
        other.par.period = n.par.seed
        self.assertEqual(other.par.period.eval(), 2.0)

    def test_par_works_on_either_side_of_every_arithmetic_operator(self):
        n = self.create("noiseTOP")
        n.par.seed = 4
        self.assertEqual((10 % n.par.seed, n.par.seed % 3), (2.0, 1.0))
        self.assertEqual((2 ** n.par.seed, n.par.seed ** 2), (16.0, 16.0))
        self.assertEqual((9 // n.par.seed, n.par.seed // 3), (2.0, 1.0))
        self.assertEqual((1 - n.par.seed, -n.par.seed, +n.par.seed), (-3.0, -4.0, 4.0))


class PulseTest(SimTestCase):
    def test_pulse_sets_cooks_and_restores(self):
        # Par Class: pulse(value, frames, seconds) sets the value, cooks, then restores it.
        import tdsim
        n = self.create("noiseTOP")
        n.par.seed = 2
        cooks = n.totalCooks
        n.par.seed.pulse(7)
        self.assertEqual(n.par.seed.eval(), 2)
        self.assertEqual(n.totalCooks, cooks + 1)
        n.par.seed.pulse(9, frames=2)
        self.assertEqual(n.par.seed.eval(), 9)
        tdsim.step(3)
        self.assertEqual(n.par.seed.eval(), 2)


class DefaultModeTest(SimTestCase):
    def test_default_mode_is_read_set_and_reset_to(self):
        # Par Class: defaultMode gets or sets the parameter's default evaluation mode.
        comp = self.create("baseCOMP")
        gain = comp.appendCustomPage("C").appendFloat("Gain")[0]
        self.assertEqual(gain.defaultMode, td.ParMode.CONSTANT)
        gain.defaultExpr = "absTime.frame * 0"
        gain.defaultMode = td.ParMode.EXPRESSION
        self.assertFalse(gain.isDefault)
        gain.reset()
        self.assertEqual((gain.mode, gain.expr), (td.ParMode.EXPRESSION, "absTime.frame * 0"))
        self.assertTrue(gain.isDefault)
        with self.assertRaises(td.tdError):
            gain.defaultMode = "expression"


class RealBuildTuplets(SimTestCase):
    """Styles and menus the kb takes from the real build reach tdsim's Par objects."""

    def test_pop_xyz_tuplet_is_xyzw_of_three(self):
        f = self.create("forcePOP")
        self.assertEqual(f.par.tz.style, "XYZW")
        self.assertEqual([p.name for p in f.parGroup.t], ["tx", "ty", "tz"])
        with self.assertRaises(AttributeError):
            f.par.tw
        self.assertEqual(self.create("geometryCOMP").par.tz.style, "XYZ")

    def test_instancing_comps_take_rottoxform(self):
        for op_type in ("geometryCOMP", "actorCOMP", "geotextCOMP"):
            c = self.create(op_type)
            c.par.instancerottoorder = "rottoxform"
            self.assertEqual(c.par.instancerottoorder.eval(), "rottoxform")
