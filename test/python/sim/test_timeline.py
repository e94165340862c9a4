"""Time COMPs: OP.time, the timeline members, and playback on the frame loop."""
import os
import tempfile

from .support import SimTestCase, td, tdsim  # sets the import path first

from tdsim.process.frameloop import FrameLoop  # noqa: E402


def steady_loop(world, clock=None):
    """A frame loop on a clock that only moves when told: every step is exactly one frame,
    however long the machine takes (tdsim.step() measures real time and drops slow frames)."""
    clock = clock if clock is not None else [0.0]
    world.loop = FrameLoop(world, clock=lambda: clock[0], sleep=lambda s: None)
    return clock


class GoverningTimeTest(SimTestCase):
    def test_root_time_is_local_time(self):
        time = td.root.time
        self.assertEqual(time.path, "/local/time")
        self.assertIs(type(time), td.timeCOMP)
        self.assertIs(self.create("noiseTOP").time, time)
        self.assertIs(self.project.time, time)

    def test_component_time_governs_what_is_inside(self):
        comp = self.create("baseCOMP", "scene")
        own = comp.create("baseCOMP", "local").create("timeCOMP", "time")
        inner = comp.create("noiseTOP")
        self.assertIs(inner.time, own)
        self.assertIs(comp.time, own)
        self.assertIs(self.create("noiseTOP").time, td.root.time)  # a sibling keeps the root's

    def test_no_time_comp_gives_none(self):
        td.op("/local/time").destroy()
        self.assertIsNone(td.root.time)
        self.assertIsNone(self.create("noiseTOP").time)


class TimelineMembersTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.time = td.root.time

    def test_a_new_timeline(self):
        t = self.time
        self.assertEqual((t.play, t.frame, t.seconds, t.rate, t.start, t.end), (True, 1.0, 0.0, 60.0, 1.0, 600.0))
        self.assertEqual((t.rangeStart, t.rangeEnd, t.loop, t.tempo, t.signature1, t.signature2),
                         (1.0, 600.0, True, 120.0, 4, 4))
        self.assertEqual(t.timecode, "00:00:00:00")

    def test_settings_are_the_parameters(self):
        t = self.time
        t.play = False
        self.assertEqual(t.par.play.eval(), 0)
        t.rate = 24
        self.assertEqual(t.par.rate.eval(), 24.0)
        t.par.end = 1200
        self.assertEqual(t.end, 1200.0)
        t.loop = False
        self.assertEqual(t.par.rangelimit.eval(), "hold")

    def test_frame_and_seconds(self):
        t = self.time
        t.frame = 61
        self.assertEqual(t.seconds, 1.0)
        t.seconds = 2.5
        self.assertEqual(t.frame, 151.0)
        self.assertEqual(t.timecode, "00:00:02:30")
        t.timecode = "00:00:03:00"
        self.assertEqual(t.frame, 181.0)
        t.frame = 10_000
        self.assertEqual(t.frame, 600.0)   # clamped to start..end
        t.frame = -5
        self.assertEqual(t.frame, 1.0)

    def test_bad_values_are_refused(self):
        for member, value in (("rate", 0), ("rate", -30), ("frame", "ten"), ("seconds", float("nan"))):
            with self.subTest(member=member, value=value), self.assertRaises(td.tdError):
                setattr(self.time, member, value)
        with self.assertRaises(td.tdError):
            self.time.timecode = "soon"
        self.assertEqual((self.time.rate, self.time.frame), (60.0, 1.0))


class PlaybackTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.clock = steady_loop(self.world)
        self.time = td.root.time

    def test_playing_moves_one_frame_per_loop_frame_at_rate_over_60(self):
        tdsim.step(3)
        self.assertEqual(self.time.frame, 4.0)
        self.time.rate = 30
        tdsim.step(4)
        self.assertEqual(self.time.frame, 6.0)

    def test_dropped_frames_are_played_over(self):
        def slow():
            self.clock[0] += 0.050  # three frame periods
        self.world.loop.post(slow)
        self.world.loop.step()
        self.assertEqual(self.time.frame, 4.0)

    def test_pause_stops_the_timeline_and_absolute_time(self):
        loop = self.world.loop
        self.time.play = False
        frame, abs_frame, loop_frame = self.time.frame, td.absTime.frame, loop.frame
        tdsim.step(5)
        self.assertEqual((self.time.frame, td.absTime.frame), (frame, abs_frame))
        self.assertEqual(loop.frame, loop_frame + 5)   # the process keeps running its frames
        self.time.play = True
        tdsim.step(2)
        self.assertEqual((self.time.frame, td.absTime.frame), (frame + 2, abs_frame + 2))

    def test_loop_wraps_and_hold_stops_at_the_end(self):
        self.time.frame = 599
        tdsim.step(2)
        self.assertEqual(self.time.frame, 1.0)     # 600 is shown for a frame, then back to 1
        self.time.loop = False
        self.time.frame = 599
        tdsim.step(5)
        self.assertEqual(self.time.frame, 600.0)
        self.assertTrue(self.time.play)

    def test_playback_stays_in_the_range(self):
        t = self.time
        t.rangeStart, t.rangeEnd = 100, 109
        t.frame = 108
        tdsim.step(3)
        self.assertEqual(t.frame, 101.0)

    def test_component_timelines_follow_the_root_pause_unless_independent(self):
        own = self.create("baseCOMP").create("baseCOMP", "local").create("timeCOMP", "time")
        self.time.play = False
        tdsim.step(2)
        self.assertEqual(own.frame, 1.0)
        own.par.independent = True
        tdsim.step(2)
        self.assertEqual(own.frame, 3.0)
        own.play = False
        tdsim.step(2)
        self.assertEqual(own.frame, 3.0)

    def test_expressions_see_the_timeline(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "me.time.frame"
        tdsim.step(2)
        self.assertEqual(n.par.seed.eval(), 3.0)

    def test_the_frame_is_kept_by_undo_and_the_state_file(self):
        own = self.create("baseCOMP", "scene").create("baseCOMP", "local").create("timeCOMP", "time")
        own.frame = 42
        td.ui.undo.startBlock("remove")
        td.op("/project1/scene").destroy()
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertEqual(td.op("/project1/scene/local/time").frame, 42.0)
        path = os.path.join(tempfile.mkdtemp(), "state.json")
        td.project.save(path)
        steady_loop(tdsim.reset(path))
        self.assertEqual(td.op("/project1/scene/local/time").frame, 42.0)
        tdsim.step()
        self.assertEqual(td.op("/project1/scene/local/time").frame, 43.0)


class AbsoluteTimeTest(SimTestCase):
    def test_frame_one_is_zero_seconds(self):
        steady_loop(self.world)
        self.assertEqual((td.absTime.frame, td.absTime.seconds), (1.0, 0.0))
        tdsim.step(60)
        self.assertEqual(td.absTime.frame, 61.0)
        self.assertAlmostEqual(td.absTime.seconds, 1.0)
