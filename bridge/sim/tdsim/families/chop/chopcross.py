"""Cook models of CHOPs that pick between inputs or read other families: Switch, Lookup, DAT to,
TOP to, Parameter, Info, Perform, and the output CHOPs with nothing behind them (Audio Device Out,
DMX Out), computed when read.

Switch (docs.derivative.ca/Switch_CHOP): the input at `index` (from 1 with First Index is 1, UNVERIFIED
name), clamped, looped or zigzagged by `extend`. Lookup (docs.derivative.ca/Lookup_CHOP): each sample
of the first input, mapped from `index1..index2` onto the second input's samples, reads them (linear
with Interpolate, else the nearest; cycled with Cyclic yes); one output channel per lookup channel
(per index channel with one to one and the same count, UNVERIFIED). DAT to (docs.derivative.ca/
DAT_to_CHOP): a table's cells as channels, one per column or per row (first row / column as names,
values or ignored), all in one, or one per value. TOP to (docs.derivative.ca/TOP_to_CHOP): the TOP's
pixels as channels named by `r g b a` (empty: none): one pixel at u/v start, a row, a column or the
whole image (rows from the bottom, as numpyArray() gives them). Parameter: the parameters of `ops`
matching `parameters`, numbers only, named by Name Format. Info: the cook information of `op`
(total_cooks, cook_time, cook_frame, cooked_this_frame, warnings, errors, and a CHOP's start, length,
sample_rate, num_channels, time_slice). Perform: tdsim's frame-loop figures for fps, msec,
droppedframes, cook and totalops (others 0, UNVERIFIED). Audio Device Out and DMX Out pass their
input on and send nothing: tdsim has no audio device or network interface (a warning says so).
"""
from __future__ import annotations

import math

from ...values.errors import tdError
from .chopdata import ChopData, par_number, par_value
from .chopnames import Matcher
from .chopunits import limited, toggle


def _ops(op, name):
    p = op._pars.get(name)
    if p is None:
        return []
    try:
        return [o for o in p.evalOPs() if o is not None and o._valid]
    except Exception:
        return []


# ---- Switch, Lookup -----------------------------------------------------------------------------
def switch(op, ctx) -> ChopData:
    inputs = [ctx.input(op, i) for i in range(len(op._inputs))]
    if not inputs:
        return ChopData()
    index = int(math.floor(par_number(op, "index")))
    if toggle(op, "indexfirst"):
        index -= 1
    n = len(inputs)
    kind = par_value(op, "extend", "clamp")
    index = int(limited(index, kind, 0, n - 1)) if kind == "clamp" else \
        (index % n if kind == "loop" else int(limited(index, "zigzag", 0, n - 1)))
    chosen = inputs[index]
    return chosen if chosen is not None else ChopData()


def lookup(op, ctx) -> ChopData:
    idx, table = ctx.input(op, 0), ctx.input(op, 1)
    if idx is None or table is None or not table.names or not idx.names:
        return ChopData()
    lo, hi = par_number(op, "index1"), par_number(op, "index2", 1.0)
    smooth = toggle(op, "interp", True)
    cyclic = par_value(op, "cyclic", "auto") == "yes"
    one_to_one = par_value(op, "chanmatch", "onetoone") == "onetoone" and len(idx.names) == len(table.names)
    names, vals = [], []
    for c, name in enumerate(table.names):
        samples = table.vals[c]
        index_line = idx.vals[c if one_to_one else 0]
        last = len(samples) - 1
        out = []
        for x in index_line:
            pos = (x - lo) / (hi - lo) * last if hi != lo else 0.0
            pos = pos % (last + 1) if cyclic and last >= 0 else min(max(pos, 0.0), last)
            if smooth and last > 0:
                i = min(int(pos), last - 1)
                f = pos - i
                nxt = samples[(i + 1) % (last + 1)] if cyclic else samples[i + 1]
                out.append(samples[i] + (nxt - samples[i]) * f)
            else:
                out.append(samples[int(round(pos)) % (last + 1)])
        names.append(name)
        vals.append(out)
    return ChopData(names, vals, idx.rate, idx.start, idx.timeslice)


# ---- DAT to ---------------------------------------------------------------------------------------
def _number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return 0.0


def datto(op, ctx) -> ChopData:
    dats = [o for o in _ops(op, "dat") if o.family == "DAT"]
    if not dats:
        return ChopData()
    rows = [list(r) for r in dats[0]._rows()]
    if not rows:
        return ChopData()
    first_row, first_col = par_value(op, "firstrow", "names"), par_value(op, "firstcolumn", "names")
    output = par_value(op, "output", "chanpercol")
    col_names = rows[0] if first_row == "names" else None
    row_names = [r[0] if r else "" for r in rows] if first_col == "names" else None
    body_rows = rows[1:] if first_row in ("names", "ignored") else rows
    row_names = row_names[1:] if row_names is not None and first_row in ("names", "ignored") else row_names
    skip_col = first_col in ("names", "ignored")
    body = [r[1:] if skip_col else list(r) for r in body_rows]
    col_names = (col_names[1:] if skip_col else col_names) if col_names is not None else None
    width = max((len(r) for r in body), default=0)
    body = [[_number(c) for c in r] + [0.0] * (width - len(r)) for r in body]
    if output == "chanperrow":
        names = [str(n) for n in row_names] if row_names else [f"chan{i + 1}" for i in range(len(body))]
        return ChopData(names, body, 60.0, 0, False)
    if output == "single":
        return ChopData(["chan1"], [[x for r in body for x in r]], 60.0, 0, False)
    if output == "chanpervalue":
        names, vals = [], []
        for i, r in enumerate(body):
            for j, x in enumerate(r):
                names.append(f"{row_names[i] if row_names else i}{col_names[j] if col_names else j}")
                vals.append([x])
        return ChopData(names, vals, 60.0, 0, False)
    names = [str(n) for n in col_names] if col_names else [f"chan{j + 1}" for j in range(width)]
    return ChopData(names, [[r[j] for r in body] for j in range(width)], 60.0, 0, False)


# ---- TOP to ---------------------------------------------------------------------------------------
def topto(op, ctx) -> ChopData:
    """Read once a frame (and again after any change): reading a TOP renders it, and an expression
    may read these channels several times a frame."""
    w = op._world
    stamp = (w.loop.frame, w.derived.changes)
    kept = getattr(op, "_topto_kept", None)
    if kept is not None and kept[0] == stamp:
        return kept[1].copy()
    out = _topto(op)
    op._topto_kept = ((w.loop.frame, w.derived.changes), out)
    return out.copy()


def _topto(op) -> ChopData:
    tops = [o for o in _ops(op, "top") if o.family == "TOP"]
    if not tops:
        src = op.inputs[0] if op.inputs else None
        tops = [src] if src is not None and src.family == "TOP" else []
    if not tops:
        return ChopData()
    top = tops[0]
    names = [(k, str(par_value(op, k, k) or "").strip()) for k in ("r", "g", "b", "a")]
    names = [(i, n) for i, (k, n) in enumerate(names) if n]
    crop = par_value(op, "crop", "full")
    if crop == "pixel":
        u, v = par_number(op, "ustart"), par_number(op, "vstart")
        pixel = top.sample(u=u, v=v)
        return ChopData([n for _i, n in names], [[float(pixel[i])] for i, _n in names], 60.0, 0, False)
    try:
        image = top.numpyArray()
    except tdError as exc:
        op._model_errors = [str(exc)]
        return ChopData()
    height, width = image.shape[0], image.shape[1]
    if crop == "row":
        part = image[min(int(par_number(op, "vstart") * height), height - 1), :, :]
    elif crop == "col":
        part = image[:, min(int(par_number(op, "ustart") * width), width - 1), :]
    else:
        part = image.reshape(-1, 4)
    return ChopData([n for _i, n in names], [part[:, i].tolist() for i, _n in names], 60.0, 0, False)


# ---- Parameter, Info, Perform ---------------------------------------------------------------------
def _on(op, name):
    """A toggle the kb has no style for (read as text): on unless it says off (UNVERIFIED default on)."""
    value = par_value(op, name, True)
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() not in ("0", "off", "false")


def parameter(op, ctx) -> ChopData:
    patterns = Matcher(par_value(op, "parameters", "*") or "*")
    custom, builtin = _on(op, "custom"), _on(op, "builtin")
    fmt = par_value(op, "nameformat", "parameter")
    names, vals = [], []
    for target in _ops(op, "ops"):
        for name, core in target._pars.items():
            if not (custom if core.isCustom else builtin) or patterns.match(name) is None:
                continue
            try:
                value = core.eval()
            except Exception:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            label = {"op": f"{target.name}:{name}", "path": f"{target.path}:{name}"}.get(fmt, name)
            names.append(label)
            vals.append([float(value)])
    return ChopData(names, vals, 60.0, round(ctx.seconds * 60.0), True)


def info(op, ctx) -> ChopData:
    targets = _ops(op, "op") or ([op.inputs[0]] if op.inputs else [])
    if not targets:
        return ChopData()
    t = targets[0]
    values = [("total_cooks", t.totalCooks), ("cook_time", t.cookTime), ("cook_frame", t.cookFrame),
              ("cook_abs_frame", t.cookAbsFrame), ("cooked_this_frame", float(t.cookedThisFrame)),
              ("warnings", float(len([w for w in t.warnings().splitlines() if w]))),
              ("errors", float(len([e for e in t.errors().splitlines() if e])))]
    if t.family == "CHOP" and t is not op:
        data = t._output()
        values = [("start", data.start), ("length", data.num_samples), ("sample_rate", data.rate),
                  ("num_channels", len(data.names)), ("time_slice", float(data.timeslice))] + values
    return ChopData([n for n, _v in values], [[float(v)] for _n, v in values], 60.0, round(ctx.seconds * 60.0), True)


def perform(op, ctx) -> ChopData:
    stats = op._world.loop.stats()
    figures = {"fps": 1000.0 / stats["avgFrameMs"] if stats["avgFrameMs"] else float(stats["fps"]),
               "msec": stats["lastFrameMs"], "droppedframes": float(stats["droppedFrames"]),
               "cook": stats["lastFrameMs"], "totalops": float(len(op._world.ops))}
    names, vals = [], []
    for name in ("fps", "msec", "cook", "droppedframes", "totalops"):
        if toggle(op, name):
            names.append(name)
            vals.append([min(float(figures[name]), float(stats["fps"])) if name == "fps" else float(figures[name])])
    return ChopData(names, vals, 60.0, round(ctx.seconds * 60.0), True)


# ---- outputs with nothing behind them -----------------------------------------------------------
def _sends_nothing(what):
    def model(op, ctx) -> ChopData:
        op._model_warnings = [f"tdsim-no-device: tdsim has no {what}, so this CHOP sends nothing"]
        data = ctx.input(op, 0)
        return data if data is not None else ChopData()
    return model


COOK_MODELS = {
    "switchCHOP": switch,
    "lookupCHOP": lookup,
    "dattoCHOP": datto,
    "toptoCHOP": topto,
    "parameterCHOP": parameter,
    "infoCHOP": info,
    "performCHOP": perform,
    "audiodeviceoutCHOP": _sends_nothing("audio device"),
    "dmxoutCHOP": _sends_nothing("DMX or network interface"),
}
