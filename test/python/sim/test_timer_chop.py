"""The Timer CHOP on the frame loop: segments, delays, cycles, its channels and its callbacks."""

from .support import SteadySimTestCase, td, tdsim

CALLBACKS = """
def log(*words):
    op('log').appendRow([str(w) for w in words])

def onInitialize(timerOp, callCount):
    log('initialize', callCount)
    return 0

def onReady(timerOp):
    log('ready')

def onStart(timerOp):
    log('start')

def onTimerPulse(timerOp, segment):
    log('timerpulse', segment.index)

def onSegmentEnter(timerOp, segment, interrupt):
    log('enter', segment.index, getattr(segment.row, 'name', '-'), segment.custom.get('name'), interrupt)

def onSegmentExit(timerOp, segment, interrupt):
    log('exit', segment.index, interrupt)

def onCycleStart(timerOp, segment, cycle):
    log('cyclestart', int(segment), cycle)

def onCycle(timerOp, segment, cycle):
    log('cycle', int(segment), cycle)

def onDone(timerOp, segment, interrupt):
    log('done', int(segment), timerOp['done'].eval())
"""


class TimerCase(SteadySimTestCase):
    def timer(self, segments=None, callbacks=CALLBACKS):
        log = self.create("tableDAT", "log")
        log.clear()
        cb = self.create("textDAT", "timer_callbacks")
        cb.text = callbacks
        timer = self.create("timerCHOP")
        timer.par.callbacks = cb
        if segments is not None:
            table = self.create("tableDAT", "segs")
            table.clear()
            for row in segments:
                table.appendRow(row)
            timer.par.segdat = table
        tdsim.step()
        return timer, log

    def events(self, log):
        return [" ".join(c.val for c in log.row(i)) for i in range(log.numRows)]


class TimerSegmentsTest(TimerCase):
    def test_three_segments_fire_their_callbacks_in_order(self):
        timer, log = self.timer([["name", "length", "delay"], ["intro", "0.25", "0"],
                                 ["verse", "0.5", "0.1"], ["outro", "0.25", "0"]])
        self.assertEqual([c.name for c in timer.chans()], ["timer_fraction", "ready", "running", "done"])
        self.assertEqual(timer["ready"].eval(), 1.0)
        timer.par.start.pulse()
        self.assertEqual(self.events(log), ["start", "enter 0 intro intro False", "timerpulse 0"])
        self.assertEqual((timer["running"].eval(), timer.segment), (1.0, 0.0))
        fractions = []
        for _ in range(80):
            tdsim.step()
            fractions.append((int(timer.segment), round(timer["timer_fraction"].eval(), 3)))
        self.assertEqual(self.events(log), [
            "start", "enter 0 intro intro False", "timerpulse 0",
            "cycle 0 0", "exit 0 False", "enter 1 verse verse False",
            "timerpulse 1",
            "cycle 1 0", "exit 1 False", "enter 2 outro outro False", "timerpulse 2",
            "cycle 2 0", "exit 2 False", "done 2 1.0",
        ])
        self.assertEqual((timer["done"].eval(), timer["running"].eval(), timer["timer_fraction"].eval()),
                         (1.0, 0.0, 1.0))
        # within the verse, the fraction counts 0..1 over its half second after its delay
        verse = [f for s, f in fractions if s == 1]
        self.assertEqual(verse[:6], [0.0] * 6)          # the 0.1 s delay
        self.assertTrue(all(a <= b for a, b in zip(verse, verse[1:])))

    def test_timing_one_second_and_run_values(self):
        timer, log = self.timer()
        timer.par.length = 0.5
        timer.par.outtimercount = "frames"
        timer.par.start.pulse()
        self.assertEqual(timer["timer_frames"].eval(), 1.0)   # Run Values One: a frame on the start frame
        tdsim.step(28)
        self.assertEqual(timer["done"].eval(), 0.0)
        tdsim.step()
        self.assertEqual((timer["done"].eval(), timer["timer_frames"].eval()), (1.0, 30.0))

    def test_cycles_with_a_limit_and_play_and_speed(self):
        timer, log = self.timer()
        timer.par.length = 0.1
        timer.par.cycle, timer.par.cyclelimit, timer.par.maxcycles = True, True, 3
        timer.par.outcycle = True
        timer.par.start.pulse()
        tdsim.step(30)
        events = self.events(log)
        self.assertEqual([e for e in events if e.startswith("cycle ")], ["cycle 0 0", "cycle 0 1", "cycle 0 2"])
        self.assertEqual([e for e in events if e.startswith("cyclestart")], ["cyclestart 0 0", "cyclestart 0 1",
                                                                             "cyclestart 0 2"])
        self.assertEqual((timer["cycles"].eval(), timer["done"].eval()), (2.0, 1.0))
        timer.par.play = False
        timer.par.start.pulse()
        tdsim.step(10)
        self.assertLess(timer["timer_fraction"].eval(), 0.2)   # paused at its start frame
        timer.par.play, timer.par.speed = True, 2
        tdsim.step(2)
        self.assertGreater(timer["timer_fraction"].eval(), 0.5)

    def test_initialize_waits_for_its_callback_then_start_and_on_done_restart(self):
        waiting = CALLBACKS.replace("    log('initialize', callCount)\n    return 0",
                                    "    log('initialize', callCount)\n    return 2 if callCount < 2 else 0")
        timer, log = self.timer(callbacks=waiting)
        timer.par.outinit = True
        timer.par.initialize.pulse()
        self.assertEqual((timer["initializing"].eval(), timer["ready"].eval()), (1.0, 0.0))
        tdsim.step(3)
        self.assertEqual(self.events(log), ["initialize 1", "initialize 2", "ready"])
        self.assertEqual(timer["ready"].eval(), 1.0)

    def test_go_to_done_and_next_segment_members(self):
        timer, log = self.timer([["length"], ["1"], ["1"], ["1"]])
        timer.par.start.pulse()
        timer.goToNextSegment()
        self.assertEqual(timer.segment, 1.0)
        self.assertIn("exit 0 True", self.events(log))
        timer.goTo(segment=2, seconds=0.5)
        self.assertAlmostEqual(timer["timer_fraction"].eval(), 0.5)
        timer.par.gotodone.pulse()
        self.assertEqual(timer["done"].eval(), 1.0)
        self.assertEqual(self.events(log)[-1], "done 2 1.0")
        self.assertIsInstance(timer, td.timerCHOP)

    def test_unemulated_modes_warn(self):
        timer, _log = self.timer()
        timer.par.segmethod = "parallel"
        timer["ready"].eval()
        self.assertIn("Parallel Timers are not emulated by tdsim", timer.warnings())


class ChopExecuteTest(TimerCase):
    def test_a_new_chop_execute_dat_fires_on_a_timer_going_done(self):
        timer, log = self.timer()
        timer.par.length = 0.1
        watcher = self.create("chopexecuteDAT")
        self.assertTrue(watcher.par.active.eval())   # active when created (assumed, as the Execute DAT)
        watcher.par.chop = timer
        watcher.par.channel = "done"
        watcher.par.offtoon = True
        watcher.text = "def onOffToOn(channel, sampleIndex, val, prev):\n    op('log').appendRow(['watched', channel.name])\n"
        tdsim.step()
        timer.par.start.pulse()
        tdsim.step(10)
        self.assertEqual([e for e in self.events(log) if e.startswith("watched")], ["watched done"])
