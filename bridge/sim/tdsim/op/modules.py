"""DATs as Python modules: `import datName`, `mod.datName`, `mod(path)` (MOD Class), and the td
names as globals of `__main__` (what TouchDesigner's textport runs in).

MOD Class, Search Path: "The current component is searched first. If the DAT is not found, the
local/modules component of the current component is then searched. Next the local/modules
component of each parent is successively searched. If the DAT is still not found, None is
returned." `import datName` looks for the DAT the same way and, when there is none, uses "the
regular file system search path". The current component is the network of the running `me`
(the DAT whose module or callback runs); without one, the root (UNVERIFIED: the textport's is
the current pane's).
"""
from __future__ import annotations

import builtins

from ..process.runtime import world


def _dat_child(comp, name):
    child = getattr(comp, "_children", {}).get(name) if comp is not None else None
    return child if child is not None and child.family == "DAT" else None


def _local_modules(comp):
    local = getattr(comp, "_children", {}).get("local")
    return getattr(local, "_children", {}).get("modules") if local is not None else None


def find_module_dat(name, me=None):
    """The DAT `import name` / `mod.name` means when run by `me`, or None."""
    w = world()
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

    def __init__(self, origin=None):
        self._origin = origin  # OP.mod searches from that operator; td.mod from the running `me`

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        dat = find_module_dat(name, self._origin)
        return dat.module if dat is not None else None

    def __call__(self, path):
        from .shortcuts import OpShortcut, _network_of
        origin = self._origin
        dat = OpShortcut((lambda: _network_of(origin)) if origin is not None else None)(path)
        # UNVERIFIED: a path to something that is not a DAT gives None too.
        return dat.module if dat is not None and dat.family == "DAT" else None

    def __repr__(self):
        return "<td.mod>"


mod = MOD()


def _import(name, globals=None, locals=None, fromlist=(), level=0):
    if level == 0 and name and "." not in name:
        dat = find_module_dat(name)
        if dat is not None:
            return dat.module
    return builtins.__import__(name, globals, locals, fromlist, level)


# The builtins of every DAT module, run() script and expression: Python's, with an import that
# finds DATs first. Shared (one dict), so namespaces stay cheap to make.
BUILTINS = dict(vars(builtins))
BUILTINS["__import__"] = _import


def install_main_globals(main=None):
    """Put the td names (op, me, parent, ui, project, tdu, mod, ...) in `__main__`'s globals, as
    they are in TouchDesigner's textport. The host does this once it has its project."""
    import sys

    import td
    if main is None:
        main = sys.modules["__main__"]
    main.__dict__.update(td.public_namespace())
