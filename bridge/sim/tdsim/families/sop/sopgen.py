"""Generator SOPs: Box, Sphere, Grid, Torus, Tube, Circle, Line, Rectangle, Superquad, Text, as
their pages document them (docs.derivative.ca/<Name>_SOP). Each function takes the SOP and returns
a Geometry. Starting values the kb does not know are the fallbacks at each read (ASSUMPTION,
UNVERIFIED: they are TouchDesigner's as tdsim remembers them: radius 1, 10 rows, 20 columns...)."""
from __future__ import annotations

import math

from ..top import renderpars as rp
from ..top.font import glyph
from . import xform
from .geometry import Geometry

AXES = {"x": 0, "y": 1, "z": 2}


def _vec(op, names, fallback):
    return tuple(rp.number(op, n, f) for n, f in zip(names, fallback))


def _place(geo, op, rotate=True):
    """Moves the geometry by the generator's `t` (and `r` in `rord` order where it has one)."""
    t = _vec(op, ("tx", "ty", "tz"), (0, 0, 0))
    r = _vec(op, ("rx", "ry", "rz"), (0, 0, 0)) if rotate else (0, 0, 0)
    if t == (0, 0, 0) and r == (0, 0, 0):
        return geo
    m = xform.compose(t=t, r=r, rord=rp.menu(op, "rord", ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx"), "xyz"))
    geo.P = [xform.apply(m, p) for p in geo.P]
    if geo.N is not None:
        geo.N = [xform.apply_vector(m, n) for n in geo.N]
    return geo


def _orient(p, orient, default="y"):
    """A point made with its axis along y, turned so the axis is along `orient` (x, y or z)."""
    x, y, z = p
    if orient == "x":
        return (y, -x, z)
    if orient == "z":
        return (x, -z, y)
    return p


def _plane(u, v, orient):
    """A point of a plane: xy (facing z), yz (facing x) or zx (facing y)."""
    if orient == "yz":
        return (0.0, u, v), (1.0, 0.0, 0.0)
    if orient == "zx":
        return (v, 0.0, u), (0.0, 1.0, 0.0)
    return (u, v, 0.0), (0.0, 0.0, 1.0)


def box(op):
    """Box SOP: 8 points and 6 outward quads of `size`, times the uniform scale `s`, rotated and
    moved; uv per face corner is not emulated (uv off)."""
    sx, sy, sz = _vec(op, ("sizex", "sizey", "sizez"), (1, 1, 1))
    k = rp.number(op, "s", 1.0)
    hx, hy, hz = sx * k / 2, sy * k / 2, sz * k / 2
    g = Geometry()
    for z in (-hz, hz):
        for y in (-hy, hy):
            for x in (-hx, hx):
                g.add_point((x, y, z))
    for quad in ((0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)):
        g.add_prim(quad)
    return _place(g, op)


def _mesh(g, rows, cols, point, wrap_u=False, uv=True):
    """A rows x cols grid of points from point(i, j) -> (P, N), quads between them; with wrap_u
    the columns close round (a sphere, a tube)."""
    base = len(g.P)
    for i in range(rows):
        for j in range(cols):
            p, n = point(i, j)
            g.add_point(p, n, (j / max(1, cols - (0 if wrap_u else 1)), i / max(1, rows - 1), 0.0) if uv else None)
    last_col = cols if wrap_u else cols - 1
    for i in range(rows - 1):
        for j in range(last_col):
            a = base + i * cols + j
            b = base + i * cols + (j + 1) % cols
            c = base + (i + 1) * cols + (j + 1) % cols
            d = base + (i + 1) * cols + j
            g.add_prim((a, b, c, d))


def sphere(op):
    """Sphere SOP: a polygon sphere of `rad` (x, y, z radii), `rows` rings pole to pole and
    `cols` around, its poles on `orient` (y); normals out; moved by `t`, turned by `r`."""
    rx, ry, rz = _vec(op, ("radx", "rady", "radz"), (1, 1, 1))
    rows = max(3, int(rp.number(op, "rows", 10)))
    cols = max(3, int(rp.number(op, "cols", 20)))
    orient = rp.menu(op, "orient", ("x", "y", "z"), "y")
    g = Geometry()

    def point(i, j):
        theta = math.pi * i / (rows - 1)
        phi = 2 * math.pi * j / cols
        d = (math.sin(theta) * math.cos(phi), -math.cos(theta), math.sin(theta) * math.sin(phi))
        p = _orient((d[0] * rx, d[1] * ry, d[2] * rz), orient)
        n = _orient((d[0] / rx, d[1] / ry, d[2] / rz), orient)
        length = math.sqrt(sum(c * c for c in n)) or 1.0
        return p, tuple(c / length for c in n)
    _mesh(g, rows, cols, point, wrap_u=True)
    # outward winding: the quads above run counter-clockwise seen from outside
    g.prims = [(list(reversed(v)), c) for v, c in g.prims]
    return _place(g, op)


def grid(op):
    """Grid SOP: `rows` x `cols` points over `size` in the `orient` plane (xy by default), quads
    between them, uv 0-1 across; moved by `t`."""
    sx, sy = _vec(op, ("sizex", "sizey"), (1, 1))
    rows = max(2, int(rp.number(op, "rows", 10)))
    cols = max(2, int(rp.number(op, "cols", 10)))
    orient = rp.menu(op, "orient", ("xy", "yz", "zx"), "xy")
    g = Geometry()

    def point(i, j):
        u = (j / (cols - 1) - 0.5) * sx
        v = (i / (rows - 1) - 0.5) * sy
        return _plane(u, v, orient)
    _mesh(g, rows, cols, point)
    return _place(g, op, rotate=False)


def rectangle(op):
    """Rectangle SOP: one quad of `size` in the `orient` plane, uv 0-1."""
    sx, sy = _vec(op, ("sizex", "sizey"), (1, 1))
    orient = rp.menu(op, "orient", ("xy", "yz", "zx"), "xy")
    g = Geometry()
    for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)):
        p, n = _plane((u - 0.5) * sx, (v - 0.5) * sy, orient)
        g.add_point(p, n, (u, v, 0.0))
    g.add_prim((0, 1, 2, 3))
    return _place(g, op, rotate=False)


def torus(op):
    """Torus SOP: radii `rad` (ring, tube), `rows` round the tube and `cols` round the ring, its
    axis on `orient` (y)."""
    big, small = _vec(op, ("radx", "rady"), (1, 0.5))
    rows = max(3, int(rp.number(op, "rows", 10)))
    cols = max(3, int(rp.number(op, "cols", 20)))
    orient = rp.menu(op, "orient", ("x", "y", "z"), "y")
    g = Geometry()
    base = len(g.P)
    for i in range(rows):
        a = 2 * math.pi * i / rows
        for j in range(cols):
            b = 2 * math.pi * j / cols
            n = (math.cos(a) * math.cos(b), math.sin(a), math.cos(a) * math.sin(b))
            p = ((big + small * math.cos(a)) * math.cos(b), small * math.sin(a), (big + small * math.cos(a)) * math.sin(b))
            g.add_point(_orient(p, orient), _orient(n, orient), (j / cols, i / rows, 0.0))
    for i in range(rows):
        for j in range(cols):
            a = base + i * cols + j
            b = base + i * cols + (j + 1) % cols
            c = base + ((i + 1) % rows) * cols + (j + 1) % cols
            d = base + ((i + 1) % rows) * cols + j
            g.add_prim((d, c, b, a))
    return _place(g, op, rotate=False)


def tube(op):
    """Tube SOP: radii `rad1` (bottom) and `rad2` (top), `height`, `rows` rings and `cols` round,
    along `orient` (y), centred; end caps with `cap`."""
    r1, r2 = _vec(op, ("rad1", "rad2"), (1, 1))
    height = rp.number(op, "height", 1.0)
    rows = max(2, int(rp.number(op, "rows", 2)))
    cols = max(3, int(rp.number(op, "cols", 12)))
    orient = rp.menu(op, "orient", ("x", "y", "z"), "y")
    g = Geometry()
    slope = (r1 - r2) / height if height else 0.0

    def point(i, j):
        t = i / (rows - 1)
        r = r1 + (r2 - r1) * t
        phi = 2 * math.pi * j / cols
        n = (math.cos(phi), slope, math.sin(phi))
        length = math.sqrt(sum(c * c for c in n))
        return _orient((r * math.cos(phi), (t - 0.5) * height, r * math.sin(phi)), orient), _orient(tuple(c / length for c in n), orient)
    _mesh(g, rows, cols, point, wrap_u=True)
    g.prims = [(list(reversed(v)), c) for v, c in g.prims]
    if rp.flag(op, "cap"):
        g.add_prim(list(range(cols)))
        g.add_prim(list(reversed(range((rows - 1) * cols, rows * cols))))
    return _place(g, op)


def circle(op):
    """Circle SOP: a polygon of `divs` points round radii `rad` in the `orient` plane (xy),
    closed, or an open or closed arc between the begin and end angles."""
    rx, ry = _vec(op, ("radx", "rady"), (1, 1))
    divs = max(3, int(rp.number(op, "divs", 12)))
    orient = rp.menu(op, "orient", ("xy", "yz", "zx"), "xy")
    arc = rp.menu(op, "arc", ("closed", "openarc", "closedarc", "slicedarc"), "closed")
    a0, a1 = rp.number(op, "beginangle", 0.0), rp.number(op, "endangle", 360.0)
    g = Geometry()
    full = arc == "closed"
    n = divs if full else divs + 1
    for i in range(n):
        a = math.radians(a0 + (a1 - a0) * i / divs) if not full else 2 * math.pi * i / divs
        p, nrm = _plane(rx * math.cos(a), ry * math.sin(a), orient)
        g.add_point(p, nrm)
    verts = list(range(n))
    if arc == "slicedarc":
        centre, nrm = _plane(0.0, 0.0, orient)
        verts.append(g.add_point(centre, nrm))
    g.add_prim(verts, closed=arc != "openarc")
    return _place(g, op, rotate=False)


def line(op):
    """Line SOP: `points` points evenly from `pa` to `pb`, one open polygon."""
    a = _vec(op, ("pax", "pay", "paz"), (0, 0, 0))
    b = _vec(op, ("pbx", "pby", "pbz"), (0, 1, 0))
    n = max(2, int(rp.number(op, "points", 2)))
    g = Geometry()
    for i in range(n):
        t = i / (n - 1)
        g.add_point(tuple(a[k] + (b[k] - a[k]) * t for k in range(3)))
    g.add_prim(range(n), closed=False)
    return g


def superquad(op):
    """Superquad SOP: a superellipsoid of radii `rad` with the exponents `expxy` (round the
    axis) and `expz` (along it); 1 and 1 make a sphere, below 1 a rounded box."""
    rx, ry, rz = _vec(op, ("radx", "rady", "radz"), (1, 1, 1))
    exy, ez = rp.number(op, "expxy", 1.0), rp.number(op, "expz", 1.0)
    rows = max(3, int(rp.number(op, "rows", 16)))
    cols = max(3, int(rp.number(op, "cols", 16)))
    orient = rp.menu(op, "orient", ("x", "y", "z"), "y")

    def sp(v, e):
        return math.copysign(abs(v) ** e, v)
    g = Geometry()

    def point(i, j):
        theta = -math.pi / 2 + math.pi * i / (rows - 1)
        phi = 2 * math.pi * j / cols
        p = (rx * sp(math.cos(theta), ez) * sp(math.cos(phi), exy), ry * sp(math.sin(theta), ez),
             rz * sp(math.cos(theta), ez) * sp(math.sin(phi), exy))
        return _orient(p, orient), None
    _mesh(g, rows, cols, point, wrap_u=True)
    g.prims = [(list(reversed(v)), c) for v, c in g.prims]
    g.N = g.point_normals()
    return _place(g, op, rotate=False)


def text(op):
    """Text SOP: the `text` as filled squares of tdsim's 5x7 bitmap font (capitals; not the
    font's outlines: UNVERIFIED look), `fontsizey` units high, centred, in the xy plane."""
    words = rp.text(op, "text", "") or ""
    size = rp.number(op, "fontsizey", 1.0) or 1.0
    cell = size / 7.0
    g = Geometry()
    lines = words.upper().split("\n")
    height = len(lines) * 9 * cell
    for row, line_text in enumerate(lines):
        width = len(line_text) * 6 * cell
        for k, ch in enumerate(line_text):
            cells = glyph(ch)
            for gy in range(7):
                for gx in range(5):
                    if cells[gy * 5 + gx] == "1":
                        x0 = -width / 2 + (k * 6 + gx) * cell
                        y0 = height / 2 - (row * 9 + gy + 1) * cell
                        base = len(g.P)
                        for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1)):
                            g.add_point((x0 + dx * cell, y0 + dy * cell, 0.0), (0.0, 0.0, 1.0))
                        g.add_prim(range(base, base + 4))
    return _place(g, op)


GENERATORS = {"boxSOP": box, "sphereSOP": sphere, "gridSOP": grid, "rectangleSOP": rectangle,
              "torusSOP": torus, "tubeSOP": tube, "circleSOP": circle, "lineSOP": line,
              "superquadSOP": superquad, "textSOP": text}
