"""CHOPs that make, reshape or time channels: Pattern, Expression, Fan, Shift, Stretch, Resample,
Shuffle, Sort, Time Slice, Limit, Envelope, Beat, Clock and Timeline."""

import math

from .support import tdsim
from .test_chop_history import HistoryCase


class PatternTest(HistoryCase):
    def test_shapes_cycles_and_per_channel_parameters(self):
        p = self.create("patternCHOP")
        p.par.length = 4
        p.par.wavetype = "ramp"
        self.assertEqual(p["chan1"].vals, [0.0, 0.25, 0.5, 0.75])
        p.par.wavetype = "sin"
        p.par.amp, p.par.offset = 2, 1
        self.assertEqual([round(v, 6) for v in p["chan1"].vals], [1.0, 3.0, 1.0, -1.0])
        p.par.amp, p.par.offset = 1, 0
        p.par.channelname = "a b"
        p.par.wavetype.expr = "['ramp', 'const'][me.chanIndex]"
        self.assertEqual((p["a"].vals, p["b"].vals), ([0.0, 0.25, 0.5, 0.75], [1.0] * 4))
        p.par.reverse = True
        self.assertEqual(p["a"].vals, [0.75, 0.5, 0.25, 0.0])

    def test_ranges_integer_and_non_repeating_integers(self):
        p = self.create("patternCHOP")
        p.par.length, p.par.wavetype = 5, "rampsamples"
        p.par.fromrange1, p.par.fromrange2, p.par.torange1, p.par.torange2 = 0, 4, 0, 1
        self.assertEqual(p["chan1"].vals, [0.0, 0.25, 0.5, 0.75, 1.0])
        p.par.wavetype = "randomnonrepint"
        p.par.fromrange2, p.par.torange2 = 1, 1
        first = p["chan1"].vals
        self.assertEqual(sorted(first), [0.0, 1.0, 2.0, 3.0, 4.0])
        p.par.randomize.pulse()
        self.assertNotEqual(p["chan1"].vals, first)
        self.assertEqual(sorted(p["chan1"].vals), sorted(first))


class ExpressionFanTest(HistoryCase):
    def test_expression_per_sample_with_me_members(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"a": [1, 2, 3], "b": [10, 20, 30]})
        e = self.chain("expressionCHOP", osc)
        e.par.expr0expr = "me.inputVal * 2 + me.chanIndex + me.sampleIndex / 10"
        self.assertEqual([[round(v, 6) for v in c.vals] for c in e.chans()], [[2.0, 4.1, 6.2], [21.0, 41.1, 61.2]])
        e.par.expr0expr = "me.inputVal +"
        e["a"].eval()
        self.assertIn("SyntaxError", e.errors())

    def test_fan_out_and_in(self):
        src = self.source("x", 2)
        out = self.chain("fanCHOP", src)
        out.par.channame = "c[0-3]"
        self.assertEqual([c.eval() for c in out.chans()], [0.0, 0.0, 1.0, 0.0])
        src.par.const0value = 9
        out.par.range = "loop"
        self.assertEqual([c.eval() for c in out.chans()], [0.0, 1.0, 0.0, 0.0])
        back = self.chain("fanCHOP", out)
        back.par.fanop = "in"
        self.assertEqual([(c.name, c.eval()) for c in back.chans()], [("c", 1.0)])


class ReshapeTest(HistoryCase):
    def samples(self, values, rate=60):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, values, rate=rate)
        return osc

    def test_shift_stretch_resample(self):
        src = self.samples({"x": [0, 1, 2, 3]})
        sh = self.chain("shiftCHOP", src)
        sh.par.start = 10
        sh.par.startunit = "samples"
        self.assertEqual((sh.start, sh["x"].vals), (10.0, [0.0, 1.0, 2.0, 3.0]))
        sh.par.scroll, sh.par.scrollunit = 1, "samples"
        self.assertEqual(sh["x"].vals, [3.0, 0.0, 1.0, 2.0])
        st = self.chain("stretchCHOP", src)
        st.par.start, st.par.end, st.par.startunit, st.par.endunit = 0, 6, "samples", "samples"
        st.par.interp = "linear"
        self.assertEqual(st["x"].vals, [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0])
        rs = self.chain("resampleCHOP", src)
        rs.par.method, rs.par.rate = "preserve", 30
        self.assertEqual((rs.rate, rs.numSamples), (30.0, 2))
        lfo = self.create("lfoCHOP")
        audio_rate = self.chain("resampleCHOP", lfo)
        audio_rate.par.rate = 600
        self.assertEqual(audio_rate.numSamples, 10)   # a time-sliced frame at ten times the rate

    def test_shuffle_and_sort(self):
        src = self.samples({"a": [3, 1, 2], "b": [30, 10, 20]})
        sh = self.chain("shuffleCHOP", src)
        sh.par.method = "swap"
        self.assertEqual([c.vals for c in sh.chans()], [[3.0, 30.0], [1.0, 10.0], [2.0, 20.0]])
        sh.par.method = "seqall"
        self.assertEqual(sh["a"].vals, [3.0, 1.0, 2.0, 30.0, 10.0, 20.0])
        sh.par.method, sh.par.nval = "splitn", 2
        self.assertEqual([c.name for c in sh.chans()], ["a1", "a2", "b1", "b2"])
        so = self.chain("sortCHOP", src)
        so.par.indices = "0"
        so.par.indexchannel = True
        self.assertEqual([c.vals for c in so.chans()], [[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [1.0, 2.0, 0.0]])
        so.par.method = "decreasing"
        self.assertEqual(so["a"].vals, [3.0, 2.0, 1.0])

    def test_time_slice_plays_a_static_channel(self):
        src = self.samples({"x": [float(i) for i in range(600)]})
        ts = self.chain("timesliceCHOP", src)
        tdsim.step(5)
        self.assertTrue(ts.isTimeSlice)
        self.assertEqual(ts["x"].eval(), round(tdsim.world().loop.seconds * 60))


class LimitEnvelopeTest(HistoryCase):
    def test_limit_clamp_loop_quantize(self):
        src = self.source("x", 1.7)
        lim = self.chain("limitCHOP", src)
        lim.par.type, lim.par.min, lim.par.max = "clamp", 0, 1
        self.assertEqual(lim["x"].eval(), 1.0)
        lim.par.type = "loop"
        self.assertAlmostEqual(lim["x"].eval(), 0.7)
        lim.par.type = "off"
        lim.par.quantvalue, lim.par.vstep = "floor", 0.5
        self.assertEqual(lim["x"].eval(), 1.5)

    def test_limit_quantize_index_holds_between_steps(self):
        lfo = self.create("lfoCHOP")
        lfo.par.wavetype, lfo.par.frequency = "ramp", 0.1
        lim = self.chain("limitCHOP", lfo)
        lim.par.quantindex = "relzero"
        lim.par.istep, lim.par.istepunit = 10, "frames"
        seen = []
        for _ in range(20):
            tdsim.step()
            seen.append(lim["chan1"].eval())
        self.assertLessEqual(len(set(seen)), 3)   # held: at most three values over twenty frames
        self.assertGreater(len(set(seen)), 1)

    def test_envelope_follows_peaks_and_decays(self):
        src = self.source("x", 0)
        env = self.chain("envelopeCHOP", src)
        env.par.width, env.par.widthunit = 10, "frames"
        tdsim.step()
        src.par.const0value = -1
        tdsim.step()
        self.assertEqual(env["x"].eval(), 1.0)    # magnitude of the peak at once
        src.par.const0value = 0
        falling = [env["x"].eval() for _ in range(1) for _ in [tdsim.step(5)]]
        self.assertLess(falling[0], 0.5)
        self.assertGreater(falling[0], 0.0)


class TimeTest(HistoryCase):
    def test_beat_ramp_follows_the_tempo(self):
        beat = self.create("beatCHOP")
        beat.par.playmode = "local"
        beat.par.countramp = True
        tdsim.step()
        a = beat["countramp"].eval()
        tdsim.step(15)   # 120 bpm: a quarter of a second is half a beat
        b = beat["countramp"].eval()
        self.assertAlmostEqual(b - a, 0.5, places=6)
        self.assertAlmostEqual(beat["ramp"].eval(), b % 1.0, places=6)
        tdsim.world().root.time.tempo = 60
        c = beat["countramp"].eval()      # the change is seen without time passing
        tdsim.step(30)
        self.assertAlmostEqual(beat["countramp"].eval() - c, 0.5, places=6)

    def test_beat_locked_to_the_timeline(self):
        beat = self.create("beatCHOP")
        beat.par.bar, beat.par.beat = True, True
        tdsim.step(5)
        root_time = tdsim.world().root.time
        expected = root_time.seconds * 2.0
        self.assertAlmostEqual(beat["ramp"].eval(), expected - math.floor(expected))
        self.assertEqual(beat["beat"].eval(), math.floor(expected) % 4 + 1)

    def test_clock_and_timeline(self):
        clock = self.create("clockCHOP")
        self.assertEqual([c.name for c in clock.chans()], ["sec", "min", "hour"])
        self.assertTrue(0 <= clock["hour"].eval() < 24)
        tl = self.create("timelineCHOP")
        tl.par.bpm = True
        tdsim.step(3)
        self.assertEqual((tl["frame"].eval(), tl["bpm"].eval()),
                         (tdsim.world().root.time.frame, 120.0))
