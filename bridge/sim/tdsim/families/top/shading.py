"""TOPs drawn as shaders, as TouchDesigner draws them: on the renderer process's OpenGL (glsl.py),
at each TOP's own resolution, inputs sampled with linear filtering, 8-bit or float textures by the
TOP's pixel format.

A shader TOP type is a function (shaders/) from a render job to one Pass or a list of them. A Pass
is a tdsim-written pixel shader (`void main()` writing `fragColor`) over TouchDesigner's GLSL TOP
environment (the same text GLSL TOPs get: sTD2DInputs[], uTD2DInfos[], uTDOutputInfo, the TD
functions) with tdsim's own helpers (`LIBRARY` below), its uniforms' values, and its inputs: the
TOP's wired inputs by index, or "prev" for the previous pass's output. The result stays in the
renderer process as a texture; nothing is read back until someone asks for pixels.
"""
from __future__ import annotations

from . import glsl, glsltop
from . import renderpars as rp

# Pixel helpers every tdsim shader has. Channel selectors follow the menus TouchDesigner uses
# (luminance, red, green, blue, alpha, rgbaverage, average, rgbmax, max). Luminance weights are
# Rec. 709's (UNVERIFIED: the pages do not say which weights TouchDesigner uses).
LIBRARY = """
out vec4 fragColor;
const vec3 TDS_LUMA = vec3(0.2126, 0.7152, 0.0722);
float tdsLum(vec3 c) { return dot(c, TDS_LUMA); }
float tdsChannel(vec4 c, int which) {
    if (which == 0) return tdsLum(c.rgb);
    if (which == 1) return c.r;
    if (which == 2) return c.g;
    if (which == 3) return c.b;
    if (which == 4) return c.a;
    if (which == 5) return (c.r + c.g + c.b) / 3.0;
    if (which == 6) return (c.r + c.g + c.b + c.a) / 4.0;
    if (which == 7) return max(c.r, max(c.g, c.b));
    return max(max(c.r, c.g), max(c.b, c.a));
}
// The extend modes of TOP parameters, applied to a coordinate outside 0..1 (mode 1 'zero' is
// handled by the caller, which answers transparent black there).
vec2 tdsExtend(vec2 uv, int mode) {
    if (mode == 2) return fract(uv);
    if (mode == 3) return 1.0 - abs(mod(uv, 2.0) - 1.0);
    return clamp(uv, 0.0, 1.0);
}
bool tdsOutside(vec2 uv) { return any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0))); }
"""

CHANNELS = ("luminance", "red", "green", "blue", "alpha", "rgbaverage", "average", "rgbmax", "max")
EXTENDS = ("hold", "zero", "repeat", "mirror")
FLOAT_FORMATS = set(glsltop.FLOAT_FORMATS)


class Pass:
    """One shader pass: GLSL `body` (uniform declarations and main), uniform values by name
    (numbers, lists of up to 4, or 16 for a mat4), inputs (wired input index, "prev", or a
    Picture), the output size (default the TOP's), and how inputs are sampled."""

    def __init__(self, body, uniforms=None, inputs=None, size=None, extend="hold", smooth=None):
        self.body, self.uniforms, self.inputs = body, uniforms or {}, inputs
        self.size, self.extend, self.smooth = size, extend, smooth


def channel_code(name, fallback="luminance"):
    return CHANNELS.index(name) if name in CHANNELS else CHANNELS.index(fallback)


def extend_code(name, fallback="hold"):
    return EXTENDS.index(name) if name in EXTENDS else EXTENDS.index(fallback)


def smoothing(top):
    """Input Smoothness (Common page): linear unless nearest is chosen (mipmaps sample linearly)."""
    return "nearest" if rp.text(top, "inputfiltertype", "linear") == "nearest" else "linear"


def wants_float(top, sources):
    """The output's storage by the Pixel Format parameter: float formats keep floats; `useinput`
    (or no parameter) follows the first input; everything else is 8 bits a channel."""
    fmt = rp.text(top, "format", "useinput") or "useinput"
    if fmt == "useinput":
        return bool(sources) and sources[0] is not None and sources[0].is_float
    return fmt in FLOAT_FORMATS


def source(n_inputs, body):
    return (f"#version 460\n#define TD_PIXEL_SHADER\n#define TD_NUM_2D_INPUTS {n_inputs}\n"
            f"{glsltop.environment()}\n{LIBRARY}\n#line 1 1\n{body}")


def _uniform_list(values):
    found = []
    for name, v in values.items():
        if isinstance(v, bool):
            v = int(v)
        if isinstance(v, int):
            found.append({"name": name, "values": v})
        elif isinstance(v, (list, tuple)):
            found.append({"name": name, "values": [float(x) for x in v]})
        else:
            found.append({"name": name, "values": [float(v)]})
    return found


def run(job, passes, want_float):
    """Runs the passes of one TOP and returns the last one's Texture (raises glsl.ShaderError,
    RuntimeError as glsl.run_pass does)."""
    if isinstance(passes, Pass):
        passes = [passes]
    previous = None
    smooth = smoothing(job.top)
    for p in passes:
        w, h = p.size or (job.w, job.h)
        textures = []
        for item in (p.inputs if p.inputs is not None else range(len(job._wired))):
            if item == "prev":
                tex = previous
            elif isinstance(item, int):
                pic = job.source(item)
                tex = pic.texture() if pic is not None else None
            else:
                tex = item.texture()
            if tex is None:
                raise RuntimeError("an input of the pass is missing")
            textures.append((tex, p.extend, p.smooth or smooth))
        previous = glsl.run_pass(source(len(textures), p.body), max(1, int(w)), max(1, int(h)), textures,
                                 _uniform_list(p.uniforms), want_float)
    return previous
