"""The Timer CHOP's cook model: segments, delays, cycles, its output channels and its callbacks,
run on the frame loop (docs.derivative.ca/Timer_CHOP, docs.derivative.ca/TimerCHOP_Class).

State: ready (after Initialize; a new Timer CHOP starts ready, UNVERIFIED), initializing (while
onInitialize returns a frame count above 0), running, done. Start initializes first when it is
not ready, runs onStart, enters segment 0 (onSegmentEnter, when its delay starts), counts the delay,
then the length (onTimerPulse when counting starts, whileTimerActive each frame it counts,
onCycleEndAlert `cycleendalert` before a cycle ends); at the end of a cycle onCycle, then another
cycle (onCycleStart) while Cycle is on and the cycle limit allows, else onSegmentExit and the next
segment, and after the last one onDone and the On Done action. Segments come from the Segments DAT
(a table: one row per segment, the header naming `delay`/`begin`, `length`, `cycle`, `cyclelimit`,
`maxcycles`, `cycleendalert` and any custom columns, times in Segment Units), else from the
parameters. Play pauses it, Speed scales its time; Run Values "one" steps the counters one frame on
the frame Start is pulsed (documented as the default). Pulses: Initialize, Start, Go to Done, Go
to End of Cycle, Exit Segment at End of Cycle, Go to Next / Previous Segment, Cue Pulse (Cue holds
it at the Cue Point). Callbacks are the functions of the Callbacks DAT (`me` = that DAT), called
after the cook that caused them, so they may read the Timer CHOP; an error prints its traceback.

Channels (each behind its Outputs toggle or menu, in the documented order): timer_fraction,
timer_seconds/frames/samples, timer_active, timer_pulse, delay_fraction, delay_*, initializing,
ready, ready_pulse, running, done, done_pulse, cycles, cycle_pulse, cycle_plus_fraction, segment,
segment_pulse, segment_plus_fraction, length_*, cumulative_*, playing_*, running_*, master_*.

Not emulated (a warning says so when set): Parallel Timers (run serially), time control other
than Sequential (Lock to Timeline, external CHOP or timecode run sequentially), Sub Range, custom
channel columns. UNVERIFIED: the frame on which each callback fires relative to the channels.
"""
from __future__ import annotations

import sys
import traceback

from .chopdata import ChopData, par_number, par_value
from .chopunits import seconds_of, toggle, unit_seconds
from .timeslice import sliced

FPS = 60.0
EPSILON = 1e-9   # sums of frame times (1/60 s) fall a hair short of the lengths they add up to
COLUMNS = ("delay", "begin", "length", "cycle", "cyclelimit", "maxcycles", "cycleendalert")


class Row:
    """A segment's row: one attribute per column."""

    def __init__(self, values: dict):
        self.__dict__.update(values)

    def __repr__(self):
        return f"Row({self.__dict__!r})"


class Segment:
    """The `segment` argument of the callbacks (TimerCHOP_Class): its index, lengths in every unit,
    the row and its custom columns; it casts to its index (`segment + 3`, `segment == 2`)."""

    def __init__(self, owner, index, length, delay, cycle, cyclelimit, maxcycles, alert, row, custom, rate,
                 begin=None):
        self.owner = owner
        self.index = index
        self.lengthSeconds, self.delaySeconds, self.cycleEndAlertSeconds = length, delay, alert
        self.lengthFrames, self.delayFrames = length * FPS, delay * FPS
        self.lengthSamples, self.delaySamples = length * rate, delay * rate
        self.cycleEndAlertFrames, self.cycleEndAlertSamples = alert * FPS, alert * rate
        self.beginSeconds = begin if begin is not None else 0.0
        self.beginFrames, self.beginSamples = self.beginSeconds * FPS, self.beginSeconds * rate
        self.cycle, self.cycleLimit, self.maxCycles = cycle, cyclelimit, maxcycles
        self.speed = 1.0
        self.row = Row(row)
        self.custom = custom

    def __index__(self):
        return self.index

    __int__ = __index__

    def __eq__(self, other):
        return self.index == (other.index if isinstance(other, Segment) else other)

    def __hash__(self):
        return hash(self.index)

    def __add__(self, other):
        return self.index + other

    __radd__ = __add__

    def __sub__(self, other):
        return self.index - other

    def __lt__(self, other):
        return self.index < int(other)

    def __repr__(self):
        return f"Segment({self.index})"


def _number(text, default):
    try:
        return float(text)
    except (TypeError, ValueError):
        return default


def _truthy(text, default):
    if text is None or str(text).strip() == "":
        return default
    s = str(text).strip().lower()
    if s in ("on", "true", "yes"):
        return True
    if s in ("off", "false", "no"):
        return False
    return bool(_number(s, 0))


def segments_of(op, rate) -> list:
    """The segments: the rows of the Segments DAT, else one from the parameters."""
    length = seconds_of(op, "length", "lengthunits", rate, 1.0)
    delay = seconds_of(op, "delay", "delayunits", rate)
    alert = seconds_of(op, "cycleendalert", "notifyunits", rate)
    cycle, cyclelimit = toggle(op, "cycle"), toggle(op, "cyclelimit")
    maxcycles = int(par_number(op, "maxcycles", 1.0))
    if par_value(op, "lengthtype", "fixed") == "infinite":
        length = float("inf")
    table = None
    p = op._pars.get("segdat")
    if p is not None:
        try:
            found = p.evalOPs()
            table = found[0] if found and found[0].family == "DAT" else None
        except Exception:
            table = None
    rows = [list(r) for r in table._rows()] if table is not None else []
    if len(rows) < 2:
        return [Segment(op, 0, length, delay, cycle, cyclelimit, maxcycles, alert, {}, {}, rate)]
    per = unit_seconds(par_value(op, "segunits", "seconds"), rate)
    header = [str(h).strip() for h in rows[0]]
    out = []
    for index, cells in enumerate(rows[1:]):
        row = {h: (cells[i] if i < len(cells) else "") for i, h in enumerate(header)}
        custom = {h: v for h, v in row.items() if h not in COLUMNS}
        begin = _number(row.get("begin"), None)
        seg_delay = _number(row.get("delay"), delay / per) * per
        out.append(Segment(op, index, _number(row.get("length"), length / per) * per, seg_delay,
                           _truthy(row.get("cycle"), cycle), _truthy(row.get("cyclelimit"), cyclelimit),
                           int(_number(row.get("maxcycles"), maxcycles)),
                           _number(row.get("cycleendalert"), alert / per) * per, row, custom, rate,
                           begin * per if begin is not None else None))
    # `begin` replaces the delay: the time from Start at which the segment begins counting
    elapsed = 0.0
    for seg in out:
        if seg.beginSeconds and seg.row.__dict__.get("begin", "") != "":
            seg.delaySeconds = max(0.0, seg.beginSeconds - elapsed)
        elapsed += seg.delaySeconds + (seg.lengthSeconds if seg.lengthSeconds != float("inf") else 0.0)
    return out


class TimerRun:
    """A Timer CHOP's running state, kept between frames."""

    def __init__(self):
        self.events: set = set()     # pulses of this cook: ready, done, timer, cycle, segment
        self.calls: list = []        # callbacks to run after the cook
        self.clear()
        self.status = "ready"

    def clear(self):
        """Initialize: every counter at 0, not done (the events and queued callbacks stay)."""
        self.status = "initializing"
        self.seg = 0
        self.in_delay = False
        self.t = 0.0                 # seconds into the current delay or cycle
        self.cycle = 0
        self.cumulative = self.playing = self.running = self.master = 0.0
        self.alerted = False
        self.exit_at_end = False
        self.init_calls = 0
        self.init_wait = 0           # frames until onInitialize is called again
        self.init_answer = None
        self.start_after_init = False


class Timer:
    """One cook of a Timer CHOP: the parameters read once, and the steps that move the run on."""

    def __init__(self, op, run: TimerRun):
        self.op = op
        self.run = run
        self.rate = par_number(op, "rate", 60.0) or 60.0
        self.segments = segments_of(op, self.rate)
        self.speed = par_number(op, "speed", 1.0) * (1.0 if toggle(op, "play", True) else 0.0)
        self.run_one = par_value(op, "runvalues", "one") == "one"

    # ---- callbacks ------------------------------------------------------------------------
    def call(self, name, *args):
        self.run.calls.append((name, args))

    def segment(self, index=None):
        i = self.run.seg if index is None else index
        return self.segments[min(max(i, 0), len(self.segments) - 1)]

    # ---- the documented events --------------------------------------------------------------
    def initialize(self):
        run = self.run
        run.clear()
        run.init_calls = 1
        self.call("onInitialize", self.op, run.init_calls)

    def initialize_answer(self, frames):
        """onInitialize's answer: frames to wait before asking again, or 0 when ready."""
        run = self.run
        try:
            wait = int(frames or 0)
        except (TypeError, ValueError):
            wait = 0
        if wait > 0:
            run.init_wait = wait
            return
        run.status = "ready"
        run.events.add("ready")
        self.call("onReady", self.op)
        if run.start_after_init:
            run.start_after_init = False
            self.start(initialized=True)

    def start(self, initialized=False):
        run = self.run
        if not initialized and run.status != "ready":
            self.initialize()
            run.start_after_init = True
            return
        run.status = "running"
        self.call("onStart", self.op)
        self.enter(0)
        if self.run_one:
            self.advance(1.0 / FPS)

    def enter(self, index, interrupt=False):
        run = self.run
        run.seg, run.cycle, run.t, run.alerted, run.exit_at_end = index, 0, 0.0, False, False
        seg = self.segment()
        run.in_delay = seg.delaySeconds > 0
        self.call("onSegmentEnter", self.op, seg, interrupt)
        if not run.in_delay:
            self.begin_counting()

    def begin_counting(self):
        seg = self.segment()
        self.run.events.add("timer")
        self.call("onTimerPulse", self.op, seg)
        if seg.cycle:
            self.call("onCycleStart", self.op, seg, self.run.cycle)

    def end_cycle(self, interrupt=False):
        """The current cycle has ended: another one, the next segment, or done."""
        run = self.run
        seg = self.segment()
        run.events.add("cycle")
        self.call("onCycle", self.op, seg, run.cycle)
        more = seg.cycle and not run.exit_at_end and (not seg.cycleLimit or run.cycle + 1 < seg.maxCycles)
        if more and not interrupt:
            run.cycle += 1
            run.alerted = False
            self.call("onCycleStart", self.op, seg, run.cycle)
            return True
        self.exit_segment(interrupt)
        return False

    def exit_segment(self, interrupt=False, to=None):
        run = self.run
        seg = self.segment()
        run.events.add("segment")
        self.call("onSegmentExit", self.op, seg, interrupt)
        nxt = run.seg + 1 if to is None else to
        if 0 <= nxt < len(self.segments):
            self.enter(nxt, interrupt)
        else:
            self.done(interrupt)

    def done(self, interrupt=False):
        run = self.run
        run.status = "done"
        run.done_seg = run.seg
        run.events.add("done")
        self.call("onDone", self.op, self.segment(), interrupt)
        action = par_value(self.op, "ondone", "donothing")
        if action == "reinit":
            self.initialize()
        elif action == "restart":
            self.initialize()
            run.start_after_init = True
        elif action == "restartnoinit":
            run.status = "ready"
            self.start(initialized=True)

    # ---- time -------------------------------------------------------------------------------
    def advance(self, dt):
        """Move the run on by dt seconds of the frame loop."""
        run = self.run
        if run.status != "running":
            return
        run.running += dt
        if toggle(self.op, "cue"):
            self.cue()   # frozen at the cue point
            return
        step = dt * self.speed
        if step <= 0:
            return
        run.master += step
        seg = self.segment()
        if run.in_delay:
            run.t += step
            if run.t < seg.delaySeconds - EPSILON:
                return
            step = max(0.0, run.t - seg.delaySeconds)
            run.t = 0.0
            run.in_delay = False
            self.begin_counting()
        run.t += step
        run.cumulative += step
        run.playing += dt
        self.call("whileTimerActive", self.op, seg, run.cycle, self.fraction())
        self.alert(seg)
        while run.status == "running" and not run.in_delay and run.t >= self.segment().lengthSeconds - EPSILON:
            leftover = max(0.0, run.t - self.segment().lengthSeconds)
            self.end_cycle()
            if run.status == "running":
                run.t = leftover   # into the next cycle, or the next segment's delay or length

    def alert(self, seg):
        run = self.run
        if seg.cycleEndAlertSeconds <= 0 or run.alerted:
            return
        if seg.lengthSeconds - run.t <= seg.cycleEndAlertSeconds:
            run.alerted = True
            last_cycle = not seg.cycle or (seg.cycleLimit and run.cycle + 1 >= seg.maxCycles)
            alert_done = last_cycle and run.seg == len(self.segments) - 1
            self.call("onCycleEndAlert", self.op, seg, run.cycle, last_cycle, alert_done, False)

    def fraction(self):
        run = self.run
        if run.status == "done":
            return 1.0
        if run.status != "running" or run.in_delay:
            return 0.0
        length = self.segment().lengthSeconds
        return min(run.t / length, 1.0) if 0 < length < float("inf") else 0.0

    # ---- pulses -----------------------------------------------------------------------------
    def pulse(self, name):
        run = self.run
        if name == "initialize":
            self.initialize()
        elif name == "start":
            self.start()
        elif name == "gotodone" and run.status == "running":
            self.call("onSegmentExit", self.op, self.segment(), True)
            self.done(True)
        elif name == "gotoendcycle" and run.status == "running":
            self.end_cycle(interrupt=True)
        elif name == "exitendcycle":
            run.exit_at_end = True
        elif name == "gotonextseg" and run.status == "running":
            self.exit_segment(True)
        elif name == "gotoprevseg" and run.status == "running":
            self.exit_segment(True, to=max(run.seg - 1, 0))
        elif name == "cuepulse" and run.status == "running":
            self.cue()

    def cue(self):
        run = self.run
        seg = self.segment()
        units = par_value(self.op, "cueunits", "seconds")
        point = par_number(self.op, "cuepoint")
        seconds = point * seg.lengthSeconds if units == "fraction" else point * unit_seconds(units, self.rate)
        run.in_delay, run.t = False, min(max(seconds, 0.0), seg.lengthSeconds)


def answer_initialize(op, result):
    """onInitialize returned: a cook of its own takes the answer (ready, or wait and ask again)."""
    kept = op._kept
    if kept is None or "run" not in kept.state:
        return
    kept.state["run"].init_answer = result
    op._pulses.append(INIT_ANSWER)
    op._cook_again()


def run_callbacks(op, calls):
    """The queued callbacks, in order, from the Callbacks DAT; onInitialize's answer goes back to
    the timer."""
    p = op._pars.get("callbacks")
    dat = None
    if p is not None:
        try:
            found = p.evalOPs()
            dat = found[0] if found and found[0].family == "DAT" else None
        except Exception:
            dat = None
    for name, args in calls:
        result = None
        if dat is not None:
            try:
                with dat._world.as_me(dat):
                    fn = getattr(dat.module, name, None)
                    if callable(fn):
                        result = fn(*args)
            except Exception:
                traceback.print_exc(file=sys.stderr)   # TouchDesigner prints script errors to the textport
        if name == "onInitialize":
            answer_initialize(op, result)


def _unit_channels(prefix, menu, seconds, rate):
    if menu in ("off", None):
        return []
    out = []
    if menu in ("seconds", "all"):
        out.append((f"{prefix}_seconds", seconds))
    if menu in ("frames", "all"):
        out.append((f"{prefix}_frames", round(seconds * FPS, 6)))
    if menu in ("samples", "all"):
        out.append((f"{prefix}_samples", round(seconds * rate, 6)))
    return out


def channels(timer: Timer):
    """The output channels, in the Outputs page's order."""
    op, run = timer.op, timer.run
    seg = timer.segment()
    running = run.status == "running"
    counting = running and not run.in_delay
    frac = timer.fraction()
    delay_frac = min(run.t / seg.delaySeconds, 1.0) if running and run.in_delay and seg.delaySeconds else 0.0
    ev = run.events
    out = []

    def add(flag, name, value, default=False):
        if toggle(op, flag, default):
            out.append((name, float(value)))

    add("outfraction", "timer_fraction", frac, True)
    out.extend(_unit_channels("timer", par_value(op, "outtimercount", "off"),
                              run.t if counting else (seg.lengthSeconds if run.status == "done" else 0.0), timer.rate))
    add("outtimeractive", "timer_active", counting and timer.speed > 0)
    add("outtimerpulse", "timer_pulse", "cycle" in ev)
    add("outdelayfraction", "delay_fraction", delay_frac)
    out.extend(_unit_channels("delay", par_value(op, "outdelaycount", "off"), run.t if run.in_delay else 0.0,
                              timer.rate))
    add("outinit", "initializing", run.status == "initializing")
    add("outready", "ready", run.status == "ready", True)
    add("outreadypulse", "ready_pulse", "ready" in ev)
    add("outrunning", "running", running, True)
    add("outdone", "done", run.status == "done", True)
    add("outdonepulse", "done_pulse", "done" in ev)
    add("outcycle", "cycles", run.cycle)
    add("outcyclepulse", "cycle_pulse", "cycle" in ev)
    add("outcycleplusfraction", "cycle_plus_fraction", run.cycle + frac)
    add("outseg", "segment", run.seg)
    add("outsegpulse", "segment_pulse", "segment" in ev)
    add("outsegplusfraction", "segment_plus_fraction", run.seg + frac)
    length = seg.lengthSeconds if seg.lengthSeconds != float("inf") else 0.0
    out.extend(_unit_channels("length", par_value(op, "outlength", "off"), length, timer.rate))
    out.extend(_unit_channels("cumulative", par_value(op, "outcumulativecount", "off"), run.cumulative, timer.rate))
    out.extend(_unit_channels("playing", par_value(op, "outplayingcount", "off"), run.playing, timer.rate))
    out.extend(_unit_channels("running", par_value(op, "outrunningcount", "off"), run.running, timer.rate))
    out.extend(_unit_channels("master", par_value(op, "outmastercount", "off"), run.master, timer.rate))
    return out


INIT_ANSWER = " onInitialize answered"   # a pseudo-pulse: the answer is handled in a cook of its own
_TIMER_PULSES = ("initialize", "start", "gotodone", "gotoendcycle", "exitendcycle", "gotonextseg",
                 "gotoprevseg", "cuepulse")


def _warnings(op):
    out = []
    if par_value(op, "segmethod", "serial") == "parallel":
        out.append("Parallel Timers are not emulated by tdsim: the segments run one after another")
    if par_value(op, "timecontrol", "sequential") != "sequential":
        out.append("only Sequential time control is emulated by tdsim: the timer runs sequentially")
    if toggle(op, "subrange"):
        out.append("Sub Range is not emulated by tdsim")
    return out


def timer(op, ctx) -> ChopData:
    state = ctx.state
    run = state.get("run")
    if run is None:
        run = state["run"] = TimerRun()
    run.events = set()
    t = Timer(op, run)
    op._model_warnings = _warnings(op)
    active = par_value(op, "active", "always")
    if active != "never":
        for _ in range(ctx.frames):
            if t.run.status == "initializing" and t.run.init_wait > 0:
                t.run.init_wait -= 1
                if t.run.init_wait == 0:
                    t.run.init_calls += 1
                    t.call("onInitialize", op, t.run.init_calls)
                continue
            if active == "playing" and t.speed <= 0:
                continue
            t.advance(1.0 / FPS)
    for name in _TIMER_PULSES:
        if name in ctx.pulses:
            t.pulse(name)
    if INIT_ANSWER in ctx.pulses:
        t.initialize_answer(run.init_answer)
    calls = t.run.calls
    t.run.calls = []
    if calls:
        ctx.after.append(lambda: run_callbacks(op, calls))
    chans = channels(t)
    return sliced([n for n, _v in chans], [[v] for _n, v in chans], t.rate, ctx.seconds)


MODELS = {"timerCHOP": timer}
