"""Which TOPs feed a TOP: its wired inputs (through a COMP's Out TOP), what an In TOP's parent is
fed, the TOP a Select TOP names."""
from __future__ import annotations

from ...op.connectors import wired_source
from .renderpars import reference


def source_top(op, index):
    """The TOP wired into input `index` (through a COMP's Out TOP when a COMP is wired)."""
    return wired_source(op, index, "TOP")


# TOPs whose picture comes from a TOP a parameter names: a Select TOP, a Depth TOP (its Render
# TOP), a Render Select TOP.
REFERENCING = {"selectTOP": "top", "depthTOP": "rendertop", "renderselectTOP": "top", "opviewerTOP": "opviewer"}


def wired_sources(top) -> list:
    """The TOPs feeding `top`, in input order (unwired inputs skipped). An In TOP is fed by
    what is wired into the matching input of its parent COMP, a Select TOP by the TOP its `top`
    parameter names (a Depth TOP by its Render TOP, a Render Select TOP by its `top`)."""
    if top.OPType in REFERENCING:
        target = reference(top, REFERENCING[top.OPType])
        usable = target is not None and target is not top and getattr(target, "isTOP", False)
        return [target] if usable else []
    if top.OPType == "inTOP":
        parent = top._parent
        ins = parent._io_ops("in") if parent is not None else []
        index = next((i for i, o in enumerate(ins) if o is top), None)
        source = source_top(parent, index) if index is not None else None
        return [source] if source is not None else []
    found = (source_top(top, i) for i in range(len(top._inputs)))
    wired = [s for s in found if s is not None]
    if top.OPType == "layoutTOP":
        # Layout TOP: "the TOPs specified in the TOP parameter will appear before the TOPs of the
        # wired inputs if both are used".
        return _named_tops(top, "top") + wired
    return wired


def _named_tops(top, name):
    par = top._pars.get(name)
    if par is None:
        return []
    try:
        found = par.evalOPs()
    except Exception:
        return []
    return [o for o in found if o is not top and getattr(o, "isTOP", False)]
