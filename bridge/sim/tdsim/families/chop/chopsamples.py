"""Running a per-sample process over every channel of a time-sliced CHOP: the new samples of the
input's channels each frame, a state per channel kept between frames (timeslice.py), channels
outside the scope passed through, and a static input of several samples run whole from a fresh
state on each cook. Shared by the event CHOPs (chopevents.py) and the history CHOPs.
"""
from __future__ import annotations

from .chopdata import ChopData
from .chopunits import in_scope, scope_of
from .timeslice import is_static, slice_samples, sliced, take_slice


def line(data: ChopData | None, n: int, default=0.0) -> list:
    """The newest `n` samples of the first channel of an extra input (reset, trigger), or
    `default` throughout when there is none."""
    if data is None or not data.vals or n <= 0:
        return [default] * max(n, 0)
    return take_slice(data.vals[0], n)


def run_channels(op, ctx, data: ChopData, make, step, key="channels", static=True,
                 extras=(), reset=False):
    """Every in-scope channel through `step(state, x, i)` (i: the sample's index in this slice);
    `make(name, samples)` makes a channel's state (on its first cook, for a new channel, when
    `reset`). `extras`: lines of extra inputs, each read by the step as `state.extras[k][i]`.
    Returns the output ChopData (time-sliced unless the input is static)."""
    scope = scope_of(op)
    rate = data.rate
    if static and is_static(data):
        vals = []
        for name, samples in zip(data.names, data.vals):
            if not in_scope(scope, name):
                vals.append(list(samples))
                continue
            state = make(name, samples)
            state.extras = [take_slice(e, len(samples)) if e else [0.0] * len(samples) for e in extras]
            vals.append([step(state, x, i) for i, x in enumerate(samples)])
        return ChopData(list(data.names), vals, rate, data.start, False)
    kept = ctx.state.setdefault(key, {})
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        if not in_scope(scope, name):
            vals.append([samples[-1]] if samples else [0.0])
            continue
        state = kept.get(name)
        if state is None or reset:
            state = kept[name] = make(name, samples)
        state.extras = [take_slice(e, n) if e else [0.0] * n for e in extras]
        out = [step(state, x, i) for i, x in enumerate(take_slice(samples, n))]
        if out:
            state.out = out[-1]
        vals.append(out or [state.out])
    for gone in set(kept) - set(names):
        del kept[gone]
    return sliced(names, vals, rate, ctx.seconds)


class ChannelState:
    """A plain holder for a channel's state: any attributes a model sets, plus `out` (the last
    output) and `extras` (extra input lines for this slice)."""

    def __init__(self, out=0.0, **values):
        self.out = out
        self.extras = []
        self.__dict__.update(values)
