"""DATs as Python modules: `import datName`, `mod.datName`, `mod(path)` (MOD Class).

MOD Class, Search Path: "The current component is searched first. If the DAT is not found, the
local/modules component of the current component is then searched. Next the local/modules
component of each parent is successively searched. If the DAT is still not found, None is
returned." `import datName` looks for the DAT the same way and, when there is none, uses "the
regular file system search path" (the import every expression and DAT module runs with is the
expression namespace's, process/expressions.py). The current component is the network of the
running `me` (the DAT whose module or callback runs); without one, the root (UNVERIFIED: the
textport's is the current pane's).
"""
from __future__ import annotations

from .shortcuts import OpShortcut, network_of


def _dat_child(comp, name):
    child = getattr(comp, "_children", {}).get(name) if comp is not None else None
    return child if child is not None and child.family == "DAT" else None


def _local_modules(comp):
    local = getattr(comp, "_children", {}).get("local")
    return getattr(local, "_children", {}).get("modules") if local is not None else None


def find_module_dat(w, name, me=None):
    """The DAT `import name` / `mod.name` means when run by `me` (in `w`, the running one by
    default), or None."""
    if me is None:
        me = w.me
    if me is None:
        current = w.root
    else:
        current = me._parent if me._parent is not None else me
    found = _dat_child(current, name)
    comp = current
    while found is None and comp is not None:
        found = _dat_child(_local_modules(comp), name)
        comp = comp._parent
    return found


class MOD:
    """td.mod: `mod.datName` and `mod('path/to/dat')` give the DAT's module (None when there is
    no such DAT, as documented)."""

    def __init__(self, origin=None, world=None):
        self._origin = origin  # OP.mod searches from that operator; td.mod from the running `me`
        self._world = world    # callable returning the world whose `me` td.mod follows

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        origin = self._origin
        dat = find_module_dat(origin._world if origin is not None else self._world(), name, origin)
        return dat.module if dat is not None else None

    def __call__(self, path):
        origin = self._origin
        if origin is not None:
            dat = OpShortcut(lambda: network_of(origin._world, origin))(path)
        else:
            dat = OpShortcut(world=self._world)(path)
        # UNVERIFIED: a path to something that is not a DAT gives None too.
        return dat.module if dat is not None and dat.family == "DAT" else None

    def __repr__(self):
        return "<td.mod>"
