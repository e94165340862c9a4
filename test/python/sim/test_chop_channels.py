import math

from .support import SimTestCase, td, tdsim


def now():
    return tdsim.world().loop.seconds


class ChannelNumberTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.c = self.create("constantCHOP")
        self.c.par.const0name = "x"
        self.c.par.const0value = 3

    def test_behaves_like_its_value(self):
        x = self.c["x"]
        self.assertIsInstance(x, td.Channel)
        self.assertEqual((x + 1, 1 + x, x - 1, 10 - x, x * 2, 2 * x), (4, 4, 2, 7, 6, 6))
        self.assertEqual((x / 2, 6 / x, x ** 2, 2 ** x, x % 2, 7 % x, x // 2, 7 // x),
                         (1.5, 2.0, 9.0, 8.0, 1.0, 1.0, 1.0, 2.0))
        self.assertEqual((-x, +x, abs(-x), round(x / 2), round(x / 7, 2)), (-3.0, 3.0, 3.0, 2, 0.43))
        self.assertEqual((float(x), int(x), f"{x:.1f}", math.floor(x / 2)), (3.0, 3, "3.0", 1))
        self.assertTrue(x == 3 and x != 2 and x > 2 and x >= 3 and x < 4 and x <= 3)
        self.assertTrue(x == self.c[0])
        self.assertAlmostEqual(math.sin(x), math.sin(3.0))
        self.assertEqual(x + self.c.par.const0value, 6.0)   # Channel and Par mix

    def test_truthiness_is_the_value(self):
        self.c.par.const0value = 0
        self.assertFalse(self.c["x"])
        self.assertIsNotNone(self.c["x"])

    def test_members(self):
        x = self.c["x"]
        self.assertEqual((x.name, x.index, x.owner, x.valid, x.vals, x.exports, len(x), x[0]),
                         ("x", 0, self.c, True, [3.0], [], 1, 3.0))
        self.assertEqual((x.eval(), x.eval(0), x.average(), x.min(), x.max()), (3.0,) * 5)
        with self.assertRaises(IndexError):
            x[1]
        with self.assertRaises(td.tdError):
            x.vals = [1.0]

    def test_channel_follows_later_cooks_and_goes_invalid(self):
        x = self.c["x"]
        self.c.par.const0value = 5
        self.assertEqual(x.eval(), 5.0)
        self.c.par.const0name = "y"
        self.assertFalse(x.valid)
        with self.assertRaises(td.tdError):
            x.eval()


class ChopLookupTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.c = self.create("constantCHOP")
        self.c.par.const0name = "tx ty sz"

    def test_missing_name_is_none_and_bad_index_raises(self):
        self.assertIsNone(self.c["nope"])
        self.assertIsNone(self.c["t*"])          # [] takes exact names only
        self.assertIsNone(self.c.chan("nope"))
        with self.assertRaises(IndexError):
            self.c[3]
        with self.assertRaises(TypeError):
            self.c[1.5]

    def test_chan_and_chans_match_patterns_and_indices(self):
        self.assertEqual([c.name for c in self.c.chans()], ["tx", "ty", "sz"])
        self.assertEqual([c.name for c in self.c.chans("t*")], ["tx", "ty"])
        self.assertEqual([c.name for c in self.c.chans("s*", 0)], ["tx", "sz"])
        self.assertEqual([c.name for c in self.c.chans("T*", caseSensitive=False)], ["tx", "ty"])
        self.assertEqual(self.c.chan("t?").name, "tx")
        self.assertEqual(self.c.chan(2).name, "sz")
        self.assertEqual(self.c.chans("nothing*"), [])

    def test_chop_members(self):
        self.assertEqual((self.c.numChans, self.c.numSamples, self.c.start, self.c.end, self.c.rate),
                         (3, 1, 0.0, 0.0, 60.0))
        for member in ("numSamples", "start", "end", "rate", "isTimeSlice"):
            with self.assertRaises(td.tdError):
                setattr(self.c, member, 2)
        self.c.export = True
        self.assertEqual((self.c.export, self.c.exportChanges), (True, 0))

    def test_deleted_chop_raises(self):
        self.c.destroy()
        with self.assertRaises(td.tdError):
            self.c["tx"]


class GeneratorTest(SimTestCase):
    def test_constant_names_values_and_expansion(self):
        c = self.create("constantCHOP")
        self.assertEqual([(ch.name, ch.eval()) for ch in c.chans()], [("chan1", 0.0)])
        c.par.const0name = "geo[1-3:2][xy]"
        c.par.const0value = 0.5
        self.assertEqual([ch.name for ch in c.chans()], ["geo1x", "geo1y", "geo3x", "geo3y"])
        self.assertEqual(c["geo3y"], 0.5)
        c.par.const0name = ""
        self.assertEqual(c.numChans, 0)

    def test_lfo_shapes_over_time(self):
        lfo = self.create("lfoCHOP")
        lfo.par.frequency = 0.5
        t = now()
        self.assertAlmostEqual(lfo["chan1"].eval(), math.sin(2 * math.pi * 0.5 * t))
        lfo.par.amp, lfo.par.offset, lfo.par.phase = 2, 1, 0.25
        self.assertAlmostEqual(lfo["chan1"].eval(), 1 + 2 * math.sin(2 * math.pi * (0.5 * t + 0.25)))
        self.assertAlmostEqual(lfo["chan1"].evalSeconds(1.0), 1 + 2 * math.sin(2 * math.pi * 0.75))
        lfo.par.amp, lfo.par.offset, lfo.par.phase, lfo.par.frequency = 1, 0, 0, 1
        lfo.par.wavetype = "ramp"
        self.assertAlmostEqual(lfo["chan1"].evalSeconds(2.25), 0.25)
        lfo.par.wavetype = "tri"
        self.assertAlmostEqual(lfo["chan1"].evalSeconds(0.25), 1.0)
        self.assertAlmostEqual(lfo["chan1"].evalSeconds(0.75), -1.0)
        lfo.par.wavetype = "square"
        self.assertEqual((lfo["chan1"].evalSeconds(0.2), lfo["chan1"].evalSeconds(0.7)), (1.0, -1.0))
        lfo.par.wavetype = "pulse"
        self.assertEqual((lfo["chan1"].evalSeconds(1.0), lfo["chan1"].evalSeconds(1.5)), (1.0, 0.0))
        self.assertTrue(lfo.isTimeSlice)

    def test_lfo_play_off_holds_the_start(self):
        lfo = self.create("lfoCHOP")
        lfo.par.play = False
        lfo.par.phase = 0.25
        self.assertAlmostEqual(lfo["chan1"].evalSeconds(3.1), 1.0)

    def test_wave_follows_its_period(self):
        wave = self.create("waveCHOP")
        wave.par.period = 4
        wave.par.amp = 3
        self.assertAlmostEqual(wave["chan1"].evalSeconds(1.0), 3.0)
        self.assertAlmostEqual(wave["chan1"].evalSeconds(3.0), -3.0)

    def test_noise_is_deterministic_and_scaled(self):
        a, b = self.create("noiseCHOP"), self.create("noiseCHOP")
        self.assertEqual(a["chan1"].eval(), b["chan1"].eval())
        b.par.seed = 2
        self.assertNotEqual(a["chan1"].eval(), b["chan1"].eval())
        a.par.amp = 0.1
        samples = [a["chan1"].evalSeconds(s / 10) for s in range(50)]
        self.assertTrue(all(abs(v) <= 0.1 for v in samples))
        self.assertGreater(len(set(samples)), 40)   # it moves over time
        a.par.channelname = "n[1-2]"
        self.assertNotEqual(a["n1"].eval(), a["n2"].eval())


class FilterTest(SimTestCase):
    def source(self, names="a b c", value=1.0):
        c = self.create("constantCHOP")
        c.par.const0name = names
        c.par.const0value = value
        return c

    def chain(self, op_type, *sources):
        f = self.create(op_type)
        for i, s in enumerate(sources):
            f.inputConnectors[i].connect(s)
        return f

    def test_null_out_and_approximated_pass_through(self):
        src = self.source()
        for op_type in ("nullCHOP", "outCHOP", "lagCHOP", "filterCHOP", "trailCHOP", "speedCHOP"):
            f = self.chain(op_type, src)
            self.assertEqual([c.name for c in f.chans()], ["a", "b", "c"], op_type)
        self.assertEqual(self.create("nullCHOP").numChans, 0)

    def test_select_by_pattern_by_reference_and_rename(self):
        src = self.source("fader1 fader2 knob1")
        sel = self.chain("selectCHOP", src)
        sel.par.channames = "*fader*"
        self.assertEqual([c.name for c in sel.chans()], ["fader1", "fader2"])
        sel.par.channames = "^fader2"
        self.assertEqual([c.name for c in sel.chans()], ["fader1", "knob1"])
        other = self.create("selectCHOP")
        other.par.chop = src
        other.par.channames = "fader[1-2]"
        other.par.renamefrom = "fader*"
        other.par.renameto = "f*"
        self.assertEqual([c.name for c in other.chans()], ["f1", "f2"])

    def test_rename(self):
        r = self.chain("renameCHOP", self.source("left_side right_side"))
        r.par.renamefrom = "*_side"
        r.par.renameto = "side_*(0)"
        self.assertEqual([c.name for c in r.chans()], ["side_left", "side_right"])

    def test_merge_duplicates(self):
        m = self.chain("mergeCHOP", self.source("a b", 1), self.source("b c", 2))
        self.assertEqual([(c.name, c.eval()) for c in m.chans()],
                         [("a", 1.0), ("b", 1.0), ("b1", 2.0), ("c", 2.0)])
        m.par.duplicate = "first"
        self.assertEqual([(c.name, c.eval()) for c in m.chans()], [("a", 1.0), ("b", 1.0), ("c", 2.0)])
        m.par.duplicate = "last"
        self.assertEqual([c.name for c in m.chans()], ["a", "b", "c"])
        self.assertEqual(m["b"], 2.0)
        m.par.duplicate = "replace"
        self.assertEqual([(c.name, c.eval()) for c in m.chans()], [("a", 1.0), ("b", 2.0), ("c", 2.0)])

    def test_math_steps(self):
        src = self.source("a b", 64)
        m = self.chain("mathCHOP", src)
        m.par.fromrange1, m.par.fromrange2, m.par.torange1, m.par.torange2 = 0, 128, 0, 1
        self.assertEqual(m["a"], 0.5)
        m.par.preoff, m.par.gain, m.par.postoff = 64, 2, -128   # (64+64)*2-128 = 128 -> 1.0
        self.assertEqual(m["b"], 1.0)
        m.par.preoff, m.par.gain, m.par.postoff = 0, 1, 0
        m.par.chanop = "add"
        self.assertEqual([(c.name, c.eval()) for c in m.chans()], [("a", 1.0)])
        m.par.chanop = "off"
        m.par.preop = "negate"
        m.par.integer = "floor"
        self.assertEqual(m["a"], -1.0)
        both = self.chain("mathCHOP", self.source("a", 2), self.source("a", 3))
        self.assertEqual(both.numChans, 2)   # without Combine CHOPs the inputs are merged
        both.par.chopop = "mul"
        self.assertEqual([(c.name, c.eval()) for c in both.chans()], [("a", 6.0)])

    def test_analyze_over_samples(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"l": [0.1, -0.8, 0.4]})
        a = self.chain("analyzeCHOP", osc)
        a.par.function = "maximum"
        self.assertEqual((a["l"].eval(), a.numSamples), (0.4, 1))
        a.par.function = "minimum"
        self.assertEqual(a["l"], -0.8)

    def test_in_chop_reads_the_parent_input(self):
        comp = self.create("baseCOMP")
        inside = comp.create("inCHOP")
        self.assertEqual(inside.numChans, 0)
        comp.inputConnectors[0].connect(self.source("k", 7))
        self.assertEqual(inside["k"], 7.0)

    def test_bypass_passes_the_first_input(self):
        m = self.chain("mathCHOP", self.source("a", 2))
        m.par.gain = 10
        m.bypass = True
        self.assertEqual(m["a"], 2.0)

    def test_unmodelled_chops_have_no_channels(self):
        for op_type in ("oscinCHOP", "midiinCHOP"):
            self.assertEqual(self.create(op_type).numChans, 0, op_type)


class ExpressionTest(SimTestCase):
    def test_expression_reads_a_channel_every_frame(self):
        lfo = self.create("lfoCHOP")
        lfo.par.wavetype = "ramp"
        lfo.par.frequency = 0.1
        t = self.create("transformTOP")
        t.inputConnectors[0].connect(self.create("noiseTOP"))
        t.par.rotate.expr = "op('lfo1')['chan1'] * 360"
        seen = []
        for _ in range(3):
            seen.append(t.par.rotate.eval())
            self.assertAlmostEqual(seen[-1], (0.1 * now() % 1.0) * 360)
            tdsim.step()
        self.assertEqual(len(set(seen)), 3)
        self.assertEqual(t.errors(), "")

    def test_missing_channel_in_arithmetic_is_a_none_type_error(self):
        self.create("nullCHOP", "faders")
        n = self.create("noiseTOP")
        n.par.period.expr = "0.5 + op('faders')['fader1'] * 8"
        n.par.amp.expr = "op('faders')[1]"
        errors = n.errors()
        self.assertIn("period: TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'", errors)
        self.assertIn("amp: IndexError", errors)
        tdsim.inject_channels("/project1/faders", {"fader0": 0.1, "fader1": 0.25})
        self.assertEqual(n.errors(), "")
        self.assertEqual((n.par.period.eval(), n.par.amp.eval()), (2.5, 0.25))

    def test_a_chop_reading_its_own_channel_is_a_loop_error(self):
        c = self.create("constantCHOP")
        c.par.const0value.expr = "op('constant1')['chan1'] + 1"
        self.assertIn("Cook dependency loop", c.errors())
        self.assertEqual(c["chan1"], 0.0)   # the failing parameter counts as its default
        s = self.create("selectCHOP")
        s.par.chop = s
        self.assertEqual(s.numChans, 0)
        self.assertIn("Cook dependency loop", s.errors())


class InjectionTest(SimTestCase):
    def test_inject_by_path_and_remove(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels("/project1/oscin1", {"x": 0.5, "y": 1})
        self.assertEqual([(c.name, c.eval()) for c in osc.chans()], [("x", 0.5), ("y", 1.0)])
        tdsim.inject_channels(osc, None)
        self.assertEqual(osc.numChans, 0)

    def test_multi_sample_channels_read_by_time(self):
        spec = self.create("audiospectrumCHOP")
        tdsim.inject_channels(spec, {"chan1": [0.0, 1.0, 2.0, 3.0]}, rate=1)
        ch = spec["chan1"]
        self.assertEqual((spec.numSamples, spec.rate, spec.end, len(ch), ch[2], ch.eval(3)),
                         (4, 1.0, 3.0, 4, 2.0, 3.0))
        self.assertEqual((ch.evalSeconds(1), ch.evalSeconds(99), ch.evalSeconds(-5)), (1.0, 3.0, 0.0))
        self.assertEqual((ch.average(), ch.min(), ch.max()), (1.5, 0.0, 3.0))

    def test_injected_channels_can_be_destroyed(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"x": 1, "y": 2})
        osc["x"].destroy()
        self.assertEqual([c.name for c in osc.chans()], ["y"])
        with self.assertRaises(td.tdError):
            self.create("lfoCHOP")["chan1"].destroy()

    def test_bad_targets_and_lengths(self):
        with self.assertRaises(td.tdError):
            tdsim.inject_channels("/project1/nothing", {"x": 1})
        with self.assertRaises(td.tdError):
            tdsim.inject_channels(self.create("noiseTOP"), {"x": 1})
        with self.assertRaises(ValueError):
            tdsim.inject_channels(self.create("oscinCHOP"), {"x": [1, 2], "y": [1]})
