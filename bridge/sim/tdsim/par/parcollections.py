"""ParCollection (op.par), ParGroup and ParGroupCollection (op.parGroup); pages are pages.py's."""
from __future__ import annotations

from ..values import naming
from ..values.errors import tdAttributeError, tdError
from .par import handle


class ParCollection:
    """op.par: parameters by scalar name. op.par.tx reads, op.par.tx = 1 sets the constant value."""
    __slots__ = ("_op",)

    def __init__(self, op):
        object.__setattr__(self, "_op", op)

    def _get(self, name):
        op = object.__getattribute__(self, "_op")
        p = op._pars.get(name)
        if p is None:
            raise tdAttributeError(f"'td.ParCollection' object has no attribute '{name}'")
        return handle(p)  # a new Par on every access, as in TouchDesigner

    def __getattr__(self, name):
        return self._get(name)

    def __setattr__(self, name, value):
        self._get(name).val = value

    def __getitem__(self, name):
        return self._get(name)

    def __setitem__(self, name, value):
        self._get(name).val = value

    def __iter__(self):
        return iter([handle(p) for p in object.__getattribute__(self, "_op")._pars.values()])

    def __len__(self):
        return len(object.__getattribute__(self, "_op")._pars)

    def __contains__(self, name):
        return name in object.__getattribute__(self, "_op")._pars


class ParGroup:
    """The parameters drawn on one line under one label, e.g. resolution = resolutionw, resolutionh."""

    def __init__(self, op, name, pars, page=None):
        self._op = op
        self._name = name
        self._pars = list(pars)
        self._page = page
        for p in self._pars:
            object.__setattr__(p, "_group", self)  # past ParCore's __setattr__ (custom members only)

    owner = property(lambda self: self._op)
    name = property(lambda self: self._name)
    baseName = property(lambda self: self._name)
    page = property(lambda self: self._page)
    size = property(lambda self: len(self._pars))
    style = property(lambda self: self._pars[0].style if self._pars else None)
    label = property(lambda self: self._pars[0].label if self._pars else self._name)
    isCustom = property(lambda self: bool(self._pars) and self._pars[0].isCustom)
    valid = property(lambda self: all(p.valid for p in self._pars))
    suffixes = property(lambda self: [p.name[len(self._name):] for p in self._pars])

    def pars(self, pattern="*"):
        return [handle(p) for p in self._pars if naming.match(pattern, p.name)]

    def __getitem__(self, index):
        return handle(self._pars[index])

    def __len__(self):
        return len(self._pars)

    def __iter__(self):
        return iter([handle(p) for p in self._pars])

    def _each(self, attr):
        return tuple(getattr(p, attr) for p in self._pars)

    @property
    def val(self):
        return self._each("val")

    @val.setter
    def val(self, values):
        values = list(values) if isinstance(values, (list, tuple)) else [values] * len(self._pars)
        if len(values) != len(self._pars):
            raise tdError(f"ParGroup '{self._name}' takes {len(self._pars)} values, got {len(values)}")
        for p, v in zip(self._pars, values):
            p.val = v

    def eval(self):
        return tuple(p.eval() for p in self._pars)

    @property
    def default(self):
        return self._each("default")

    @property
    def isDefault(self):
        return all(p.isDefault for p in self._pars)

    @property
    def mode(self):
        return self._each("mode")

    @property
    def expr(self):
        return self._each("expr")

    @property
    def bindExpr(self):
        return self._each("bindExpr")

    def reset(self):
        return any([p.reset() for p in self._pars])

    def destroy(self):
        for p in list(self._pars):
            p.destroy()

    def __repr__(self):
        return f"type:ParGroup name:{self._name} owner:{self._op.path}"


class ParGroupCollection:
    __slots__ = ("_op",)

    def __init__(self, op):
        object.__setattr__(self, "_op", op)

    def _get(self, name):
        g = object.__getattribute__(self, "_op")._groups.get(name)
        if g is None:
            raise tdAttributeError(f"'td.ParGroupCollection' object has no attribute '{name}'")
        return g

    def __getattr__(self, name):
        return self._get(name)

    def __setattr__(self, name, value):
        self._get(name).val = value

    def __getitem__(self, name):
        return self._get(name)

    def __iter__(self):
        return iter(list(object.__getattribute__(self, "_op")._groups.values()))
