"""The shortcut objects behind op(), opex(), ops() and parent().

Each is bound to a function giving the operator it works from: the global td versions follow
the current `me` (the operator whose callback, expression or script is running), so a
relative path is looked up next to `me`, as in TouchDesigner; without any `me` they work from
the root. `op.Name` finds a Global OP Shortcut and `parent.Name` a Parent Shortcut.

The world searched is the origin operator's; a shortcut that follows the running `me` has none,
and is given a function returning its world instead (`world`).
"""
from __future__ import annotations

from ..values import paths
from ..values.errors import tdAttributeError, tdError


def network_of(w, me):
    """The COMP in which relative paths given by `me` are resolved (its parent network)."""
    if me is None:
        return w.root
    parent = me._parent
    return parent if parent is not None else me


def _shortcut_name(comp, par_name):
    """The shortcut text of a COMP (raw: the kb styles these parameters as references)."""
    p = comp._pars.get(par_name)
    if p is None:
        return ""
    try:
        value = p._raw_eval()
    except Exception:
        return ""
    return value if isinstance(value, str) else ""


def _global_shortcut(w, name):
    for candidate in list(w.ops.values()):
        if candidate._valid and candidate.isCOMP and _shortcut_name(candidate, "opshortcut") == name:
            return candidate
    return None


def _dot_base(patterns, here):
    """A path starting with `./` starts at the running operator itself, not its network: an
    extension's Object is `op('./myExt').module.MyExt(me)` with myExt inside the COMP
    (Extensions page; UNVERIFIED beyond that documented use)."""
    if here is not None and patterns and all(
            isinstance(p, str) and (p.strip() == "." or p.strip().startswith("./")) for p in patterns):
        return here
    return None


class _Finder:
    """Where op()/opex()/ops() start looking."""

    def __init__(self, origin=None, here=None, world=None):
        self._origin = origin  # callable returning the COMP to search from, or None for `me`
        self._here = here      # callable returning the operator `./` means (default: `me`)
        self._world = world    # callable returning the world, when there is no origin

    def _w(self):
        return self._world() if self._origin is None else self._origin()._world

    def _base(self, patterns=()):
        if self._here:
            here = self._here()
        else:
            here = self._w().me if self._origin is None else None
        dot = _dot_base(patterns, here)
        if dot is not None:
            return dot
        if self._origin:
            return self._origin()
        w = self._w()
        return network_of(w, w.me)


class OpShortcut(_Finder):
    """op(): the first match or None."""

    def __call__(self, *patterns, includeUtility=False):
        return paths.find_first(self._w(), self._base(patterns), patterns)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        found = _global_shortcut(self._w(), name)
        if found is None:
            raise tdAttributeError(f"No global operator shortcut '{name}'")
        return found

    def __iter__(self):
        for candidate in list(self._w().ops.values()):
            if candidate._valid and candidate.isCOMP and _shortcut_name(candidate, "opshortcut"):
                yield _shortcut_name(candidate, "opshortcut")


class OpexShortcut(OpShortcut):
    """opex(): like op() but raises td.tdError when nothing matches."""

    def __call__(self, *patterns, includeUtility=False):
        found = paths.find_first(self._w(), self._base(patterns), patterns)
        if found is None:
            raise tdError(f"Operator not found: {' '.join(str(p) for p in patterns)}")
        return found


class OpsShortcut(_Finder):
    def __call__(self, *patterns, includeUtility=False):
        return paths.find_all(self._w(), self._base(patterns), patterns)


class ParentShortcut:
    """parent(n): the nth parent COMP; parent.Name: the nearest parent with that Parent Shortcut."""

    def __init__(self, origin=None, world=None):
        self._origin = origin  # callable returning the operator to climb from
        self._world = world    # callable returning the world whose `me` to climb from, without one

    def _start(self):
        return self._origin() if self._origin else self._world().me

    def __call__(self, n=1):
        node = self._start()
        if node is None:
            return None
        for _ in range(int(n)):
            node = node._parent
            if node is None:
                return None
        return node

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        node = self._start()
        node = node._parent if node is not None else None
        while node is not None:
            if _shortcut_name(node, "parentshortcut") == name:
                return node
            node = node._parent
        raise tdAttributeError(f"No parent with shortcut '{name}'")
