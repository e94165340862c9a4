from .support import SimTestCase, td, tdsim  # sets the import path first

from tdsim.process.frameloop import FrameLoop  # noqa: E402


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class FrameLoopTest(SimTestCase):
    def make(self):
        clock = FakeClock()
        loop = FrameLoop(self.world, clock=clock, sleep=lambda s: None)
        self.world.loop = loop
        return loop, clock

    def test_fast_frames_drop_nothing(self):
        loop, clock = self.make()
        start = loop.frame
        for _ in range(5):
            loop.post(lambda: None)
            loop.step()
        stats = loop.stats()
        self.assertEqual((stats["frames"], stats["droppedFrames"], loop.frame), (5, 0, start + 5))

    def test_slow_callback_is_counted_as_dropped_frames(self):
        loop, clock = self.make()
        start = loop.frame

        def slow():
            clock.now += 0.050      # three frame periods of work
            return "done"
        future = loop.post(slow)
        loop.step()
        self.assertEqual(future.result(timeout=1), "done")
        stats = tdsim.stats()
        self.assertEqual(stats["droppedFrames"], 2)
        self.assertEqual(stats["slowFrames"], 1)
        self.assertAlmostEqual(stats["maxFrameMs"], 50.0, places=3)
        self.assertEqual(loop.frame, start + 3)     # real time: absTime skips the dropped frames
        self.assertEqual(td.absTime.frame, float(start + 3))

    def test_exceptions_reach_the_poster(self):
        loop, clock = self.make()
        future = loop.post(lambda: 1 / 0)
        loop.step()
        with self.assertRaises(ZeroDivisionError):
            future.result(timeout=1)

    def test_expressions_cook_each_frame(self):
        loop, clock = self.make()
        n = self.create("noiseTOP")
        n.par.seed.expr = "absTime.frame"
        before = n.totalCooks
        loop.step()
        loop.step()
        self.assertEqual(n.totalCooks, before + 2)

    def test_cooking_flag_off_skips_children(self):
        loop, clock = self.make()
        comp = self.create("baseCOMP")
        n = comp.create("noiseTOP")
        n.par.seed.expr = "1"
        comp.allowCooking = False
        loop.step()
        self.assertEqual(n.totalCooks, 0)
