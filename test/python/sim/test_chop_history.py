"""Time-sliced CHOPs keep state from frame to frame: Lag, Filter, Trail and Speed."""

from .support import SteadySimTestCase, tdsim


class HistoryCase(SteadySimTestCase):
    def source(self, names="x", value=0.0):
        c = self.create("constantCHOP")
        c.par.const0name = names
        c.par.const0value = value
        return c

    def chain(self, op_type, *sources):
        f = self.create(op_type)
        for i, s in enumerate(sources):
            f.inputConnectors[i].connect(s)
        return f

    def frames(self, chop, count, channel="x"):
        """The channel after each of `count` frames. A read between frames is at the time of the
        frame about to run (absTime has moved on), so it cooks that frame: the first value has
        seen two frames of the change made before the call."""
        out = []
        for _ in range(count):
            tdsim.step()
            out.append(chop[channel].eval())
        return out


class LagTest(HistoryCase):
    def test_follows_ninety_percent_of_a_step_in_the_lag_time(self):
        src = self.source()
        lag = self.chain("lagCHOP", src)
        lag.par.lag1, lag.par.lag2 = 0.5, 0.5
        self.assertEqual(lag.par.lagunit.eval(), "seconds")   # the curated default
        tdsim.step()
        self.assertEqual(lag["x"].eval(), 0.0)
        src.par.const0value = 1
        seen = self.frames(lag, 30)
        self.assertTrue(all(a < b for a, b in zip(seen, seen[1:])))   # rises every frame
        self.assertAlmostEqual(seen[-1], 0.9, places=2)                # 90% after 0.5 s
        self.assertTrue(lag.isTimeSlice)

    def test_reads_between_frames_do_not_move_it_on(self):
        src = self.source()
        lag = self.chain("lagCHOP", src)
        lag.par.lag1 = lag.par.lag2 = 1
        tdsim.step()
        src.par.const0value = 1
        tdsim.step(5)
        first = lag["x"].eval()
        again = [lag["x"].eval() for _ in range(20)] + [lag.numSamples, lag["x"].vals[-1]]
        self.assertEqual(set(again[:20]), {first})
        tdsim.step()
        self.assertGreater(lag["x"].eval(), first)

    def test_quick_rise_slow_fall_and_reset_pulse(self):
        src = self.source()
        lag = self.chain("lagCHOP", src)
        lag.par.lag1, lag.par.lag2 = 0, 2
        tdsim.step()
        src.par.const0value = 1
        tdsim.step()
        self.assertEqual(lag["x"].eval(), 1.0)   # lag up 0: at once
        src.par.const0value = 0
        falling = self.frames(lag, 10)
        self.assertGreater(falling[-1], 0.8)     # two seconds down: still high after 10 frames
        lag.par.resetpulse.pulse()
        self.assertEqual(lag["x"].eval(), 0.0)   # reset: the output is the input

    def test_slope_clamp_and_scope(self):
        src = self.source("x y")
        lag = self.chain("lagCHOP", src)
        lag.par.clamp = True
        lag.par.slope1 = lag.par.slope2 = 6   # at most 6 a second: 0.1 a frame
        lag.par.scope = "x"
        tdsim.step()
        src.par.const0value = 1
        tdsim.step(3)
        self.assertAlmostEqual(lag["x"].eval(), 0.4)   # three frames, and the one the read is in
        self.assertEqual(lag["y"].eval(), 1.0)   # outside the scope: passes through

    def test_overshoot_is_a_warning_not_a_silent_gap(self):
        lag = self.chain("lagCHOP", self.source())
        lag.par.overshoot1 = 1
        lag["x"].eval()
        self.assertIn("overshoot is not emulated by tdsim", lag.warnings())


class FilterTest(HistoryCase):
    def test_gaussian_smooths_a_step_delayed_by_half_its_width(self):
        src = self.source()
        f = self.chain("filterCHOP", src)
        f.par.width = 0.2   # 12 frames
        tdsim.step()
        src.par.const0value = 1
        seen = self.frames(f, 14)
        self.assertLess(seen[0], 0.05)
        self.assertAlmostEqual(seen[4], 0.5, delta=0.1)   # half way after half the width (6 frames)
        self.assertGreater(seen[-1], 0.99)
        self.assertTrue(all(a <= b for a, b in zip(seen, seen[1:])))

    def test_box_averages_and_half_box_is_a_moving_average(self):
        src = self.source()
        f = self.chain("filterCHOP", src)
        f.par.type = "halfbox"
        f.par.width, f.par.widthunit = 4, "frames"
        tdsim.step()
        src.par.const0value = 4
        self.assertEqual(self.frames(f, 5), [2.0, 3.0, 4.0, 4.0, 4.0])

    def test_edge_detects_the_change_then_settles(self):
        src = self.source()
        f = self.chain("filterCHOP", src)
        f.par.type = "edge"
        f.par.width, f.par.widthunit = 4, "frames"
        tdsim.step()
        src.par.const0value = 1
        seen = self.frames(f, 8)
        self.assertGreater(max(seen), 0.2)
        self.assertAlmostEqual(seen[-1], 0.0)

    def test_despike_removes_a_one_frame_spike(self):
        src = self.source()
        f = self.chain("filterCHOP", src)
        f.par.type = "despike"
        f.par.width, f.par.widthunit = 2, "frames"
        f.par.spike = 0.5
        tdsim.step(3)
        src.par.const0value = 10
        tdsim.step()
        src.par.const0value = 0
        self.assertEqual(set(self.frames(f, 8)), {0.0})

    def test_one_euro_follows_fast_moves_and_ramp_preserve_climbs(self):
        src = self.source()
        f = self.chain("filterCHOP", src)
        f.par.type = "oneeuro"
        f.par.cutoff, f.par.speedcoeff, f.par.slopecutoff = 1, 0, 1
        tdsim.step()
        src.par.const0value = 1
        slow = self.frames(f, 10)[-1]
        f.par.speedcoeff = 10
        f.par.resetpulse.pulse()
        src.par.const0value = 0
        fast = self.frames(f, 10)[-1]
        self.assertGreater(slow, 0.3)
        self.assertLess(fast, 1 - slow)   # a high speed coefficient follows the move faster
        f.par.type = "ramp"
        f.par.ramprate, f.par.ramptolerance = 6, 5   # climbs 0.1 a frame, input within 5
        ramp = self.frames(f, 3)
        self.assertAlmostEqual(ramp[2] - ramp[1], 0.1)

    def test_static_channels_filter_whole_and_effect_zero_is_no_filter(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"x": [0, 0, 0, 10, 0, 0, 0]})
        f = self.chain("filterCHOP", osc)
        f.par.type = "box"
        f.par.width, f.par.widthunit = 3, "samples"
        for got, want in zip(f["x"].vals, [0.0, 0.0, 10 / 3, 10 / 3, 10 / 3, 0.0, 0.0]):
            self.assertAlmostEqual(got, want)
        self.assertFalse(f.isTimeSlice)
        f.par.effect = 0
        self.assertEqual(f["x"].vals, [0.0, 0.0, 0.0, 10.0, 0.0, 0.0, 0.0])


class TrailTest(HistoryCase):
    def test_keeps_the_window_its_last_sample_is_now(self):
        lfo = self.create("lfoCHOP")
        lfo.par.wavetype = "ramp"
        lfo.par.frequency = 0.5
        trail = self.chain("trailCHOP", lfo)
        trail.par.wlength, trail.par.wlengthunit = 10, "frames"
        tdsim.step(12)
        vals = trail["chan1"].vals
        self.assertEqual(len(vals), 10)
        self.assertAlmostEqual(vals[-1], lfo["chan1"].eval())
        self.assertTrue(all(b > a for a, b in zip(vals, vals[1:])))   # the ramp rising, frame by frame
        self.assertFalse(trail.isTimeSlice)
        self.assertEqual(trail.end, round(tdsim.world().loop.seconds * 60))

    def test_reset_zeroes_and_new_channel_names_clear(self):
        src = self.source("x", 2)
        trail = self.chain("trailCHOP", src)
        trail.par.wlength, trail.par.wlengthunit = 4, "frames"
        tdsim.step(4)
        self.assertEqual(trail["x"].vals, [2.0] * 4)
        trail.par.resetpulse.pulse()
        self.assertEqual(trail["x"].vals, [0.0] * 4)
        src.par.const0name = "y"
        tdsim.step()
        self.assertEqual(trail["y"].vals, [2.0] * 4)

    def test_grow_length_keeps_everything(self):
        trail = self.chain("trailCHOP", self.source("x", 1))
        trail.par.growlength = True
        tdsim.step(7)
        self.assertEqual(trail.numSamples, 8)


class SpeedTest(HistoryCase):
    def test_a_rate_of_one_adds_one_a_second(self):
        speed = self.chain("speedCHOP", self.source("x", 1))
        self.assertEqual(speed["x"].eval(), 0.0)
        tdsim.step(60)
        self.assertAlmostEqual(speed["x"].eval(), 1.0)
        tdsim.step(30)
        self.assertAlmostEqual(speed["x"].eval(), 1.5)

    def test_limits_and_reset(self):
        src = self.source("x", 6)
        speed = self.chain("speedCHOP", src)
        speed.par.limittype = "loop"
        speed.par.min, speed.par.max = 0, 1
        seen = self.frames(speed, 12)
        self.assertAlmostEqual(seen[9], 0.0)          # 10 frames of 0.1: wrapped to 0
        self.assertAlmostEqual(seen[11], 0.2)
        speed.par.resetvalue = 0.5
        speed.par.resetpulse.pulse()
        self.assertEqual(speed["x"].eval(), 0.5)
        speed.par.reset = True
        tdsim.step(3)
        self.assertEqual(speed["x"].eval(), 0.5)      # held while Reset is on

    def test_second_input_resets_off_to_on(self):
        rate, reset = self.source("x", 6), self.source("r", 0)
        speed = self.chain("speedCHOP", rate, reset)
        tdsim.step(5)
        self.assertAlmostEqual(speed["x"].eval(), 0.5)
        reset.par.const0value = 1
        tdsim.step()
        self.assertEqual(speed["x"].eval(), 0.0)
        tdsim.step(2)
        self.assertAlmostEqual(speed["x"].eval(), 0.2)   # off to on only: counting again

    def test_no_input_integrates_the_speed_parameter_and_second_order(self):
        speed = self.create("speedCHOP")
        speed.par.speed = 2
        tdsim.step(30)
        self.assertAlmostEqual(speed["chan1"].eval(), 1.0)
        accel = self.chain("speedCHOP", self.source("x", 1))
        accel.par.order = "second"
        tdsim.step(60)
        self.assertAlmostEqual(accel["x"].eval(), (60 * 61 / 2) / 3600, places=6)


class BoundedSliceTest(HistoryCase):
    def test_a_long_gap_catches_up_one_second_at_most(self):
        lfo = self.create("lfoCHOP")
        trail = self.chain("trailCHOP", lfo)
        trail.par.growlength = True
        comp = self.create("baseCOMP")
        inside = comp.create("speedCHOP")
        inside.inputConnectors[0].connect(comp.create("constantCHOP"))
        inside["chan1"].eval()
        comp.allowCooking = False
        tdsim.step(300)                  # five seconds without a cook
        comp.allowCooking = True
        tdsim.step()
        self.assertLessEqual(inside.numSamples, 60)
        self.assertEqual(trail.numSamples, 302)   # the trail, cooked every frame, kept all of them
