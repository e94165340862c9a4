"""Cooking a CHOP: which CHOP types tdsim computes channels for, and how (see chopgen.py and
chopfilters.py), the context a cook runs in, and the cook itself with its dependency-loop check.

Every other CHOP type has no channels in tdsim. That includes the CHOPs that read the outside
world (OSC In, MIDI In, Audio Device In, Audio File In, Audio Spectrum, Timer, Beat, Mouse In,
...): tdsim has no network, device, file playback or timeline behind them. Tests and demos give
them channels with tdsim.inject_channels(path, {name: value}).
"""
from __future__ import annotations

from ...op.connectors import wired_source
from ...values.errors import tdError
from . import chopfilters, chopgen
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
    # Approximations: these keep history in TouchDesigner (see chopfilters.py).
    "lagCHOP": chopfilters.passthrough,
    "filterCHOP": chopfilters.passthrough,
    "trailCHOP": chopfilters.passthrough,
    "speedCHOP": chopfilters.passthrough,
}


def _no_channels(op, ctx) -> ChopData:
    return ChopData()


def cook_model(op_type: str):
    return COOK_MODELS.get(op_type, _no_channels)


class CookContext:
    """The time a cook is asked for, and access to other CHOPs' channels at that time: those wired
    into an operator, and any CHOP (a Select CHOP's `chop`)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def cook(self, chop) -> ChopData:
        return cook(chop, self.seconds)

    def input(self, op, index: int = 0) -> ChopData | None:
        source = source_chop(op, index)
        return None if source is None else cook(source, self.seconds)

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


def cook(chop, seconds: float | None = None) -> ChopData:
    """The channels of `chop` at `seconds` (now by default)."""
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
        ctx = CookContext(seconds)
        if chop._flags["bypass"]:
            # UNVERIFIED: a bypassed CHOP passes its first input on (nothing without one), as
            # tdsim does for TOPs.
            first = ctx.input(chop, 0)
            return first if first is not None else ChopData()
        return cook_model(chop.OPType)(chop, ctx)
    finally:
        _computing.discard(key)


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
