"""TOPs whose picture comes from a font or a file, made by maintained libraries in the renderer
process (bridge/sim/glsl_raster.py) and then coloured and placed by shaders: Text (FreeType through
Pillow, the font found by fontconfig), Movie File In (still images decoded by Pillow), SVG (CairoSVG).
"""
from __future__ import annotations

import math
import os

from .. import glsl
from .. import renderpars as rp
from ...sop import xform
from ..picture import Picture
from ..shading import Pass
from . import blendlib

# The libraries each TOP needs in the renderer process.
NEEDS = {"textTOP": ("pillow", "fontconfig"), "moviefileinTOP": ("pillow",), "svgTOP": ("pillow", "cairosvg"),
         "webrenderTOP": ("pillow", "chromium")}


def missing(kind):
    """The packages a TOP type needs that the renderer lacks (known once it has started)."""
    return [p for p in (glsl.missing_library(n) for n in NEEDS.get(kind, ())) if p]


# What a file or a font made, kept while its inputs are unchanged: (kind, key) -> (Texture, answer).
_made: dict = {}
_MADE_LIMIT = 64

# A Movie File In reads these as still images (Pillow's formats); movies need a decoder tdsim does not have.
STILL_IMAGES = {"png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "tga", "exr", "hdr", "webp", "ppm", "pgm",
                "dds", "jp2", "psd", "sgi"}


def _keep(kind, key, make):
    found = _made.get((kind, key))
    if found is not None and found[0].valid():
        return found
    if len(_made) >= _MADE_LIMIT:
        _made.clear()
    found = _made[(kind, key)] = make()
    return found


def _stamp(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def file_path(top, name="file"):
    """The file a parameter names, relative to the project folder (as TouchDesigner resolves it)."""
    path = rp.text(top, name, "")
    if path and not os.path.isabs(path):
        folder = getattr(top._world.project, "folder", "") if hasattr(top._world, "project") else ""
        path = os.path.join(folder or os.getcwd(), path)
    return path


def file_problem(top):
    """Why a Movie File In or SVG TOP cannot read its file, or None (a node error; UNVERIFIED wording)."""
    kind = top.OPType
    if kind == "svgTOP" and not rp.text(top, "file", "") and rp.reference(top, "dat") is not None:
        return None
    path = file_path(top)
    if not path:
        return None
    if not os.path.isfile(path):
        return f"Failed to open file: {path}"
    if kind == "moviefileinTOP":
        ext = os.path.splitext(path)[1].lower().lstrip(".")
        if ext not in STILL_IMAGES:
            return (f"tdsim reads still images only (PNG, JPEG, TIFF, BMP, GIF, EXR...), not '.{ext}' movies: "
                    f"it has no video decoder")
    return None


# ---- Movie File In --------------------------------------------------------------------------
def movie_texture(top):
    """(Texture, answer) of the Movie File In's image file, or None."""
    path = file_path(top)
    if not path or file_problem(top):
        return None
    return _keep("image", (path, _stamp(path)), lambda: glsl.raster({"kind": "image", "path": path}))


def movie_size(top):
    """The image file's size (what `useinput` gives a Movie File In), or None when unknown."""
    if glsl.known_unavailable() is not None:
        return None
    try:
        found = movie_texture(top)
    except (glsl.FileError, RuntimeError):
        return None
    return (found[0].w, found[0].h) if found else None


def moviefilein(job):
    """Movie File In TOP: https://docs.derivative.ca/Movie_File_In_TOP. A still image file
    (Pillow's formats) fitted to the TOP's resolution with linear filtering; pre-multiplied by its
    alpha (`premultrgbbyalpha` automatic/on, the image's straight alpha, as TouchDesigner keeps TOPs
    pre-multiplied). Movies, image sequences, playback and trimming are not emulated (a node error
    names the file tdsim cannot read)."""
    found = movie_texture(job.top)
    if found is None:
        return None
    tex = found[0]
    pic = Picture(None, tex.w, tex.h, (tex.w, tex.h), tex=tex)
    u = {"uPremult": int(rp.text(job.top, "premultrgbbyalpha", "automatic") != "off")}
    body = """
uniform int uPremult;
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    fragColor = uPremult == 1 ? vec4(c.rgb * c.a, c.a) : c;
}
"""
    return Pass(body, u, [pic])


# ---- Text -----------------------------------------------------------------------------------
def _text_of(top):
    """The string the Text TOP shows: a DAT's text or cell, else `text`, with the appended value
    and post text (Text page)."""
    dat = rp.reference(top, "dat")
    if dat is not None and getattr(dat, "isDAT", False):
        if dat.isTable:
            cell = dat[int(rp.number(top, "rowindex")), int(rp.number(top, "colindex"))]
            s = cell.val if cell is not None else ""
        else:
            s = dat.text
    else:
        s = rp.text(top, "text", "")
    if rp.flag(top, "appendvalue"):
        digits = max(0, int(rp.number(top, "decimaldigits", 0)))
        total = max(0, int(rp.number(top, "totaldigits", 0)))
        s += f"{rp.number(top, 'valuetouse'):{total}.{digits}f}" + rp.text(top, "posttext", "")
    return s


def _pair(top, first, second, unit, axis2, w, h):
    """A tuplet the kb may list as one parameter (`position`) or as two (`position1`, `position2`)."""
    a = first + "1" if first + "1" in top._pars else first
    x = rp.length(top, a, unit, "x", w, h)
    y = rp.length(top, first + "2", unit, axis2, w, h) if first + "2" in top._pars else 0.0
    return x, y


TEXT_BODY = blendlib.GLSL + """
uniform vec4 uInk, uBg;
uniform int uCompOver, uOperand, uSwap;
void main() {
    float cover = texture(sTD2DInputs[0], vUV.st).r;
    vec4 c = uInk * cover + uBg * (1.0 - cover);
#if TD_NUM_2D_INPUTS > 1
    if (uCompOver == 1) {
        vec4 below = texture(sTD2DInputs[1], vUV.st);
        c = uSwap == 1 ? tdsBlend(below, c, uOperand) : tdsBlend(c, below, uOperand);
    }
#endif
    fragColor = c;
}
"""


def text(job):
    """Text TOP: https://docs.derivative.ca/Text_TOP. The text (or a DAT's, with the appended
    value) set by FreeType in the font fontconfig finds for `font` (or `fontfile`), bold and
    italic, at Font Size X/Y in their units, aligned by `alignx`/`aligny` and moved by `position`,
    with line spacing, tracking, word wrap and auto-size (shrunk inside the border space); the
    font colour over the background colour (pre-multiplied with `multrgbbyalpha`), Comp Over
    Input. Always anti-aliased. UNVERIFIED: that a font size is the em size in pixels, and the
    vertical metrics (Pillow's ascent and descent). Specification DATs, CHOP %-replace, borders
    and the display methods are not emulated."""
    top, w, h = job.top, job.w, job.h
    if missing("textTOP"):
        return None                       # drawn by the pure-Python bitmap font instead (render.py)
    s = _text_of(top)
    sx = rp.length(top, "fontsizex", "fontsizexunit", "y", w, h)
    sy = sx if rp.flag(top, "keepfontratio", True) else rp.length(top, "fontsizey", "fontsizeyunit", "y", w, h)
    px, py = _pair(top, "position", "positionunit", "positionunit", "y", w, h)
    bx, by = _pair(top, "borderspace", "positionunit", "positionunit", "y", w, h)
    header = {"kind": "text", "width": w, "height": h, "lines": s.split("\n"),
              "font": rp.text(top, "font", "Verdana"), "fontfile": file_path(top, "fontfile"),
              "bold": rp.flag(top, "bold"), "italic": rp.flag(top, "italic"),
              "size": [max(sx, 1.0), max(sy, 1.0)],
              "align": [rp.menu(top, "alignx", ("left", "center", "right"), "center"),
                        rp.menu(top, "aligny", ("bottom", "center", "top"), "center")],
              "position": [px, py], "linespacing": rp.length(top, "linespacing", "linespacingunit", "y", w, h),
              "tracking": rp.number(top, "tracking1" if "tracking1" in top._pars else "tracking"),
              "wrap": rp.flag(top, "wordwrap"), "autosize": rp.menu(top, "fontautosize", ("nofit", "alwaysfit", "fitiffat"), "nofit"),
              "border": [bx, by]}
    key = repr(sorted((k, v if not isinstance(v, list) else tuple(v)) for k, v in header.items()))
    tex, answer = _keep("text", key, lambda: glsl.raster(header))
    top._text_extent = (answer.get("textwidth", 0.0), answer.get("textheight", 0.0))
    premult = rp.flag(top, "multrgbbyalpha")
    ink_a, bg_a = rp.number(top, "fontalpha", 1.0), rp.number(top, "bgalpha", 0.0)
    ink = [c * (ink_a if premult else 1.0) for c in rp.colour(top, ("fontcolorr", "fontcolorg", "fontcolorb"), 1.0)]
    bg = [c * (bg_a if premult else 1.0) for c in rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb"), 0.0)]
    on = rp.flag(top, "compoverinput") and job.source(0) is not None
    u = {"uInk": ink + [ink_a], "uBg": bg + [bg_a], "uCompOver": int(on),
         "uOperand": blendlib.code(rp.text(top, "operand", "over"), "over"), "uSwap": int(rp.flag(top, "swaporder"))}
    mask = Picture(None, w, h, (w, h), tex=tex)
    return Pass(TEXT_BODY, u, [mask, 0] if on else [mask])


# ---- SVG ------------------------------------------------------------------------------------
def svg(job):
    """SVG TOP: https://docs.derivative.ca/SVG_TOP. The drawing in `file` (or the text of `dat`)
    drawn by CairoSVG fitted to the TOP's resolution (UNVERIFIED fit), then moved by the Transform
    page (scale, rotate, translate about the pivot, in `xord` order) over the background colour."""
    top, w, h = job.top, job.w, job.h
    dat = rp.reference(top, "dat")
    path = file_path(top)
    if path and not file_problem(top):
        key, header = (path, _stamp(path), w, h), {"kind": "svg", "width": w, "height": h, "path": path}
    elif dat is not None and getattr(dat, "isDAT", False) and dat.text.strip():
        key, header = (dat.text, w, h), {"kind": "svg", "width": w, "height": h, "text": dat.text}
    else:
        return None
    tex, _answer = _keep("svg", key, lambda: glsl.raster(header))
    m = xform.compose(t=(rp.length(top, "tx", "tunit", "x", w, h), rp.length(top, "ty", "tunit", "y", w, h), 0.0),
                      r=(0.0, 0.0, rp.number(top, "rz")), s=(rp.number(top, "sx", 1.0), rp.number(top, "sy", 1.0), 1.0),
                      p=(rp.length(top, "px", "punit", "x", w, h), rp.length(top, "py", "punit", "y", w, h), 0.0),
                      xord=rp.menu(top, "xord", ("srt", "str", "rst", "rts", "tsr", "trs"), "srt"),
                      rord="xyz", uniform=1.0)
    inverse = _invert2d(m)
    if inverse is None:
        return None
    bg_a = rp.number(top, "bgalpha", 0.0)
    u = {"uInv": inverse, "uBg": [c * bg_a for c in rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb"), 0.0)] + [bg_a],
         "uSize": [float(w), float(h)]}
    body = """
uniform mat3 uInv;
uniform vec4 uBg;
uniform vec2 uSize;
void main() {
    vec2 q = (vUV.st - 0.5) * uSize;               // pixels from the centre
    vec2 uv = (uInv * vec3(q, 1.0)).xy / uSize + 0.5;
    vec4 c = tdsOutside(uv) ? vec4(0.0) : texture(sTD2DInputs[0], uv);
    fragColor = c + uBg * (1.0 - c.a);
}
"""
    return Pass(body, u, [Picture(None, w, h, (w, h), tex=tex)])


def _invert2d(m):
    """The 2D part of a row-major 4x4 transform (xform.compose, in pixels from the centre),
    inverted as a column-major mat3; None when it is singular."""
    a, b, tx, c, d, ty = m[0], m[1], m[3], m[4], m[5], m[7]
    det = a * d - b * c
    if abs(det) < 1e-12 or not math.isfinite(det):
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    itx, ity = -(ia * tx + ib * ty), -(ic * tx + id_ * ty)
    return [ia, ic, 0.0, ib, id_, 0.0, itx, ity, 1.0]


SHADERS = {"textTOP": text, "moviefileinTOP": moviefilein, "svgTOP": svg}


# ---- Web Render -----------------------------------------------------------------------------
def webrender(job):
    """Web Render TOP: https://docs.derivative.ca/Web_Render_TOP. The page at `url` (a web address
    or a file) or the HTML text of `dat` (Source), drawn by headless Chromium at the TOP's
    resolution, its background transparent with `transparent`. Drawn again when the source, the
    size or the file changes (a page that animates is a still here: a screenshot, not a running
    browser); Chromium has 60 seconds. Audio, media streams, interaction and the JavaScript
    bridge are not emulated."""
    top, w, h = job.top, job.w, job.h
    source = rp.menu(top, "source", ("urlorfile", "dat"), "urlorfile")
    header = {"kind": "web", "width": w, "height": h, "transparent": rp.flag(top, "transparent")}
    if source == "dat":
        dat = rp.reference(top, "dat")
        if dat is None or not getattr(dat, "isDAT", False):
            return None
        header["html"] = dat.text
        key = (dat.text, w, h, header["transparent"])
    else:
        url = rp.text(top, "url", "")
        if not url:
            return None
        local = "://" not in url or url.startswith("file://")
        path = file_path(top, "url") if "://" not in url else url
        header["url"] = path
        key = (path, _stamp(path[7:] if path.startswith("file://") else path) if local else None, w, h, header["transparent"])
    tex, _answer = _keep("web", key, lambda: glsl.raster(header))
    return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [Picture(None, w, h, (w, h), tex=tex)])


SHADERS["webrenderTOP"] = webrender
