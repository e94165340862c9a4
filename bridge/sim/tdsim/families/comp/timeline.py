"""Timelines: the Time COMP's members (td.timeCOMP), OP.time, and playback on the frame loop.

A Time COMP keeps its settings in its parameters (`play`, `rate`, `start`, `end`, `rangelimit`,
`rangestart`, `rangeend`, `tempo`, `signature1/2`, `independent`), so the members below read and
write those; the current frame is the COMP's own state. Every frame of the loop, each playing
timeline moves on by `rate / 60` frames per loop frame (the loop's 60 fps) (and over dropped frames, as in
real-time playback).

Rules and guesses (see bridge/sim/README.md, "Timelines"):
- OP.time is the first `local/time` Time COMP found walking up from the operator's network (a
  COMP starts at itself, so `root.time` is /local/time); None when there is none (UNVERIFIED).
  That walk is OP's (op/op.py: governing_time).
- Frame f is (f - 1) / rate seconds: frame 1 is 0 seconds, the convention the docs give for
  absolute time (UNVERIFIED for timelines).
- Playback stays within rangestart..rangeend: past the end it wraps to rangestart (`loop`) or
  stops on rangeend (`hold`, play stays on). Frames set by a script are clamped to start..end
  (UNVERIFIED). A timeline whose `independent` is off does not move while the root timeline is
  paused (UNVERIFIED).
"""
from __future__ import annotations

import math

from ...op.op import governing_time
from ...values.errors import tdError


def root_time(w):
    return governing_time(w.root) if w.root is not None else None


def _number(value, member):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise tdError(f"timeCOMP.{member} takes a finite number, not {value!r}")
    return float(value)


class TimeCOMPMixin:
    """Members of td.timeCOMP (mixed into the Time COMP's class before COMP)."""

    _tl_frame = None  # the current frame; None until first read (then the start frame)

    def __init__(self, world, parent, name):
        super().__init__(world, parent, name)
        world.timelines[self._id] = self

    def _par_value(self, name):
        return self._pars[name].eval()

    def _set_par(self, name, value):
        self._pars[name].val = value

    # ---- position --------------------------------------------------------------------------
    @property
    def frame(self):
        if self._tl_frame is None:
            self._tl_frame = self.start
        return self._tl_frame

    @frame.setter
    def frame(self, value):
        value = _number(value, "frame")
        self._tl_frame = min(max(value, self.start), self.end)

    @property
    def seconds(self):
        return (self.frame - 1.0) / self.rate

    @seconds.setter
    def seconds(self, value):
        self.frame = _number(value, "seconds") * self.rate + 1.0

    @property
    def timecode(self):
        """hh:mm:ss:ff of the current time at the timeline's rate."""
        rate = self.rate
        per_second = max(1, int(round(rate)))
        total = int(math.floor(self.frame - 1.0 + 1e-9))
        seconds, frames = divmod(total, per_second)
        minutes, seconds = divmod(seconds, 60)
        hours, minutes = divmod(minutes, 60)
        return f"{hours:02d}:{minutes:02d}:{seconds:02d}:{frames:02d}"

    @timecode.setter
    def timecode(self, value):
        parts = str(value).replace(";", ":").replace(".", ":").split(":")
        try:
            hours, minutes, seconds, frames = (int(p) for p in parts)
        except ValueError:
            raise tdError(f"timecode must be hh:mm:ss:ff, not {value!r}") from None
        per_second = max(1, int(round(self.rate)))
        self.frame = ((hours * 60 + minutes) * 60 + seconds) * per_second + frames + 1

    # ---- settings held in parameters ---------------------------------------------------------
    @property
    def play(self):
        return bool(self._par_value("play"))

    @play.setter
    def play(self, value):
        self._set_par("play", 1 if value else 0)

    @property
    def rate(self):
        return float(self._par_value("rate"))

    @rate.setter
    def rate(self, value):
        value = _number(value, "rate")
        if value <= 0:
            raise tdError(f"timeCOMP.rate must be above 0, not {value!r}")
        self._set_par("rate", value)

    start = property(lambda self: float(self._par_value("start")),
                     lambda self, v: self._set_par("start", _number(v, "start")))
    end = property(lambda self: float(self._par_value("end")),
                   lambda self, v: self._set_par("end", _number(v, "end")))
    rangeStart = property(lambda self: float(self._par_value("rangestart")),
                          lambda self, v: self._set_par("rangestart", _number(v, "rangeStart")))
    rangeEnd = property(lambda self: float(self._par_value("rangeend")),
                        lambda self, v: self._set_par("rangeend", _number(v, "rangeEnd")))
    loop = property(lambda self: self._par_value("rangelimit") == "loop",
                    lambda self, v: self._set_par("rangelimit", "loop" if v else "hold"))
    independent = property(lambda self: float(bool(self._par_value("independent"))),
                           lambda self, v: self._set_par("independent", bool(v)))
    tempo = property(lambda self: float(self._par_value("tempo")),
                     lambda self, v: self._set_par("tempo", _number(v, "tempo")))
    signature1 = property(lambda self: int(self._par_value("signature1")),
                          lambda self, v: self._set_par("signature1", int(v)))
    signature2 = property(lambda self: int(self._par_value("signature2")),
                          lambda self, v: self._set_par("signature2", int(v)))

    # ---- playback ----------------------------------------------------------------------------
    def _advance(self, loop_frames, loop_rate):
        """Move on by `loop_frames` frames of the loop, when playing."""
        try:
            if not self.play:
                return
            step = loop_frames * self.rate / loop_rate
            start, end = self.start, self.end
            lo, hi = max(self.rangeStart, start), min(self.rangeEnd, end)
            looping = self.loop
        except Exception:
            return  # a setting whose expression fails: the timeline stands still
        if hi < lo:
            lo, hi = start, end
        frame = self.frame + step
        # Frame `hi` is shown for a whole frame: the timeline leaves it at hi + 1.
        if looping and frame >= hi + 1:
            frame = lo + (frame - lo) % (hi + 1 - lo)
        elif not looping and frame > hi:
            frame = hi
        self._tl_frame = frame

    def _follows_root(self):
        try:
            return not self._par_value("independent")
        except Exception:
            return True


def advance_timelines(w, loop_frames, loop_rate):
    """Called once per loop frame (`loop_frames` counts the dropped ones too; the loop runs at
    `loop_rate` frames a second): plays every Time COMP, and answers whether the root timeline
    plays (absolute time stands still while it is paused)."""
    root = root_time(w)
    root_playing = True
    if root is not None:
        try:
            root_playing = root.play
        except Exception:
            root_playing = True
    for key, timeline in list(w.timelines.items()):
        if not timeline._valid:
            del w.timelines[key]
            continue
        if not root_playing and timeline is not root and timeline._follows_root():
            continue
        timeline._advance(loop_frames, float(loop_rate))
    return root_playing
