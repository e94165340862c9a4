"""SOP: geometry operators (td.SOP). tdsim cooks the SOPs artists use most (sopgen.py: box,
sphere, grid, torus, tube, circle, line, rectangle, superquad, text; sopfilters.py: transform,
noise, merge, copy, sort, point, facet, null, in, out, select, switch, add, delete, group,
attribute create, CHOP to SOP, DAT to SOP) into tdsim's geometry store (geometry.py), which the
Render TOP draws; any other SOP type passes its first input on (or is empty) and says so with a
`tdsim-not-cooked` warning. A cook is kept for the rest of the frame (process/derived.py)."""
from __future__ import annotations

from ...op.connectors import wired_source
from ...op.op import OP
from .geometry import Geometry
from .sopfilters import FILTERS
from .sopgen import GENERATORS

MAX_DEPTH = 64


def geometry_of(op, depth=0):
    """The cooked Geometry of a SOP or POP (empty for anything else or past the depth limit)."""
    cook = getattr(op, "_geometry", None)
    return cook(depth) if cook is not None else Geometry()


class Point:
    """SOP Class `points[i]`: a point's index and attributes (read-only in tdsim)."""
    __slots__ = ("_geo", "index")

    def __init__(self, geo, index):
        self._geo, self.index = geo, index

    P = property(lambda self: self._geo.P[self.index])
    x = property(lambda self: self._geo.P[self.index][0])
    y = property(lambda self: self._geo.P[self.index][1])
    z = property(lambda self: self._geo.P[self.index][2])
    N = property(lambda self: self._geo.N[self.index] if self._geo.N is not None else None)
    Cd = property(lambda self: self._geo.Cd[self.index] if self._geo.Cd is not None else None)
    uv = property(lambda self: self._geo.uv[self.index] if self._geo.uv is not None else None)


class Prim:
    """SOP Class `prims[i]`: a primitive's index, its points and whether it is closed."""
    __slots__ = ("_geo", "index")

    def __init__(self, geo, index):
        self._geo, self.index = geo, index

    def __len__(self):
        return len(self._geo.prims[self.index][0])

    @property
    def points(self):
        return [Point(self._geo, v) for v in self._geo.prims[self.index][0]]

    @property
    def closed(self):
        return self._geo.prims[self.index][1]


class GeometryCook:
    """Cooking into the geometry store, shared by SOPs and POPs: `_generators` and `_filters`
    map an operator type to its cook, `_select_par` names the Select operator's reference."""
    _generators: dict = {}
    _filters: dict = {}
    _select_par = "sop"

    def _inputs_geometry(self, depth):
        out = []
        family = self.family
        if self.OPType == "in" + family:
            parent = self._parent
            ins = parent._io_ops("in") if parent is not None else []
            index = next((i for i, o in enumerate(ins) if o is self), None)
            source = wired_source(parent, index, family) if index is not None else None
            return [geometry_of(source, depth + 1)] if source is not None else []
        if self.OPType == "select" + family:
            p = self._pars.get(self._select_par)
            try:
                target = p.eval() if p is not None else None
            except Exception:
                target = None
            if target is not None and target is not self and getattr(target, "family", "") in ("SOP", "POP"):
                return [geometry_of(target, depth + 1)]
            return []
        for i in range(len(self._inputs)):
            source = wired_source(self, i, family)
            if source is not None:
                out.append(geometry_of(source, depth + 1))
        return out

    def _geometry(self, depth=0):
        derived = self._world.derived
        known = derived.get(self, "geometry")
        if known is not None:
            return known
        if depth > MAX_DEPTH:
            return Geometry()
        inputs = self._inputs_geometry(depth)
        kind = self.OPType
        geo = None
        try:
            if self._flags["bypass"]:
                geo = inputs[0] if inputs else Geometry()
            elif kind in self._generators:
                geo = self._generators[kind](self)
                if inputs and _has(self, "modifybounds"):
                    geo = _fit_bounds(geo, inputs[0])
            elif kind in self._filters:
                geo = self._filters[kind](self, inputs)
            else:
                geo = inputs[0] if inputs else None
        except Exception:     # a parameter that cannot be read: the cook model reports it
            geo = None
        geo = geo if geo is not None else Geometry()
        derived.put(self, "geometry", geo)
        return geo

    def _cooked_here(self):
        return (self.OPType in self._generators or self.OPType in self._filters
                or self.OPType in ("in" + self.family, "select" + self.family))

    def _rule_warnings(self):
        out = super()._rule_warnings()
        if not self._cooked_here():
            out.append(f"tdsim-not-cooked: tdsim does not cook a {self.OPType}; it passes its first input on")
        return out

    # ---- SOP Class / POP Class ------------------------------------------------------------------
    @property
    def points(self):
        geo = self._geometry()
        return [Point(geo, i) for i in range(len(geo.P))]

    @property
    def prims(self):
        geo = self._geometry()
        return [Prim(geo, i) for i in range(len(geo.prims))]

    @property
    def numPoints(self):
        return len(self._geometry().P)

    @property
    def numPrims(self):
        return len(self._geometry().prims)

    @property
    def numVertices(self):
        return sum(len(v) for v, _c in self._geometry().prims)


class SOP(GeometryCook, OP):
    family = "SOP"
    _generators = GENERATORS
    _filters = FILTERS


def _has(op, name):
    p = op._pars.get(name)
    try:
        return bool(p.eval()) if p is not None else False
    except Exception:
        return False


def _fit_bounds(geo, reference):
    """Modify Bounds: the generated shape scaled and moved to the input's bounding box."""
    (ax, ay, az), (bx, by, bz) = reference.bounds()
    (cx, cy, cz), (dx, dy, dz) = geo.bounds()
    scale = [((b - a) / (d - c)) if d != c else 1.0 for a, b, c, d in ((ax, bx, cx, dx), (ay, by, cy, dy), (az, bz, cz, dz))]
    out = geo.copy()
    out.P = [tuple(a + (p[i] - c) * s for i, (a, c, s) in enumerate(zip((ax, ay, az), (cx, cy, cz), scale))) for p in geo.P]
    return out
