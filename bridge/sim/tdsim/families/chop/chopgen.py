"""Cook models of the CHOP generators tdsim computes: Constant, LFO, Noise and Wave.

Each gives one sample per channel: its value at the time asked for (absTime.seconds for a
plain read). That is what a time-sliced CHOP like the LFO outputs each frame; Noise and Wave
CHOPs in TouchDesigner output a whole interval of samples instead (start/end on their Channel
page), of which a parameter expression reads the sample at the current time - the same value,
but numSamples differs (1 in tdsim). Channel names use Pattern Expansion (`chan[1-3]`).

The wave shapes below follow the documented ranges (sine/triangle/square -1..1, ramp/gaussian
0..1, pulse 1 for one sample per cycle). Everything finer is tdsim's own approximation,
UNVERIFIED against TouchDesigner: the output is `offset + amp * wave`, bias shapes only the
square wave, and noise is tdsim's own smooth value noise (deterministic from the seed), not
TouchDesigner's algorithm.
"""
from __future__ import annotations

import math
import re

from .chopdata import ChopData, par_number, par_value
from .chopnames import expand


def _names(op, par="channelname", default="chan1"):
    return expand(par_value(op, par, default))


def _rate(op):
    return par_number(op, "rate", 60.0) or 60.0


def _timeslice(op):
    return bool(par_value(op, "timeslice", False))


# ---- Constant CHOP -----------------------------------------------------------------------------
_CONST_NAME = re.compile(r"^const(\d+)name$")


def constant(op, ctx) -> ChopData:
    """One channel per name/value block with a non-empty name (documented: a channel is created
    when the Name field has a name), the name expanded as a pattern. tdsim emulates as many
    blocks as the operator has parameters for (the kb lists block 0); `const` caps the count."""
    blocks = sorted(int(m.group(1)) for m in map(_CONST_NAME.match, op._pars) if m)
    count = par_value(op, "const", None)
    if isinstance(count, (int, float)):
        blocks = [b for b in blocks if b < int(count)]
    names, vals = [], []
    for b in blocks:
        value = par_number(op, f"const{b}value", 0.0)
        for name in expand(par_value(op, f"const{b}name", "")):
            names.append(name)
            vals.append([value])
    return ChopData(names, vals, _rate(op), 0, _timeslice(op))


# ---- wave shapes ---------------------------------------------------------------------------------
def _shape(kind, x, bias=0.0, rate=60.0, frequency=1.0):
    """One cycle of a wave at position x (cycles)."""
    f = x - math.floor(x)
    if kind == "sin":
        return math.sin(2.0 * math.pi * x)
    if kind == "tri":
        return 1.0 - 4.0 * abs(((x + 0.25) % 1.0) - 0.5)   # 0 at x=0, 1 at 0.25, -1 at 0.75
    if kind == "ramp":
        return f
    if kind == "square":
        duty = min(max(0.5 * (1.0 + bias), 0.0), 1.0)
        return 1.0 if f < duty else -1.0
    if kind == "normal":
        return math.exp(-((f - 0.5) ** 2) / (2.0 * (1.0 / 6.0) ** 2))
    if kind == "pulse":
        # 1 on the sample where a new cycle starts (x crossed an integer since the last sample).
        step = abs(frequency) / rate if rate else 0.0
        return 1.0 if math.floor(x) != math.floor(x - step) else 0.0
    if kind == "const":
        return 1.0
    return 0.0


# ---- LFO CHOP ------------------------------------------------------------------------------------
def lfo(op, ctx) -> ChopData:
    """offset + amp * wave(frequency * t + phase). UNVERIFIED: with Play off tdsim holds the wave
    at its start (t = 0) where TouchDesigner pauses it where it was; the inputs (octave control,
    reset, source wave) and the Reset toggles are not emulated."""
    frequency = par_number(op, "frequency", 1.0)
    t = ctx.seconds if par_value(op, "play", True) else 0.0
    x = frequency * t + par_number(op, "phase", 0.0)
    rate = _rate(op)
    wave = _shape(par_value(op, "wavetype", "sin"), x, par_number(op, "bias", 0.0), rate, frequency)
    value = par_number(op, "offset", 0.0) + par_number(op, "amp", 1.0) * wave
    names = _names(op)
    return ChopData(names, [[value] for _ in names], rate, 0, True)


# ---- Wave CHOP -----------------------------------------------------------------------------------
def wave(op, ctx) -> ChopData:
    """offset + amp * wave(t / period + phase), period in seconds (period units, decay and ramp
    are not emulated). The 'expr' type uses the value of the `exprs` parameter."""
    kind = par_value(op, "wavetype", "sin")
    period = par_number(op, "period", 1.0)
    rate = _rate(op)
    if kind == "expr":
        shape = par_number(op, "exprs", 0.0)
    else:
        x = (ctx.seconds / period if period else 0.0) + par_number(op, "phase", 0.0)
        shape = _shape(kind, x, par_number(op, "bias", 0.0), rate, 1.0 / period if period else 0.0)
    value = par_number(op, "offset", 0.0) + par_number(op, "amp", 1.0) * shape
    names = _names(op)
    return ChopData(names, [[value] for _ in names], rate, 0, _timeslice(op))


# ---- Noise CHOP ----------------------------------------------------------------------------------
def _hash(i: int, seed: int) -> float:
    """A deterministic pseudo-random number in -1..1 for lattice point i."""
    x = (i * 374761393 + seed * 668265263) & 0xFFFFFFFF
    x = ((x ^ (x >> 13)) * 1274126177) & 0xFFFFFFFF
    x ^= x >> 16
    return x / 0xFFFFFFFF * 2.0 - 1.0


def _smooth_noise(x: float, seed: int) -> float:
    i = math.floor(x)
    f = x - i
    u = f * f * (3.0 - 2.0 * f)
    a, b = _hash(i, seed), _hash(i + 1, seed)
    return a + (b - a) * u


def noise(op, ctx) -> ChopData:
    """amp * fractal value noise over t / period: `harmon` extra octaves, each `spread` times
    faster and `rough` times weaker, normalised to -1..1; the 'random' type is white noise per
    sample. Each channel uses the seed plus its index so channels differ. The Transform and
    Constraints pages are not emulated."""
    seed = int(round(par_number(op, "seed", 1.0) * 1000))
    period = par_number(op, "period", 1.0) or 1.0
    amp = par_number(op, "amp", 1.0)
    rate = _rate(op)
    kind = par_value(op, "type", "sparse")
    octaves = max(0, int(par_number(op, "harmon", 0.0))) + 1
    spread = par_number(op, "spread", 2.0)
    rough = par_number(op, "rough", 0.5)
    names = _names(op)
    vals = []
    for index in range(len(names)):
        s = seed + index * 7919
        if kind == "random":
            total = _hash(round(ctx.seconds * rate), s)
        else:
            x = ctx.seconds / period
            total = weight = 0.0
            w, freq = 1.0, 1.0
            for octave in range(octaves):
                total += w * _smooth_noise(x * freq, s + octave * 104729)
                weight += w
                w *= rough
                freq *= spread
            total = total / weight if weight else 0.0
        vals.append([amp * total])
    return ChopData(names, vals, rate, 0, _timeslice(op))
