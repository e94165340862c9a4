"""CHOPs that pick inputs or read other families, and the honest gaps: a CHOP type tdsim does not
cook warns, and an expression failing on a CHOP without channels says which one and why."""

from .support import SimTestCase, td, tdsim


class CrossTest(SimTestCase):
    def chop(self, names, value):
        c = self.create("constantCHOP")
        c.par.const0name, c.par.const0value = names, value
        return c

    def test_switch_picks_an_input(self):
        a, b = self.chop("a", 1), self.chop("b", 2)
        s = self.create("switchCHOP")
        s.inputConnectors[0].connect(a)
        s.inputConnectors[1].connect(b)
        s.par.index = 1
        self.assertEqual([c.name for c in s.chans()], ["b"])
        s.par.index = 7
        self.assertEqual([c.name for c in s.chans()], ["b"])   # clamped

    def test_lookup_reads_a_table_by_index(self):
        idx = self.chop("i", 0.5)
        table = self.create("oscinCHOP")
        tdsim.inject_channels(table, {"x": [0, 10, 20]})
        look = self.create("lookupCHOP")
        look.inputConnectors[0].connect(idx)
        look.inputConnectors[1].connect(table)
        look.par.interp = True
        self.assertEqual(look["x"].eval(), 10.0)
        idx.par.const0value = 0.75
        self.assertEqual(look["x"].eval(), 15.0)

    def test_dat_to_chop_and_parameter_chop(self):
        table = self.create("tableDAT")
        table.clear()
        for row in (["x", "y"], ["1", "2"], ["3", "4"]):
            table.appendRow(row)
        d = self.create("dattoCHOP")
        d.par.dat = table
        d.par.firstrow, d.par.firstcolumn, d.par.output = "names", "values", "chanpercol"
        self.assertEqual([(c.name, c.vals) for c in d.chans()], [("x", [1.0, 3.0]), ("y", [2.0, 4.0])])
        n = self.create("noiseTOP")
        n.par.period = 3
        p = self.create("parameterCHOP")
        p.par.ops = n
        p.par.parameters = "period"
        self.assertEqual([(c.name, c.eval()) for c in p.chans()], [("period", 3.0)])

    def test_top_to_chop_reads_pixels(self):
        const = self.create("constantTOP")
        const.par.colorr, const.par.colorg, const.par.colorb = 1, 0.5, 0
        const.par.resolutionw, const.par.resolutionh = 4, 2
        t = self.create("toptoCHOP")
        t.par.top = const
        t.par.crop = "full"
        self.assertEqual([c.name for c in t.chans()], ["r", "g", "b", "a"])
        self.assertEqual(t.numSamples, 8)
        self.assertEqual(set(t["r"].vals), {1.0})
        self.assertAlmostEqual(t["g"].vals[0], 0.5, delta=1 / 255)
        t.par.crop, t.par.ustart, t.par.vstart = "pixel", 0.5, 0.5
        self.assertEqual((t.numSamples, t["r"].eval()), (1, 1.0))

    def test_outputs_send_nothing_and_say_so(self):
        out = self.create("audiodeviceoutCHOP")
        out.inputConnectors[0].connect(self.chop("l", 0.5))
        self.assertEqual(out["l"].eval(), 0.5)
        self.assertIn("tdsim-no-device: tdsim has no audio device, so this CHOP sends nothing", out.warnings())


class HonestGapsTest(SimTestCase):
    def test_an_uncooked_type_warns(self):
        k = self.create("keyboardinCHOP")
        self.assertEqual(k.numChans, 0)
        self.assertIn("tdsim-not-cooked: tdsim does not compute Keyboard In CHOP channels (keyboardinCHOP)", k.warnings())
        tdsim.inject_channels(k, {"a": 1})
        self.assertNotIn("tdsim-not-cooked", k.warnings())   # injected channels stand in for it
        self.assertNotIn("tdsim-not-cooked", self.create("lagCHOP").warnings())

    def test_an_expression_failing_on_a_chop_without_channels_names_it(self):
        self.create("nullCHOP", "level_null")
        n = self.create("noiseTOP")
        n.par.amp.expr = "op('level_null')['chan1'] * 2"
        self.assertIn("amp: TypeError: unsupported operand type(s) for *: 'NoneType' and 'int' "
                      "(/project1/level_null has no channel 'chan1': it has no channels: nothing is wired into it)",
                      n.errors())
        self.create("keyboardinCHOP", "keys")
        n.par.period.expr = "op('keys')[0]"
        self.assertIn("channel index 0 out of range: /project1/keys has 0 channel(s): tdsim does not cook "
                      "keyboardinCHOP (tdsim-not-cooked)", n.errors())
        c = self.create("constantCHOP", "named")
        c.par.const0name = "a b"
        n.par.offset.expr = "op('named')['c'] + 1"
        self.assertIn("(/project1/named has no channel 'c' (its channels: a, b))", n.errors())
        self.assertIsInstance(c, td.constantCHOP)
