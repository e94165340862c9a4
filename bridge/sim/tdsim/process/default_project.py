"""The project a fresh tdsim starts with.

Root '/' (a Base COMP, as the td module documents `root`), with /local (Base COMP) holding
/local/time (Time COMP), /perform (Window COMP) and /project1 (Container COMP, empty).
TouchDesigner's internal /sys and /ui trees are not emulated.
"""
from __future__ import annotations

from ..values.errors import tdError


def make_root(w):
    from ..create.create import type_class
    cls = type_class("baseCOMP")
    if cls is None:
        raise tdError("The catalog has no baseCOMP: cannot build the root")
    root = cls(None, "")
    w.root = root
    return root


def build_default_project(w):
    from ..create.create import _instantiate
    root = make_root(w)
    for name, op_type, parent in (("local", "baseCOMP", root), ("perform", "windowCOMP", root),
                                  ("project1", "containerCOMP", root)):
        if w.catalog.get(op_type) is not None:
            made = _instantiate(parent, op_type, name, exact_name=True)
            if name == "local" and w.catalog.get("timeCOMP") is not None:
                _instantiate(made, "timeCOMP", "time", exact_name=True)
    w.undo.clear()
    return root
