"""Cooking a CHOP: which CHOP types tdsim computes channels for, and how, the context a cook runs
in, and the cook itself with its dependency-loop check.

Two kinds of cook model: those computed from their parameters and inputs at the time asked for,
whenever something reads them (COOK_MODELS: chopgen.py, chopfilters.py, chopshape.py,
choptime.py, chopcross.py), and the time-sliced ones
that keep state from frame to frame (TIMESLICED: chophistory.py, cooked once a frame by
timeslice.py; the frame loop cooks them all with `cook_all`: chophistory.py, chopevents.py,
choptimer.py, chopscript.py, chopaudio.py, the Limit CHOP of chopshape.py, the Beat CHOP of
choptime.py).

Every other CHOP type has no channels in tdsim and shows a `tdsim-not-cooked` warning (chop.py).
Tests and demos give any CHOP channels with tdsim.inject_channels(path, {name: value}).
"""
from __future__ import annotations

from ...op.connectors import wired_source
from ...values.errors import tdError
from . import (chopaudio, chopcross, chopevents, chopfilters, chopgen, chophistory, chopscript, chopshape, choptime, choptimer,
               timeslice)
from .chopdata import ChopData

COOK_MODELS = {
    "constantCHOP": chopgen.constant,
    "lfoCHOP": chopgen.lfo,
    "noiseCHOP": chopgen.noise,
    "waveCHOP": chopgen.wave,
    "nullCHOP": chopfilters.passthrough,
    "outCHOP": chopfilters.passthrough,
    "inCHOP": chopfilters.in_chop,
    "selectCHOP": chopfilters.select,
    "renameCHOP": chopfilters.rename,
    "mergeCHOP": chopfilters.merge,
    "mathCHOP": chopfilters.math_chop,
    "analyzeCHOP": chopfilters.analyze,
    **chopshape.COOK_MODELS,
    **choptime.COOK_MODELS,
    **chopcross.COOK_MODELS,
}

TIMESLICED = {
    **chophistory.MODELS,
    **chopevents.MODELS,
    **choptimer.MODELS,
    **chopscript.MODELS,
    **chopshape.MODELS,
    **choptime.MODELS,
    **chopaudio.MODELS,
}


def cooked_types() -> frozenset:
    """The CHOP types tdsim computes channels for."""
    return frozenset(COOK_MODELS) | frozenset(TIMESLICED)


def _no_channels(op, ctx) -> ChopData:
    return ChopData()


def cook_model(op_type: str):
    return COOK_MODELS.get(op_type, _no_channels)


class CookContext:
    """The time a cook is asked for, and access to other CHOPs' channels at that time: those wired
    into an operator, and any CHOP (a Select CHOP's `chop`). `frames`: how many frames of time the
    cook covers (a time-sliced generator gives that many frames of samples; 1 for a plain read).
    A time-sliced cook adds `state`, `pulses` and `first` (timeslice.py) and may set `frames` to 0."""

    def __init__(self, seconds: float, frames: int = 1):
        self.seconds = seconds
        self.frames = frames
        self.state: dict = {}
        self.pulses: set = set()
        self.first = False
        self.after: list = []   # what a cook leaves to run once it is over (a Timer's callbacks)

    @property
    def input_frames(self) -> int:
        return max(1, self.frames)

    def cook(self, chop) -> ChopData:
        return cook(chop, self.seconds, self.input_frames)

    def input(self, op, index: int = 0) -> ChopData | None:
        source = source_chop(op, index)
        return None if source is None else cook(source, self.seconds, self.input_frames)

    def inputs(self, op) -> list[ChopData]:
        out = []
        for index in range(len(op._inputs)):
            data = self.input(op, index)
            if data is not None:
                out.append(data)
        return out


def source_chop(op, index):
    """The CHOP wired into input `index` (through a COMP's Out CHOP when a COMP is wired)."""
    return wired_source(op, index, "CHOP")


# CHOPs being computed right now: reading one of them again is a cook dependency loop.
_computing: set = set()
# CHOPs found in a loop since the last loop_found() call.
_looped: set = set()


def cook(chop, seconds: float | None = None, frames: int = 1) -> ChopData:
    """The channels of `chop` at `seconds` (now by default). A time-sliced CHOP gives its channels
    of the current frame whatever the time asked (its state is now)."""
    if not chop._valid:
        raise tdError("Operator has been deleted")
    if seconds is None:
        seconds = chop._world.loop.seconds
    key = id(chop)
    if key in _computing:
        _looped.add(key)
        # UNVERIFIED wording; TouchDesigner reports a dependency loop on such networks.
        raise tdError(f"Cook dependency loop: {chop.path} depends on its own channels")
    _computing.add(key)
    try:
        if chop._injected is not None:
            return chop._injected.copy()
        ctx = CookContext(seconds, frames)
        if chop._flags["bypass"]:
            # UNVERIFIED: a bypassed CHOP passes its first input on (nothing without one), as
            # tdsim does for TOPs.
            first = ctx.input(chop, 0)
            return first if first is not None else ChopData()
        model = TIMESLICED.get(chop.OPType)
        if model is None:
            return cook_model(chop.OPType)(chop, ctx)
        ctx.seconds = chop._world.loop.seconds
        out = timeslice.cook(chop, model, ctx)
    finally:
        _computing.discard(key)
    for later in ctx.after:   # callbacks run once the cook is over, so they may read this CHOP
        later()
    return out


def cook_all(w):
    """The frame loop's CHOP cook: every time-sliced CHOP cooks once this frame, so their state
    moves on with time whether or not anything reads them. Operators inside a COMP whose cooking
    flag is off are skipped, as the parameter cook does. A failing cook is left to show on the
    CHOP when it is read."""
    chops = w.timesliced_chops
    for key, chop in list(chops.items()):
        if not chop._valid:
            del chops[key]
            continue
        if not _cooking_allowed(chop):
            continue
        try:
            cook(chop)
            chop._cook_failure = None
        except Exception as exc:  # shown as the CHOP's error (chop.py); the loop goes on
            chop._cook_failure = f"{type(exc).__name__}: {exc}"


def _cooking_allowed(op) -> bool:
    node = op._parent
    while node is not None:
        if not node._flags["allowCooking"]:
            return False
        node = node._parent
    return True


def loop_found(chop) -> bool:
    """Cook `chop` now and tell whether it needed its own channels. The loop itself is cut where
    it closes (the parameter that reads the channel counts as its default), so a read still
    gives values; the cook model shows the loop as an error on the CHOP."""
    _looped.clear()
    try:
        cook(chop)
    except Exception:
        pass
    return id(chop) in _looped
