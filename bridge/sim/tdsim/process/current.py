"""The current emulated process, and what follows it.

`world()` is the current World, made with the default project on first use; `reset()` replaces
it (tests start from a fresh project this way). The td module's members that act on the running
`me` or on the project (op, opex, ops, parent, iop, ipar, ext, mod, absTime, run, isMainThread,
and root, project, app, ui, me, families, runs, sysinfo, monitors, looked up on each access)
follow the current world, so tdsim.reset() is seen everywhere; td/__init__.py re-exports them.

`public_namespace(w)` is what every expression and DAT module of a world starts from: the td
module's members. The td and tdu modules themselves are above this layer: the td module puts
both in (`install_modules`) when it is imported.
"""
from __future__ import annotations

import builtins
import threading

from ..create.create import type_class
from ..families.chop.channel import Channel
from ..families.chop.chop import CHOP
from ..families.comp.comp import COMP
from ..families.dat.dat import DAT, Cell
from ..families.dat.webservers import stop_all
from ..families.mat import MAT
from ..families.pop import POP
from ..families.sop import SOP
from ..families.top.top import TOP
from ..op.connectors import Connector
from ..op.extensions import Ext
from ..op.internal import iop_of, ipar_of
from ..op.modules import MOD
from ..op.op import OP
from ..op.passive import passive
from ..op.shortcuts import OpexShortcut, OpShortcut, OpsShortcut, ParentShortcut
from ..par.pages import Page
from ..par.par import Par
from ..par.parcollections import ParCollection, ParGroup
from ..values.catalog import FAMILIES, catalog
from ..values.errors import tdAttributeError, tdError
from ..values.modes import ParMode
from . import artist
from .appui import AbsTime, PaneType
from .default_project import build_default_project
from .frameloop import Run
from .runtime import World

_world = None
_lock = threading.Lock()
_installed = False  # the td names are in Python's builtins (install_builtins)


def world() -> World:
    global _world
    if _world is None:
        with _lock:
            if _world is None:
                w = World(public_namespace)
                _world = w
                build_default_project(w)
                if _installed:
                    _publish_world(w)
    return _world


def reset(state_path: str | None = None) -> World:
    """Start a fresh emulated process with the default project (or a saved state)."""
    global _world
    if _world is not None:
        stop_all(_world)  # no listening socket outlives its emulated process
    artist.reset()
    with _lock:
        w = World(public_namespace)
        _world = w
        if state_path:
            w.storage.load_state(state_path)
        else:
            build_default_project(w)
    if _installed:
        _publish_world(w)
    return w


# ---- the td members that follow the current world ------------------------------------------------
op = OpShortcut(world=world)
opex = OpexShortcut(world=world)
ops = OpsShortcut(world=world)
parent = ParentShortcut(world=world)
absTime = AbsTime(world)
iop = iop_of(world=world)    # relative to the running `me`, as the td Module's versions are
ipar = ipar_of(world=world)
ext = Ext(world=world)
mod = MOD(world=world)


def run(script, *args, endFrame=False, fromOP=None, asParameter=False, group=None,
        delayFrames=0, delayMilliSeconds=0, delayRef=None):
    """Run a script string or a callable on the main thread after delayFrames frames."""
    w = world()
    return w.loop.schedule(script, args, fromOP if fromOP is not None else w.me, delayFrames,
                           delayMilliSeconds, group)


def debug(*args):
    print(*args)


def isMainThread():
    return threading.get_ident() == world().main_thread


def families(w):
    """td.families: the operator classes of each family."""
    return {f: [type_class(w.catalog, t) for t in w.catalog.types(f)] for f in FAMILIES}


DYNAMIC = ("root", "project", "app", "ui", "me", "families", "runs", "sysinfo", "monitors")


def dynamic_member(name):
    """One of DYNAMIC, of the current world."""
    w = world()
    if name == "families":
        return families(w)
    if name == "runs":
        return w.loop.runs
    return getattr(w, name)


STATIC = {
    "op": op, "opex": opex, "ops": ops, "parent": parent, "absTime": absTime, "run": run,
    "debug": debug, "isMainThread": isMainThread, "ParMode": ParMode, "tdError": tdError,
    "tdAttributeError": tdAttributeError, "OP": OP, "COMP": COMP, "TOP": TOP, "CHOP": CHOP,
    "SOP": SOP, "POP": POP, "DAT": DAT, "MAT": MAT, "Par": Par, "ParGroup": ParGroup, "Page": Page,
    "ParCollection": ParCollection, "Connector": Connector, "Cell": Cell, "Run": Run,
    "Channel": Channel, "PaneType": PaneType, "mod": mod, "iop": iop, "ipar": ipar, "ext": ext,
    "passive": passive,
}
MODULES: dict = {}  # "td" and "tdu", put in by the td module
_base: dict = {}


def install_modules(**modules):
    """The td module gives itself and tdu: expressions see them as `td` and `tdu`."""
    MODULES.update(modules)


def public_namespace(w) -> dict:
    """The globals a DAT module or a parameter expression of `w` sees (a fresh dict each call)."""
    if not _base:
        for t in w.catalog.types():
            _base[t] = type_class(w.catalog, t)
        _base.update(STATIC)
        _base["families"] = families(w)
    ns = dict(_base)
    ns.update(MODULES)
    ns.update({"root": w.root, "project": w.project, "app": w.app, "ui": w.ui, "me": w.me,
               "sysinfo": w.sysinfo, "monitors": w.monitors})
    return ns


# ---- the td names in every script's reach ---------------------------------------------------------
# td Module page: "All td module members and methods are imported when the application launches and
# are automatically available in scripts, expressions, and the textport." Importing td is tdsim's
# application launch: it puts the members into Python's builtins, so any code of the process sees
# them whatever globals it was given (a script the bridge runs with exec() and its own dict, a
# module imported from a file), every time, not only once a host has filled `__main__`. The names
# that follow the process (root, project, app, ui, sysinfo, monitors, families) are put in again by
# reset(); `me` follows the operator being run (World.as_me).
def install_builtins():
    global _installed
    cat = catalog()
    names = {t: type_class(cat, t) for t in cat.types()}
    names.update(STATIC)
    names.update(MODULES)
    vars(builtins).update(names)
    _installed = True
    if _world is not None:
        _publish_world(_world)


def _publish_world(w):
    vars(builtins).update({"root": w.root, "project": w.project, "app": w.app, "ui": w.ui,
                           "sysinfo": w.sysinfo, "monitors": w.monitors, "families": families(w),
                           "me": w.me})
    w.publish_me = _publish_me


def _publish_me(op):
    vars(builtins)["me"] = op
