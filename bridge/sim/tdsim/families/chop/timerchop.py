"""The Timer CHOP's own members (td.timerCHOP, docs.derivative.ca/TimerCHOP_Class): where it is
(segment, cycle, fraction, the master / running / cumulative / playing times) and the jumps
(goTo, goToNextSegment, goToPrevSegment, goToCycleEnd, lastCycle). They read and move the run
choptimer.py keeps; a jump cooks the CHOP again, so its channels and callbacks follow at once.
Not emulated: the timecode members and the begin/length lists in frames or samples.
"""
from __future__ import annotations

from ...values.errors import tdError
from . import choptimer

REFRESH = " moved by a script"   # a pseudo-pulse: the CHOP cooks again without time passing


class TimerCHOPMixin:
    def _timer(self):
        """A Timer for the current run (the CHOP cooked first, so it is this frame's)."""
        self._output()
        kept = self._kept
        run = kept.state.get("run") if kept is not None else None
        if run is None:
            raise tdError(f"{self.path} has not cooked")
        return choptimer.Timer(self, run)

    def _moved(self, timer):
        """Cook again now: the channels show the jump, and the callbacks it queued run."""
        self._pulses.append(REFRESH)
        self._cook_again()

    # ---- where it is ------------------------------------------------------------------------
    @property
    def segment(self):
        return float(self._timer().run.seg)

    @segment.setter
    def segment(self, index):
        self.goTo(segment=int(index))

    @property
    def cycle(self):
        return float(self._timer().run.cycle)

    @cycle.setter
    def cycle(self, index):
        t = self._timer()
        t.run.cycle = max(0, int(index))
        self._moved(t)

    fraction = property(lambda self: self._timer().fraction())
    segments = property(lambda self: list(self._timer().segments))
    runningSeconds = property(lambda self: self._timer().run.running)
    runningFrames = property(lambda self: self._timer().run.running * choptimer.FPS)
    cumulativeSeconds = property(lambda self: self._timer().run.cumulative)
    cumulativeFrames = property(lambda self: int(self._timer().run.cumulative * choptimer.FPS))
    playingSeconds = property(lambda self: self._timer().run.playing)
    playingFrames = property(lambda self: int(self._timer().run.playing * choptimer.FPS))
    beginSeconds = property(lambda self: [s.beginSeconds for s in self._timer().segments])

    @property
    def masterSeconds(self):
        return self._timer().run.master

    @masterSeconds.setter
    def masterSeconds(self, seconds):
        self.goTo(seconds=float(seconds))

    @property
    def masterFrames(self):
        return int(round(self.masterSeconds * choptimer.FPS))

    @masterFrames.setter
    def masterFrames(self, frames):
        self.goTo(frame=frames)

    @property
    def masterFraction(self):
        t = self._timer()
        total = sum(s.delaySeconds + s.lengthSeconds for s in t.segments)
        return t.run.master / total if 0 < total < float("inf") else 0.0

    @masterFraction.setter
    def masterFraction(self, fraction):
        self.goTo(fraction=fraction)

    # ---- jumps ------------------------------------------------------------------------------
    def goToNextSegment(self):
        t = self._timer()
        t.pulse("gotonextseg")
        self._moved(t)

    def goToPrevSegment(self):
        t = self._timer()
        t.pulse("gotoprevseg")
        self._moved(t)

    def goToCycleEnd(self):
        t = self._timer()
        t.pulse("gotoendcycle")
        self._moved(t)

    def lastCycle(self):
        t = self._timer()
        t.pulse("exitendcycle")
        self._moved(t)

    def goTo(self, segment=None, cycle=None, endOfCycle=False, seconds=None, frame=None, sample=None,
             fraction=None):
        """Jump to a time: within `segment`/`cycle` when given, else along the whole run (each
        segment's delay and one cycle of its length, as `.masterSeconds` counts). One unit only.
        UNVERIFIED: endOfCycle is taken as an immediate jump."""
        units = [u for u in (seconds, frame, sample, fraction) if u is not None]
        if len(units) > 1:
            raise tdError("goTo() takes only one of seconds, frame, sample, fraction")
        t = self._timer()
        run = t.run
        if run.status != "running":
            run.status = "running"
        if segment is not None or cycle is not None:
            index = min(max(int(segment if segment is not None else run.seg), 0), len(t.segments) - 1)
            seg = t.segments[index]
            local = _seconds(seconds, frame, sample, fraction, seg.lengthSeconds, t.rate)
            run.seg, run.cycle, run.in_delay = index, int(cycle or 0), False
            run.t = min(max(local, 0.0), seg.lengthSeconds)
        else:
            total = sum(s.delaySeconds + s.lengthSeconds for s in t.segments)
            target = _seconds(seconds, frame, sample, fraction, total, t.rate)
            run.master = target
            for index, seg in enumerate(t.segments):
                if target < seg.delaySeconds:
                    run.seg, run.in_delay, run.t = index, True, target
                    break
                target -= seg.delaySeconds
                if target < seg.lengthSeconds or index == len(t.segments) - 1:
                    run.seg, run.in_delay, run.t = index, False, min(target, seg.lengthSeconds)
                    break
                target -= seg.lengthSeconds
            run.cycle = 0
        run.alerted = False
        self._moved(t)


def _seconds(seconds, frame, sample, fraction, length, rate):
    if seconds is not None:
        return float(seconds)
    if frame is not None:
        return float(frame) / choptimer.FPS
    if sample is not None:
        return float(sample) / rate
    if fraction is not None:
        return float(fraction) * length if length != float("inf") else 0.0
    return 0.0
