"""The project a fresh tdsim starts with.

Root '/' (a Base COMP, as the td module documents `root`), with /local (Base COMP) holding
/local/time (Time COMP), /perform (Window COMP) and /project1 (Container COMP, empty).
TouchDesigner's internal /sys and /ui trees are not emulated.
"""
from __future__ import annotations


def build_default_project(w):
    make = w.factory.instantiate
    root = w.factory.make_root()
    for name, op_type, parent in (("local", "baseCOMP", root), ("perform", "windowCOMP", root),
                                  ("project1", "containerCOMP", root)):
        if w.catalog.get(op_type) is not None:
            made = make(parent, op_type, name, exact_name=True)
            if name == "local" and w.catalog.get("timeCOMP") is not None:
                make(made, "timeCOMP", "time", exact_name=True)
    w.undo.clear()
    return root
