"""td: the TouchDesigner Python module as emulated by tdsim.

This is NOT TouchDesigner: `td.app.product` is 'tdsim'. It offers the members the svc bridge
and ordinary scripts use (see bridge/sim/README.md for the list and every known difference).
Its members are those of tdsim.process.current, which follow the current emulated process:
members that change with it (root, project, app, ui, me, families, runs, sysinfo, monitors)
are looked up on each access, so tdsim.reset() is seen everywhere. Importing td puts it, and
tdu, into the globals of every expression and DAT module.
"""
from __future__ import annotations

import sys

import tdu
from tdsim.process import current
from tdsim.process.current import (
    CHOP, COMP, DAT, MAT, OP, POP, SOP, TOP, Cell, Channel, Connector, Page, PaneType, Par, ParCollection,
    ParGroup, ParMode, Run, absTime, debug, ext, iop, ipar, isMainThread, mod, op, opex, ops, parent, passive,
    run, tdAttributeError, tdError)

__all__ = [
    "CHOP", "COMP", "DAT", "MAT", "OP", "POP", "SOP", "TOP", "Cell", "Channel", "Connector", "Page",
    "PaneType", "Par", "ParCollection", "ParGroup", "ParMode", "Run", "absTime", "debug", "ext", "iop",
    "ipar", "isMainThread", "mod", "op", "opex", "ops", "parent", "passive", "run", "tdAttributeError", "tdError",
]


def __getattr__(name):
    if name in current.DYNAMIC:
        return current.dynamic_member(name)
    cls = current.world().factory.type_class(name) if name[:1].islower() else None
    if cls is not None:
        return cls
    raise AttributeError(f"module 'td' has no attribute '{name}'")


def public_namespace() -> dict:
    """The globals a DAT module or a parameter expression sees (a fresh dict each call)."""
    return current.public_namespace(current.world())


current.install_modules(td=sys.modules[__name__], tdu=tdu)
current.install_builtins()
