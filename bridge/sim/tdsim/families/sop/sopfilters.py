"""Filter and data SOPs: Transform, Noise, Merge, Copy, Sort, Point, Facet, Null/In/Out, Select,
Switch, Add, Delete, Group, Attribute Create, CHOP to SOP, DAT to SOP (docs.derivative.ca/
<Name>_SOP). Each function takes the SOP and its input geometries (cooked) and returns a new
Geometry; None means the SOP cannot cook (it gets the cook model's error, the geometry is empty)."""
from __future__ import annotations

import math
import random

from ..top import renderpars as rp
from . import xform
from .geometry import Geometry

ORDERS = ("srt", "str", "rst", "rts", "tsr", "trs")
RORDS = ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx")


def _vec(op, names, fallback):
    return tuple(rp.number(op, n, f) for n, f in zip(names, fallback))


def xform_of(op, prefix=""):
    """The Xform parameters of a SOP (t, r, s, p, uniform `scale`, xord, rord) as a matrix."""
    return xform.compose(t=_vec(op, [prefix + "t" + a for a in "xyz"], (0, 0, 0)),
                         r=_vec(op, [prefix + "r" + a for a in "xyz"], (0, 0, 0)),
                         s=_vec(op, [prefix + "s" + a for a in "xyz"], (1, 1, 1)),
                         p=_vec(op, [prefix + "p" + a for a in "xyz"], (0, 0, 0)),
                         xord=rp.menu(op, prefix + "xord", ORDERS, "srt"), rord=rp.menu(op, prefix + "rord", RORDS, "xyz"),
                         uniform=rp.number(op, prefix + "scale", 1.0))


def _transformed(geo, m, points=None):
    out = geo.copy()
    chosen = range(len(geo.P)) if points is None else points
    for i in chosen:
        out.P[i] = xform.apply(m, geo.P[i])
        if out.N is not None:
            out.N[i] = xform.apply_vector(m, geo.N[i])
    return out


def _points_of_group(geo, pattern):
    """Point numbers a group field names (a primitive group selects the points of its prims)."""
    if not (pattern or "").strip():
        return None
    name = pattern.strip()
    if name in geo.groups and geo.groups[name][0] == "primitive":
        return sorted({v for i in geo.groups[name][1] for v in geo.prims[i][0]})
    return sorted(geo.group_members(pattern, "point") or ())


def transform(op, inputs):
    """Transform SOP: the input moved by its Xform page (in `xord`/`rord` order about the
    pivot), only the `group`'s points when one is named."""
    if not inputs:
        return None
    geo = inputs[0]
    return _transformed(geo, xform_of(op), _points_of_group(geo, rp.text(op, "group", "")))


def _noise3(x, y, z, seed):
    """Smooth value noise in -1..1 (tdsim's own, not TouchDesigner's sparse convolution noise)."""
    def lattice(ix, iy, iz):
        h = (ix * 73856093) ^ (iy * 19349663) ^ (iz * 83492791) ^ (seed * 2654435761)
        h &= 0xFFFFFFFF
        h = ((h >> 13) ^ h) * 0x5BD1E995 & 0xFFFFFFFF
        return (h & 0xFFFF) / 32767.5 - 1.0
    ix, iy, iz = math.floor(x), math.floor(y), math.floor(z)
    fx, fy, fz = x - ix, y - iy, z - iz
    sx, sy, sz = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy), fz * fz * (3 - 2 * fz)
    total = 0.0
    for dz in (0, 1):
        for dy in (0, 1):
            for dx in (0, 1):
                w = (sx if dx else 1 - sx) * (sy if dy else 1 - sy) * (sz if dz else 1 - sz)
                total += w * lattice(ix + dx, iy + dy, iz + dz)
    return total


def noise(op, inputs):
    """Noise SOP: each point's `attribute` (position by default; colour, normal, uv, alpha)
    moved by noise of its position transformed by the Xform page, over `period`, with
    `harmon` octaves (`spread`, `rough`), `exp` and `amp`. The noise is tdsim's value noise:
    TouchDesigner's sparse, hermite and harmonic types look different in detail (UNVERIFIED)."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    period = rp.number(op, "period", 1.0) or 1.0
    amp = rp.number(op, "amp", 1.0)
    seed = int(rp.number(op, "seed", 1))
    octaves = 1 + max(0, min(8, int(rp.number(op, "harmon", 2))))
    spread, rough, exponent = rp.number(op, "spread", 2.0), rp.number(op, "rough", 0.5), rp.number(op, "exp", 1.0)
    m = xform_of(op)
    attribute = rp.menu(op, "attribute", ("pos", "n", "cd", "alpha", "uv", "w"), "pos")
    chosen = _points_of_group(geo, rp.text(op, "group", ""))

    def value(p, channel):
        q = xform.apply(m, p)
        total, weight, freq, norm = 0.0, 1.0, 1.0 / period, 0.0
        for o in range(octaves):
            total += weight * _noise3(q[0] * freq + channel * 31.7, q[1] * freq, q[2] * freq, seed + o)
            norm += weight
            weight *= rough
            freq *= spread
        v = total / norm
        return math.copysign(abs(v) ** exponent, v) * amp
    for i in (range(len(geo.P)) if chosen is None else chosen):
        p = inputs[0].P[i]
        d = (value(p, 0), value(p, 1), value(p, 2))
        if attribute == "pos":
            geo.P[i] = (p[0] + d[0], p[1] + d[1], p[2] + d[2])
        elif attribute == "cd":
            cd = (geo.Cd or [(1.0, 1.0, 1.0, 1.0)] * len(geo.P))
            geo.Cd = list(cd)
            c = cd[i]
            geo.Cd[i] = (c[0] + d[0], c[1] + d[1], c[2] + d[2], c[3])
        elif attribute == "alpha":
            geo.Cd = list(geo.Cd or [(1.0, 1.0, 1.0, 1.0)] * len(geo.P))
            c = geo.Cd[i]
            geo.Cd[i] = (c[0], c[1], c[2], c[3] + d[0])
        elif attribute == "n":
            geo.N = list(geo.N or geo.point_normals())
            n = geo.N[i]
            geo.N[i] = xform.apply_vector(list(xform.IDENTITY), (n[0] + d[0], n[1] + d[1], n[2] + d[2]))
        elif attribute == "uv":
            geo.uv = list(geo.uv or [(0.0, 0.0, 0.0)] * len(geo.P))
            u = geo.uv[i]
            geo.uv[i] = (u[0] + d[0], u[1] + d[1], u[2] + d[2])
    return geo


def merge(op, inputs):
    """Merge SOP: every input's geometry, in input order."""
    geo = Geometry()
    for g in inputs:
        geo.merge(g)
    return geo


def copy(op, inputs):
    """Copy SOP: with a template (input 2), a copy of input 1 on each template point (moved by
    the point, and by the Xform page); without one, `ncy` copies, each transformed once more by
    the Xform page than the last."""
    if not inputs:
        return None
    source = inputs[0]
    out = Geometry()
    if len(inputs) > 1:
        base = xform_of(op)
        for p in inputs[1].P:
            m = xform.mul(xform.translate(*p), base)
            out.merge(_transformed(source, m))
        return out
    count = max(1, int(rp.number(op, "ncy", 2)))
    step = xform_of(op)
    m = list(xform.IDENTITY)
    for _ in range(count):
        out.merge(_transformed(source, m))
        m = xform.mul(step, m)
    return out


def _reordered(geo, order):
    """The geometry with its points renumbered: new point i is old point order[i]."""
    out = geo.copy()
    where = {old: new for new, old in enumerate(order)}
    out.P = [geo.P[i] for i in order]
    for name in ("N", "uv", "Cd"):
        col = getattr(geo, name)
        if col is not None:
            setattr(out, name, [col[i] for i in order])
    out.attrs = {k: [v[i] for i in order] for k, v in geo.attrs.items()}
    out.prims = [([where[v] for v in verts], closed) for verts, closed in geo.prims]
    return out


def sort(op, inputs):
    """Sort SOP: points by x, y or z, reversed, shifted by `pointoffset`, or shuffled by
    `pointseed`; primitives likewise by their centres."""
    if not inputs:
        return None
    geo = inputs[0]
    how = rp.menu(op, "ptsort", ("none", "vtxord", "byx", "byy", "byz", "rev", "seed", "shift", "prox", "vector"), "none")
    n = len(geo.P)
    order = list(range(n))
    if how in ("byx", "byy", "byz"):
        axis = "xyz".index(how[-1])
        order.sort(key=lambda i: geo.P[i][axis])
    elif how == "rev":
        order.reverse()
    elif how == "seed":
        random.Random(int(rp.number(op, "pointseed", 0))).shuffle(order)
    elif how == "shift" and n:
        k = int(rp.number(op, "pointoffset", 0)) % n
        order = order[k:] + order[:k]
    out = _reordered(geo, order)
    prim_how = rp.menu(op, "primsort", ("none", "byx", "byy", "byz", "bytype", "rev", "seed", "shift", "prox", "vector"), "none")
    prims = list(out.prims)
    if prim_how in ("byx", "byy", "byz"):
        axis = "xyz".index(prim_how[-1])
        prims.sort(key=lambda pr: sum(out.P[v][axis] for v in pr[0]) / max(1, len(pr[0])))
    elif prim_how == "rev":
        prims.reverse()
    elif prim_how == "seed":
        random.Random(int(rp.number(op, "primseed", 0))).shuffle(prims)
    out.prims = prims
    return out


def point(op, inputs):
    """Point SOP: sets each point's colour (`doclr` on: `diff` and `alpha`), normal (`donml`),
    texture coordinate (`douvw`) or position (`t`, given as numbers: TouchDesigner's local
    variables like $TX are not emulated); `remove` drops the attribute."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    n = len(geo.P)
    mode = rp.text(op, "doclr", "off")
    if mode == "on":
        geo.Cd = [(rp.number(op, "diffr", 1.0), rp.number(op, "diffg", 1.0), rp.number(op, "diffb", 1.0), rp.number(op, "alpha", 1.0))] * n
    elif mode == "remove":
        geo.Cd = None
    mode = rp.text(op, "donml", "off")
    if mode == "on":
        geo.N = [_vec(op, ("nx", "ny", "nz"), (0, 1, 0))] * n
    elif mode == "remove":
        geo.N = None
    mode = rp.text(op, "douvw", "off")
    if mode == "on":
        geo.uv = [_vec(op, ("mapu", "mapv", "mapw"), (0, 0, 0))] * n
    elif mode == "remove":
        geo.uv = None
    if any(not op._pars[k].isDefault for k in ("tx", "ty", "tz") if k in op._pars):
        geo.P = [_vec(op, ("tx", "ty", "tz"), (0, 0, 0))] * n
    return geo


def facet(op, inputs):
    """Facet SOP: `unique` gives every polygon its own points (faceted shading); `prenml` or
    `postnml` compute point normals from the polygons around each point."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    if rp.flag(op, "unique"):
        out = Geometry()
        for verts, closed in geo.prims:
            fn = geo.face_normal(verts) if closed and len(verts) > 2 else None
            new = [out.add_point(geo.P[v], fn if fn else (geo.N[v] if geo.N else None),
                                 geo.uv[v] if geo.uv else None, geo.Cd[v] if geo.Cd else None) for v in verts]
            out.add_prim(new, closed)
        geo = out
    if rp.flag(op, "prenml") or rp.flag(op, "postnml"):
        geo.N = geo.point_normals()
    return geo


def passthrough(op, inputs):
    """Null, Out: the input as it is."""
    return inputs[0] if inputs else None


def switch(op, inputs):
    """Switch SOP: the input at `input` (extend clamp, loop or zigzag)."""
    if not inputs:
        return None
    n = len(inputs)
    i = int(rp.number(op, "input", 0))
    mode = rp.menu(op, "extend", ("clamp", "loop", "zigzag"), "clamp")
    if mode == "loop":
        i %= n
    elif mode == "zigzag" and n > 1:
        i %= 2 * (n - 1)
        i = i if i < n else 2 * (n - 1) - i
    return inputs[min(max(i, 0), n - 1)]


def add(op, inputs):
    """Add SOP: the input (when `keep` or when wired) plus the points of the Point page (those
    blocks tdsim finds: `point<N>pos`) and polygons from the patterns of the Polygon page
    (`poly<N>pattern`, point numbers and ranges like "0-3 5"; closed with `poly<N>closed`), or all
    the points joined into one polygon (`add` all)."""
    geo = inputs[0].copy() if inputs else Geometry()
    k = 0
    while f"point{k}posx" in op._pars:
        geo.add_point(_vec(op, (f"point{k}posx", f"point{k}posy", f"point{k}posz"), (0, 0, 0)))
        k += 1
    k = 0
    added = False
    while f"poly{k}pattern" in op._pars:
        members = geo.group_members(rp.text(op, f"poly{k}pattern", ""), "point")
        if members:
            words = rp.text(op, f"poly{k}pattern", "").replace(",", " ").split()
            order = []
            for w in words:
                if "-" in w:
                    a, b = w.split("-", 1)
                    try:
                        order += list(range(int(a), int(b) + 1))
                    except ValueError:
                        pass
                elif w.isdigit():
                    order.append(int(w))
            order = [v for v in order if 0 <= v < len(geo.P)] or sorted(members)
            geo.add_prim(order, rp.flag(op, f"poly{k}closed", True))
            added = True
        k += 1
    if not added and rp.text(op, "add", "") == "all" and geo.P:
        geo.add_prim(range(len(geo.P)), rp.flag(op, "closedall", False))
    return geo


def delete(op, inputs):
    """Delete SOP: removes the primitives (or points, by `entity`) a number pattern (`pattern`,
    e.g. "0-3 7") or a `group` selects; `negate` keep deletes the others."""
    if not inputs:
        return None
    geo = inputs[0]
    entity = rp.menu(op, "entity", ("primitive", "point"), "primitive")
    pattern = rp.text(op, "pattern", "") if rp.flag(op, "usenumber") or rp.text(op, "pattern", "") else ""
    chosen = geo.group_members(pattern, entity) if pattern else None
    group = geo.group_members(rp.text(op, "group", ""), entity)
    selected = (chosen or set()) | (group or set())
    if rp.menu(op, "negate", ("dele", "keep"), "dele") == "keep":
        count = len(geo.P) if entity == "point" else len(geo.prims)
        selected = set(range(count)) - selected
    out = geo.copy()
    if entity == "primitive":
        out.prims = [pr for i, pr in enumerate(geo.prims) if i not in selected]
        return out
    keep = [i for i in range(len(geo.P)) if i not in selected]
    out = _reordered(geo, keep + sorted(selected))
    out.prims = [pr for pr in out.prims if all(v < len(keep) for v in pr[0])]
    out.P = out.P[:len(keep)]
    for name in ("N", "uv", "Cd"):
        col = getattr(out, name)
        if col is not None:
            setattr(out, name, col[:len(keep)])
    return out


def group(op, inputs):
    """Group SOP: a group named `crname` of the primitives (or points) the number `pattern`
    selects (all when empty)."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    entity = rp.menu(op, "entity", ("primitive", "point"), "primitive")
    name = rp.text(op, "crname", "") or "group1"
    pattern = rp.text(op, "pattern", "") or "*"
    geo.groups[name] = (entity, geo.group_members(pattern, entity) or set())
    return geo


def attributecreate(op, inputs):
    """Attribute Create SOP: point normals from the polygons around each point (Compute
    Normals, on unless turned off)."""
    if not inputs:
        return None
    geo = inputs[0].copy()
    if rp.flag(op, "compnml", True):
        geo.N = geo.point_normals()
    return geo


def chopto(op, inputs):
    """CHOP to SOP: one point per sample of the CHOP in `chop`; channels named tx, ty, tz (or
    x, y, z, or P(0) P(1) P(2)) give the positions, r g b a the colour, nx ny nz the normal,
    u v the texture coordinate; without position channels the first three channels are x, y, z.
    With an input, its points are moved instead (as many as there are samples)."""
    chop = rp.reference(op, "chop")
    if chop is None or not getattr(chop, "isCHOP", False):
        return inputs[0] if inputs else Geometry()
    chans = {c.name: list(c.vals) for c in chop.chans()}
    if not chans:
        return inputs[0] if inputs else Geometry()
    names = list(chans)
    n = max(len(v) for v in chans.values())

    def column(*choices):
        for c in choices:
            if c in chans:
                return chans[c]
        return None
    px = column("tx", "x", "P(0)")
    py = column("ty", "y", "P(1)")
    pz = column("tz", "z", "P(2)")
    if px is None and py is None and pz is None:
        px, py, pz = [chans[names[k]] if k < len(names) else None for k in range(3)]

    def at(col, i, fallback=0.0):
        return float(col[min(i, len(col) - 1)]) if col else fallback
    geo = inputs[0].copy() if inputs else Geometry()
    r, g, b, a = column("r", "Cd(0)"), column("g", "Cd(1)"), column("b", "Cd(2)"), column("a", "Cd(3)")
    for i in range(n):
        p = (at(px, i), at(py, i), at(pz, i))
        cd = (at(r, i, 1.0), at(g, i, 1.0), at(b, i, 1.0), at(a, i, 1.0)) if (r or g or b or a) else None
        if inputs and i < len(geo.P):
            geo.P[i] = p
        else:
            geo.add_point(p, cd=cd)
    if not inputs and n > 1:
        geo.add_prim(range(n), closed=False)
    return geo


def datto(op, inputs):
    """DAT to SOP: points from the table in `pointsdat` (a header row naming P(0) P(1) P(2), or
    x y z / tx ty tz, and optionally Cd(0..3), N(0..2), uv(0..2)); primitives from `primsdat`
    (a `vertices` column of point numbers, `close` 1 for polygons); without one, each row of
    points makes one open polygon."""
    dat = rp.reference(op, "pointsdat")
    geo = Geometry()
    if dat is None or not getattr(dat, "isDAT", False):
        return inputs[0] if inputs else geo
    rows = dat._rows()
    if not rows:
        return geo
    head = [h.strip() for h in rows[0]]

    def idx(*names):
        for n in names:
            if n in head:
                return head.index(n)
        return None
    cols = [idx("P(0)", "x", "tx"), idx("P(1)", "y", "ty"), idx("P(2)", "z", "tz")]
    body = rows[1:] if any(c is not None for c in cols) else rows
    if all(c is None for c in cols):
        cols = [0, 1, 2]
    cd = [idx("Cd(0)", "r"), idx("Cd(1)", "g"), idx("Cd(2)", "b"), idx("Cd(3)", "a")]

    def num(row, c, fallback=0.0):
        try:
            return float(row[c]) if c is not None and c < len(row) else fallback
        except ValueError:
            return fallback
    for row in body:
        colour = tuple(num(row, c, 1.0) for c in cd) if any(c is not None for c in cd) else None
        geo.add_point(tuple(num(row, c) for c in cols), cd=colour)
    prims = rp.reference(op, "primsdat")
    if prims is not None and getattr(prims, "isDAT", False) and prims._rows():
        prows = prims._rows()
        ph = [h.strip() for h in prows[0]]
        vi = ph.index("vertices") if "vertices" in ph else None
        ci = ph.index("close") if "close" in ph else None
        for row in prows[1:]:
            if vi is None or vi >= len(row):
                continue
            verts = [int(v) for v in row[vi].split() if v.isdigit() and int(v) < len(geo.P)]
            if verts:
                geo.add_prim(verts, closed=(ci is not None and ci < len(row) and row[ci].strip() == "1"))
    elif len(geo.P) > 1:
        geo.add_prim(range(len(geo.P)), closed=False)
    return geo


FILTERS = {"transformSOP": transform, "noiseSOP": noise, "mergeSOP": merge, "copySOP": copy, "sortSOP": sort,
           "pointSOP": point, "facetSOP": facet, "nullSOP": passthrough, "outSOP": passthrough,
           "switchSOP": switch, "addSOP": add, "deleteSOP": delete, "groupSOP": group,
           "attributecreateSOP": attributecreate, "choptoSOP": chopto, "dattoSOP": datto}
