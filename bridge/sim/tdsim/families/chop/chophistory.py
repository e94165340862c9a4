"""Cook models of the CHOPs that smooth, record or integrate over time: Lag, Filter, Trail, Speed.

Each is time-sliced (timeslice.py): every frame it takes the new samples of its input and carries
its state on. A static input of several samples (not time-sliced: a Pattern CHOP, a trail) is
processed whole on each cook from a fresh state, as TouchDesigner does for static channels.
Channels outside the `scope` pass through unchanged.

Lag (docs.derivative.ca/Lag_CHOP): lag1 while the value rises, lag2 while it falls ("approximately
the time that the output follows 90% of a change"): per sample y += (x - y) * (1 - 0.1 ** (dt / lag)).
Methods value and amp (rising meaning moving away from zero), mag (every channel with lag1, as
documented); Clamp Slope / Clamp Acceleration limit the change per second in the lag's units;
Lag per Sample lags each sample of a multi-sample channel on its own; Snap; Reset (while on the
output follows the input) and Reset Pulse. Not emulated: Overshoot and the quaternion method (a
warning says so when set).

Filter (docs.derivative.ca/Filter_CHOP): width in its units, weights over the last `width` samples.
Gaussian and box are centred, so, as documented, they delay the channel by half the width; left
half Gaussian and left half box use only past samples; edge detect is the sample minus its Gaussian
smoothing, sharpen the sample plus that; de-spike replaces a sample further than Spike Tolerance
from the median of its neighbours by that median (delay: the full width); ramp preserve climbs at
Ramp Rate per second until the input is further than Ramp Tolerance away; one euro is Casiez et
al.'s 1-euro filter (Cutoff, Speed Coefficient, Slope Cutoff). Effect mixes the result with the
input, Passes repeats the filter, the slope resets and Reset / Reset Pulse restart it on the input.
UNVERIFIED: the Gaussian's width is six standard deviations (three for the half Gaussian), and the
second input is not used.

Trail (docs.derivative.ca/Trail_CHOP): the last Window Length of every input's channels (inputs
merged), the last sample being the input now; Grow Length keeps everything; Capture "only when
input cooks" records a slice only when the input's values changed (tdsim has no cook events);
Resample / Sample Rate resample the output; Reset (Pulse) sets the history to 0; channels changing
in number or names clear it, as documented. UNVERIFIED: a new trail starts filled with the input's
first value.

Speed (docs.derivative.ca/Speed_CHOP): adds the input's samples divided by the sample rate (first,
second or third order, each integral plus its constant), limited by Limit Type; without an input it
integrates the Speed parameter (one channel `chan1`, UNVERIFIED name). The second input resets it
by Reset Condition (its first channel above 0 is "on"), as do Reset (held) and Reset Pulse, to
Reset Value.
"""
from __future__ import annotations

import math

from .chopdata import ChopData, par_number, par_value
from .chopsamples import ChannelState, run_channels
from .chopunits import in_scope, limited, resample_linear, scope_of, seconds_of, toggle, unit_seconds
from .timeslice import is_static, slice_samples, sliced, take_slice


def _input(op, ctx, index=0) -> ChopData:
    data = ctx.input(op, index)
    return data if data is not None else ChopData()


def _reset_asked(op, ctx) -> bool:
    return toggle(op, "reset") or "resetpulse" in ctx.pulses


# ---- Lag ----------------------------------------------------------------------------------------
class _Lagger:
    """The lag of one channel (or one sample of a channel), sample by sample."""
    __slots__ = ("y", "v")

    def __init__(self, y):
        self.y = y
        self.v = 0.0


def _lag_settings(op, rate):
    unit = par_value(op, "lagunit", "seconds")
    per = unit_seconds(unit, rate) or 1.0
    s = {
        "method": par_value(op, "lagmethod", "value"),
        "up": seconds_of(op, "lag1", "lagunit", rate),
        "down": seconds_of(op, "lag2", "lagunit", rate),
        "slope": (par_number(op, "slope1") / per, par_number(op, "slope2") / per)
        if toggle(op, "clamp") else None,
        "accel": (par_number(op, "accel1") / (per * per), par_number(op, "accel2") / (per * per))
        if toggle(op, "aclamp") else None,
        "snap": par_number(op, "threshold") if toggle(op, "snap") else None,
        "dt": 1.0 / rate if rate else 1.0 / 60.0,
    }
    if s["method"] == "mag":
        s["down"] = s["up"]
        if s["slope"]:
            s["slope"] = (s["slope"][0], s["slope"][0])
        if s["accel"]:
            s["accel"] = (s["accel"][0], s["accel"][0])
    return s


def _lag_sample(state: _Lagger, x: float, s) -> float:
    y, dt = state.y, s["dt"]
    rising = abs(x) > abs(y) if s["method"] == "amp" else x > y
    lag = s["up"] if rising else s["down"]
    target = y + (x - y) * (1.0 - 0.1 ** (dt / lag)) if lag > 0 else x
    v = (target - y) / dt
    if s["accel"] is not None:
        a_up, a_down = s["accel"]
        v = min(max(v, state.v - abs(a_down) * dt), state.v + abs(a_up) * dt)
    if s["slope"] is not None:
        up, down = s["slope"]
        v = min(max(v, -abs(down)), abs(up))
    y = y + v * dt
    if s["snap"] is not None and abs(x - y) <= s["snap"]:
        y, v = x, 0.0
    state.y, state.v = y, v
    return y


def lag(op, ctx) -> ChopData:
    data = _input(op, ctx)
    op._model_warnings = []
    if par_number(op, "overshoot1") or par_number(op, "overshoot2"):
        op._model_warnings.append("overshoot is not emulated by tdsim: the lag has none")
    if par_value(op, "lagmethod", "value") == "rotation":
        op._model_warnings.append("the quaternion rotation method is not emulated by tdsim: lagged as values")
    rate = data.rate
    s = _lag_settings(op, rate)
    scope = scope_of(op)
    reset = _reset_asked(op, ctx)
    if is_static(data) and not toggle(op, "lagsamples"):
        vals = []
        for name, samples in zip(data.names, data.vals):
            if not in_scope(scope, name) or reset:
                vals.append(list(samples))
                continue
            lagger = _Lagger(samples[0])
            vals.append([_lag_sample(lagger, x, s) for x in samples])
        return ChopData(list(data.names), vals, rate, data.start, False)
    per_sample = toggle(op, "lagsamples") and data.num_samples > 1
    kept = ctx.state.setdefault("lag", {})
    n = data.num_samples if per_sample else slice_samples(ctx.seconds, ctx.frames, rate)
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        if not in_scope(scope, name):
            vals.append(list(samples) if per_sample else [samples[-1]] if samples else [0.0])
            continue
        if per_sample:
            laggers = kept.get(name)
            if laggers is None or len(laggers) != len(samples) or reset:
                laggers = kept[name] = [_Lagger(x) for x in samples]
            steps = slice_samples(ctx.seconds, ctx.frames, rate)
            for lagger, x in zip(laggers, samples):
                for _ in range(steps):
                    _lag_sample(lagger, x, s)
            vals.append([lg.y for lg in laggers])
            continue
        new = take_slice(samples, n)
        lagger = kept.get(name)
        if lagger is None or reset:
            lagger = kept[name] = _Lagger(samples[-1] if samples else 0.0)
            vals.append([lagger.y] * max(1, len(new)))
            continue
        vals.append([_lag_sample(lagger, x, s) for x in new] or [lagger.y])
    for gone in set(kept) - set(names):
        del kept[gone]
    if per_sample:
        return ChopData(names, vals, rate, data.start, data.timeslice)
    return sliced(names, vals, rate, ctx.seconds)


# ---- Filter -------------------------------------------------------------------------------------
def _gauss(size: int, centre: float, sigma: float) -> list:
    sigma = max(sigma, 1e-9)
    weights = [math.exp(-0.5 * ((i - centre) / sigma) ** 2) for i in range(size)]
    total = sum(weights)
    return [w / total for w in weights]


def _weights(kind: str, width: int) -> list:
    """Weights over the last `width` samples, oldest first."""
    if kind in ("box", "halfbox"):
        return [1.0 / width] * width
    if kind == "halfgauss":
        return _gauss(width, width - 1, width / 3.0)
    return _gauss(width, (width - 1) / 2.0, width / 6.0)   # gauss, and the smoothing of edge/sharpen


class _Stage:
    """One pass of the filter over one channel: the samples it still needs, and its own state."""
    __slots__ = ("buf", "y", "dx", "prev")

    def __init__(self, x, width):
        self.buf = [x] * width
        self.y = x
        self.dx = 0.0
        self.prev = x


def _filter_sample(stage: _Stage, x: float, f) -> float:
    kind = f["type"]
    if kind == "ramp":
        stage.y += f["ramprate"] * f["dt"]
        if abs(x - stage.y) > f["ramptolerance"]:
            stage.y = x
        return stage.y
    if kind == "oneeuro":
        dt = f["dt"]
        dx = (x - stage.prev) / dt
        stage.dx += _alpha(f["slopecutoff"], dt) * (dx - stage.dx)
        cutoff = f["cutoff"] + f["speedcoeff"] * abs(stage.dx)
        stage.y += _alpha(cutoff, dt) * (x - stage.y)
        stage.prev = stage.y
        return stage.y
    buf = stage.buf
    buf.append(x)
    del buf[0]
    if kind == "despike":
        centre = buf[len(buf) // 2]
        others = sorted(buf[:len(buf) // 2] + buf[len(buf) // 2 + 1:])
        median = others[len(others) // 2] if others else centre
        return median if abs(centre - median) > f["spike"] else centre
    smooth = sum(w * v for w, v in zip(f["weights"], buf))
    if kind == "edge":
        return buf[len(buf) // 2] - smooth
    if kind == "sharpen":
        centre = buf[len(buf) // 2]
        return centre + (centre - smooth)
    return smooth


def _alpha(cutoff: float, dt: float) -> float:
    tau = 1.0 / (2.0 * math.pi * max(cutoff, 1e-9))
    return 1.0 / (1.0 + tau / dt)


def _filter_settings(op, rate):
    kind = par_value(op, "type", "gauss")
    width = max(1, int(round(seconds_of(op, "width", "widthunit", rate) * rate)))
    if kind == "despike":
        width = 2 * width + 1   # the sample, and `width` neighbours on each side
    return {
        "type": kind, "width": width, "weights": _weights(kind, width),
        "effect": par_number(op, "effect", 1.0), "passes": max(1, int(par_number(op, "passes", 1.0))),
        "spike": par_number(op, "spike"), "ramptolerance": par_number(op, "ramptolerance"),
        "ramprate": par_number(op, "ramprate"), "cutoff": par_number(op, "cutoff", 1.0),
        "speedcoeff": par_number(op, "speedcoeff"), "slopecutoff": par_number(op, "slopecutoff", 1.0),
        "dt": 1.0 / rate if rate else 1.0 / 60.0,
        "up": par_number(op, "slopeupmax") if toggle(op, "slopeupreset") else None,
        "down": par_number(op, "slopedownmax") if toggle(op, "slopedownreset") else None,
    }


def _filter_run(stages, x, f, last_in):
    """One new sample through every pass; restarts the passes when a slope reset triggers."""
    slope = (x - last_in) / f["dt"]
    if (f["up"] is not None and slope > abs(f["up"])) or (f["down"] is not None and -slope > abs(f["down"])):
        for i, _ in enumerate(stages):
            stages[i] = _Stage(x, f["width"])
        return x
    y = x
    for stage in stages:
        y = _filter_sample(stage, y, f)
    return x + f["effect"] * (y - x)


def _filter_static(samples, f):
    """A whole static channel filtered with centred weights (half kinds: past samples only)."""
    out = list(samples)
    for _ in range(f["passes"]):
        stage = _Stage(out[0], f["width"])
        if f["type"] in ("gauss", "box", "edge", "sharpen", "despike"):
            # centred: run ahead by half the width and read back, holding the ends
            half = f["width"] // 2
            padded = out + [out[-1]] * half
            run = [_filter_sample(stage, x, f) for x in padded]
            out = run[half:]
        else:
            out = [_filter_sample(stage, x, f) for x in out]
    return [x + f["effect"] * (y - x) for x, y in zip(samples, out)]


def filter_chop(op, ctx) -> ChopData:
    data = _input(op, ctx)
    rate = data.rate
    f = _filter_settings(op, rate)
    scope = scope_of(op)
    reset = _reset_asked(op, ctx)
    if is_static(data) and not toggle(op, "filterpersample"):
        vals = [list(s) if not in_scope(scope, n) or reset else _filter_static(s, f)
                for n, s in zip(data.names, data.vals)]
        return ChopData(list(data.names), vals, rate, data.start, False)
    kept = ctx.state.setdefault("filter", {})
    key = (f["type"], f["width"], f["passes"])
    if ctx.state.get("filter_key") != key:
        kept.clear()
        ctx.state["filter_key"] = key
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        if not in_scope(scope, name):
            vals.append([samples[-1]] if samples else [0.0])
            continue
        entry = kept.get(name)
        if entry is None or reset:
            x0 = samples[-1] if samples else 0.0
            entry = kept[name] = {"stages": [_Stage(x0, f["width"]) for _ in range(f["passes"])],
                                  "last_in": x0, "out": x0}
        out = []
        for x in take_slice(samples, n):
            out.append(_filter_run(entry["stages"], x, f, entry["last_in"]))
            entry["last_in"] = x
        if out:
            entry["out"] = out[-1]
        vals.append(out or [entry["out"]])
    for gone in set(kept) - set(names):
        del kept[gone]
    return sliced(names, vals, rate, ctx.seconds)


# ---- Trail --------------------------------------------------------------------------------------
def _merged_inputs(op, ctx):
    names, vals, rate = [], [], None
    for index in range(len(op._inputs)):
        data = ctx.input(op, index)
        if data is None:
            continue
        rate = data.rate if rate is None else rate
        for name, samples in zip(data.names, data.vals):
            stem, k = name, 1
            while name in names:   # unique names, as a merge gives
                name = f"{stem}{k}"
                k += 1
            names.append(name)
            vals.append(samples)
    return names, vals, rate or 60.0


def trail(op, ctx) -> ChopData:
    names, vals, rate = _merged_inputs(op, ctx)
    state = ctx.state
    if state.get("names") != names:
        state["names"] = list(names)
        state["hist"] = None
    window = max(1, int(round(seconds_of(op, "wlength", "wlengthunit", rate) * rate)))
    grow = toggle(op, "growlength")
    hist = state.get("hist")
    if hist is None:
        hist = state["hist"] = [[s[-1] if s else 0.0] * (1 if grow else window) for s in vals]
    if _reset_asked(op, ctx):
        hist = state["hist"] = [[0.0] * (1 if grow else window) for _ in vals]
    elif toggle(op, "active", True) and ctx.frames:
        n = slice_samples(ctx.seconds, ctx.frames, rate)
        changed = state.get("last") != vals
        if par_value(op, "capture", "timeslice") == "timeslice" or changed:
            for h, s in zip(hist, vals):
                h.extend(take_slice(s, n))
        state["last"] = [list(s) for s in vals]
    if not grow:
        for h in hist:
            if len(h) > window:
                del h[:len(h) - window]
            elif len(h) < window:
                h[:0] = [h[0]] * (window - len(h))
    out_rate = rate
    out = [list(h) for h in hist]
    if toggle(op, "setrate"):
        new_rate = par_number(op, "rate", rate) or rate
        out = [resample_linear(h, max(1, int(round(len(h) * new_rate / rate)))) for h in out]
        out_rate = new_rate
    if toggle(op, "resample"):
        out = [resample_linear(h, max(1, int(par_number(op, "samples", len(h))))) for h in out]
    return sliced(names, out, out_rate, ctx.seconds, timeslice=False)


# ---- Speed --------------------------------------------------------------------------------------
_ORDERS = {"first": 1, "second": 2, "third": 3}


class _Integral:
    __slots__ = ("acc",)

    def __init__(self):
        self.acc = [0.0, 0.0, 0.0]


def _speed_settings(op, rate):
    return {
        "order": _ORDERS.get(par_value(op, "order", "first"), 1),
        "c": [par_number(op, "constant1"), par_number(op, "constant2"), par_number(op, "constant3")],
        "limit": par_value(op, "limittype", "off"),
        "min": par_number(op, "min"), "max": par_number(op, "max", 1.0),
        "reset_value": par_number(op, "resetvalue"),
        "condition": par_value(op, "resetcondition", "offtoon"),
        "dt": 1.0 / rate if rate else 1.0 / 60.0,
    }


def _integrate(integral: _Integral, x: float, s) -> float:
    acc, c, dt, order = integral.acc, s["c"], s["dt"], s["order"]
    value = x
    for k in range(order):
        acc[k] += value * dt
        value = acc[k] + c[k]
    if s["limit"] != "off":
        value = limited(value, s["limit"], s["min"], s["max"])
        acc[order - 1] = value - c[order - 1]
    return value


def _reset_integral(integral: _Integral, s):
    integral.acc = [0.0, 0.0, 0.0]
    top = s["order"] - 1
    integral.acc[top] = s["reset_value"] - s["c"][top]
    return s["reset_value"]


def _reset_now(condition, on, was_on):
    return {"offtoon": on and not was_on, "on": on, "ontooff": was_on and not on,
            "off": not on}.get(condition, False)


def speed(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    if data is None:   # no input: the Speed parameter is the rate
        data = ChopData(["chan1"], [[par_number(op, "speed")]], 60.0, 0, True)
    rate = data.rate
    s = _speed_settings(op, rate)
    scope = scope_of(op)
    resets = ctx.input(op, 1)
    if is_static(data) and not toggle(op, "speedsamples"):
        vals = []
        for name, samples in zip(data.names, data.vals):
            if not in_scope(scope, name):
                vals.append(list(samples))
                continue
            integral = _Integral()
            vals.append([_integrate(integral, x, s) for x in samples])
        return ChopData(list(data.names), vals, rate, data.start, False)
    kept = ctx.state.setdefault("speed", {})
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    reset_line = take_slice(resets.vals[0], n) if resets is not None and resets.vals else [0.0] * n
    hold = toggle(op, "reset")
    pulse = "resetpulse" in ctx.pulses
    names, vals = [], []
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        if not in_scope(scope, name):
            vals.append([samples[-1]] if samples else [0.0])
            continue
        entry = kept.get(name)
        if entry is None:
            entry = kept[name] = {"int": _Integral(), "out": 0.0, "was_on": False}
            _reset_integral(entry["int"], s)
            entry["out"] = s["reset_value"]
        if pulse or hold:
            entry["out"] = _reset_integral(entry["int"], s)
        out = []
        for x, r in zip(take_slice(samples, n), reset_line):
            on = r > 0
            if hold or _reset_now(s["condition"], on, entry["was_on"]):
                entry["out"] = _reset_integral(entry["int"], s)
            else:
                entry["out"] = _integrate(entry["int"], x, s)
            entry["was_on"] = on
            out.append(entry["out"])
        vals.append(out or [entry["out"]])
    for gone in set(kept) - set(names):
        del kept[gone]
    return sliced(names, vals, rate, ctx.seconds)


# ---- Envelope -----------------------------------------------------------------------------------
def envelope(op, ctx) -> ChopData:
    """The maximum amplitude near each sample (docs.derivative.ca/Envelope_CHOP): Exponential Decay
    follows a new peak at once and decays toward the signal (to a third of the way in a third of the
    width, UNVERIFIED rate); Local Maximum Window takes the largest of the last Envelope Width
    samples (time-sliced: past samples only, UNVERIFIED; the documented cubic interpolation between
    window centres is not emulated). Bounds: magnitude, signal power (squared), the maximum values
    (`min`, as the menu labels it) or the minimum values (`max`)."""
    data = _input(op, ctx)
    rate = data.rate
    width = max(1, int(round(seconds_of(op, "width", "widthunit", rate, 1.0) * rate)))
    bounds = par_value(op, "bounds", "mag")
    window = par_value(op, "method", "exp") == "window"
    decay = math.exp(-3.0 / width)
    lower = bounds == "max"

    def amplitude(x):
        if bounds == "power":
            return x * x
        if bounds in ("min", "max"):
            return x
        return abs(x)

    def make(name, samples):
        first = amplitude(samples[-1]) if samples else 0.0
        return ChannelState(out=first, env=first, buf=[first])

    def step(state, x, i):
        a = amplitude(x)
        if window:
            state.buf.append(a)
            if len(state.buf) > width:
                del state.buf[0]
            return min(state.buf) if lower else max(state.buf)
        beyond = a <= state.env if lower else a >= state.env
        state.env = a if beyond else a + (state.env - a) * decay
        return state.env

    return run_channels(op, ctx, data, make, step)


MODELS = {
    "envelopeCHOP": envelope,
    "lagCHOP": lag,
    "filterCHOP": filter_chop,
    "trailCHOP": trail,
    "speedCHOP": speed,
}
