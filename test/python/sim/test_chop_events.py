"""Time-sliced CHOPs that react to events: Slope, Spring, Count, Logic, Trigger, Hold and Delay."""

import math

from .support import tdsim
from .test_chop_history import HistoryCase


class SlopeSpringTest(HistoryCase):
    def test_slope_of_a_ramp_is_its_speed_and_acceleration_of_a_parabola(self):
        speed = self.chain("speedCHOP", self.source("x", 3))   # rises 3 a second
        slope = self.chain("slopeCHOP", speed)
        tdsim.step(5)
        self.assertAlmostEqual(slope["x"].eval(), 3.0)
        speed.par.order = "second"
        accel = self.chain("slopeCHOP", speed)
        accel.par.type = "accel"
        tdsim.step(5)
        self.assertAlmostEqual(accel["x"].eval(), 3.0, places=6)

    def test_static_slope_uses_neighbours(self):
        osc = self.create("oscinCHOP")
        tdsim.inject_channels(osc, {"x": [0, 1, 4, 9]}, rate=1)
        slope = self.chain("slopeCHOP", osc)
        self.assertEqual(slope["x"].vals, [0.0, 1.0, 3.0, 5.0])
        slope.par.method = "cn"
        self.assertEqual(slope["x"].vals, [1.0, 3.0, 5.0, 5.0])

    def test_spring_overshoots_then_settles_on_the_input(self):
        src = self.source()
        spring = self.chain("springCHOP", src)
        spring.par.springk, spring.par.mass, spring.par.dampingk = 100, 1, 4
        tdsim.step()
        src.par.const0value = 1
        seen = self.frames(spring, 240)
        self.assertGreater(max(seen), 1.2)                  # it springs past the target
        self.assertAlmostEqual(seen[-1], 1.0, places=2)     # and comes to rest there
        spring.par.initpos = 0.5
        spring.par.resetpulse.pulse()
        self.assertEqual(spring["x"].eval(), 0.5)


class CountTest(HistoryCase):
    def test_counts_each_rise_past_the_threshold(self):
        src = self.source()
        count = self.chain("countCHOP", src)
        tdsim.step()
        for value in (1, 0, 1, 1, 0, 1):
            src.par.const0value = value
            tdsim.step()
        self.assertEqual(count["x"].eval(), 3.0)

    def test_limit_loop_reset_input_and_increment_input(self):
        src, reset, inc = self.source(), self.source("r"), self.source("i", 5)
        count = self.chain("countCHOP", src, reset, inc)
        count.par.output = "loop"
        count.par.limitmin, count.par.limitmax = 0, 10
        tdsim.step()
        for value in (1, 0, 1, 0, 1):
            src.par.const0value = value
            tdsim.step()
        self.assertEqual(count["x"].eval(), 4.0)     # 5, 10, then 15 loops round 0..10 to 4
        reset.par.const0value = 1
        tdsim.step()
        self.assertEqual(count["x"].eval(), 0.0)

    def test_while_on_by_time_counts_seconds_held(self):
        src = self.source("x", 1)
        count = self.chain("countCHOP", src)
        count.par.offtoon, count.par.on = "none", "inctime"
        tdsim.step(61)
        self.assertAlmostEqual(count["x"].eval(), 1.0, places=6)
        count.par.resetvalue = 7
        count.par.resetpulse.pulse()
        self.assertEqual(count["x"].eval(), 7.0)


class LogicTest(HistoryCase):
    def test_convert_and_combine_channels(self):
        src = self.create("oscinCHOP")
        tdsim.inject_channels(src, {"p": 2, "q": -1, "r": 0})
        logic = self.chain("logicCHOP", src)
        self.assertEqual([c.eval() for c in logic.chans()], [1.0, 1.0, 0.0])
        logic.par.convert = "pos"
        self.assertEqual([c.eval() for c in logic.chans()], [1.0, 0.0, 0.0])
        logic.par.chanop = "or"
        self.assertEqual([(c.name, c.eval()) for c in logic.chans()], [("p", 1.0)])
        logic.par.chanop = "and"
        self.assertEqual(logic["p"].eval(), 0.0)
        logic.par.chanop = "lowest"
        self.assertEqual(logic["p"].eval(), 0.0)
        single = self.chain("logicCHOP", self.source("a b c", 0))
        single.par.chanop = "highest"
        self.assertEqual(single[0].eval(), -1.0)

    def test_toggle_flips_on_each_rise_and_rise_is_one_frame(self):
        src = self.source()
        toggle = self.chain("logicCHOP", src)
        toggle.par.preop = "toggle"
        rise = self.chain("logicCHOP", src)
        rise.par.preop = "rise"
        tdsim.step()
        seen = []
        for value in (1, 1, 0, 1, 0):
            src.par.const0value = value
            seen.append((toggle["x"].eval(), rise["x"].eval()))   # the frame the change is seen in
            tdsim.step()
        self.assertEqual(seen, [(1.0, 1.0), (1.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)])

    def test_radio_keeps_the_last_channel_turned_on(self):
        src = self.source("a b")
        radio = self.chain("logicCHOP", src)
        radio.par.preop = "radio"
        tdsim.step()
        src.par.const0name = "a b"
        tdsim.inject_channels(src, {"a": 1, "b": 0})
        tdsim.step()
        self.assertEqual([c.eval() for c in radio.chans()], [1.0, 0.0])
        tdsim.inject_channels(src, {"a": 1, "b": 1})
        tdsim.step()
        self.assertEqual([c.eval() for c in radio.chans()], [0.0, 1.0])


class TriggerTest(HistoryCase):
    def envelope(self):
        src = self.source()
        trig = self.chain("triggerCHOP", src)
        trig.par.attack, trig.par.peak, trig.par.peaklen = 0.5, 1, 0
        trig.par.decay, trig.par.sustain, trig.par.release = 0.5, 0.5, 0.5
        tdsim.step()
        return src, trig

    def test_attack_decay_sustain_release(self):
        src, trig = self.envelope()
        src.par.const0value = 1
        attack = self.frames(trig, 29)
        self.assertTrue(all(a < b for a, b in zip(attack, attack[1:])))
        self.assertAlmostEqual(attack[-1], 1.0, places=6)            # peak after the 0.5 s attack
        decay = self.frames(trig, 60)
        self.assertAlmostEqual(decay[-1], 0.5)                       # sustain level
        src.par.const0value = 0
        release = self.frames(trig, 40)
        self.assertAlmostEqual(release[0], 0.5)                       # from the sustain level
        self.assertTrue(all(a > b for a, b in zip(release[:30], release[1:30])))
        self.assertEqual(release[-1], 0.0)

    def test_ease_shapes_and_trigger_pulse_without_input(self):
        trig = self.create("triggerCHOP")
        trig.par.attack, trig.par.peak, trig.par.decay, trig.par.sustain = 1, 2, 0, 2
        trig.par.ashape = "easein"
        trig.par.release = 0.25
        tdsim.step()
        self.assertEqual([c.name for c in trig.chans()], ["chan1"])
        trig.par.triggerpulse.pulse()
        tdsim.step(29)
        half = trig["chan1"].eval()
        self.assertAlmostEqual(half, 2 * 0.5 ** 2, delta=0.05)      # ease in: a quarter of the way up at half time
        tdsim.step(120)
        self.assertEqual(trig["chan1"].eval(), 0.0)                  # a pulse plays through and releases


class HoldDelayTest(HistoryCase):
    def test_hold_samples_on_a_rising_second_input(self):
        lfo = self.create("lfoCHOP")
        lfo.par.wavetype, lfo.par.frequency = "ramp", 0.25
        gate = self.source("g")
        hold = self.chain("holdCHOP", lfo, gate)
        tdsim.step(10)
        first = hold["chan1"].eval()
        tdsim.step(10)
        self.assertEqual(hold["chan1"].eval(), first)
        gate.par.const0value = 1
        tdsim.step()
        self.assertAlmostEqual(hold["chan1"].eval(), lfo["chan1"].eval())
        held = hold["chan1"].eval()
        tdsim.step(5)
        self.assertEqual(hold["chan1"].eval(), held)                 # no new sample while it stays on

    def test_delay_by_frames_and_per_channel_with_chan_index(self):
        src = self.source("a b")
        delay = self.chain("delayCHOP", src)
        delay.par.delay, delay.par.delayunit = 3, "frames"
        tdsim.step()
        src.par.const0value = 1
        self.assertEqual([delay["a"].eval()] + self.frames(delay, 3, "a"), [0.0, 0.0, 0.0, 1.0])
        delay.par.delay.expr = "me.chanIndex * 5"
        src.par.const0value = 2
        tdsim.step(2)
        self.assertEqual((delay["a"].eval(), delay["b"].eval()), (2.0, 1.0))
        delay.par.reset = True
        self.assertEqual(delay["b"].eval(), 2.0)


class ChannelStateSurvivesTest(HistoryCase):
    def test_reads_and_a_network_change_do_not_move_time(self):
        src = self.source("x", 1)
        speed = self.chain("speedCHOP", src)
        tdsim.step(30)
        before = speed["x"].eval()
        src.par.const0name = "x"          # a change: recooked in the same frame, no time passes
        self.assertEqual(speed["x"].eval(), before)
        self.assertTrue(math.isclose(before, 30 / 60))
