from .support import SimTestCase, td


class CustomParTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.comp = self.create("baseCOMP")
        self.page = self.comp.appendCustomPage("Controls")

    def test_append_kinds_and_names(self):
        f = self.page.appendFloat("Speed", label="Speed")
        self.assertIsInstance(f, td.ParGroup)
        self.assertEqual((f[0].name, f[0].style, f[0].isCustom), ("Speed", "Float", True))
        self.assertEqual([p.name for p in self.page.appendFloat("Vals", size=3)], ["Vals1", "Vals2", "Vals3"])
        self.assertEqual([p.name for p in self.page.appendXYZ("Pos")], ["Posx", "Posy", "Posz"])
        self.assertEqual([p.name for p in self.page.appendRGBA("Tint")], ["Tintr", "Tintg", "Tintb", "Tinta"])
        self.assertEqual([p.name for p in self.page.appendWH("Size")], ["Sizew", "Sizeh"])
        self.assertEqual(self.page.appendToggle("On")[0].style, "Toggle")
        self.assertEqual(self.page.appendPulse("Go")[0].style, "Pulse")
        self.assertEqual(self.page.appendStr("Label")[0].eval(), "")
        self.assertEqual(self.page.appendInt("Count")[0].eval(), 0)
        self.assertEqual(self.page.appendTOP("Source")[0].style, "TOP")
        self.assertEqual(self.comp.customPages, [self.page])
        self.assertIn(self.comp.par.Speed, self.comp.customPars)
        self.assertEqual(self.comp.par.Posy.parGroup.name, "Pos")

    def test_name_rule(self):
        for bad in ("speed", "SPeed", "Speed_x", "Sp eed", "1Speed", ""):
            with self.assertRaises(td.tdError, msg=bad):
                self.page.appendFloat(bad)
        self.page.appendFloat("Speed2")

    def test_menu_and_ranges(self):
        m = self.page.appendMenu("Mode")[0]
        m.menuNames = ["add", "over"]
        m.menuLabels = ["Add", "Over"]
        m.val = "over"
        self.assertEqual((m.eval(), m.menuIndex), ("over", 1))
        with self.assertRaises(td.tdError):
            m.val = "under"
        g = self.page.appendFloat("Gain")[0]
        g.min, g.max, g.clampMin, g.clampMax = 0, 2, True, True
        g.default = 1
        g.val = 5
        self.assertEqual(g.eval(), 2.0)
        self.assertEqual(g.default, 1.0)
        g.label = "Overall Gain"
        self.assertEqual(g.label, "Overall Gain")

    def test_replace_and_destroy(self):
        self.page.appendFloat("Gain")
        with self.assertRaises(td.tdError):
            self.page.appendFloat("Gain", replace=False)
        self.page.appendInt("Gain")
        self.assertEqual(self.comp.par.Gain.style, "Int")
        self.comp.par.Gain.destroy()
        with self.assertRaises(AttributeError):
            self.comp.par.Gain
        self.page.appendFloat("A")
        self.page.appendFloat("B")
        self.assertEqual(self.comp.destroyCustomPars(), 2)
        self.assertEqual(self.comp.customPars, [])
        self.assertEqual(self.comp.customPages, [])

    def test_rename_custom_par(self):
        p = self.page.appendFloat("Old")[0]
        p.name = "New"
        self.assertTrue(self.comp.par.New.isSamePar(p))
        with self.assertRaises(td.tdError):
            p.name = "lower"

    def test_page_destroy(self):
        self.page.appendFloat("A")
        other = self.comp.appendCustomPage("More")
        other.appendFloat("B")
        self.page.destroy()
        self.assertEqual([p.name for p in self.comp.customPars], ["B"])
        self.assertEqual([p.name for p in self.comp.customPages], ["More"])

    def test_only_comps_have_custom_pages(self):
        n = self.create("noiseTOP")
        with self.assertRaises(AttributeError):
            n.appendCustomPage("X")


class TupletDestroyTest(SimTestCase):
    def test_destroying_one_member_destroys_the_tuplet(self):
        comp = self.create("baseCOMP")
        comp.appendCustomPage("P").appendXYZ("Pos")
        x, y = comp.par.Posx, comp.par.Posy
        y.destroy()
        self.assertEqual([p.name for p in comp.customPars], [])
        self.assertFalse(x.valid)
        with self.assertRaises(td.tdError):
            x.eval()

    def test_is_same_par(self):
        comp = self.create("baseCOMP")
        comp.appendCustomPage("P").appendFloat("Gain")
        other = self.create("baseCOMP")
        other.appendCustomPage("P").appendFloat("Gain")
        self.assertTrue(comp.par.Gain.isSamePar(comp.par.Gain))
        self.assertFalse(comp.par.Gain.isSamePar(other.par.Gain))
        self.assertTrue(comp.par.Gain == other.par.Gain)  # == compares values

    def test_every_access_gives_a_new_par(self):
        # Issue #14 (TouchDesigner: `par.x is par.x` is False): a script or bridge relying on Par
        # identity must fail here as it would there. Every way to reach a parameter gives a new
        # td.Par on the same parameter.
        n = self.create("noiseTOP")
        self.assertIsNot(n.par.seed, n.par.seed)
        self.assertIsNot(n.par["seed"], n.par["seed"])
        self.assertIsNot(n.pars("seed")[0], n.pars("seed")[0])
        self.assertIsNot(n.parGroup.resolution[0], n.parGroup.resolution[0])
        self.assertIsNot(n.parGroup.resolution.pars()[0], n.parGroup.resolution.pars()[0])
        self.assertIsNot(n.builtinPars[0], n.builtinPars[0])
        self.assertIsNot(n.pages[0].pars[0], n.pages[0].pars[0])
        for p in (n.par.seed, n.pars("seed")[0], next(p for p in n.par if p.name == "seed")):
            self.assertIs(type(p), td.Par)
            self.assertTrue(p.isSamePar(n.par.seed))
            self.assertEqual(hash(p), hash(n.par.seed))
        a, b = n.par.seed, n.par.seed
        a.val = 7
        self.assertEqual((b.eval(), b == a, b == 7), (7, True, True))
        with self.assertRaises(TypeError):
            td.Par()
