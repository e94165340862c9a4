"""The Render TOP, Render Pass TOP, Render Select TOP and Depth TOP: 3D scenes drawn on the renderer
process's OpenGL (glsl.render_scene, bridge/sim/glsl_scene.py) with depth, as the Render TOP page
documents (docs.derivative.ca/Render_TOP): the `camera` (the first one named; without one, a camera
at z = 5 looking down -z), the Geometry COMPs in `geometry` (all of the network's when empty) whose
Render parameter is on, each drawing the SOP or POP inside it with its render flag on, with its
`material` (a Phong MAT with its defaults when none), its world transform and its instances, lit
by the Light and Ambient Light COMPs in `lights` (all of the network's when empty), over
`bgcolor`, anti-aliased by multisampling (`antialias`, aa1 unless set: UNVERIFIED), culling by
`cullface`.

Bounds (tdsim's own): at most MAX_WORK vertices times instances are drawn per render; past that,
instances are cut off and the TOP has a `tdsim-render-capped` warning, so a scene too large for
the software renderer costs a bounded time instead of hanging.
"""
from __future__ import annotations

from array import array

from ..comp import objects
from ..mat import MAT, builtin, environment
from ..sop import geometry_of
from . import glsl
from . import renderpars as rp

MAX_WORK = 60_000_000          # vertices x instances drawn per render
MAX_LIGHTS = environment.MAX_LIGHTS
AA = {"aa1": 0, "aa2": 2, "aa4": 4, "aa8mid": 8, "aa8high": 8, "aa16low": 16, "aa16mid": 16, "aa16high": 16, "aa32": 32}


def _ops(top, name, family_types):
    """The operators a parameter names (patterns allowed), or every sibling of those types when it
    is empty (TouchDesigner's `*`)."""
    p = top._pars.get(name)
    found = []
    if p is not None:
        try:
            found = p.evalOPs()
        except Exception:
            found = []
        text = ""
        try:
            text = str(p.eval() or "") if not found else "x"
        except Exception:
            text = "x"
        if not found and text.strip() == "" and top._parent is not None:
            found = [c for c in top._parent._children.values() if c.OPType in family_types]
    return [o for o in found if o.OPType in family_types]


def _render_child(comp):
    """The SOP or POP inside a Geometry COMP with its render flag on (the last created wins)."""
    chosen = None
    for child in comp._children.values():
        if child.family in ("SOP", "POP") and child._flags.get("render"):
            chosen = child
    return chosen


def vertices(geo):
    """(array of 13 floats per vertex, triangle vertices, line vertices, point vertices) of a
    geometry: polygons as fans of triangles (face normals where there are no point normals),
    open polygons as line segments, one-point primitives and loose points as points."""
    P, N, uv, Cd = geo.P, geo.N, geo.uv, geo.Cd
    white, zero = (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
    tris, lines, points = array("f"), array("f"), array("f")

    def put(out, i, normal):
        out.extend(P[i])
        out.extend(N[i] if N is not None else normal)
        out.extend(uv[i] if uv is not None else zero)
        out.extend(Cd[i] if Cd is not None else white)
    used = set()
    for verts, closed in geo.prims:
        used.update(verts)
        n = len(verts)
        if n >= 3 and closed:
            normal = geo.face_normal(verts) if N is None else zero
            for k in range(1, n - 1):
                put(tris, verts[0], normal)
                put(tris, verts[k], normal)
                put(tris, verts[k + 1], normal)
        elif n >= 2:
            segs = list(zip(verts, verts[1:])) + ([(verts[-1], verts[0])] if closed and n > 2 else [])
            for a, b in segs:
                put(lines, a, zero)
                put(lines, b, zero)
        elif n == 1:
            put(points, verts[0], zero)
    for i in range(len(P)):
        if i not in used:
            put(points, i, zero)
    k = 13
    return tris, len(tris) // k, len(lines) // k, len(points) // k, lines, points


def _cached_vertices(sop):
    derived = sop._world.derived
    known = derived.get(sop, "vertices")
    if known is None:
        known = vertices(geometry_of(sop))
        derived.put(sop, "vertices", known)
    return known


def _material_of(geo_comp, override):
    mat = override if override is not None else rp.reference(geo_comp, "material")
    return mat if isinstance(mat, MAT) else None


def _default_material(lights):
    """TouchDesigner draws geometry without a material with a default one: here a Phong MAT's
    defaults (UNVERIFIED look)."""
    return dict(vertex=environment.source("vertex", builtin.VERTEX, 460, lights),
                pixel=environment.source("pixel", builtin.PHONG, 460, lights),
                uniforms={"uDiffuse": [1.0] * 3, "uSpecular": [1.0] * 3, "uAmbient": [1.0] * 3, "uEmit": [0.0] * 3,
                          "uConstant": [0.0] * 3, "uShininess": 51.2, "uAlpha": 1.0, "uPointColor": 1,
                          "uHasColorMap": 0, "uPointSize": 1.0, "uPostMult": 0}, samplers=[])


def _uniform_list(values):
    out = []
    for name, v in values.items():
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, int):
            out.append({"name": name, "values": v})
        elif isinstance(v, (list, tuple)):
            out.append({"name": name, "values": [float(x) for x in v]})
        else:
            out.append({"name": name, "values": [float(v)]})
    return out


class Scene:
    """What one Render TOP draws, gathered from the network."""

    def __init__(self, top, w, h):
        self.top, self.w, self.h = top, w, h
        self.warnings = []
        cams = _ops(top, "camera", ("cameraCOMP",))
        self.camera = objects.camera(cams[0] if cams else None, w, h)
        light_ops = _ops(top, "lights", ("lightCOMP", "ambientlightCOMP"))
        self.lights = [objects.light(o) for o in light_ops if o.OPType == "lightCOMP"][:MAX_LIGHTS]
        ambient = [0.0, 0.0, 0.0]
        for o in light_ops:
            if o.OPType == "ambientlightCOMP":
                ambient = [a + b for a, b in zip(ambient, objects.ambient(o))]
        self.ambient = ambient + [1.0]
        self.geometry = [g for g in _ops(top, "geometry", ("geometryCOMP",)) if rp.flag(g, "render", True)]

    def request(self, render_job):
        """(header, payload) for the renderer, materials' textures rendered first."""
        top = self.top
        override = rp.reference(top, "overridemat")
        override = override if isinstance(override, MAT) else None
        draws, parts = [], []
        budget = MAX_WORK
        light_uniforms = self._light_uniforms()
        cull = rp.text(top, "cullface", "neither") or "neither"
        for geo in sorted(self.geometry, key=lambda g: (rp.number(g, "drawpriority", 0.0), g.name)):
            sop = _render_child(geo)
            if sop is None:
                continue
            tris, ntri, nline, npoint, lines, points = _cached_vertices(sop)
            mat = _material_of(geo, override)
            m = mat._material(len(self.lights)) if mat is not None else _default_material(len(self.lights))
            inst = objects.instances(geo, lambda t: top_pixels(render_job, t))
            count = inst[0] if inst is not None else 0
            if inst is not None and inst[4]:
                self.warnings.append(f"tdsim-render-capped: {geo.path} has more than {objects.MAX_INSTANCES} instances; the rest are not drawn")
            nverts = ntri + nline + npoint
            work = nverts * max(1, count)
            if work > budget:
                keep = max(0, budget // max(1, nverts))
                self.warnings.append(f"tdsim-render-capped: {geo.path} draws {work} vertices, past tdsim's bound of "
                                     f"{MAX_WORK} a render; {keep if inst is not None else 0} instances drawn")
                if inst is None:
                    continue
                count = keep
            budget -= nverts * max(1, count)
            if inst is not None and count == 0:
                continue
            body = array("f")
            body.extend(tris)
            body.extend(lines)
            body.extend(points)
            # a Point Sprite MAT draws every vertex as a point
            counts = (0, 0, ntri + nline + npoint) if m.get("points") else (ntri, nline, npoint)
            parts.append(body.tobytes())
            if inst is not None:
                parts.append(inst[1][:count * 16].tobytes())
            textures = []
            for name, tex_top, extend, smooth in m.get("samplers", []):
                pic = render_job.render.picture(tex_top)
                textures.append({"name": name, "tex": pic.texture().id, "extend": extend, "filter": smooth})
            uniforms = dict(m["uniforms"], **light_uniforms)
            uniforms["tdsInstanceColorMode"] = inst[2] if inst is not None else -1
            uniforms["tdsInstanceTexMode"] = inst[3] if inst is not None else -1
            draw = {"name": geo.path, "vertex": m["vertex"], "pixel": m["pixel"], "tri": counts[0], "line": counts[1],
                    "point": counts[2], "instances": count if inst is not None else 0,
                    "model": objects.xform.columns(objects.world_matrix(geo)), "uniforms": _uniform_list(uniforms),
                    "textures": textures, "blend": m.get("blend"), "depthtest": m.get("depthtest", True),
                    "depthwrite": m.get("depthwrite", True), "depthfunc": m.get("depthfunc", "lessorequal"),
                    "cull": m.get("cull", cull), "wire": m.get("wire", False), "linewidth": m.get("linewidth", 1.0)}
            draws.append(draw)
        bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb", "bgcolora"), 0.0)
        if rp.flag(top, "premultrgbbyalpha", True):
            bg = [c * bg[3] for c in bg[:3]] + [bg[3]]
        header = {"width": self.w, "height": self.h, "float": False, "bg": bg, "camera": self.camera,
                  "samples": AA.get(rp.text(top, "antialias", "aa1") or "aa1", 0), "draws": draws,
                  "general": {"ambient": self.ambient}, "depth": True}
        return header, b"".join(parts)

    def _light_uniforms(self):
        u = {"tdsNumLights": len(self.lights)}
        for i, light in enumerate(self.lights):
            u[f"tdsLightPos[{i}]"] = light["pos"]
            u[f"tdsLightDir[{i}]"] = light["dir"]
            u[f"tdsLightColor[{i}]"] = light["color"]
            u[f"tdsLightCone[{i}]"] = light["cone"]
            u[f"tdsLightAtten[{i}]"] = light["atten"]
        return u


def draw(job, depth=False):
    """The Render TOP's picture: (colour Texture, depth Texture or None: read only when `depth`,
    for a Depth TOP) or raises as glsl does."""
    top = job.top
    scene = Scene(top, job.w, job.h)
    header, payload = scene.request(job)
    header["depth"] = depth
    header["float"] = rp.text(top, "format", "") in ("rgba16float", "rgba32float", "rgb16float", "rgb32float")
    colour, depth = glsl.render_scene(header, payload)
    top._scene_warnings = scene.warnings
    return colour, depth


def scene_warnings(top):
    return list(getattr(top, "_scene_warnings", []))


def top_pixels(job, top):
    """A TOP's pixels as r, g, b, a columns, bottom row first (TouchDesigner's texture order),
    float where the TOP keeps floats (instancing from a TOP)."""
    pic = job.render.picture(top)
    w, h = pic.w, pic.h
    floats = pic.floats
    if floats:
        values = array("f")
        values.frombytes(bytes(floats))
    else:
        values = array("f", [b / 255.0 for b in pic.data])
    stride = w * 4
    ordered = array("f")
    for y in range(h - 1, -1, -1):
        ordered.extend(values[y * stride:(y + 1) * stride])
    return {c: ordered[k::4] for k, c in enumerate("rgba")}
