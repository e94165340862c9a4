"""Extensions (Extensions page of a COMP; COMP Class `extensions`, `initializeExtensions`, OP Class
`ext`).

Each block of a COMP's `ext` sequence has an Object (`extNobject`, a Python expression such as
`op('./myExt').module.MyExt(me)`, run with `me` = the COMP), a Name (`extNname`; empty means the
object's class name) and Promote (`extNpromote`: the object's members starting with a capital
letter are reachable on the COMP itself, `op('comp1').Scale`). `me.ext.Name` "searches for parent
extensions": from the operator's own component up through its parents.

tdsim builds a COMP's extensions when they are first asked for and again whenever an extension
parameter changes or initializeExtensions() is called (UNVERIFIED: TouchDesigner builds them when
the COMP is created or loaded and on Re-Init Extensions). An Object that fails to evaluate raises
its error to the caller.
"""
from __future__ import annotations

import re

from ..values.errors import tdAttributeError
from ..values.modes import ParMode

_BLOCK = re.compile(r"^ext(\d+)object$")


def _signature(comp):
    return tuple((n, p._mode, p._val, p._expr) for n, p in sorted(comp._pars.items())
                 if n.startswith("ext") and n != "ext")


def _source(p):
    return p._expr if p._mode == ParMode.EXPRESSION else (p._val if isinstance(p._val, str) else "")


def _blocks(comp):
    out = []
    for pname in comp._pars:
        m = _BLOCK.match(pname)
        if m is not None:
            out.append(int(m.group(1)))
    return sorted(out)


def build(comp, index=None):
    """(Re)build the extensions of comp; index limits it to one block. Returns what was built."""
    state = getattr(comp, "_ext_state", None)
    entries = dict(state[1]) if state is not None and index is not None else {}
    for n in _blocks(comp):
        if index is not None and n != index:
            continue
        source = _source(comp._pars["ext%dobject" % n]).strip()
        if not source:
            entries.pop(n, None)
            continue
        obj = comp._world.expressions.evaluate(source, comp)
        name_par = comp._pars.get("ext%dname" % n)
        name = (name_par.eval() if name_par is not None else "") or type(obj).__name__
        promote_par = comp._pars.get("ext%dpromote" % n)
        entries[n] = (name, obj, bool(promote_par.eval()) if promote_par is not None else False)
    comp._ext_state = (_signature(comp), entries)
    return [obj for _n, (_name, obj, _p) in sorted(entries.items())]


def entries(comp):
    """[(name, object, promoted)] of comp, built (again) when its extension parameters changed."""
    state = getattr(comp, "_ext_state", None)
    if state is None or state[0] != _signature(comp):
        build(comp)
        state = comp._ext_state
    return [e for _n, e in sorted(state[1].items())]


def promoted(comp, name):
    """A promoted extension member of comp, or raise AttributeError."""
    if name[:1].isupper() and not name.startswith("_"):
        for _ext_name, obj, promote in entries(comp):
            if promote and hasattr(obj, name):
                return getattr(obj, name)
    raise AttributeError(name)


class Ext:
    """OP.ext: `ext.Name` is the nearest extension called Name on the operator's component or a
    parent of it."""

    def __init__(self, origin=None, world=None):
        self._origin = origin  # None: td.ext, which follows the running `me`
        self._world = world    # callable returning the world whose `me` to follow, without an origin

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        origin = self._origin
        if origin is None:
            w = self._world()
            origin = w.me or w.root
        comp = origin if origin.isCOMP else origin._parent
        while comp is not None:
            for ext_name, obj, _promote in entries(comp):
                if ext_name == name:
                    return obj
            comp = comp._parent
        raise tdAttributeError(f"No extension '{name}' on {origin.path} or its parents")

    def __repr__(self):
        return "<td.Ext>"
