"""POP: point operators (td.POP), TouchDesigner's current 3D family, cooked into the same geometry
store as SOPs (sop/geometry.py) and drawn by the Render TOP the same way.

Generators (docs.derivative.ca/<Name>_POP): Box, Sphere (a grid sphere for every `type`:
geodesic spheres are UNVERIFIED in look), Grid, Plane, Rectangle, Torus, Tube, Circle, Line, Point
Generator (`numpoints` random points in or on a sphere, box, ...), Text; filters: Transform, Noise
(`amp` times noise added to P, or to the named attribute), Random, Merge, Null, In, Out, Switch,
Select, Copy, Facet, Sort, Delete, CHOP to, DAT to, SOP to. Their parameters are read under the
SOP names the shared cooks use (`_Alias`); the kb has every POP default from a live dump."""
from __future__ import annotations

import math
import random

from ..op.op import OP
from .sop import GeometryCook, geometry_of
from .sop import sopfilters as sf
from .sop import sopgen as sg
from .sop.geometry import Geometry
from .top import renderpars as rp


class _Alias:
    """A POP seen with some parameters under the names a SOP cook reads."""

    def __init__(self, pop, names):
        self._pars = dict(pop._pars)
        for sop_name, pop_name in names.items():
            if pop_name in pop._pars:
                self._pars[sop_name] = pop._pars[pop_name]
        self.OPType, self._world, self.path = pop.OPType, pop._world, pop.path


def _via(cook, names=None, filter_=False):
    if filter_:
        return lambda pop, inputs: cook(_Alias(pop, names or {}), inputs)
    return lambda pop: cook(_Alias(pop, names or {}))


def _scaled(cook, names=None):
    """A generator whose uniform `scale` multiplies the shape (POP Xform pages)."""
    def draw(pop):
        geo = cook(_Alias(pop, names or {}))
        k = rp.number(pop, "scale", 1.0)
        if k != 1.0:
            geo.P = [(x * k, y * k, z * k) for x, y, z in geo.P]
        return geo
    return draw


def line(pop):
    """Line POP: the points of its Points sequence (`pt<N>pos`) joined in order, closed with
    `closed`; two points (0,0,0)-(1,0,0) without any."""
    geo = Geometry()
    k = 0
    while f"pt{k}posx" in pop._pars:
        geo.add_point(tuple(rp.number(pop, f"pt{k}pos{a}") for a in "xyz"))
        k += 1
    if not geo.P:
        geo.add_point((0.0, 0.0, 0.0))
        geo.add_point((1.0, 0.0, 0.0))
    geo.add_prim(range(len(geo.P)), closed=rp.flag(pop, "closed"))
    return geo


def point_generator(pop):
    """Point Generator POP: `numpoints` points (at most 1,000,000) in the volume or on the surface
    of its `shape` (sphere, box, ...; others as a box), random by `seed`, each a point primitive."""
    n = max(0, min(1_000_000, int(rp.number(pop, "numpoints", 10000))))
    rng = random.Random(rp.number(pop, "seed", 1.0))
    shape = rp.text(pop, "shape", "sphere")
    surface = rp.text(pop, "distribution", "volume") == "surface"
    rx, ry, rz = (rp.number(pop, "radius" + a, 1.0) for a in "xyz")
    sx, sy, sz = (rp.number(pop, "size" + a, 1.0) for a in "xyz")
    geo = Geometry()
    for _ in range(n):
        if shape == "sphere":
            d = [rng.gauss(0, 1) for _k in range(3)]
            length = math.sqrt(sum(c * c for c in d)) or 1.0
            r = 1.0 if surface else rng.random() ** (1 / 3)
            p = (d[0] / length * r * rx, d[1] / length * r * ry, d[2] / length * r * rz)
        else:
            p = ((rng.random() - 0.5) * sx, (rng.random() - 0.5) * sy, (rng.random() - 0.5) * sz)
        geo.P.append(p)
    geo.prims = [([i], True) for i in range(n)]
    m = sf.xform_of(pop)
    geo.P = [sf.xform.apply(m, p) for p in geo.P]
    return geo


def noise(pop, inputs):
    """Noise POP: noise of each point's position over `period` (times `amp`, plus `offset`)
    combined with P by `combineop` (add by default, mult, set)."""
    if not inputs:
        return None
    alias = _Alias(pop, {})
    geo = sf.noise(alias, inputs)
    op = rp.text(pop, "combineop", "add")
    if op == "mult" and geo is not None:
        geo.P = [tuple(a * (1 + (b - a)) for a, b in zip(p, q)) for p, q in zip(inputs[0].P, geo.P)]
    return geo


def random_pop(pop, inputs):
    """Random POP: a random offset per point (uniform in -0.5..0.5 times `amp`, by `seed`) added
    to P (`combineop` add; set replaces it)."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    rng = random.Random(rp.number(pop, "seed", 1.0))
    amp = rp.number(pop, "amp", 1.0)
    setting = rp.text(pop, "combineop", "add") == "set"
    geo.P = [tuple((0.0 if setting else c) + (rng.random() - 0.5) * amp for c in p) for p in geo.P]
    return geo


def sopto(pop, inputs):
    """SOP to POP: the geometry of the SOP in `sop`."""
    sop = rp.reference(pop, "sop")
    return geometry_of(sop) if sop is not None and getattr(sop, "family", "") == "SOP" else Geometry()


def switch(pop, inputs):
    return sf.switch(_Alias(pop, {"input": "index"}), inputs)


GENERATORS = {
    "boxPOP": _scaled(sg.box, {"s": "scale"}), "spherePOP": _scaled(sg.sphere), "gridPOP": _scaled(sg.grid),
    "planePOP": _scaled(sg.grid, {"sizex": "sizeu", "sizey": "sizev"}),
    "rectanglePOP": _scaled(sg.rectangle, {"sizex": "sizeu", "sizey": "sizev"}),
    "torusPOP": _scaled(sg.torus), "tubePOP": _scaled(sg.tube, {"rad1": "radx", "rad2": "rady"}),
    "circlePOP": _scaled(sg.circle), "linePOP": line, "pointgeneratorPOP": point_generator,
    "textPOP": _via(sg.text, {"fontsizey": "fontsizey"}),
}
FILTERS = {
    "transformPOP": _via(sf.transform, filter_=True), "noisePOP": noise, "randomPOP": random_pop,
    "mergePOP": _via(sf.merge, filter_=True), "nullPOP": sf.passthrough, "outPOP": sf.passthrough,
    "switchPOP": switch, "copyPOP": _via(sf.copy, filter_=True), "facetPOP": _via(sf.facet, {"unique": "uniquepoints"}, True),
    "sortPOP": _via(sf.sort, {"ptsort": "ptmethod"}, True), "deletePOP": _via(sf.delete, {"negate": "invert"}, True),
    "choptoPOP": _via(sf.chopto, filter_=True), "dattoPOP": _via(sf.datto, filter_=True), "soptoPOP": sopto,
}


class POP(GeometryCook, OP):
    family = "POP"
    _generators = GENERATORS
    _filters = FILTERS
    _select_par = "pop"
