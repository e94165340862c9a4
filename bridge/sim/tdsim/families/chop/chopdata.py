"""What a CHOP outputs in tdsim: named channels of samples, and the context a cook runs in.

A CHOP's output (ChopData) is computed on demand (chopcook.py), when a script or an expression
reads a channel, for a given time in seconds (absTime.seconds unless evalSeconds()/evalFrame() ask
for another time). Nothing is cached: a parameter change is seen by the very next read, as a
TouchDesigner CHOP recooks when something it depends on changed.

Sampling (UNVERIFIED in detail): a one-sample channel reads that sample at any time. A
multi-sample channel (injected data, or a filter of one) reads the sample at index
round(seconds * rate) - start, held at the first/last sample outside the range. TouchDesigner
uses the CHOP's time component and its extend conditions instead; tdsim has no timeline.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...values.modes import ParMode
from ...values.styles import OP_STYLES

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
    last good value of a failing parameter. A constant without hard limits is read as stored: the
    cook models read a dozen parameters a frame each, and Par.eval()'s checks cost most of a
    frame over a 200-CHOP network."""
    p = op._pars.get(name)
    if p is None:
        return default
    d = p._def
    if p._mode is ParMode.CONSTANT and not (d.clamp_min or d.clamp_max) and d.style not in OP_STYLES:
        return p._val
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
