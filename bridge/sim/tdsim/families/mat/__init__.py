"""MAT: materials (td.MAT). tdsim draws the Constant, Phong, PBR, Wireframe, Line, Point Sprite
and GLSL MATs in the Render TOP (builtin.py, environment.py); a GLSL MAT runs its own vertex and
pixel shaders with TouchDesigner's MAT environment, and a shader that does not compile is an error
on the MAT with its line. Other MAT types draw as a Phong MAT with its defaults and say so with a
`tdsim-not-rendered` warning."""
from __future__ import annotations

import re

from ...op.op import OP
from ..top import glsl
from ..top import renderpars as rp
from ..top.glsltop import describe
from . import builtin, environment

DEFAULT_VERSION = 460


def _dat(op, name):
    d = rp.reference(op, name)
    return d if d is not None and getattr(d, "isDAT", False) and d.text.strip() else None


def _version(op):
    m = re.match(r"glsl(\d+)$", rp.text(op, "glslversion", "") or "")
    return int(m.group(1)) if m else DEFAULT_VERSION


def state(op):
    """The Common page's drawing state: blending, depth test and writing, culling, wireframe."""
    out = {"depthtest": rp.flag(op, "depthtest", True), "depthwrite": rp.flag(op, "depthwriting", True),
           "depthfunc": rp.text(op, "depthfunc", "lessorequal") or "lessorequal"}
    if rp.flag(op, "blending"):
        out["blend"] = [rp.text(op, "srcblend", "sa") or "sa", rp.text(op, "destblend", "omsa") or "omsa",
                        rp.text(op, "blendop", "add") or "add"]
    cull = rp.text(op, "cullface", "userender") or "userender"
    if cull != "userender":
        out["cull"] = cull
    if rp.text(op, "wireframe", "off") not in ("off", ""):
        out["wire"] = True
        out["linewidth"] = rp.number(op, "wirewidth", 1.0)
    return out


class MAT(OP):
    family = "MAT"

    def _shaders(self):
        """(vertex shader, pixel shader, uniforms, extra state) of this material, shaders as
        written (before the environment)."""
        kind = self.OPType
        if kind == "glslMAT":
            vdat, pdat = _dat(self, "vdat"), _dat(self, "pdat")
            uniforms = {}
            for name in sorted(self._pars):
                m = re.match(r"vec(\d+)name$", name)
                if m and rp.text(self, name, "").strip():
                    k = m.group(1)
                    uniforms[rp.text(self, name, "").strip()] = [rp.number(self, f"vec{k}value{c}") for c in "xyzw"]
            return (vdat.text if vdat else builtin.VERTEX, pdat.text if pdat else builtin.CONSTANT,
                    dict(uniforms, uColor=[1.0, 1.0, 1.0, 1.0], uPointColor=1), {})
        make = builtin.BUILTIN.get(kind, builtin.phong)
        pixel, uniforms, extra = make(self, rp)
        return builtin.VERTEX, pixel, uniforms, extra

    def _samplers(self):
        """(uniform name, TOP, extend, filter) of the textures the material reads."""
        out = []
        if self.OPType == "glslMAT":
            for name in sorted(self._pars):
                m = re.match(r"sampler(\d+)name$", name)
                if m and rp.text(self, name, "").strip():
                    top = rp.reference(self, f"sampler{m.group(1)}top")
                    if top is not None and getattr(top, "isTOP", False):
                        out.append((rp.text(self, name, "").strip(), top,
                                    rp.text(self, f"sampler{m.group(1)}extendu", "repeat") or "repeat", "linear"))
            return out
        field = builtin.COLOR_MAPS.get(self.OPType)
        top = rp.reference(self, field) if field else None
        if top is not None and getattr(top, "isTOP", False):
            out.append(("sColorMap", top, rp.text(self, field + "extendu", "repeat") or "repeat", "linear"))
        return out

    def _material(self, lights):
        """What the Render TOP needs to draw with this material for `lights` lights."""
        vertex, pixel, uniforms, extra = self._shaders()
        version = _version(self) if self.OPType == "glslMAT" else DEFAULT_VERSION
        samplers = self._samplers()
        uniforms = dict(uniforms)
        uniforms.setdefault("uPointSize", extra.get("pointsize", 1.0))
        uniforms["uPostMult"] = int(rp.flag(self, "postmultalpha"))
        uniforms["uHasColorMap"] = int(any(s[0] == "sColorMap" for s in samplers))
        out = dict(state(self), **{k: v for k, v in extra.items() if k != "pointsize"})
        out.update(vertex=environment.source("vertex", vertex, version, lights),
                   pixel=environment.source("pixel", pixel, version, lights), uniforms=uniforms, samplers=samplers)
        return out

    def _compute_rule_errors(self):
        out = super()._compute_rule_errors()
        if self.OPType == "glslMAT" and not self._flags["bypass"]:
            out.extend(self._compile_errors())
        return out

    def _compile_errors(self):
        """A GLSL MAT's shaders compiled and linked (one light): each compiler message an error
        "<Stage> shader compile error in <DAT>, line N: ..." with the line in the DAT."""
        vdat, pdat = _dat(self, "vdat"), _dat(self, "pdat")
        if vdat is None and pdat is None:
            return []
        m = self._material(1)
        try:
            answer = glsl.compile_program(m["vertex"], m["pixel"])
        except RuntimeError:
            return []
        if answer is None:
            return []
        stage, log = answer
        dat = vdat if stage == "vertex" else (pdat or vdat)
        return describe(glsl.ShaderError(stage, log), dat)

    def _rule_warnings(self):
        out = super()._rule_warnings()
        if self.OPType not in builtin.BUILTIN and self.OPType != "glslMAT":
            out.append(f"tdsim-not-rendered: tdsim draws a {self.OPType} as a Phong MAT with its defaults")
        return out
