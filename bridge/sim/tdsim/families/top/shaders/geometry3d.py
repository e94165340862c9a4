"""TOPs that read geometry: POP to TOP (point attributes as pixels) and Render Simple (a POP drawn
with a built-in camera, light and material on the renderer, as the Render TOP draws, scene.py)."""
from __future__ import annotations

import math
from array import array

from .. import glsl, scene
from .. import renderpars as rp
from ...mat import MAT
from ...sop import geometry_of, xform
from ..picture import Picture
from ..shading import Pass

LAYOUTS = ("square", "wrapped", "cropped", "popdim")
PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"


def _pop(top):
    target = rp.reference(top, "pop")
    return target if getattr(target, "family", "") in ("POP", "SOP") else None


def _columns(geo, top):
    """Per point: four values by RGBA Mode (P(0) P(1) P(2) and 1 for `pactive`; the named
    attributes' components for `custom`, e.g. `Cd(0)` or `P(1)`)."""
    n = len(geo.P)
    if rp.menu(top, "rgbamode", ("pactive", "custom"), "pactive") == "pactive":
        return [[p[0], p[1], p[2], 1.0] for p in geo.P]
    out = [[0.0, 0.0, 0.0, 1.0] for _ in range(n)]
    known = {"P": geo.P, "N": geo.N, "Cd": geo.Cd, "uv": geo.uv, **geo.attrs}
    for k in range(4):
        spec = rp.text(top, f"rgba{k + 1}", "").strip()
        if not spec:
            continue
        name, _, rest = spec.partition("(")
        comp = int(rest.rstrip(")")) if rest.rstrip(")").isdigit() else 0
        column = known.get(name)
        if column is None:
            continue
        for i in range(n):
            v = column[i]
            out[i][k] = float(v[comp] if isinstance(v, (list, tuple)) and comp < len(v) else v)
    return out


def popto_size(top):
    """The POP to TOP's resolution from its POP's point count: Square the smallest square that
    holds them, POP Dimension one row of them, Wrapped and Cropped rows of the Resolution's width
    (UNVERIFIED layouts); None without a POP."""
    pop = _pop(top)
    if pop is None:
        return None
    n = max(1, len(geometry_of(pop).P))
    layout = rp.menu(top, "layout", LAYOUTS, "square")
    if layout == "popdim":
        return n, 1
    if layout in ("wrapped", "cropped"):
        w = max(1, int(rp.number(top, "resolutionw", 256)))
        return w, max(1, math.ceil(n / w)) if layout == "wrapped" else max(1, n // w)
    side = math.ceil(math.sqrt(n))
    return side, max(1, math.ceil(n / side))


def popto(job):
    """POP to TOP: https://docs.derivative.ca/POP_to_TOP. Each point of the POP a pixel, from the
    bottom left row by row: RGB its position and alpha 1 (P Active), or the attributes named in
    RGBA (Custom); 32-bit float; pixels past the last point are zero. Vertex and primitive
    extraction and 3D textures are not emulated (points only)."""
    pop = _pop(job.top)
    if pop is None:
        return None
    size = popto_size(job.top)
    w, h = size
    rows = _columns(geometry_of(pop), job.top)
    values = array("f", [0.0]) * (w * h * 4)
    for i, px in enumerate(rows[:w * h]):
        x, y = i % w, i // w
        base = ((h - 1 - y) * w + x) * 4               # rows from the top, as tdsim stores them
        values[base:base + 4] = array("f", px)
    tex = glsl.upload(w, h, None, values.tobytes())
    return Pass(PASS, {}, [Picture(None, w, h, (w, h), tex=tex)], smooth="nearest")


def rendersimple(job):
    """Render Simple TOP: https://docs.derivative.ca/Render_Simple_TOP. Its POP drawn as the Render
    TOP draws a Geometry COMP: scaled so its largest side is Normalize Geometry (centred; 0 leaves
    it), moved by the geometry translate, rotate and scale, seen by a built-in camera Camera
    Distance away on +z looking at the origin (perspective of `fov` degrees across, or
    orthographic `orthowidth` wide), lit by a point light at Light Translate, with a built-in Phong
    material of the Diffuse and Constant colours (or the MAT in `mat`), wireframe when set, over
    the background colour. ASSUMED while the kb knows no default: fov 45, camera distance 5,
    normalize 1, light at (0, 0, 5) (UNVERIFIED)."""
    top, w, h = job.top, job.w, job.h
    pop = _pop(top)
    if pop is None:
        return None
    geo = geometry_of(pop)
    tris, ntri, nline, npoint, lines, points = scene.vertices(geo)
    lo, hi = geo.bounds() if geo.P else ((0.0,) * 3, (0.0,) * 3)
    size = max(hi[k] - lo[k] for k in range(3)) or 1.0
    norm = rp.number(top, "normalizegeo", 1.0)
    fit = xform.mul(xform.scale(*(norm / size,) * 3), xform.translate(*(-(lo[k] + hi[k]) / 2 for k in range(3)))) \
        if norm > 0 else list(xform.IDENTITY)
    placed = xform.compose(t=tuple(rp.number(top, "geotranslate" + a) for a in "xyz"),
                           r=tuple(rp.number(top, "georotate" + a) for a in "xyz"),
                           s=(1.0, 1.0, 1.0), uniform=rp.number(top, "geoscale", 1.0))
    model = xform.mul(placed, fit)
    near, far, aspect = 0.1, 1000.0, w / h
    dist = rp.number(top, "camdistance", 5.0)
    view = xform.translate(0.0, 0.0, -dist)
    if rp.flag(top, "ortho"):
        half_w = max(1e-6, rp.number(top, "orthowidth", 2.0)) / 2
        proj = [1 / half_w, 0, 0, 0, 0, aspect / half_w, 0, 0, 0, 0, -2 / (far - near), -(far + near) / (far - near), 0, 0, 0, 1]
    else:
        fx = 1 / math.tan(math.radians(min(179.0, max(1.0, rp.number(top, "fov", 45.0)))) / 2)
        proj = [fx, 0, 0, 0, 0, fx * aspect, 0, 0, 0, 0, -(far + near) / (far - near), -2 * far * near / (far - near), 0, 0, -1, 0]
    camera = {"view": xform.columns(view), "proj": xform.columns(proj), "near": near, "far": far,
              "position": [0.0, 0.0, dist], "ortho": rp.flag(top, "ortho")}
    light_pos = [rp.number(top, "lighttranslate" + a, 5.0 if a == "z" else 0.0) for a in "xyz"]
    light = {"tdsNumLights": 1, "tdsLightPos[0]": light_pos + [0.0], "tdsLightDir[0]": [0.0, 0.0, -1.0, 0.0],
             "tdsLightColor[0]": [1.0, 1.0, 1.0, 1.0], "tdsLightCone[0]": [-1.0, -1.0, 0.0, 0.0],
             "tdsLightAtten[0]": [0.0, 10.0, 2.0, 0.0]}
    mat = rp.reference(top, "mat")
    use_mat = rp.menu(top, "materialsource", ("internalphong", "matnode"), "internalphong") == "matnode" and isinstance(mat, MAT)
    m = mat._material(1) if use_mat else scene._default_material(1)
    uniforms = dict(m["uniforms"], **light)
    if not use_mat:
        uniforms["uDiffuse"] = [rp.number(top, "diffuse" + c, 1.0) for c in "rgb"]
        uniforms["uConstant"] = [rp.number(top, "constant" + c, 0.0) for c in "rgb"]
    uniforms["tdsInstanceColorMode"] = uniforms["tdsInstanceTexMode"] = -1
    body = array("f")
    body.extend(tris)
    body.extend(lines)
    body.extend(points)
    draw = {"name": top.path, "vertex": m["vertex"], "pixel": m["pixel"], "tri": ntri, "line": nline, "point": npoint,
            "instances": 0, "model": xform.columns(model), "uniforms": scene._uniform_list(uniforms),
            "textures": [], "blend": m.get("blend"), "depthtest": True, "depthwrite": True,
            "depthfunc": "lessorequal", "cull": "neither", "wire": rp.flag(top, "wireframe") or m.get("wire", False),
            "linewidth": m.get("linewidth", 1.0)}
    bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb", "bgcolora"), 0.0)
    bg = [c * bg[3] for c in bg[:3]] + [bg[3]]
    header = {"width": w, "height": h, "float": False, "bg": bg, "camera": camera, "samples": 4, "draws": [draw],
              "general": {"ambient": [0.0, 0.0, 0.0, 1.0]}, "depth": False}
    colour, _depth = glsl.render_scene(header, body.tobytes())
    return Pass(PASS, {}, [Picture(None, w, h, (w, h), tex=colour)])


SHADERS = {"poptoTOP": popto, "rendersimpleTOP": rendersimple}
