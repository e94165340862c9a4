"""td.passive(OP) (td Module: "Returns a passive version of the operator. Passive OPs do not cook
before their members are accessed") and OP.passive (OP Class: True for such a version).

A passive version is the same operator seen another way: it shares the operator's state, is an
instance of its type, compares equal to it, and answers `passive` True. tdsim cooks operators
from the frame loop only (op/cook.py), never because a member was read, so reading through the
passive version and through the operator give the same values, as they would in TouchDesigner
once the operator has cooked.
"""
from __future__ import annotations

from ..values.errors import tdError
from ..values.opbase import OPBase

_views: dict[type, type] = {}


def _view_class(cls):
    view = _views.get(cls)
    if view is None:
        def __eq__(self, other):
            return isinstance(other, OPBase) and other.__dict__ is self.__dict__

        def __hash__(self):
            return hash(self._of)  # equal to the operator, so the same hash

        view = type(cls.__name__, (cls,), {"__slots__": ("_of",), "passive": True, "__eq__": __eq__,
                                           "__hash__": __hash__, "__module__": cls.__module__,
                                           "__qualname__": cls.__qualname__})
        _views[cls] = view
    return view


def passive(op):
    if not isinstance(op, OPBase):
        raise tdError(f"passive() takes an operator, not {type(op).__name__}")
    if getattr(op, "passive", False):
        return op
    view = object.__new__(_view_class(type(op)))
    object.__setattr__(view, "__dict__", op.__dict__)
    object.__setattr__(view, "_of", op)
    return view
