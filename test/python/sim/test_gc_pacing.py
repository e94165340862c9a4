import gc
import threading
import weakref
from unittest import mock

from .support import SimTestCase  # sets the import path first

from tdsim.process import gcpacing  # noqa: E402
from tdsim.process.gcpacing import FrameGC  # noqa: E402


class Cycle:
    def __init__(self):
        self.me = self


def garbage(count):
    """`count` unreachable reference cycles, and a weak reference to one of them."""
    probe = Cycle()
    ref = weakref.ref(probe)
    del probe
    for _ in range(count):
        Cycle()
    return ref


class FrameGCTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.pacing = FrameGC()
        self.pacing.start()
        self.addCleanup(self.pacing.stop)

    def test_nothing_is_collected_inside_a_frame(self):
        before = [s["collections"] for s in gc.get_stats()]
        ref = garbage(20000)  # far past the first threshold (700)
        self.assertEqual([s["collections"] for s in gc.get_stats()], before)
        self.assertIsNotNone(ref(), "a cycle was collected while the frame ran")
        ms = self.pacing.between_frames()
        self.assertIsNone(ref(), "the frame's garbage was not collected after it")
        self.assertGreater(ms, 0.0)
        self.assertEqual(self.pacing.total_ms, ms)

    def test_nothing_due_nothing_done(self):
        gc.collect()
        before = [s["collections"] for s in gc.get_stats()]
        self.assertEqual(self.pacing.between_frames(), 0.0)
        self.assertEqual([s["collections"] for s in gc.get_stats()], before)

    def test_a_full_collection_waits_for_a_quarter_promoted(self):
        self.pacing._long_lived = 40000
        self.pacing._pending = 9999
        with mock.patch.object(gcpacing.gc, "get_count", return_value=(800, 11, 11)):
            self.assertEqual(self.pacing._due(), 1)  # gen 2 is over its threshold, but too little was promoted
            self.pacing._pending = 10000
            self.assertEqual(self.pacing._due(), 2)
        with mock.patch.object(gcpacing.gc, "get_count", return_value=(701, 3, 0)):
            self.assertEqual(self.pacing._due(), 0)
        with mock.patch.object(gcpacing.gc, "get_count", return_value=(700, 10, 10)):
            self.assertIsNone(self.pacing._due())  # thresholds are "more than", as in CPython

    def test_a_project_that_turned_collection_off_keeps_it_off(self):
        with mock.patch.object(gcpacing.gc, "get_threshold", return_value=(0, 10, 10)):
            garbage(2000)
            self.assertEqual(self.pacing.between_frames(), 0.0)

    def test_stop_gives_collection_back(self):
        self.assertFalse(gc.isenabled())
        self.pacing.stop()
        self.assertTrue(gc.isenabled())
        self.assertEqual(gc.get_freeze_count(), 0)


class FrameLoopGCTest(SimTestCase):
    def test_the_running_loop_collects_between_frames_and_reports_it(self):
        loop = self.world.loop
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        try:
            refs = [loop.post(lambda: garbage(20000)).result(timeout=30) for _ in range(3)]
            # Posted work runs inside a frame; the collection comes after it, before a later frame.
            loop.post(lambda: None).result(timeout=30)
            loop.post(lambda: None).result(timeout=30)
            self.assertFalse(gc.isenabled(), "automatic collection runs while the loop does")
            self.assertEqual([r() for r in refs], [None, None, None])
            stats = loop.stats()
            self.assertGreater(stats["gcMs"], 0.0)
            self.assertGreaterEqual(stats["gcMs"], stats["gcMaxMs"])
            self.assertGreater(stats["gcMaxMs"], 0.0)
        finally:
            loop.stop()
            thread.join(timeout=30)
        self.assertTrue(gc.isenabled())
