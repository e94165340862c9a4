"""Feedback TOP frame history.

A Feedback TOP shows what the TOP named in its `top` parameter output on the previous frame it
cooked; before there is one (on start, after a reset) it passes its input through. TouchDesigner
cooks on demand: a TOP cooks in a frame when something asks for its image (a viewer, a window, a
script). tdsim follows that: a render of the loop is one cook of it, at most one per frame, so a
preview taken on each of N frames (`svc preview --frames N`) shows the loop N frames on. Renders
at another working size reuse the stored frame stretched (nearest pixel).

UNVERIFIED: that the `reset` toggle held on passes the input through on every frame, and that a
loop cooked twice in one frame advances once (tdsim shows the same previous frame to both).
"""
from __future__ import annotations

import weakref

from . import renderpars as rp
from .picture import Picture

# id(target TOP) -> the Feedback TOPs that read it (weak: a destroyed TOP leaves no history behind).
_readers: dict[int, weakref.WeakSet] = {}


class _History:
    __slots__ = ("latest", "latest_frame", "shown", "shown_frame")

    def __init__(self):
        self.latest = self.shown = None
        self.latest_frame = self.shown_frame = -1


def _history(fb) -> _History:
    h = getattr(fb, "_feedback_history", None)
    if h is None:
        h = fb._feedback_history = _History()
    return h


def reset(fb):
    """The Reset Pulse: the stored frames are dropped, so the next cook passes the input through."""
    h = _history(fb)
    h.latest = h.shown = None
    h.latest_frame = h.shown_frame = -1


def has_history(fb) -> bool:
    h = getattr(fb, "_feedback_history", None)
    return h is not None and (h.latest is not None or h.shown is not None)


def previous(job):
    """The Feedback TOP's image for this frame: its target's output on an earlier frame, sized for
    the job, or None when it has none (then the input is shown)."""
    fb = job.top
    target = rp.reference(fb, "top")
    h = _history(fb)
    if target is None or not getattr(target, "isTOP", False) or rp.flag(fb, "reset"):
        h.latest = h.shown = None
        return None
    _readers.setdefault(id(target), weakref.WeakSet()).add(fb)
    frame = fb._world.loop.frame
    if h.latest is not None and h.latest_frame < frame and h.shown_frame != frame:
        h.shown, h.shown_frame = h.latest, frame
    pic = h.shown
    if pic is None:
        return None
    if (pic.w, pic.h) == (job.w, job.h):
        return Picture(pic._data, job.w, job.h, job.true_size, pic._floats, pic.tex, pic.drawn_by)
    return Picture(pic.stretched(job.w, job.h), job.w, job.h, job.true_size)


def record(top, pic):
    """`top` was rendered this frame: it is the previous frame of the Feedback TOPs reading it."""
    readers = _readers.get(id(top))
    if not readers:
        return
    frame = top._world.loop.frame
    for fb in list(readers):
        if not fb._valid or rp.reference(fb, "top") is not top:
            readers.discard(fb)
            continue
        h = _history(fb)
        if h.latest_frame != frame or h.latest is None:
            h.latest, h.latest_frame = pic, frame
