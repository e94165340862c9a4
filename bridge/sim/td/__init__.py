"""td: the TouchDesigner Python module as emulated by tdsim.

This is NOT TouchDesigner: `td.app.product` is 'tdsim'. It offers the members the svc bridge
and ordinary scripts use (see bridge/sim/README.md for the list and every known difference).
Members that change with the emulated process (root, project, app, ui, me, families, runs,
sysinfo, monitors) are
looked up on each access, so tdsim.reset() is seen everywhere.
"""
from __future__ import annotations

import threading

from tdsim.process.appui import AbsTime, PaneType
from tdsim.families.chop.channel import Channel
from tdsim.families.comp.comp import COMP
from tdsim.op.connectors import Connector
from tdsim.families.dat.dat import DAT, Cell
from tdsim.values.errors import tdAttributeError, tdError
from tdsim.families.sop import CHOP, MAT, POP, SOP
from tdsim.process.frameloop import Run
from tdsim.values.modes import ParMode
from tdsim.op.extensions import Ext as _Ext
from tdsim.op.internal import iop_of as _iop_of, ipar_of as _ipar_of
from tdsim.op.modules import mod
from tdsim.op.op import OP
from tdsim.par.par import Par
from tdsim.par.parcollections import Page, ParCollection, ParGroup
from tdsim.process.runtime import world as _world
from tdsim.op.shortcuts import OpexShortcut, OpShortcut, OpsShortcut, ParentShortcut
from tdsim.families.top.top import TOP

op = OpShortcut()
opex = OpexShortcut()
ops = OpsShortcut()
parent = ParentShortcut()
absTime = AbsTime()
iop = _iop_of()    # relative to the running `me`, as the td Module's versions are
ipar = _ipar_of()
ext = _Ext()

_DYNAMIC = ("root", "project", "app", "ui", "me", "families", "runs", "sysinfo", "monitors")


def run(script, *args, endFrame=False, fromOP=None, asParameter=False, group=None,
        delayFrames=0, delayMilliSeconds=0, delayRef=None):
    """Run a script string or a callable on the main thread after delayFrames frames."""
    from tdsim.process.frameloop import schedule
    return schedule(script, args, me=fromOP, delay_frames=delayFrames,
                    delay_ms=delayMilliSeconds, group=group)


def debug(*args):
    print(*args)


def isMainThread():
    return threading.get_ident() == _world().main_thread


def _families():
    from tdsim.create.create import type_class
    cat = _world().catalog
    return {f: [type_class(t) for t in cat.types(f)] for f in ("TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP")}


def __getattr__(name):
    if name in _DYNAMIC:
        w = _world()
        if name == "families":
            return _families()
        if name == "runs":
            return w.loop.runs
        if name == "me":
            return w.me
        return getattr(w, name)
    from tdsim.create.create import type_class
    cls = type_class(name) if name[:1].islower() else None
    if cls is not None:
        return cls
    raise AttributeError(f"module 'td' has no attribute '{name}'")


_STATIC = {
    "op": op, "opex": opex, "ops": ops, "parent": parent, "absTime": absTime, "run": run,
    "debug": debug, "isMainThread": isMainThread, "ParMode": ParMode, "tdError": tdError,
    "tdAttributeError": tdAttributeError, "OP": OP, "COMP": COMP, "TOP": TOP, "CHOP": CHOP,
    "SOP": SOP, "POP": POP, "DAT": DAT, "MAT": MAT, "Par": Par, "ParGroup": ParGroup, "Page": Page,
    "ParCollection": ParCollection, "Connector": Connector, "Cell": Cell, "Run": Run,
    "Channel": Channel, "PaneType": PaneType, "mod": mod, "iop": iop, "ipar": ipar, "ext": ext,
}
_base: dict = {}


def public_namespace() -> dict:
    """The globals a DAT module or a parameter expression sees (a fresh dict each call)."""
    import sys
    import tdu
    from tdsim.create.create import type_class
    if not _base:
        for t in _world().catalog.types():
            _base[t] = type_class(t)
        _base.update(_STATIC)
        _base.update({"families": _families(), "tdu": tdu, "td": sys.modules[__name__]})
    w = _world()
    ns = dict(_base)
    ns.update({"root": w.root, "project": w.project, "app": w.app, "ui": w.ui, "me": w.me,
               "sysinfo": w.sysinfo, "monitors": w.monitors})
    return ns
