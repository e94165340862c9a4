"""tdsim keeps a TOP's resolution for the frame and forgets it whenever the network changes:
what it answers is always what a fresh computation would give."""

from test.python.sim.support import SimTestCase

from tdsim.families.top.top import TOP


def chain(case, length):
    head = case.create("noiseTOP", "head")
    head.par.outputresolution = "custom"
    head.par.resolutionw, head.par.resolutionh = 640, 360
    previous, tops = head, [head]
    for i in range(length - 1):
        t = case.create("levelTOP", f"t{i}")
        t.inputConnectors[0].connect(previous)
        previous = t
        tops.append(t)
    return tops


class DerivedCacheTest(SimTestCase):
    def test_a_chain_is_walked_once_per_frame_not_once_per_read(self):
        tops = chain(self, 60)
        calls = []
        own = TOP._own_resolution

        def counting(top):
            calls.append(top.name)
            return own(top)
        TOP._own_resolution = counting
        try:
            sizes = [(t.width, t.height) for t in tops]
        finally:
            TOP._own_resolution = own
        self.assertEqual(set(sizes), {(640, 360)})
        # Without the cache every read walked up to the head: 120 calls.
        self.assertEqual(calls, ["head"])

    def test_changes_in_the_same_frame_are_seen_at_once(self):
        head, *_, last = chain(self, 50)
        self.assertEqual((last.width, last.height), (640, 360))
        head.par.resolutionw = 320
        self.assertEqual(last.width, 320)
        mid = self.project.op("t20")
        mid.par.outputresolution = "half"
        self.assertEqual((last.width, last.height), (160, 180))
        other = self.create("constantTOP", "other")
        other.par.outputresolution = "custom"
        other.par.resolutionw, other.par.resolutionh = 100, 50
        mid.inputConnectors[0].connect(other)
        self.assertEqual((last.width, last.height), (50, 25))
        other.destroy()
        # t20 has no input now: its own resolution parameter, halved.
        self.assertEqual(last.width, max(1, int(mid.par.resolutionw.eval() * 0.5)))
        head.par.resolutionw.expr = "1000 + 24"
        mid.inputConnectors[0].connect(self.project.op("t19"))
        self.assertEqual(last.width, 512)

    def test_an_expression_on_time_is_followed_frame_by_frame(self):
        head, *_, last = chain(self, 5)
        head.par.resolutionw.expr = "100 + absTime.frame"
        self.assertEqual(last.width, 100 + self.world.loop.abs_frame)
        before = self.world.loop.abs_frame
        self.world.loop.step()
        self.assertGreater(self.world.loop.abs_frame, before)
        self.assertEqual(last.width, 100 + self.world.loop.abs_frame)

    def test_a_walk_cut_off_at_64_operators_is_the_same_from_every_start(self):
        tops = chain(self, 100)
        # Asked from the end first, the walk stops 64 operators up; asked from the middle, it
        # reaches the head. Each answer must be what an uncached walk from there gives.
        end = tops[-1]
        end_size = (end.width, end.height)
        mid_size = (tops[50].width, tops[50].height)
        self.assertEqual(mid_size, (640, 360))
        self.assertEqual((end.width, end.height), end_size)
        # The uncached answer, for comparison: a fresh world would start with an empty cache.
        self.world.derived.changed()
        self.assertEqual((end.width, end.height), end_size)


class RuleErrorCacheTest(SimTestCase):
    """errors() evaluates an operator's expressions once a frame while nothing changes, and answers
    what a fresh evaluation gives as soon as anything does."""

    def test_expressions_are_evaluated_once_per_frame_for_repeated_reads(self):
        from tdsim.op.cook import CookMixin
        node = self.create("noiseTOP", "n")
        node.par.amp.expr = "1 / 0"
        calls = []
        compute = CookMixin._compute_rule_errors

        def counting(op):
            calls.append(op.name)
            return compute(op)
        CookMixin._compute_rule_errors = counting
        try:
            first = node.errors()
            self.assertIn("ZeroDivisionError", first)
            self.assertEqual([node.errors() for _ in range(5)], [first] * 5)
            self.assertEqual(calls, ["n"])
            self.world.loop.step()
            self.assertEqual(node.errors(), first)
            self.assertEqual(calls, ["n", "n"])
        finally:
            CookMixin._compute_rule_errors = compute

    def test_a_fix_or_a_new_cause_in_the_same_frame_is_seen_at_once(self):
        node = self.create("noiseTOP", "n")
        node.par.amp.expr = "op('missing').par.amp + 1"
        self.assertNotEqual(node.errors(), "")
        other = self.create("noiseTOP", "missing")
        self.assertEqual(node.errors(), "")
        other.destroy()
        self.assertNotEqual(node.errors(), "")
        node.par.amp.expr = "2"
        self.assertEqual(node.errors(), "")
        level = self.create("levelTOP", "lvl")
        self.assertIn("Not enough sources", level.errors())
        level.bypass = True  # a bypassed operator does not cook: no rule errors
        self.assertEqual(level.errors(), "")
        level.bypass = False
        self.assertIn("Not enough sources", level.errors())

    def test_injected_channels_are_seen_by_expressions_in_the_same_frame(self):
        import tdsim
        chop = self.create("constantCHOP", "c")
        node = self.create("noiseTOP", "n")
        tdsim.inject_channels(chop, {"chan1": 0.0})
        node.par.amp.expr = "1 / op('c')['chan1']"
        self.assertIn("ZeroDivisionError", node.errors())
        tdsim.inject_channels(chop, {"chan1": 2.0})
        self.assertEqual(node.errors(), "")
