"""iop and ipar: Internal Operator and Internal Parameter shortcuts (OP Class; Internal Operators,
Internal Parameters pages).

A COMP names internal operators on its Common page, in the `iop` sequence: Internal OP Shortcut
N (`iopNshortcut`) and Internal OP N (`iopNop`). "ipar.Name searches up in the parent components'
hierarchy until it finds a component with a matching Internal OP Shortcut name. From there it
finds the Base COMP that holds the set of parameters": `ipar.Name` is that operator's parameters
(`ipar.Effect.Size`), `iop.Name` the operator itself. The search starts at the operator's own
component (a COMP starts at itself; UNVERIFIED) and an unknown name raises AttributeError, as
`op.Name` does for a Global OP Shortcut.
"""
from __future__ import annotations

import re

from ..values.errors import tdAttributeError

_SHORTCUT = re.compile(r"^iop(\d+)shortcut$")


def _internal_op(start, name):
    comp = start
    while comp is not None:
        for pname, p in list(getattr(comp, "_pars", {}).items()):
            m = _SHORTCUT.match(pname)
            if m is None:
                continue
            try:
                shortcut = p.eval()
            except Exception:
                continue
            if shortcut == name:
                target = comp._pars.get("iop%sop" % m.group(1))
                found = target.eval() if target is not None else None
                if found is not None:
                    return found
        comp = comp._parent
    return None


class _InternalShortcut:
    def __init__(self, origin=None, pars=False, world=None):
        self._origin = origin  # the operator to search from; None follows the running `me`
        self._pars = pars
        self._world = world    # callable returning the world whose `me` to follow, without an origin

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        start = self._origin
        if start is None:
            w = self._world()
            start = w.me if w.me is not None else w.root
        if not start.isCOMP:
            start = start._parent
        found = _internal_op(start, name)
        if found is None:
            kind = "parameter" if self._pars else "operator"
            raise tdAttributeError(f"No internal {kind} shortcut '{name}'")
        return found.par if self._pars else found

    def __repr__(self):
        return "<td.%s>" % ("ipar" if self._pars else "iop")


def iop_of(origin=None, world=None):
    return _InternalShortcut(origin, pars=False, world=world)


def ipar_of(origin=None, world=None):
    return _InternalShortcut(origin, pars=True, world=world)
