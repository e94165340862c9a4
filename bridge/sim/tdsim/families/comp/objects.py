"""3D objects: Geometry, Camera, Light and Ambient Light COMPs as the Render TOP reads them.

World transform (Xform and Pre-Xform pages, docs.derivative.ca/Geometry_COMP): the parent object's
world transform (the COMP wired into this one's top connector, `parentxformsrc` hierarchy), times
the pre-transform (when `pxform` is on), times the transform (`t r s p scale` in `xord`/`rord`
order); `lookat` turns the object's -z towards another object (its `up` vector, +y by default).
Camera (Camera_COMP): perspective with a horizontal or vertical field of view in degrees, or
orthographic `orthowidth` wide; `near`/`far`. Light (Light_COMP): point, cone (`coneangle`,
`conedelta`) or distant, colour times `dimmer`, attenuation. Instancing (Instance pages): one
instance per sample of a CHOP, row of a DAT, point of a SOP or pixel of a TOP named by `instanceop`
(or the per-attribute OPs), translate/rotate/scale/colour/texture coordinate from the named
channels, columns, attributes or colour channels (r, g, b, a of a TOP)."""
from __future__ import annotations

import math
from array import array

from ..sop import geometry_of, xform
from ..top import renderpars as rp

ORDERS = ("srt", "str", "rst", "rts", "tsr", "trs")
RORDS = ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx")
MAX_INSTANCES = 1_000_000      # tdsim's bound: more are cut off (a warning says so)


def _vec(op, names, fallback):
    return tuple(rp.number(op, n, f) for n, f in zip(names, fallback))


def local_matrix(comp):
    m = xform.compose(t=_vec(comp, ("tx", "ty", "tz"), (0, 0, 0)), r=_vec(comp, ("rx", "ry", "rz"), (0, 0, 0)),
                      s=_vec(comp, ("sx", "sy", "sz"), (1, 1, 1)), p=_vec(comp, ("px", "py", "pz"), (0, 0, 0)),
                      xord=rp.menu(comp, "xord", ORDERS, "srt"), rord=rp.menu(comp, "rord", RORDS, "xyz"),
                      uniform=rp.number(comp, "scale", 1.0))
    if rp.flag(comp, "pxform"):
        pre = xform.compose(t=_vec(comp, ("ptx", "pty", "ptz"), (0, 0, 0)), r=_vec(comp, ("prx", "pry", "prz"), (0, 0, 0)),
                            s=_vec(comp, ("psx", "psy", "psz"), (1, 1, 1)), p=_vec(comp, ("ppx", "ppy", "ppz"), (0, 0, 0)),
                            xord=rp.menu(comp, "pxord", ORDERS, "srt"), rord=rp.menu(comp, "prord", RORDS, "xyz"),
                            uniform=rp.number(comp, "pscale", 1.0))
        m = xform.mul(pre, m)
    return m


def world_matrix(comp, depth=0):
    """The COMP's world transform, its parent object's first (a loop or a chain past 32 stops)."""
    from_parent = list(xform.IDENTITY)
    source = rp.text(comp, "parentxformsrc", "hierarchy") or "hierarchy"
    parent = None
    if source == "hierarchy":
        parent = getattr(comp, "_comp_input", None)
        parent = parent if parent is not None and parent._valid and parent._parent is comp._parent else None
    elif source == "specify":
        parent = rp.reference(comp, "parentobject")
    if parent is not None and parent is not comp and depth < 32 and getattr(parent, "isCOMP", False):
        from_parent = world_matrix(parent, depth + 1)
    m = xform.mul(from_parent, local_matrix(comp))
    target = rp.reference(comp, "lookat")
    if target is not None and target is not comp and getattr(target, "isCOMP", False) and depth < 32:
        eye = (m[3], m[7], m[11])
        t = world_matrix(target, depth + 1)
        up = _vec(comp, ("upx", "upy", "upz"), (0, 1, 0))
        m = xform.look_at(eye, (t[3], t[7], t[11]), up if any(up) else (0, 1, 0))
    return m


def camera(cam, width, height):
    """{"view", "proj" (column-major), "near", "far", "position", "ortho"} for a Camera COMP (or
    TouchDesigner's default view, from z = 5 looking down -z, when there is none)."""
    world = world_matrix(cam) if cam is not None else xform.translate(0, 0, 5)
    view = xform.invert(world) or list(xform.IDENTITY)
    near = max(1e-4, rp.number(cam, "near", 0.1)) if cam is not None else 0.1
    far = max(near * 1.001, rp.number(cam, "far", 1000.0)) if cam is not None else 1000.0
    aspect = width / height
    projection = rp.menu(cam, "projection", ("perspective", "ortho", "persporthoblend", "custommatrix"), "perspective") if cam is not None else "perspective"
    if projection == "ortho":
        half_w = rp.number(cam, "orthowidth", 1.0) / 2
        half_h = half_w / aspect
        proj = [1 / half_w, 0, 0, 0, 0, 1 / half_h, 0, 0, 0, 0, -2 / (far - near), -(far + near) / (far - near), 0, 0, 0, 1]
    else:
        fov = math.radians(rp.number(cam, "fov", 45.0) if cam is not None else 45.0)
        method = rp.menu(cam, "viewanglemethod", ("horzfov", "vertfov", "focalaperture"), "horzfov") if cam is not None else "horzfov"
        if method == "focalaperture":
            fov = 2 * math.atan(rp.number(cam, "aperture", 41.4214) / (2 * max(1e-6, rp.number(cam, "focal", 50.0))))
            method = "horzfov"
        if method == "horzfov":
            fx = 1 / math.tan(fov / 2)
            fy = fx * aspect
        else:
            fy = 1 / math.tan(fov / 2)
            fx = fy / aspect
        proj = [fx, 0, 0, 0, 0, fy, 0, 0, 0, 0, -(far + near) / (far - near), -2 * far * near / (far - near), 0, 0, -1, 0]
    return {"view": xform.columns(view), "proj": xform.columns(proj), "near": near, "far": far,
            "position": [world[3], world[7], world[11]], "ortho": projection == "ortho"}


LIGHT_TYPES = ("point", "cone", "distant")


def light(comp):
    """A Light COMP as the MAT environment's light uniforms: position and kind, direction
    (its -z), colour times dimmer, cone (cosines of the half angle and of the half angle less
    the delta), attenuation (start, end, exponent, on)."""
    m = world_matrix(comp)
    kind = rp.menu(comp, "lighttype", LIGHT_TYPES, "point")
    d = xform.apply_vector(m, (0.0, 0.0, -1.0))
    half = math.radians(rp.number(comp, "coneangle", 45.0) / 2)
    delta = math.radians(rp.number(comp, "conedelta", 5.0))
    dimmer = rp.number(comp, "dimmer", 1.0)
    return {"pos": [m[3], m[7], m[11], float(LIGHT_TYPES.index(kind))], "dir": list(d) + [0.0],
            "color": [c * dimmer for c in _vec(comp, ("cr", "cg", "cb"), (1, 1, 1))] + [1.0],
            "cone": [math.cos(half + delta), math.cos(max(0.0, half)), 0.0, 0.0],
            "atten": [rp.number(comp, "attenuationstart", 0.0), rp.number(comp, "attenuationend", 10.0),
                      rp.number(comp, "attenuationexp", 2.0), 1.0 if rp.flag(comp, "attenuated") else 0.0]}


def ambient(comp):
    dimmer = rp.number(comp, "dimmer", 1.0)
    return [c * dimmer for c in _vec(comp, ("cr", "cg", "cb"), (1, 1, 1))]


# ---- instancing ---------------------------------------------------------------------------------

class _Columns:
    """Named per-instance value columns of one OP: a CHOP's channels (samples), a DAT's columns
    (rows), a SOP's point attributes (P(0) Cd(1) N(2) uv(0)...), a TOP's pixels (r g b a)."""

    def __init__(self, op, first_row, pixels_of):
        self.columns, self.length = {}, 0
        if op is None:
            return
        family = getattr(op, "family", "")
        if family == "CHOP":
            for ch in op.chans():
                self.columns[ch.name] = list(ch.vals)
        elif family == "DAT":
            rows = op._rows()
            if rows:
                if first_row == "names":
                    head, body = rows[0], rows[1:]
                else:
                    head, body = [str(i) for i in range(len(rows[0]))], (rows if first_row == "values" else rows[1:])
                for c, name in enumerate(head):
                    col = []
                    for row in body:
                        try:
                            col.append(float(row[c]))
                        except (ValueError, IndexError):
                            col.append(0.0)
                    self.columns[name.strip()] = col
        elif family in ("SOP", "POP"):
            geo = geometry_of(op)
            for name, column, size in (("P", geo.P, 3), ("N", geo.N, 3), ("Cd", geo.Cd, 4), ("uv", geo.uv, 3)):
                if column is not None:
                    for k in range(size):
                        self.columns[f"{name}({k})"] = [v[k] for v in column]
            if geo.P:
                self.columns.update(tx=self.columns["P(0)"], ty=self.columns["P(1)"], tz=self.columns["P(2)"])
        elif family == "TOP":
            self.columns.update(pixels_of(op))
        self.length = max((len(v) for v in self.columns.values()), default=0)

    def get(self, name):
        return self.columns.get(name.strip()) if name and name.strip() else None


def instances(geo_comp, pixels_of):
    """(count, array of 16 floats per instance, colour mode, texture mode, capped) for a
    Geometry COMP with instancing on, or None when it is off; pixels_of(top) gives a TOP's
    pixels as r, g, b, a columns."""
    if not rp.flag(geo_comp, "instancing"):
        return None
    first_row = rp.menu(geo_comp, "instancefirstrow", ("ignored", "names", "values"), "names")
    main = rp.reference(geo_comp, "instanceop")
    cache = {}

    def columns_of(op_par):
        op = rp.reference(geo_comp, op_par) if op_par else None
        op = op if op is not None else main
        key = id(op)
        if key not in cache:
            cache[key] = _Columns(op, first_row, pixels_of)
        return cache[key]
    base = columns_of(None)
    if rp.menu(geo_comp, "instancecountmode", ("manual", "oplength"), "oplength") == "manual":
        count = max(0, int(rp.number(geo_comp, "numinstances", 1)))
    else:
        count = base.length
    capped = count > MAX_INSTANCES
    count = min(count, MAX_INSTANCES)

    def field(name, op_par, fallback):
        cols = columns_of(op_par)
        col = cols.get(rp.text(geo_comp, name, ""))
        if not col:
            return None, fallback
        return col, fallback
    specs = [("instancetx", "instancetop", 0.0), ("instancety", "instancetop", 0.0), ("instancetz", "instancetop", 0.0),
             ("instancerx", "instancerop", 0.0), ("instancery", "instancerop", 0.0), ("instancerz", "instancerop", 0.0),
             ("instancesx", "instancesop", 1.0), ("instancesy", "instancesop", 1.0), ("instancesz", "instancesop", 1.0),
             ("instancer", "instancecolorop", 1.0), ("instanceg", "instancecolorop", 1.0),
             ("instanceb", "instancecolorop", 1.0), ("instancea", "instancecolorop", 1.0),
             ("instanceu", "instancetexcoordop", 0.0), ("instancev", "instancetexcoordop", 0.0),
             ("instancew", "instancetexcoordop", 0.0)]
    data = array("f", bytes(count * 16 * 4))
    colour_given = texture_given = False
    for k, (name, op_par, fallback) in enumerate(specs):
        col, fallback = field(name, op_par, fallback)
        if col is None:
            if fallback:
                data[k::16] = array("f", [fallback]) * count
            continue
        colour_given |= 9 <= k <= 12
        texture_given |= k >= 13
        n = len(col)
        values = array("f", col[:count])
        if n < count:
            values.extend(array("f", [col[-1] if n else fallback]) * (count - n))
        data[k::16] = values
    colour_mode = ("replace", "multiply", "add", "subtract").index(
        rp.menu(geo_comp, "instancecolormode", ("replace", "multiply", "add", "subtract"), "replace")) if colour_given else -1
    texture_mode = ("replace", "transform").index(
        rp.menu(geo_comp, "instancetexmode", ("replace", "transform"), "replace")) if texture_given else -1
    return count, data, colour_mode, texture_mode, capped
