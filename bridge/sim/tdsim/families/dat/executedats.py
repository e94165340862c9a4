"""The Execute DAT family, run from the frame loop: Execute, CHOP Execute, DAT Execute, Parameter
Execute and OP Execute DATs call the functions of their own text (the DAT's module, `me` = the DAT)
when what they watch changes. Callback names and arguments are the DATs' class pages (and the
default callback templates): see each function below.

tdsim notices changes by comparing, at the end of every frame, what each active DAT watches with
what it saw at the end of the previous frame (TouchDesigner reacts when its cook sees the change;
within one frame the order of several DATs' callbacks is by creation, UNVERIFIED). Nothing fires
on the first frame a DAT sees an operator (UNVERIFIED). An empty pattern (channels, parameters)
means all of them (UNVERIFIED: the kb has no defaults for these parameters). A callback that raises
prints its traceback and the loop goes on, as TouchDesigner prints script errors to the textport.
Panel Execute DATs are in panelexecute.py. Not emulated: Execute DAT onCreate,
onDeviceChange and the project save callbacks, the OP Execute pre/post cook, UI, extension and
current-child callbacks, nor `executeloc` other than the DAT's own network.
"""
from __future__ import annotations

import inspect
import sys
import traceback

from ...par.par import handle
from ...values import naming
from ..comp.panels import instants_seen, release_instants
from . import executecalls as calls
from .panelexecute import panel_execute

def _live(w):
    dats = [d for d in list(w.execute_dats.values()) if d._valid]
    if len(dats) != len(w.execute_dats):
        w.execute_dats = {d._id: d for d in dats}
    return [d for d in dats if calls.flag(d, "active")]


# ---- Execute DAT: onStart(), onExit(), onFrameStart(frame), onFrameEnd(frame), onPlayStateChange(state)
def frame_start(w):
    release_instants(w)
    for dat in _live(w):
        if dat.OPType == "executeDAT" and calls.flag(dat, "framestart"):
            calls.call(dat, "onFrameStart", w.loop.abs_frame)


def start(w):
    for dat in _live(w):
        if dat.OPType == "executeDAT" and calls.flag(dat, "start"):
            calls.call(dat, "onStart")


def exit_(w):
    for dat in _live(w):
        if dat.OPType == "executeDAT" and calls.flag(dat, "exit"):
            calls.call(dat, "onExit")


def frame_end(w):
    """After the cook: onFrameEnd, then every watcher compares what it sees with last frame."""
    play = _root_play(w)
    for dat in _live(w):
        kind = dat.OPType
        if kind == "executeDAT":
            if calls.flag(dat, "frameend"):
                calls.call(dat, "onFrameEnd", w.loop.abs_frame)
            previous = getattr(dat, "_exec_play", play)
            dat._exec_play = play
            if play != previous and calls.flag(dat, "playstatechange"):
                calls.call(dat, "onPlayStateChange", play)
        elif kind == "chopexecuteDAT":
            _chop_execute(dat)
        elif kind == "datexecuteDAT":
            _dat_execute(dat)
        elif kind == "parameterexecuteDAT":
            _parameter_execute(dat)
        elif kind == "opexecuteDAT":
            _op_execute(dat)
        elif kind == "panelexecuteDAT":
            panel_execute(dat)
    instants_seen(w)


def _root_play(w):
    try:
        return bool(w.root.time.play) if w.root is not None and w.root.time is not None else True
    except Exception:
        return True


# ---- CHOP Execute: onOffToOn / whileOn / onOnToOff / whileOff / onValueChange(channel, sampleIndex, val, prev)
def _chop_execute(dat):
    seen = {}
    before = getattr(dat, "_exec_chop", {})
    pats = calls.patterns(dat, "channel")
    for chop in calls.watched(dat, "chop"):
        if chop.family != "CHOP":
            continue
        for ch in chop.chans():
            if not any(naming.match(p, ch.name) for p in pats):
                continue
            vals = ch.vals
            if not vals:
                continue
            index, val = len(vals) - 1, vals[-1]
            key = (chop._id, ch.name)
            seen[key] = val
            if key not in before:
                continue
            prev = before[key]
            on, was_on = val != 0, prev != 0
            if on and not was_on and calls.flag(dat, "offtoon"):
                calls.call(dat, "onOffToOn", ch, index, val, prev)
            if on and was_on and calls.flag(dat, "whileon"):
                calls.call(dat, "whileOn", ch, index, val, prev)
            if was_on and not on and calls.flag(dat, "ontooff"):
                calls.call(dat, "onOnToOff", ch, index, val, prev)
            if not on and not was_on and calls.flag(dat, "whileoff"):
                calls.call(dat, "whileOff", ch, index, val, prev)
            if val != prev and calls.flag(dat, "valuechange"):
                calls.call(dat, "onValueChange", ch, index, val, prev)
    dat._exec_chop = seen


# ---- DAT Execute: onTableChange(dat), onRowChange(dat, rows), onColChange(dat, cols),
# onCellChange(dat, cells, prev), onSizeChange(dat)
def _dat_execute(dat):
    seen = {}
    before = getattr(dat, "_exec_dat", {})
    for target in calls.watched(dat, "dat"):
        if target.family != "DAT":
            continue
        rows = [list(r) for r in target._rows()]
        seen[target._id] = rows
        old = before.get(target._id)
        if old is None or old == rows:
            continue
        if calls.flag(dat, "tablechange"):
            calls.call(dat, "onTableChange", target)
        size, old_size = (len(rows), max(map(len, rows), default=0)), (len(old), max(map(len, old), default=0))
        changed = [(r, c) for r in range(min(len(rows), len(old))) for c in range(min(len(rows[r]), len(old[r])))
                   if rows[r][c] != old[r][c]]
        if changed and calls.flag(dat, "rowchange"):
            calls.call(dat, "onRowChange", target, sorted({r for r, _c in changed}))
        if changed and calls.flag(dat, "colchange"):
            calls.call(dat, "onColChange", target, sorted({c for _r, c in changed}))
        if changed and calls.flag(dat, "cellchange"):
            calls.call(dat, "onCellChange", target, [target[r, c] for r, c in changed], [old[r][c] for r, c in changed])
        if size != old_size and calls.flag(dat, "sizechange"):
            calls.call(dat, "onSizeChange", target)
    dat._exec_dat = seen


# ---- Parameter Execute: onValueChange(par, val, prev), onPulse(par), onExpressionChange /
# onExportChange / onModeChange(par, val, prev)
def _parameter_execute(dat):
    seen = {}
    before = getattr(dat, "_exec_par", {})
    pats = calls.patterns(dat, "pars")
    custom, builtin = calls.flag(dat, "custom"), calls.flag(dat, "builtin")
    pulses = dat._world.pulsed
    for target in calls.watched(dat, "op"):
        for name, core in list(target._pars.items()):
            if not (custom if core.isCustom else builtin) or not any(naming.match(p, name) for p in pats):
                continue
            key = (target._id, name)
            if core.isPulse:
                if (target._id, name) in pulses and calls.flag(dat, "onpulse"):
                    calls.call(dat, "onPulse", handle(core))
                continue
            try:
                value = core.eval()
            except Exception:
                value = None
            state = (value, core._expr, core._mode)
            seen[key] = state
            old = before.get(key)
            if old is None:
                continue
            if state[0] != old[0] and calls.flag(dat, "valuechange"):
                _value_change(dat, handle(core), state[0], old[0])
            if state[1] != old[1] and calls.flag(dat, "expressionchange"):
                calls.call(dat, "onExpressionChange", handle(core), state[1], old[1])
            if state[2] != old[2] and calls.flag(dat, "modechange"):
                calls.call(dat, "onModeChange", handle(core), state[2], old[2])
    dat._exec_par = seen


def _value_change(dat, par, val, prev):
    # The class page gives onValueChange(par, val, prev); older default templates define
    # onValueChange(par, prev): a two-argument function gets (par, prev) (UNVERIFIED which builds).
    try:
        with dat._world.as_me(dat):
            fn = getattr(dat.module, "onValueChange", None)
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return
    if not callable(fn):
        return
    try:
        positional = [p for p in inspect.signature(fn).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        positional = [None, None, None]
    calls.call(dat, "onValueChange", *((par, prev) if len(positional) == 2 else (par, val, prev)))


# ---- OP Execute: onDestroy / onWireChange / onNameChange / onPathChange / onNumChildrenChange /
# onChildRename(changeOp), onFlagChange(changeOp, flag)
def _op_snapshot(target):
    inputs = tuple((s._id, i) if s is not None else None
                   for s, i in ((link if link else (None, None)) for link in target._inputs))
    return {"name": target._name, "path": target.path, "flags": dict(target._flags), "inputs": inputs,
            "children": sorted(getattr(target, "_children", {})),
            "kids": {c._id: c._name for c in getattr(target, "_children", {}).values()}}


def _op_execute(dat):
    seen = {}
    before = getattr(dat, "_exec_op", {})
    watched = {o._id: o for o in calls.watched(dat, "op")}
    for ident, (target, old) in before.items():
        if not target._valid and calls.flag(dat, "opdelete"):
            calls.call(dat, "onDestroy", target)
    for ident, target in watched.items():
        now = _op_snapshot(target)
        seen[ident] = (target, now)
        old = before.get(ident, (None, None))[1]
        if old is None:
            continue
        if now["name"] != old["name"] and calls.flag(dat, "namechange"):
            calls.call(dat, "onNameChange", target)
        if now["path"] != old["path"] and calls.flag(dat, "pathchange"):
            calls.call(dat, "onPathChange", target)
        if calls.flag(dat, "flagchange"):
            for flag, value in now["flags"].items():
                if old["flags"].get(flag) != value:
                    calls.call(dat, "onFlagChange", target, flag)
        if now["inputs"] != old["inputs"] and calls.flag(dat, "wirechange"):
            calls.call(dat, "onWireChange", target)
        if len(now["kids"]) != len(old["kids"]) and calls.flag(dat, "numchildrenchange"):
            calls.call(dat, "onNumChildrenChange", target)
        renamed = any(old["kids"].get(i) not in (None, n) for i, n in now["kids"].items())
        if renamed and calls.flag(dat, "childrename"):
            calls.call(dat, "onChildRename", target)
    dat._exec_op = seen
