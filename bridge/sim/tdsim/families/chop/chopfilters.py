"""Cook models of the CHOP filters tdsim computes.

- Null, Out: the first input unchanged (documented).
- In: the channels wired into the matching input of the parent COMP.
- Select: the channels of the CHOPs named by `chop` (the first input when empty) whose names
  match `channames` (every channel when it is empty - UNVERIFIED), renamed by
  renamefrom/renameto.
- Rename: renamefrom/renameto (Pattern Replacement, see chopnames.py).
- Merge: the channels of every input in order; name clashes follow `duplicate` (unique: add or
  increment digits; first/last: keep one; replace: the first one's place, the last one's
  values). Channels of different lengths are held at their last sample to the longest length
  (UNVERIFIED; TouchDesigner aligns them with the `align` menu).
- Math: per sample, in the documented order: pre-op, combine channels (per input), combine
  CHOPs (matched by index or name; without it the inputs are merged), post-op, then
  (x + preoff) * gain + postoff, then the from/to range, then integer rounding. Scope limits
  the unary steps, multiply-add, range and rounding to matching channels. The combined channel
  keeps the first channel's name (UNVERIFIED).
- Analyze: every documented function (see analyze()).
- Lag, Filter, Trail, Speed: APPROXIMATED as pass-through. They smooth, record or integrate
  over time in TouchDesigner; tdsim keeps no history, so they output their input unchanged
  (a lag settles on its input value; a speed CHOP does NOT integrate in tdsim).
"""
from __future__ import annotations

import math

from .chopdata import ChopData, par_number, par_value
from .chopnames import Matcher, rename as rename_names
from ...values.errors import tdError
from ...values.naming import base as name_base
from ...values.naming import digits as name_digits


def _first(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    return data if data is not None else ChopData()


def passthrough(op, ctx) -> ChopData:
    return _first(op, ctx)


def in_chop(op, ctx) -> ChopData:
    parent = op._parent
    if parent is None:
        return ChopData()
    ins = parent._io_ops("in")
    index = next((i for i, o in enumerate(ins) if o is op), None)
    data = ctx.input(parent, index) if index is not None else None
    return data if data is not None else ChopData()


def _keep(data: ChopData, patterns) -> ChopData:
    if not str(patterns or "").strip():
        return data
    matcher = Matcher(patterns)
    return data.pick([i for i, n in enumerate(data.names) if matcher.match(n) is not None])


def _renamed(op, data: ChopData) -> ChopData:
    data.names = rename_names(data.names, par_value(op, "renamefrom", ""),
                              par_value(op, "renameto", ""))
    return data


def select(op, ctx) -> ChopData:
    sources = []
    p = op._pars.get("chop")
    if p is not None:
        try:
            sources = [o for o in p.evalOPs() if o.family == "CHOP"]
        except Exception:
            sources = []
    if sources:
        data = merge_all([d for d in (_cook_or_none(s, ctx) for s in sources)
                          if d is not None], "unique")
    else:
        data = _first(op, ctx)
    return _renamed(op, _keep(data, par_value(op, "channames", "")))


def _cook_or_none(chop, ctx):
    """A referenced CHOP's channels; one that is part of a cook loop counts as empty (the loop
    shows as an error on the CHOP)."""
    try:
        return ctx.cook(chop)
    except tdError:
        return None


def rename(op, ctx) -> ChopData:
    return _renamed(op, _first(op, ctx))


# ---- Merge ----------------------------------------------------------------------------------------
def _unique(name, taken):
    stem, number = name_base(name), name_digits(name)
    n = (number or 0) + 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


def _hold_to(samples, length):
    return samples + [samples[-1]] * (length - len(samples)) if samples else [0.0] * length


def merge_all(inputs: list[ChopData], duplicate: str) -> ChopData:
    if not inputs:
        return ChopData()
    length = max((d.num_samples for d in inputs), default=0)
    names: list[str] = []
    vals: list[list[float]] = []
    for data in inputs:
        for name, samples in zip(data.names, data.vals):
            samples = _hold_to(list(samples), length)
            if name not in names:
                names.append(name)
                vals.append(samples)
            elif duplicate == "first":
                continue
            elif duplicate == "last":
                i = names.index(name)
                del names[i], vals[i]
                names.append(name)
                vals.append(samples)
            elif duplicate == "replace":
                vals[names.index(name)] = samples
            else:  # unique
                new = _unique(name, set(names))
                names.append(new)
                vals.append(samples)
    first = inputs[0]
    return ChopData(names, vals, first.rate, first.start, any(d.timeslice for d in inputs))


def merge(op, ctx) -> ChopData:
    return merge_all(ctx.inputs(op), par_value(op, "duplicate", "unique"))


# ---- Math -----------------------------------------------------------------------------------------
def _unary(kind, x):
    if kind == "negate":
        return -x
    if kind == "pos":
        return abs(x)
    if kind == "root":
        return math.sqrt(x) if x >= 0 else 0.0   # UNVERIFIED for negative samples
    if kind == "square":
        return x * x
    if kind == "inverse":
        return 1.0 / x if x else 0.0              # UNVERIFIED for zero
    return x


def _combine(kind, values):
    if not values:
        return 0.0
    if kind == "add":
        return sum(values)
    if kind == "sub":
        return values[0] - sum(values[1:])
    if kind == "mul":
        return math.prod(values)
    if kind == "div":
        out = values[0]
        for v in values[1:]:
            out = out / v if v else 0.0           # UNVERIFIED for zero
        return out
    if kind == "avg":
        return sum(values) / len(values)
    if kind == "min":
        return min(values)
    if kind == "max":
        return max(values)
    if kind == "len":
        return math.sqrt(sum(v * v for v in values))
    return values[0]


def _columns(data, kind):
    """Combine the channels of one input sample by sample into one channel."""
    if kind == "off" or not data.names:
        return data
    length = data.num_samples
    samples = [_combine(kind, [ch[s] for ch in data.vals]) for s in range(length)]
    return ChopData([data.names[0]], [samples], data.rate, data.start, data.timeslice)


def _combine_chops(inputs, kind, match):
    first = inputs[0]
    length = max(d.num_samples for d in inputs)
    names, vals = [], []
    for i, name in enumerate(first.names):
        group = []
        for data in inputs:
            j = i if match != "name" else (data.names.index(name) if name in data.names else None)
            if j is not None and j < len(data.vals):
                group.append(_hold_to(list(data.vals[j]), length))
        names.append(name)
        vals.append([_combine(kind, [g[s] for g in group]) for s in range(length)])
    return ChopData(names, vals, first.rate, first.start, any(d.timeslice for d in inputs))


def math_chop(op, ctx) -> ChopData:
    inputs = ctx.inputs(op)
    if not inputs:
        return ChopData()
    scope = Matcher(par_value(op, "scope", "*") or "*")
    preop, postop = par_value(op, "preop", "off"), par_value(op, "postop", "off")
    if preop != "off":
        inputs = [_map(d, scope, lambda x: _unary(preop, x)) for d in inputs]
    inputs = [_columns(d, par_value(op, "chanop", "off")) for d in inputs]
    chopop = par_value(op, "chopop", "off")
    if chopop != "off" and len(inputs) > 1:
        data = _combine_chops(inputs, chopop, par_value(op, "match", "index"))
    else:
        data = merge_all(inputs, "unique")
    preoff, gain = par_number(op, "preoff", 0.0), par_number(op, "gain", 1.0)
    postoff = par_number(op, "postoff", 0.0)
    f1, f2 = par_number(op, "fromrange1", 0.0), par_number(op, "fromrange2", 1.0)
    t1, t2 = par_number(op, "torange1", 0.0), par_number(op, "torange2", 1.0)
    integer = par_value(op, "integer", "off")
    rounding = {"ceiling": math.ceil, "floor": math.floor, "round": round}.get(integer)

    scale = (t2 - t1) / (f2 - f1) if f2 != f1 else 0.0   # UNVERIFIED for f1 == f2: t1
    if postop == "off" and rounding is None:
        # the common case in one expression per sample: audio-rate channels pass here every frame
        a = gain * scale
        b = (preoff * gain + postoff - f1) * scale + t1
        return _map_samples(data, scope, lambda samples: [a * x + b for x in samples])

    def finish(x):
        x = (_unary(postop, x) + preoff) * gain + postoff
        x = t1 + (x - f1) * scale
        return float(rounding(x)) if rounding else x
    return _map(data, scope, finish)


def _map_samples(data, scope, fn):
    vals = [fn(samples) if scope.match(name) is not None else list(samples)
            for name, samples in zip(data.names, data.vals)]
    return ChopData(list(data.names), vals, data.rate, data.start, data.timeslice)


def _map(data, scope, fn):
    vals = [[fn(x) for x in samples] if scope.match(name) is not None else list(samples)
            for name, samples in zip(data.names, data.vals)]
    return ChopData(list(data.names), vals, data.rate, data.start, data.timeslice)


# ---- Analyze --------------------------------------------------------------------------------------
_ANALYZE = {
    "average": lambda s: sum(s) / len(s),
    "maximum": max,
    "minimum": min,
    "sum": sum,
    "rmspower": lambda s: math.sqrt(sum(x * x for x in s) / len(s)),
    "maximumindex": lambda s: float(s.index(max(s))),
    "minimumindex": lambda s: float(s.index(min(s))),
}


def _peaks(s, valleys, allow_start, allow_end):
    """Indices of the peaks (or valleys) of a channel: a sample above both neighbours; the first and
    last samples only when allowed (docs.derivative.ca/Analyze_CHOP)."""
    sign = -1.0 if valleys else 1.0
    v = [sign * x for x in s]
    out = []
    if len(v) > 1 and allow_start and v[0] > v[1]:
        out.append(0)
    out.extend(i for i in range(1, len(v) - 1) if v[i] > v[i - 1] and v[i] > v[i + 1])
    if len(v) > 1 and allow_end and v[-1] > v[-2]:
        out.append(len(v) - 1)
    return out


def _peak_function(kind, s, peaks, none):
    if kind == "totalpeaks":
        return float(len(peaks))
    if not peaks:
        return none
    if kind.startswith("first"):
        i = peaks[0]
    elif kind.startswith("last"):
        i = peaks[-1]
    elif kind.startswith("highest"):
        top = max(s[p] for p in peaks)
        i = [p for p in peaks if s[p] == top][-1]   # the last of equal peaks, as documented
    else:
        low = min(s[p] for p in peaks)
        i = [p for p in peaks if s[p] == low][-1]
    return float(i) if kind.endswith("index") else s[i]


def analyze(op, ctx) -> ChopData:
    """One sample per channel (docs.derivative.ca/Analyze_CHOP): average, maximum, minimum, their
    indices, sum, RMS power, the first / last / highest / lowest peak's value or index and the
    number of peaks (valleys instead with Analyze Valleys; start and end samples only when allowed;
    No Peak Value when there is none), and Duplicates: per channel its distinct values with
    `<name>_count` (how many times each appears) and `<name>_index` (where it first appears;
    UNVERIFIED names and layout)."""
    data = _first(op, ctx)
    kind = par_value(op, "function", "average")
    if not data.names or not data.num_samples:
        return ChopData(rate=data.rate)
    if kind == "duplicates":
        return _duplicates(data)
    fn = _ANALYZE.get(kind)
    if fn is not None:
        vals = [[fn(samples)] for samples in data.vals]
    else:
        valleys = bool(par_value(op, "valleys", False))
        allow_start, allow_end = bool(par_value(op, "allowstart", False)), bool(par_value(op, "allowend", False))
        none = par_number(op, "nopeakvalue", -1.0)
        vals = [[_peak_function(kind, list(s), _peaks(list(s), valleys, allow_start, allow_end), none)]
                for s in data.vals]
    return ChopData(list(data.names), vals, data.rate, data.start, data.timeslice)


def _duplicates(data):
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        counts: dict = {}
        first: dict = {}
        for i, x in enumerate(samples):
            counts[x] = counts.get(x, 0) + 1
            first.setdefault(x, i)
        keys = list(counts)
        names += [name, f"{name}_count", f"{name}_index"]
        vals += [keys, [float(counts[k]) for k in keys], [float(first[k]) for k in keys]]
    length = max(len(v) for v in vals)
    vals = [v + [v[-1]] * (length - len(v)) for v in vals]
    return ChopData(names, vals, data.rate, 0, False)
