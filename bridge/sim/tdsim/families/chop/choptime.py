"""Cook models of the CHOPs that tell the time: Beat (time-sliced), Clock and Timeline.

Beat (docs.derivative.ca/Beat_CHOP): beats at the tempo of the Time COMP of its Reference Operator
(else its own component time, `/local/time` by default). Locked to Timeline counts beats from the
timeline's frame, so it starts over when the timeline loops; Local Sequential counts on from frame to
frame regardless of the timeline (Locked to Global counts like Local Sequential: tdsim has no global
beat source, UNVERIFIED). Period (beats a cycle, a bar being 4 beats), Multiples (one channel each,
Shift Step apart), Shift Offset, Random Offset with its seed; Reset, Reset Pulse and the second input
(by Reset Condition) restart at Reset Bar Value. Output toggles give `ramp pulse sine count countramp
bar beat sixteenths rampbar rampbeat bpm` (with Multiples above 1, `ramp1 ramp2 ...`, UNVERIFIED
names). The first bar and beat are 1.

Clock (docs.derivative.ca/Clock_CHOP): the computer's local time: each of msec, sec, min, hour,
ampm, wday, day, yday, week, month, year makes a channel named by its parameter (empty: none).
Output "units" counts whole units, "fractions" gives each as a fraction of the next larger one,
"countdown" what is left of it (UNVERIFIED). Start Reference "program" counts from when tdsim
started. Not emulated: sun and moon (a warning says so when named).

Timeline (docs.derivative.ca/Timeline_CHOP): the timeline of its Reference Operator (else its own
component time): each toggle (frame, rate, start, end, rangestart, rangeend, signature1,
signature2, bpm, play) makes the channel of that name.
"""
from __future__ import annotations

import math
import random
import time

from .chopdata import ChopData, par_number, par_value
from .chopunits import toggle
from .timeslice import slice_samples, sliced

_STARTED = time.time()


def _time_comp(op):
    p = op._pars.get("op")
    target = None
    if p is not None:
        try:
            found = p.evalOPs()
            target = found[0] if found else None
        except Exception:
            target = None
    node = target if target is not None else op
    try:
        return node.time
    except Exception:
        return None


def _tempo(tc) -> float:
    try:
        return float(tc.tempo) if tc is not None else 120.0
    except Exception:
        return 120.0


# ---- Beat ---------------------------------------------------------------------------------------
_BEAT_OUTPUTS = ("ramp", "pulse", "sine", "count", "countramp", "bar", "beat", "sixteenths", "rampbar",
                 "rampbeat", "bpm")


def beat(op, ctx) -> ChopData:
    tc = _time_comp(op)
    tempo = _tempo(tc)
    state = ctx.state
    mode = par_value(op, "playmode", "locked")
    period = par_number(op, "period", 1.0) or 1.0
    reset_bar = par_number(op, "resetbarvalue")
    resets = ctx.input(op, 1)
    n = max(slice_samples(ctx.seconds, ctx.frames, 60.0), 1 if ctx.first else 0)
    if mode == "locked" and tc is not None:
        seconds = tc.seconds if hasattr(tc, "seconds") else ctx.seconds
        state["beats"] = seconds * tempo / 60.0 + reset_bar * 4
        beats_line = [state["beats"] - (n - 1 - k) * tempo / 3600.0 for k in range(n)]
    else:
        beats_line = []
        state.setdefault("beats", reset_bar * 4)
        for _ in range(n if not ctx.first else 0):
            state["beats"] += tempo / 3600.0
            beats_line.append(state["beats"])
        beats_line = beats_line or [state["beats"]]
    on = bool(resets is not None and resets.vals and resets.vals[0][-1] > 0)
    was = state.get("reset_on", False)
    condition = par_value(op, "resetcondition", "offtoon")
    fire = {"offtoon": on and not was, "on": on, "ontooff": was and not on, "off": not on}.get(condition, False)
    state["reset_on"] = on
    if toggle(op, "reset") or "resetpulse" in ctx.pulses or (resets is not None and fire):
        state["origin"] = beats_line[-1] - reset_bar * 4
    origin = state.get("origin", 0.0)
    multiples = max(1, int(par_number(op, "multiples", 1.0)))
    shift_offset, shift_step = par_number(op, "shiftoffset"), par_number(op, "shiftstep")
    rand = par_number(op, "randoffset")
    rng = random.Random(par_number(op, "randseed"))
    offsets = [shift_offset + shift_step * k / multiples + (rand * rng.random() if rand else 0.0)
               for k in range(multiples)]
    names, vals = [], []
    for kind in _BEAT_OUTPUTS:
        if not toggle(op, kind):
            continue
        for k, offset in enumerate(offsets):
            names.append(f"{kind}{k + 1}" if multiples > 1 else kind)
            vals.append([_beat_value(kind, b - origin, period, offset, tempo) for b in beats_line])
        if kind in ("bar", "beat", "sixteenths", "rampbar", "rampbeat", "bpm"):
            del names[len(names) - multiples + 1:], vals[len(vals) - multiples + 1:]
            names[-1] = kind
    return sliced(names, vals, 60.0, ctx.seconds)


def _beat_value(kind, beats, period, offset, tempo):
    cycles = beats / period - offset
    if kind == "ramp":
        return cycles - math.floor(cycles)
    if kind == "pulse":
        step = tempo / 3600.0 / period
        return 1.0 if math.floor(cycles) != math.floor(cycles - step) else 0.0
    if kind == "sine":
        return math.sin(2 * math.pi * cycles)
    if kind == "count":
        return float(math.floor(cycles))
    if kind == "countramp":
        return cycles
    if kind == "bar":
        return float(math.floor(beats / 4.0) + 1)
    if kind == "beat":
        return float(math.floor(beats) % 4 + 1)
    if kind == "sixteenths":
        return float(math.floor(beats * 4) % 4 + 1)
    if kind == "rampbar":
        return beats / 4.0 - math.floor(beats / 4.0)
    if kind == "rampbeat":
        return beats - math.floor(beats)
    return tempo


# ---- Clock --------------------------------------------------------------------------------------
def clock(op, ctx) -> ChopData:
    now = time.time()
    if par_value(op, "startref", "jan1") == "program":
        now = now - _STARTED
        t = time.gmtime(now)
    else:
        t = time.localtime(now + par_number(op, "houradjust") * 3600.0)
    frac = now - math.floor(now)
    hour = t.tm_hour
    if par_value(op, "hourformat", "24") == "12":
        hour = hour % 12 or 12
    units = {
        "msec": (frac * 1000.0, 1000.0), "sec": (t.tm_sec + frac, 60.0), "min": (t.tm_min + t.tm_sec / 60.0, 60.0),
        "hour": (hour + t.tm_min / 60.0, 24.0), "ampm": (float(t.tm_hour >= 12), 2.0),
        "wday": (float((t.tm_wday + 1) % 7), 7.0), "day": (float(t.tm_mday), 31.0),
        "yday": (float(t.tm_yday), 366.0), "week": (float(int(time.strftime("%U", t))), 53.0),
        "month": (float(t.tm_mon), 12.0), "year": (float(t.tm_year), 1.0),
    }
    output = par_value(op, "output", "units")
    names, vals = [], []
    for key, (value, size) in units.items():
        name = str(par_value(op, key, "") or "").strip()
        if not name:
            continue
        whole = math.floor(value) if key not in ("msec",) else value
        if output == "fractions":
            v = value / size
        elif output == "countdown":
            v = size - whole
        else:
            v = float(whole)
        names.append(name)
        vals.append([v])
    op._model_warnings = [f"{k} is not emulated by tdsim" for k in ("moonphase", "sunphase", "sunrise", "sunset",
                                                                     "declination")
                          if str(par_value(op, k, "") or "").strip()]
    return ChopData(names, vals, 60.0, round(ctx.seconds * 60.0), True)


# ---- Timeline -----------------------------------------------------------------------------------
def timeline(op, ctx) -> ChopData:
    tc = _time_comp(op)
    names, vals = [], []
    if tc is None:
        return ChopData()
    values = {
        "frame": lambda: tc.frame, "rate": lambda: tc.rate, "start": lambda: tc.start, "end": lambda: tc.end,
        "rangestart": lambda: tc.rangeStart, "rangeend": lambda: tc.rangeEnd,
        "signature1": lambda: tc.signature1, "signature2": lambda: tc.signature2,
        "bpm": lambda: tc.tempo, "play": lambda: float(bool(tc.play)),
    }
    for name, read in values.items():
        if toggle(op, name):
            try:
                value = float(read())
            except Exception:
                value = 0.0
            names.append(name)
            vals.append([value])
    return ChopData(names, vals, 60.0, round(ctx.seconds * 60.0), True)


COOK_MODELS = {"clockCHOP": clock, "timelineCHOP": timeline}
MODELS = {"beatCHOP": beat}
