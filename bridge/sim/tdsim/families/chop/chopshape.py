"""Cook models of the CHOPs that make or rearrange channels of samples: Pattern, Expression, Fan,
Shift, Stretch, Resample, Shuffle, Sort and Time Slice (computed when read, from their inputs and
parameters), and Limit (time-sliced: its index quantizing holds values between frames).

Pattern (docs.derivative.ca/Pattern_CHOP): `length` samples (at least 1) of one of the documented
shapes over `numcycles` cycles, phase (plus Phase Step per channel), bias (triangle to sawtooth,
square width), seed for the random types, Taper (times a line from taper1 to taper2, to the power of
Taper Decay), amp and offset, From/To Range, Integer, Reverse; with an input it takes the input's
length and rate and combines by Combine Channels. Parameters are read per channel, so
`me.chanIndex` customises each (documented). UNVERIFIED: the random streams are tdsim's own.

Expression (docs.derivative.ca/Expression_CHOP): every sample of every input channel through the
expression of its block (`expr0expr`, ... recycled over the channels, Channels per Expr each),
with `me.inputVal`, `me.chanIndex`, `me.sampleIndex` and `me.inputs`. A block in expression mode is
evaluated as its parameter; otherwise its text is the Python expression. An empty text passes the
value through (UNVERIFIED). Limit Output Channels caps the count.

Fan (docs.derivative.ca/Fan_CHOP): Fan Out turns the first channel's integer value (0-based) into
one "on" channel of those named by Channel Names (Outside Range clamp / loop / zero; Quantize rounds
instead of truncating); Fan In gives the index of the first "on" input channel, named like the first
input channel without its digits (All Channels Off: 0 or -1).

Shift (docs.derivative.ca/Shift_CHOP): moves the channels' start (absolute, relative, or to the
current frame) and scrolls samples within the range; the second input's interval as the reference.
Stretch / Resample (docs.derivative.ca/Resample_CHOP): a new interval and/or rate, linear (or
nearest, cubic) interpolation; a time-sliced input has its slice resampled to the new rate (only the
rate changes, as documented). Shuffle (docs.derivative.ca/Shuffle_CHOP): every documented method.
Sort (docs.derivative.ca/Sort_CHOP): samples reordered by increasing, decreasing or random order of
the chosen channel(s), the others following, with the optional index channel. Time Slice: a static
input read at the current frame's slice (hold, linear or trim).

Limit (docs.derivative.ca/Limit_CHOP): positive, clamp / loop / zigzag into min..max, normalize (a
static channel to -1..1), fix underflows, quantize value (ceiling / floor / round to Value Step from
Value Offset) and quantize index (sample and hold every Step from Offset, in its units).
"""
from __future__ import annotations

import math
import random

from .chopdata import ChopData, par_number, par_value
from .chopnames import Matcher, expand
from .chopunits import in_scope, limited, resample_linear, scope_of, seconds_of, toggle
from .timeslice import is_static, slice_samples, sliced, take_slice
from ...values.naming import base as name_base


def _input(op, ctx, index=0) -> ChopData:
    data = ctx.input(op, index)
    return data if data is not None else ChopData()


# ---- Pattern ------------------------------------------------------------------------------------
def _pattern_value(kind, i, n, p, bias, seed, steps):
    f = p - math.floor(p)
    if kind == "const":
        return 1.0
    if kind == "sin":
        return math.sin(2 * math.pi * p)
    if kind == "cos":
        return math.cos(2 * math.pi * p)
    if kind == "tri":
        peak = min(max(0.5 * (1.0 + bias), 1e-9), 1 - 1e-9)   # bias moves the peak: a sawtooth at the ends
        return -1.0 + 2.0 * (f / peak if f < peak else (1.0 - f) / (1.0 - peak))
    if kind in ("ramp", "rampcyclic"):
        return f
    if kind == "rampsamples":
        return float(i)
    if kind == "square":
        return 1.0 if f < min(max(0.5 * (1.0 + bias), 0.0), 1.0) else -1.0
    if kind == "pulse":
        return 1.0 if f < 1e-9 or f > 1 - 1e-9 else 0.0
    if kind == "random":
        return random.Random(hash((seed, i)) & 0xFFFFFFFF).random()
    if kind == "randomcycle":
        return random.Random(hash((seed, math.floor(p))) & 0xFFFFFFFF).random()
    if kind == "step":
        steps = max(int(steps), 1)
        return math.floor(f * steps) / max(steps - 1, 1)
    return 0.0


def pattern(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    names = expand(par_value(op, "channelname", "chan1") or "chan1") or ["chan1"]
    rate = data.rate if data is not None else (par_number(op, "rate", 60.0) or 60.0)
    vals = []
    for index, name in enumerate(names):
        with op._channel_context(index, name):
            vals.append(_pattern_channel(op, index, data))
    if data is None or par_value(op, "combine", "off") == "off":
        return ChopData(names, vals, rate, data.start if data is not None else 0, False)
    return _combine(par_value(op, "combine", "off"), data, names, vals)


def _pattern_channel(op, index, data):
    n = data.num_samples if data is not None else max(1, int(par_number(op, "length", 1.0)))
    kind = par_value(op, "wavetype", "sin")
    cycles = par_number(op, "numcycles", 1.0)
    phase = par_number(op, "phase") + par_number(op, "phasestep") * index
    bias, seed = par_number(op, "bias"), par_number(op, "seed")
    steps = par_number(op, "numsteps", 2.0) or par_number(op, "steppercycle", 2.0)
    if kind == "randomnonrepint":
        order = list(range(n))
        random.Random(hash((seed, index, op._pulse_count("randomize"))) & 0xFFFFFFFF).shuffle(order)
        out = [float(v) for v in order]
    else:
        out = [_pattern_value(kind, i, n, i / n * cycles + phase, bias, seed, steps) for i in range(n)]
    t1, t2 = par_number(op, "taper1", 1.0), par_number(op, "taper2", 1.0)
    decay = par_number(op, "taperdecay", 1.0) or 1.0
    amp, offset = par_number(op, "amp", 1.0), par_number(op, "offset")
    f1, f2 = par_number(op, "fromrange1"), par_number(op, "fromrange2", 1.0)
    r1, r2 = par_number(op, "torange1"), par_number(op, "torange2", 1.0)
    rounding = {"ceiling": math.ceil, "floor": math.floor, "round": round}.get(par_value(op, "integer", "off"))
    result = []
    for i, x in enumerate(out):
        taper = t1 + (t2 - t1) * (i / (n - 1) if n > 1 else 0.0)
        x = x * (abs(taper) ** decay) * (1 if taper >= 0 else -1)
        x = x * amp + offset
        if f2 != f1:
            x = r1 + (x - f1) * (r2 - r1) / (f2 - f1)
        result.append(float(rounding(x)) if rounding else x)
    if toggle(op, "reverse"):
        result.reverse()
    return result


def _combine(kind, data, names, vals):
    out_names, out_vals = list(data.names), [list(v) for v in data.vals]
    if kind == "append":
        out_names, out_vals = out_names + names, out_vals + vals
    elif kind == "insert":
        out_names, out_vals = names + out_names, vals + out_vals
    else:
        for name, samples in zip(names, vals):
            if name not in out_names:
                continue
            j = out_names.index(name)
            if kind == "replace":
                out_vals[j] = samples
            elif kind == "add":
                out_vals[j] = [a + b for a, b in zip(out_vals[j], samples)]
            elif kind == "multiply":
                out_vals[j] = [a * b for a, b in zip(out_vals[j], samples)]
    return ChopData(out_names, out_vals, data.rate, data.start, data.timeslice)


# ---- Expression ---------------------------------------------------------------------------------
def expression(op, ctx) -> ChopData:
    data = _input(op, ctx)
    blocks = sorted(k for k in op._pars if k.startswith("expr") and k.endswith("expr") and k[4:-4].isdigit())
    blocks.sort(key=lambda k: int(k[4:-4]))
    count = par_value(op, "expr", None)
    if isinstance(count, (int, float)) and not isinstance(count, bool):
        blocks = blocks[:max(int(count), 0)]
    per = max(1, int(par_number(op, "chanperexpr", 1.0)))
    names, vals = list(data.names), []
    if toggle(op, "limitexpr"):
        names = names[:max(0, int(par_number(op, "limitnum")))]
    op._model_errors = []
    for c, name in enumerate(names):
        samples = data.vals[c]
        block = op._pars.get(blocks[(c // per) % len(blocks)]) if blocks else None
        out = []
        for s, x in enumerate(samples):
            with op._channel_context(c, name, s, x):
                out.append(_evaluate(op, block, x))
        vals.append(out)
    return ChopData(names, vals, data.rate, data.start, data.timeslice)


def _evaluate(op, block, x):
    if block is None:
        return x
    try:
        if block.mode.name in ("EXPRESSION", "BIND"):
            return float(block.eval())
        text = str(block.eval() or "").strip()
        return float(op._world.expressions.evaluate(text, op)) if text else x
    except Exception as exc:
        message = f"{block.name}: {type(exc).__name__}: {exc}"
        if message not in op._model_errors:
            op._model_errors.append(message)
        return 0.0


# ---- Fan ----------------------------------------------------------------------------------------
def fan(op, ctx) -> ChopData:
    data = _input(op, ctx)
    if not data.names:
        return ChopData(rate=data.rate)
    if par_value(op, "fanop", "out") == "in":
        off = -1.0 if par_value(op, "alloff", "set0") == "setneg" else 0.0
        out = [next((float(c) for c in range(len(data.vals)) if data.vals[c][s] != 0), off)
               for s in range(data.num_samples)]
        return ChopData([name_base(data.names[0]) or "chan"], [out], data.rate, data.start, data.timeslice)
    names = expand(par_value(op, "channame", "chan[1-2]") or "chan1") or ["chan1"]
    n = len(names)
    mode = par_value(op, "range", "clamp")
    quantize = toggle(op, "quantize", True)
    vals = [[0.0] * data.num_samples for _ in names]
    for s, x in enumerate(data.vals[0]):
        k = int(round(x)) if quantize else int(math.floor(x))
        if not 0 <= k < n:
            if mode == "zero":
                continue
            k = k % n if mode == "loop" else min(max(k, 0), n - 1)
        vals[k][s] = 1.0
    return ChopData(names, vals, data.rate, data.start, data.timeslice)


# ---- Shift, Stretch, Resample ---------------------------------------------------------------------
def _position(op, name, unit, rate, default=0.0):
    return seconds_of(op, name, unit, rate, default) * rate


def shift(op, ctx) -> ChopData:
    data = _input(op, ctx)
    ref = ctx.input(op, 1)
    rate = data.rate
    length = data.num_samples
    relative = par_value(op, "relative", "abs")
    begin = ref.start if ref is not None else data.start
    end = (ref.start + ref.num_samples - 1) if ref is not None else data.start + length - 1
    at_start = par_value(op, "reference", "refstart") == "refstart"
    if relative == "cur":
        start = round(ctx.seconds * rate)
    elif at_start:
        value = _position(op, "start", "startunit", rate)
        start = round(value) if relative == "abs" else begin + round(value)
    else:
        value = _position(op, "end", "endunit", rate)
        start = (round(value) if relative == "abs" else end + round(value)) - length + 1
    vals = []
    for c, samples in enumerate(data.vals):
        with op._channel_context(c, data.names[c]):
            scroll = int(round(_position(op, "scroll", "scrollunit", rate)))
        if scroll and samples:
            scroll %= len(samples)
            samples = samples[-scroll:] + samples[:-scroll]
        vals.append(list(samples))
    return ChopData(list(data.names), vals, rate, int(start), data.timeslice)


def _interp(samples, n, kind):
    if kind == "nointerp":
        last = len(samples) - 1
        return [samples[min(last, round(i * last / max(n - 1, 1)))] for i in range(n)] if samples else [0.0] * n
    return resample_linear(samples, n)


def _interval(op, data, rate, ctx):
    relative = par_value(op, "relative", "abs")
    if relative == "cur":
        start = round(ctx.seconds * rate)
        return start, start + max(data.num_samples, 1) - 1
    start = _position(op, "start", "startunit", rate)
    end = _position(op, "end", "endunit", rate)
    if relative == "rel":
        return data.start + round(start), data.start + data.num_samples - 1 + round(end)
    return round(start), round(end)


def stretch(op, ctx) -> ChopData:
    data = _input(op, ctx)
    start, end = _interval(op, data, data.rate, ctx)
    n = max(1, end - start + 1)
    kind = par_value(op, "interp", "linear")
    vals = [_interp(list(s), n, kind) for s in data.vals]
    if toggle(op, "reverse"):
        vals = [v[::-1] for v in vals]
    return ChopData(list(data.names), vals, data.rate, start, False)


def resample(op, ctx) -> ChopData:
    data = _input(op, ctx)
    method = par_value(op, "method", "strech")
    new_rate = par_number(op, "rate", data.rate) or data.rate
    kind = par_value(op, "interp", "linear")
    if data.timeslice:
        # time slicing: only the rate changes, the slice linearly resampled (documented)
        n = slice_samples(ctx.seconds, ctx.input_frames, new_rate)
        vals = [_interp(list(s), n, kind) for s in data.vals]
        return sliced(data.names, vals, new_rate, ctx.seconds)
    if toggle(op, "uselastframe"):
        per_frame = max(1, round(data.rate / 60.0))
        data = ChopData(list(data.names), [list(s[-per_frame:]) for s in data.vals], data.rate,
                        data.start + max(0, data.num_samples - per_frame), False)
    if method == "strech":
        start, end = _interval(op, data, data.rate, ctx)
        rate = data.rate
    elif method == "preserve":
        rate = new_rate
        start = round(data.start * rate / data.rate)
        end = start + max(1, round(data.num_samples * rate / data.rate)) - 1
    elif method == "index":
        rate, start, end = new_rate, data.start, data.start + data.num_samples - 1
    else:
        rate = new_rate
        start, end = _interval(op, data, rate, ctx)
    n = max(1, end - start + 1)
    vals = [_interp(list(s), n, kind) for s in data.vals]
    if toggle(op, "constarea") and data.num_samples:
        vals = [[x * data.num_samples / n for x in v] for v in vals]
    return ChopData(list(data.names), vals, rate, start, False)


def time_slice(op, ctx) -> ChopData:
    """A static input read over the current frame's slice (its samples at the slice's indices)."""
    data = _input(op, ctx)
    if data.timeslice or data.num_samples <= 1:
        return data
    n = slice_samples(ctx.seconds, ctx.input_frames, data.rate)
    end = round(ctx.seconds * data.rate)
    method = par_value(op, "method", "hold")
    vals = []
    for samples in data.vals:
        out = []
        for k in range(end - n + 1, end + 1):
            i = k - data.start
            if 0 <= i < len(samples):
                out.append(samples[i])
            elif method != "trim":
                out.append(samples[0] if i < 0 else samples[-1])
        vals.append(out or [samples[-1]])
    return sliced(data.names, vals, data.rate, ctx.seconds)


# ---- Shuffle, Sort ------------------------------------------------------------------------------
def shuffle(op, ctx) -> ChopData:
    data = _input(op, ctx)
    method = par_value(op, "method", "off")
    nval = max(1, int(par_number(op, "nval", 1.0)))
    vals = [list(s[:1]) if toggle(op, "firstsample") else list(s) for s in data.vals]
    names = list(data.names)
    if method == "swap" and vals:
        length = len(vals[0])
        return ChopData([f"chan{i + 1}" for i in range(length)], [[v[i] for v in vals] for i in range(length)],
                        data.rate, 0, False)
    if method in ("seqall", "sallsamples"):
        return ChopData(names[:1], [[x for v in vals for x in v]], data.rate, data.start, False) if vals else data
    if method == "seqname":
        groups: dict = {}
        for name, v in sorted(zip(names, vals), key=lambda nv: (name_base(nv[0]), _digits(nv[0]))):
            groups.setdefault(name_base(name), []).extend(v)
        return ChopData(list(groups), list(groups.values()), data.rate, data.start, False)
    if method in ("seqn", "seqeveryn"):
        if method == "seqn":
            groups = [list(range(k, min(k + nval, len(vals)))) for k in range(0, len(vals), nval)]
        else:
            groups = [list(range(k, len(vals), nval)) for k in range(min(nval, len(vals)))]
        return ChopData([names[g[0]] for g in groups], [[x for i in g for x in vals[i]] for g in groups],
                        data.rate, data.start, False)
    if method in ("splitall", "splitn", "spliteveryn"):
        out_names, out_vals = [], []
        for name, v in zip(names, vals):
            if method == "splitall":
                parts = [[x] for x in v]
            elif method == "splitn":
                parts = [v[k:k + nval] for k in range(0, len(v), nval)]
            else:
                parts = [v[k::nval] for k in range(nval)]
            for i, part in enumerate(parts):
                out_names.append(f"{name_base(name) or name}{i + 1}")
                out_vals.append(part)
        length = max((len(p) for p in out_vals), default=0)
        return ChopData(out_names, [p + [p[-1]] * (length - len(p)) if p else [0.0] * length for p in out_vals],
                        data.rate, 0, False)
    return ChopData(names, vals, data.rate, data.start, data.timeslice)


def _digits(name):
    digits = "".join(ch for ch in reversed(name) if ch.isdigit())[::-1]
    return int(digits) if digits and name.endswith(digits) else -1


def sort(op, ctx) -> ChopData:
    data = _input(op, ctx)
    if not data.names:
        return data
    if par_value(op, "select", "byindices") == "byname":
        text = str(par_value(op, "names", "") or "").strip()
        keys = [i for i, n in enumerate(data.names) if Matcher(text).match(n) is not None] if text else []
    else:
        text = str(par_value(op, "indices", "") or "").strip()
        keys = [int(t) for t in text.replace(",", " ").split() if t.lstrip("-").isdigit()] if text else []
        keys = [k for k in keys if 0 <= k < len(data.names)]
    keys = keys or list(range(len(data.names)))
    length = data.num_samples
    method = par_value(op, "method", "increasing")
    order = list(range(length))
    if method == "random":
        random.Random(par_number(op, "seed")).shuffle(order)
    else:
        order.sort(key=lambda s: tuple(data.vals[k][s] for k in keys), reverse=method == "decreasing")
    names, vals = list(data.names), [[v[s] for s in order] for v in data.vals]
    if toggle(op, "indexchannel"):
        names.append("index")
        vals.append([float(s) for s in order])
    return ChopData(names, vals, data.rate, data.start, data.timeslice)


# ---- Limit --------------------------------------------------------------------------------------
def limit(op, ctx) -> ChopData:
    data = _input(op, ctx)
    rate = data.rate
    scope = scope_of(op)
    kind = par_value(op, "type", "off")
    lo, hi = par_number(op, "min"), par_number(op, "max", 1.0)
    positive, underflow = toggle(op, "positive"), toggle(op, "underflow")
    quant = par_value(op, "quantvalue", "off")
    vstep, voffset = par_number(op, "vstep", 1.0), par_number(op, "voffset")
    rounding = {"ceiling": math.ceil, "floor": math.floor, "round": round}.get(quant)

    def value(x):
        if positive:
            x = abs(x)
        if kind != "off":
            x = limited(x, kind, lo, hi)
        if rounding and vstep:
            x = voffset + rounding((x - voffset) / vstep) * vstep
        if underflow and abs(x) < 1e-30:
            x = 0.0
        return float(x)

    qindex = par_value(op, "quantindex", "off")
    step = max(1, int(round(seconds_of(op, "istep", "istepunit", rate, 1.0) * rate)))
    offset = int(round(seconds_of(op, "ioffset", "ioffsetunit", rate) * rate))
    static = is_static(data)
    n = data.num_samples if static else slice_samples(ctx.seconds, ctx.frames, rate)
    first_index = data.start if static else round(ctx.seconds * rate) - n + 1
    held = {} if static else ctx.state.setdefault("held", {})
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        xs = list(samples) if static else take_slice(samples, n)
        if not xs:
            vals.append([held.get(name, value(samples[-1]) if samples else 0.0)])
            continue
        if not in_scope(scope, name):
            vals.append(xs)
            continue
        out = []
        for k, x in enumerate(xs):
            index = first_index + k - (data.start if qindex == "relstart" else 0) - offset
            if qindex == "off" or index % step == 0 or name not in held:
                held[name] = value(x)
            out.append(held[name])
        if toggle(op, "norm") and static and out:
            top, bottom = max(out), min(out)
            span = (top - bottom) / 2 or 1.0
            out = [(x - bottom) / span - 1.0 for x in out]
        vals.append(out)
    if static:
        return ChopData(names, vals, rate, data.start, False)
    return sliced(names, vals, rate, ctx.seconds)


COOK_MODELS = {
    "patternCHOP": pattern,
    "expressionCHOP": expression,
    "fanCHOP": fan,
    "shiftCHOP": shift,
    "stretchCHOP": stretch,
    "resampleCHOP": resample,
    "shuffleCHOP": shuffle,
    "sortCHOP": sort,
    "timesliceCHOP": time_slice,
}

MODELS = {"limitCHOP": limit}
