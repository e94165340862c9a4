"""What many CHOP cook models share: time units, scope, toggles, limits and resampling.

Unit menus (samples / frames / seconds, and fraction on a few) follow the CHOP's own sample rate
for samples and the 60 fps timeline for frames, as the unit menus are documented ("Choose between
using Samples, Frames, or Seconds as the units for this parameter").
"""
from __future__ import annotations

import math

from .chopdata import par_number, par_value
from .chopnames import Matcher

FPS = 60.0


def unit_seconds(unit, rate: float) -> float:
    """Seconds in one unit of a samples/frames/seconds menu."""
    if unit == "samples" or unit == "index":
        return 1.0 / rate if rate else 0.0
    if unit == "frames":
        return 1.0 / FPS
    return 1.0


def seconds_of(op, name, unit_name, rate, default=0.0) -> float:
    """A time parameter in seconds, read with its unit menu."""
    return par_number(op, name, default) * unit_seconds(par_value(op, unit_name, "seconds"), rate)


def samples_of(op, name, unit_name, rate, default=0.0) -> float:
    return seconds_of(op, name, unit_name, rate, default) * rate


def toggle(op, name, default=False) -> bool:
    return bool(par_value(op, name, default))


def scope_of(op) -> Matcher:
    return Matcher(par_value(op, "scope", "*") or "*")


def in_scope(scope: Matcher, name: str) -> bool:
    return scope.match(name) is not None


def limited(value: float, kind: str, lo: float, hi: float) -> float:
    """Clamp, loop or zigzag a value into lo..hi (the Limit/Speed/Count menus)."""
    if kind in ("off", None) or hi == lo and kind != "clamp":
        return value
    if hi < lo:
        lo, hi = hi, lo
    if kind == "clamp" or kind == "min":
        return min(max(value, lo), hi)
    span = hi - lo
    if kind == "loop":
        return lo + math.fmod(math.fmod(value - lo, span) + span, span)
    if kind == "zigzag":
        phase = math.fmod(math.fmod(value - lo, 2 * span) + 2 * span, 2 * span)
        return lo + (phase if phase <= span else 2 * span - phase)
    return value


def resample_linear(samples: list, n: int) -> list:
    """`samples` stretched or squeezed to `n` samples, linearly interpolated, ends kept."""
    if n <= 0:
        return []
    if not samples:
        return [0.0] * n
    if len(samples) == 1 or n == 1:
        return [samples[-1]] * n if n == 1 else [samples[0]] * n
    out = []
    last = len(samples) - 1
    for i in range(n):
        x = i * last / (n - 1)
        j = min(int(x), last - 1)
        f = x - j
        out.append(samples[j] + (samples[j + 1] - samples[j]) * f)
    return out


def ease(shape: str, f: float) -> float:
    """The Trigger/Envelope ramp shapes on 0..1: linear, ease in, ease out, ease in and out."""
    f = min(max(f, 0.0), 1.0)
    if shape == "easein":
        return f * f
    if shape == "easeout":
        return 1.0 - (1.0 - f) * (1.0 - f)
    if shape == "halfcos":
        return 0.5 - 0.5 * math.cos(math.pi * f)
    return f
