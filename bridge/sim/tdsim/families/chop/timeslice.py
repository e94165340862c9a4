"""Time-sliced cooking: the CHOPs that keep state from one frame to the next (Lag, Speed, Timer...).

TouchDesigner cooks a time-sliced CHOP once a frame over the "time between the last cook frame and
the current cook frame" (docs.derivative.ca/Time_Slicing): each cook sees the new samples of its
inputs since the last one and carries its state on. tdsim does the same: the frame loop cooks every
such CHOP once a frame (`cook_all`, from process/frameloop.py), and a read between frames gives what
that cook made, so the bridge reading a Lag does not move it on. A read in a frame where nothing was
cooked yet cooks it for that frame; a network change (a parameter, a wire) in the same frame cooks it
again without moving time on (frames = 0), so the change is seen at once.

A model is `model(op, ctx) -> ChopData`; `ctx` is a SliceContext: the CookContext of a plain cook
plus `frames` (frames of time since the last cook: 0 on the first cook and on a re-cook in the same
frame), `state` (a dict kept on the operator, empty on the first cook), `pulses` (names of the pulse
parameters pulsed since the last cook) and `first`. Time comes from absolute time, so nothing moves
while the root timeline is paused and a dropped frame gives a longer slice (UNVERIFIED: TouchDesigner
CHOPs follow their component's timeline).

UNVERIFIED simplification: TouchDesigner cooks a CHOP only when something pulls it (a viewer, an
export, an expression of an operator that cooks); tdsim cooks every time-sliced CHOP every frame, as
if each were viewed.
"""
from __future__ import annotations

from .chopdata import ChopData

FPS = 60.0
MAX_SLICE_FRAMES = 60


class Kept:
    """What a time-sliced CHOP keeps between cooks."""
    __slots__ = ("stamp", "abs_frame", "out", "state")

    def __init__(self, stamp, abs_frame, out, state):
        self.stamp = stamp
        self.abs_frame = abs_frame
        self.out = out
        self.state = state


def slice_samples(seconds: float, frames: int, rate: float) -> int:
    """How many samples at `rate` the last `frames` frames ending at `seconds` hold."""
    if frames <= 0 or rate <= 0:
        return 0
    end = round(seconds * rate)
    begin = round((seconds - frames / FPS) * rate)
    return max(1, end - begin)


def last_index(seconds: float, rate: float) -> int:
    """The index of the sample at `seconds` (sample 0 is time 0)."""
    return round(seconds * rate)


def take_slice(samples: list, n: int) -> list:
    """The newest `n` samples of an input channel: a shorter channel (a constant, a one-sample
    static channel) is held at its last value over the slice (UNVERIFIED: TouchDesigner extends
    it by its extend conditions, hold being the common one)."""
    if n <= 0 or not samples:
        return []
    if len(samples) >= n:
        return list(samples[-n:])
    return [samples[-1]] * n


def is_static(data: ChopData) -> bool:
    """A non-time-sliced channel set of several samples: processed whole on every cook, as
    TouchDesigner's filters do for static channels (a Pattern CHOP, a trail), rather than slice
    by slice."""
    return not data.timeslice and data.num_samples > 1


def sliced(names, vals, rate, seconds, timeslice=True) -> ChopData:
    """Output channels ending at the sample of `seconds`."""
    length = len(vals[0]) if vals else 1
    return ChopData(list(names), vals, rate, last_index(seconds, rate) - length + 1, timeslice)


def cook(chop, model, ctx):
    """The channels of a time-sliced CHOP for the current frame, cooked at most once a frame (and
    again when the network changed)."""
    w = chop._world
    loop = w.loop
    stamp = (loop.frame, w.derived.changes)
    kept = chop._kept
    if kept is not None and kept.stamp == stamp and not chop._pulses:
        return kept.out.copy()
    if kept is None:
        frames, state = 0, {}
    else:
        frames = 0 if kept.stamp[0] == loop.frame else max(0, loop.abs_frame - kept.abs_frame)
        # a CHOP not cooked for a long time (inside a COMP whose cooking is off) catches up one
        # second at most, so its slice stays bounded (UNVERIFIED: TouchDesigner's longest slice)
        frames = min(frames, MAX_SLICE_FRAMES)
        state = kept.state
    pulses = set(chop._pulses)
    chop._pulses.clear()
    ctx.frames = frames
    ctx.state = state
    ctx.pulses = pulses
    ctx.first = kept is None
    try:
        out = model(chop, ctx)
    except Exception:
        # time moves on even when a cook fails, so the next slice is one frame, not all since
        chop._kept = Kept((loop.frame, w.derived.changes), loop.abs_frame,
                          kept.out if kept is not None else ChopData(), state)
        raise
    # stamped after the model ran: what its own cook changed (a Script CHOP's storage) does not
    # make it cook again
    chop._kept = Kept((loop.frame, w.derived.changes), loop.abs_frame, out, state)
    return out.copy()
