"""What a CHOP outputs in tdsim: named channels of samples, and the context a cook runs in.

A CHOP's output (ChopData) is computed on demand, when a script or an expression reads a
channel, for a given time in seconds (absTime.seconds unless evalSeconds()/evalFrame() ask for
another time). Nothing is cached: a parameter change is seen by the very next read, as a
TouchDesigner CHOP recooks when something it depends on changed.

Sampling (UNVERIFIED in detail): a one-sample channel reads that sample at any time. A
multi-sample channel (injected data, or a filter of one) reads the sample at index
round(seconds * rate) - start, held at the first/last sample outside the range. TouchDesigner
uses the CHOP's time component and its extend conditions instead; tdsim has no timeline.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...op.connectors import wired_source
from ...values.errors import tdError
from ...process.runtime import world

DEFAULT_RATE = 60.0


@dataclass
class ChopData:
    names: list[str] = field(default_factory=list)
    vals: list[list[float]] = field(default_factory=list)   # one sample list per channel
    rate: float = DEFAULT_RATE
    start: int = 0
    timeslice: bool = False

    @property
    def num_samples(self) -> int:
        return len(self.vals[0]) if self.vals else 0

    def sample(self, index: int, seconds: float) -> float:
        samples = self.vals[index]
        if len(samples) == 1:
            return samples[0]
        at = round(seconds * self.rate) - self.start
        return samples[min(max(at, 0), len(samples) - 1)]

    def copy(self) -> "ChopData":
        return ChopData(list(self.names), [list(v) for v in self.vals], self.rate, self.start,
                        self.timeslice)

    def pick(self, indices) -> "ChopData":
        """Only the channels at `indices`, in that order."""
        return ChopData([self.names[i] for i in indices], [list(self.vals[i]) for i in indices],
                        self.rate, self.start, self.timeslice)


def from_values(channels: dict, rate: float = DEFAULT_RATE) -> ChopData:
    """ChopData from {name: number or list of numbers}; every channel needs the same length."""
    names, vals = [], []
    for name, value in channels.items():
        samples = [float(v) for v in value] if isinstance(value, (list, tuple)) else [float(value)]
        if not samples:
            raise ValueError(f"channel '{name}' has no samples")
        names.append(str(name))
        vals.append(samples)
    lengths = {len(v) for v in vals}
    if len(lengths) > 1:
        raise ValueError("every channel of a CHOP has the same number of samples")
    return ChopData(names, vals, float(rate))


def par_value(op, name, default):
    """A parameter's value for a cook; a parameter that fails to evaluate counts as `default`
    (its error is shown on the operator by the cook model). UNVERIFIED: TouchDesigner keeps the
    last good value of a failing parameter."""
    p = op._pars.get(name)
    if p is None:
        return default
    try:
        return p.eval()
    except Exception:
        return default


def par_number(op, name, default=0.0) -> float:
    value = par_value(op, name, default)
    try:
        return float(value)
    except (TypeError, ValueError):
        return float(default)


class CookContext:
    """The time a cook is asked for, and access to the channels wired into an operator."""

    def __init__(self, seconds: float):
        self.seconds = seconds

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
    from .chopcook import cook_model
    if not chop._valid:
        raise tdError("Operator has been deleted")
    if seconds is None:
        seconds = world().loop.seconds
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
