"""Cook models of the time-sliced CHOPs that react to changes and events: Slope, Spring, Count,
Logic, Trigger, Hold and Delay. Each keeps per-channel state between frames (chopsamples.py).

Slope (docs.derivative.ca/Slope_CHOP): slope, acceleration or acceleration of slope, per second
(UNVERIFIED unit; the docs mention a Units option the kb does not list), from the previous and
current samples; "current and next" / "previous and next" need a sample not yet seen, so tdsim
gives them one sample late (UNVERIFIED).

Spring (docs.derivative.ca/Spring_CHOP): a mass on a spring pulled toward the input (position) or
pushed by it (force): a = (k * (x - y) - d * v) / m, or (x - k * y - d * v) / m, integrated per
sample from Initial Position / Speed (or the channel's first value), reset by Reset / Reset Pulse.

Count (docs.derivative.ca/Count_CHOP): trigger when the input crosses Trigger Threshold upward
(downward with Trigger On decreasing; the default threshold 0 counts a rise from 0 or less),
release when it crosses the Release Threshold (the trigger one when "Release = Trigger" is on);
Re-Trigger Delay; the Off to On / While On / On to Off / While Off operations (increase or
decrease by 1 or by the time of a sample, reset); the third input's first channel is the
increment; the Limit menu; the second input resets by Reset Condition, as do Reset and Reset
Pulse, to Reset Value.

Logic (docs.derivative.ca/Logic_CHOP): convert (non-zero, positive, inside bounds, value change,
name change), the channel pre-op (invert, toggle, radio, last two on, rising and falling edge,
with state kept between frames), combine channels and combine CHOPs (and, or, xor, nand, nor,
equivalence, lowest / highest index on, -1 when none) matched by index or name.

Trigger (docs.derivative.ca/Trigger_CHOP): an ADSR envelope per channel started when the input
crosses the trigger threshold: delay, attack (to Peak Level, with its shape), peak hold, decay (to
Sustain, never above Peak), sustain while the input stays above the release threshold (at least
Min Sustain), release (to 0, from where it is). Complete Envelope ignores releases until the
envelope has decayed; Multi Trigger ignore (during delay and attack), restart, add (envelopes
summed, clamped at Peak with Clamp Peak); Re-Trigger Delay; Trigger Pulse and the Trigger toggle;
Reset. Without an input it makes one channel (`channame`, `chan1` when empty, UNVERIFIED) started
by Trigger Pulse. Not emulated: Min Trigger Length, Remainder and Remap Length.

Hold (docs.derivative.ca/Hold_CHOP): samples the first input's current values when the second
input's first channel goes from 0 to above 0 (Sample menu: off to on, while on, on to off, while
off, on value change) and holds them; Hold Last Pulse samples now; with Hold Last on it follows
the input. Without a second input it holds until pulsed (UNVERIFIED).

Delay (docs.derivative.ca/Delay_CHOP): the input `delay` seconds (its units) ago, each channel
with its own delay when the parameter reads `me.chanIndex`; Reset bypasses it and clears the cache
(as does Reset Pulse). UNVERIFIED: before the delay has filled, the first value is held.
"""
from __future__ import annotations

from .chopdata import ChopData, par_number, par_value
from .chopsamples import ChannelState, line, run_channels
from .chopunits import ease, limited, seconds_of, toggle
from .timeslice import slice_samples, sliced, take_slice


def _input(op, ctx, index=0) -> ChopData:
    data = ctx.input(op, index)
    return data if data is not None else ChopData()


def _extra(op, ctx, index):
    data = ctx.input(op, index)
    return data.vals[0] if data is not None and data.vals else None


def _dt(rate):
    return 1.0 / rate if rate else 1.0 / 60.0


# ---- Slope --------------------------------------------------------------------------------------
def _derivative(h, order, method, dt):
    """The order-th derivative from the last four samples h (oldest first)."""
    if order == 1:
        return (h[3] - h[1]) / (2 * dt) if method == "pn" else (h[3] - h[2]) / dt
    if order == 2:
        return (h[3] - 2 * h[2] + h[1]) / (dt * dt)
    return (h[3] - 3 * h[2] + 3 * h[1] - h[0]) / (dt * dt * dt)


def slope(op, ctx) -> ChopData:
    data = _input(op, ctx)
    dt = _dt(data.rate)
    order = {"slope": 1, "accel": 2, "slacc": 3}.get(par_value(op, "type", "slope"), 1)
    method = par_value(op, "method", "pc")
    if not toggle(op, "slopesamples") and not data.timeslice and data.num_samples > 1:
        # a static channel: every sample with its neighbours, the ends held
        ahead = 1 if method in ("cn", "pn") else 0
        vals = []
        for samples in data.vals:
            last = len(samples) - 1
            out = []
            for i in range(len(samples)):
                shift = ahead if i < last else 0   # the last sample has no next one: previous and current
                out.append(_derivative([samples[min(max(i + shift - k, 0), last)] for k in (3, 2, 1, 0)],
                                       order, method if shift else "pc", dt))
            vals.append(out)
        return ChopData(list(data.names), vals, data.rate, data.start, False)

    def make(name, samples):
        return ChannelState(out=0.0, hist=[samples[-1] if samples else 0.0] * 4)

    def step(state, x, i):
        state.hist.append(x)
        del state.hist[0]
        return _derivative(state.hist, order, method, dt)

    return run_channels(op, ctx, data, make, step, static=False)


# ---- Spring -------------------------------------------------------------------------------------
def spring(op, ctx) -> ChopData:
    data = _input(op, ctx)
    dt = _dt(data.rate)
    k, mass, damping = par_number(op, "springk"), par_number(op, "mass", 1.0) or 1.0, par_number(op, "dampingk")
    force = par_value(op, "method", "disp") == "force"

    def make(name, samples):
        if toggle(op, "condfromchan") and samples:
            return ChannelState(out=samples[0], y=samples[0], v=0.0)
        return ChannelState(out=par_number(op, "initpos"), y=par_number(op, "initpos"), v=par_number(op, "initspeed"))

    def step(state, x, i):
        pull = x - k * state.y if force else k * (x - state.y)
        state.v += (pull - damping * state.v) / mass * dt
        state.y += state.v * dt
        return state.y

    reset = toggle(op, "reset") or "resetpulse" in ctx.pulses
    return run_channels(op, ctx, data, make, step, reset=reset)


# ---- Count --------------------------------------------------------------------------------------
class _Crossing:
    """Trigger / release events of a channel, with the thresholds and re-trigger delay of the
    Count and Trigger CHOPs."""

    def __init__(self, op, rate):
        self.up = par_number(op, "threshup")
        self.down = self.up if toggle(op, "threshold") else par_number(op, "threshdown")
        self.decreasing = par_value(op, "triggeron", "increase") == "decrease"
        self.retrigger = seconds_of(op, "retrigger", "retriggerunit", rate)

    def on(self, x, was_on):
        """Whether the channel is on after sample x: off to on past the trigger threshold, on to
        off back past the release threshold (a 0/1 pulse with both at 0 counts every rise)."""
        if self.decreasing:
            return x < self.up if not was_on else x < self.down
        return x > self.up if not was_on else x > self.down


def count(op, ctx) -> ChopData:
    data = _input(op, ctx)
    rate, dt = data.rate, _dt(data.rate)
    crossing = _Crossing(op, rate)
    ops = {k: par_value(op, k, d) for k, d in (("offtoon", "inc"), ("on", "none"), ("ontooff", "none"),
                                               ("off", "none"))}
    limit = par_value(op, "output", "off")
    lo, hi = par_number(op, "limitmin"), par_number(op, "limitmax", 1.0)
    reset_value = par_number(op, "resetvalue")
    condition = par_value(op, "resetcondition", "offtoon")
    hold = toggle(op, "reset")
    pulse = "resetpulse" in ctx.pulses

    def make(name, samples):
        return ChannelState(out=reset_value, value=reset_value, on=False, reset_on=False, since=1e9)

    def apply(state, kind, inc):
        if kind == "inc":
            state.value += inc
        elif kind == "dec":
            state.value -= inc
        elif kind == "inctime":
            state.value += inc * dt
        elif kind == "dectime":
            state.value -= inc * dt
        elif kind == "reset":
            state.value = 0.0
        state.value = _count_limit(state.value, limit, lo, hi)

    def step(state, x, i):
        reset_now, inc = state.extras[0][i], state.extras[1][i]
        r_on = reset_now > 0
        if hold or {"offtoon": r_on and not state.reset_on, "on": r_on, "ontooff": state.reset_on and not r_on,
                    "off": not r_on}.get(condition, False):
            state.reset_on = r_on
            state.value = reset_value
            return state.value
        state.reset_on = r_on
        state.since += dt
        was = state.on
        now = crossing.on(x, was)
        if now and not was and state.since < crossing.retrigger:
            now = False   # too soon after the last trigger
        state.on = now
        if now and not was:
            state.since = 0.0
            apply(state, ops["offtoon"], inc)
        elif now:
            apply(state, ops["on"], inc)
        elif was:
            apply(state, ops["ontooff"], inc)
        else:
            apply(state, ops["off"], inc)
        return state.value

    resets = _extra(op, ctx, 1)
    increments = _extra(op, ctx, 2)
    extras = (resets or [0.0], increments if increments else [1.0])
    if pulse:
        for state in ctx.state.get("channels", {}).values():
            state.value = state.out = reset_value
    return run_channels(op, ctx, data, make, step, extras=extras)


def _count_limit(value, kind, lo, hi):
    if kind == "off":
        return value
    if kind == "min":
        return limited(value, "clamp", lo, hi)
    if kind == "loop":
        return lo + (value - lo) % (hi - lo + 1) if hi >= lo else value   # counts lo..hi inclusive
    if kind == "lc":
        return min(value, hi) if value >= lo else hi - (lo - value - 1) % (hi - lo + 1)
    if kind == "cl":
        return max(value, lo) if value <= hi else lo + (value - hi - 1) % (hi - lo + 1)
    if kind == "zigzag":
        return limited(value, "zigzag", lo, hi)
    return value


# ---- Logic --------------------------------------------------------------------------------------
_GATES = {
    "and": lambda bits: float(all(bits)),
    "or": lambda bits: float(any(bits)),
    "xor": lambda bits: float(sum(bits) == 1),
    "nand": lambda bits: float(not all(bits)),
    "nor": lambda bits: float(not any(bits)),
    "eqv": lambda bits: float(all(bits) or not any(bits)),
    "lowest": lambda bits: float(next((i for i, b in enumerate(bits) if b), -1)),
    "highest": lambda bits: float(max((i for i, b in enumerate(bits) if b), default=-1)),
}


def logic(op, ctx) -> ChopData:
    inputs = [d for d in ctx.inputs(op)]
    if not inputs:
        return ChopData()
    rate = inputs[0].rate
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    static = all(not d.timeslice and d.num_samples > 1 for d in inputs)
    length = max(d.num_samples for d in inputs) if static else max(n, 1 if ctx.first else 0)
    convert = par_value(op, "convert", "nonzero")
    lo, hi = par_number(op, "boundmin"), par_number(op, "boundmax", 1.0)
    preop = par_value(op, "preop", "off")
    chanop, chopop = par_value(op, "chanop", "off"), par_value(op, "chopop", "off")
    state = {} if static else ctx.state
    if length == 0:   # a re-cook in the same frame: what carries state stays as it was
        kept = state.get("out")
        if kept and (preop not in ("off", "invert") or convert in ("valchange", "namechange")):
            return sliced(kept[0], [[v] for v in kept[1]], rate, ctx.seconds)
        length, state = 1, {"names": dict(ctx.state.get("names", {}))}
    converted = []
    for k, data in enumerate(inputs):
        names = list(data.names)
        rows = []
        for c, (name, samples) in enumerate(zip(names, data.vals)):
            xs = take_slice(samples, length)
            key = (k, name)
            rows.append(_convert(convert, xs, lo, hi, state.setdefault("conv", {}), key,
                                 state.get("names", {}).get(k), names))
        state.setdefault("names", {})[k] = names
        rows = _preop(preop, rows, state.setdefault("pre", {}), k)
        if chanop != "off" and rows:
            gate = _GATES.get(chanop)
            rows = [[gate([r[s] for r in rows]) for s in range(length)]]
            names = names[:1]
        converted.append((names, rows))
    if chopop != "off" and len(converted) > 1:
        gate = _GATES.get(chopop)
        first_names, _ = converted[0]
        by_name = par_value(op, "match", "index") == "name"
        out_names, out_rows = [], []
        for c, name in enumerate(first_names):
            group = []
            for names, rows in converted:
                j = names.index(name) if by_name and name in names else (c if not by_name and c < len(rows) else None)
                if j is not None:
                    group.append(rows[j])
            out_names.append(name)
            out_rows.append([gate([g[s] for g in group]) for s in range(length)])
    else:
        out_names, out_rows = [], []
        for names, rows in converted:
            out_names.extend(names)
            out_rows.extend(rows)
    if static:
        return ChopData(out_names, out_rows, rate, inputs[0].start, False)
    if state is ctx.state:
        ctx.state["out"] = (out_names, [r[-1] for r in out_rows])
    return sliced(out_names, out_rows, rate, ctx.seconds)


def _convert(kind, xs, lo, hi, kept, key, old_names, names):
    if kind == "pos":
        return [float(x > 0) for x in xs]
    if kind == "bound":
        return [float(lo <= x <= hi) for x in xs]
    if kind == "valchange":
        prev = kept.get(key, xs[0] if xs else 0.0)
        out = []
        for x in xs:
            out.append(float(x != prev))
            prev = x
        kept[key] = prev
        return out
    if kind == "namechange":
        changed = old_names is not None and old_names != names
        return [float(changed and i == 0) for i in range(len(xs))]
    return [float(x != 0) for x in xs]


def _preop(kind, rows, kept, k):
    if kind == "off" or not rows:
        return rows
    if kind == "invert":
        return [[1.0 - b for b in r] for r in rows]
    prev = kept.get(("prev", k))
    if prev is None or len(prev) != len(rows):
        prev = [r[0] if r else 0.0 for r in rows]
    length = len(rows[0])
    out = [[0.0] * length for _ in rows]
    if kind in ("rise", "fall"):
        for c, r in enumerate(rows):
            last = prev[c]
            for s, b in enumerate(r):
                out[c][s] = float((b and not last) if kind == "rise" else (last and not b))
                last = b
    elif kind == "toggle":
        states = kept.get(("toggle", k)) or [0.0] * len(rows)
        states = (states + [0.0] * len(rows))[:len(rows)]
        for c, r in enumerate(rows):
            last = prev[c]
            for s, b in enumerate(r):
                if b and not last:
                    states[c] = 1.0 - states[c]
                out[c][s] = states[c]
                last = b
        kept[("toggle", k)] = states
    elif kind in ("radio", "radio2"):
        keep = 1 if kind == "radio" else 2
        on = kept.get(("radio", k)) or []
        for s in range(length):
            for c, r in enumerate(rows):
                if r[s] and not (prev[c] if s == 0 else r[s - 1]):
                    on = [i for i in on if i != c] + [c]
            on = on[-keep:]
            for c in range(len(rows)):
                out[c][s] = float(c in on)
        kept[("radio", k)] = on
    else:
        out = rows
    kept[("prev", k)] = [r[-1] for r in rows]
    return out


# ---- Trigger ------------------------------------------------------------------------------------
class _Envelope:
    __slots__ = ("t", "released", "release_t", "release_level", "level", "whole")

    def __init__(self, whole=False):
        self.whole = whole      # started by Trigger Pulse: plays through its decay, whatever the input
        self.t = 0.0            # seconds since the trigger
        self.released = False
        self.release_t = 0.0    # seconds since the release
        self.release_level = 0.0
        self.level = 0.0


def _adsr(op, rate):
    peak = par_number(op, "peak", 1.0)
    return {
        "delay": seconds_of(op, "delay", "delayunit", rate),
        "attack": seconds_of(op, "attack", "attackunit", rate),
        "peaklen": seconds_of(op, "peaklen", "peaklenunit", rate),
        "decay": seconds_of(op, "decay", "decayunit", rate),
        "minsustain": seconds_of(op, "minsustain", "minsustainunit", rate),
        "release": par_number(op, "release"),   # the kb lists Release Length without its unit menu: seconds
        "peak": peak, "sustain": min(par_number(op, "sustain"), peak),
        "ashape": par_value(op, "ashape", "linear"), "dshape": par_value(op, "dshape", "linear"),
        "rshape": par_value(op, "rshape", "linear"),
    }


def _level(env: _Envelope, a) -> float:
    """The envelope's level now, before any release."""
    t = env.t - a["delay"]
    if t < 0:
        return 0.0
    if t < a["attack"]:
        return a["peak"] * ease(a["ashape"], t / a["attack"])
    t -= a["attack"]
    if t < a["peaklen"]:
        return a["peak"]
    t -= a["peaklen"]
    if t < a["decay"]:
        return a["peak"] + (a["sustain"] - a["peak"]) * ease(a["dshape"], t / a["decay"])
    return a["sustain"]


def _sustain_starts(a) -> float:
    return a["delay"] + a["attack"] + a["peaklen"] + a["decay"]


def _envelope_value(env: _Envelope, a) -> float | None:
    """The level of an envelope, or None once its release has ended."""
    if not env.released:
        env.level = _level(env, a)
        return env.level
    if a["release"] <= 0 or env.release_t >= a["release"]:
        return None
    return env.release_level * (1.0 - ease(a["rshape"], env.release_t / a["release"]))


def trigger(op, ctx) -> ChopData:
    data = ctx.input(op, 0)
    rate = par_number(op, "rate", 60.0) if toggle(op, "specifyrate") else (data.rate if data else 60.0)
    if data is None:
        name = str(par_value(op, "channame", "") or "").strip() or "chan1"
        data = ChopData([name], [[0.0]], rate, 0, True)
    dt = _dt(rate)
    a = _adsr(op, rate)
    crossing = _Crossing(op, rate)
    multi = par_value(op, "multitrigger", "ignore")
    complete = toggle(op, "complete")
    clamp = toggle(op, "clamppeak")
    op._model_warnings = [f"{w} is not emulated by tdsim" for w, par in
                          (("Remap Length", "enableremaplength"), ("Min Trigger Length", "mintrigger"))
                          if toggle(op, par) or (par == "mintrigger" and par_number(op, par))]
    fire = "triggerpulse" in ctx.pulses or bool(par_value(op, "trigger", False))
    reset = toggle(op, "reset") or "resetpulse" in ctx.pulses

    def make(name, samples):
        state = ChannelState(out=0.0, envs=[], on=False, since=1e9)
        if fire:
            start(state, whole=True)
        return state

    def may_release(env):
        # Complete Envelope and Min Sustain Length keep the envelope up to the end of its minimum sustain
        if complete or env.whole or a["minsustain"] > 0:
            return env.t >= _sustain_starts(a) + a["minsustain"]
        return True

    def start(state, whole=False):
        if state.envs and multi == "ignore":
            live = state.envs[-1]
            if not live.released and live.t < a["delay"] + a["attack"]:
                return
        if multi != "add":
            state.envs = []
        state.envs.append(_Envelope(whole))
        state.since = 0.0

    def step(state, x, i):
        state.since += dt
        was = state.on
        now = crossing.on(x, was)
        state.on = now
        if now and not was and state.since >= crossing.retrigger:
            start(state)
        total = 0.0
        alive = []
        for env in state.envs:
            if env.released:
                env.release_t += dt
            else:
                env.t += dt
                if not state.on and may_release(env):
                    env.released, env.release_level, env.release_t = True, _level(env, a), 0.0
            value = _envelope_value(env, a)
            if value is not None:
                total += value
                alive.append(env)
        state.envs = alive
        return min(total, a["peak"]) if clamp else total

    if reset:
        ctx.state.pop("channels", None)
    if fire:   # a pulse starts an envelope now, even in a cook that covers no new sample
        for state in ctx.state.get("channels", {}).values():
            start(state, whole=True)
    return run_channels(op, ctx, data, make, step, static=False)


# ---- Hold ---------------------------------------------------------------------------------------
def hold(op, ctx) -> ChopData:
    data = _input(op, ctx)
    rate = data.rate
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    trig = line(ctx.input(op, 1), n)
    mode = par_value(op, "sample", "offtoon")
    follow = toggle(op, "hold")
    kept = ctx.state.setdefault("held", {})
    was = ctx.state.get("was", trig[0] if trig else 0.0)
    take = follow or "holdpulse" in ctx.pulses or ctx.first
    for t in trig:
        on, was_on = t > 0, was > 0
        take = take or {"offtoon": on and not was_on, "whileon": on, "ontooff": was_on and not on,
                        "whileoff": not on, "valuechange": t != was}.get(mode, False)
        was = t
    ctx.state["was"] = was
    names, vals = [], []
    per_sample = toggle(op, "holdsamples")
    for name, samples in zip(data.names, data.vals):
        names.append(name)
        if take or name not in kept:
            kept[name] = list(samples) if per_sample else [samples[-1] if samples else 0.0]
        vals.append(list(kept[name]))
    for gone in set(kept) - set(names):
        del kept[gone]
    if per_sample:
        return ChopData(names, vals, rate, data.start, data.timeslice)
    return sliced(names, vals, rate, ctx.seconds)


# ---- Delay --------------------------------------------------------------------------------------
def delay(op, ctx) -> ChopData:
    data = _input(op, ctx)
    rate = data.rate
    n = slice_samples(ctx.seconds, ctx.frames, rate)
    kept = ctx.state.setdefault("buffers", {})
    if toggle(op, "reset") or "resetpulse" in ctx.pulses:
        kept.clear()
        if toggle(op, "reset"):
            return sliced(data.names, [[s[-1]] if s else [0.0] for s in data.vals], rate, ctx.seconds)
    names, vals = [], []
    for index, (name, samples) in enumerate(zip(data.names, data.vals)):
        names.append(name)
        with op._channel_context(index, name):
            lag = max(0, int(round(seconds_of(op, "delay", "delayunit", rate) * rate)))
        buf = kept.get(name)
        if buf is None:
            buf = kept[name] = [samples[-1] if samples else 0.0]
        buf.extend(take_slice(samples, n))
        keep = lag + max(n, 1)
        if len(buf) > keep:
            del buf[:len(buf) - keep]
        out = []
        for k in range(max(n, 1)):
            j = len(buf) - max(n, 1) + k - lag
            out.append(buf[max(j, 0)])
        vals.append(out)
    for gone in set(kept) - set(names):
        del kept[gone]
    return sliced(names, vals, rate, ctx.seconds)


MODELS = {
    "slopeCHOP": slope,
    "springCHOP": spring,
    "countCHOP": count,
    "logicCHOP": logic,
    "triggerCHOP": trigger,
    "holdCHOP": hold,
    "delayCHOP": delay,
}
