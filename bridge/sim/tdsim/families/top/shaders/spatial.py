"""TOPs that move pixels, as shaders: Transform, Flip, Crop, Fit, Tile, Mirror, Resolution,
Corner Pin, Displace, Remap, Lookup, Layout. Each samples its input with the TOP's filtering
(linear by default) and its extend mode; page links are on each function."""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..renderfilters import crop_box
from ..shading import Pass, extend_code
from .compose import PREFITS, _invert, _matmul, fitted_size

SAMPLE = """
uniform int uExtend;
uniform vec4 uBg;
vec4 fetch(vec2 q) {
    if (uExtend == 1 && tdsOutside(q)) return uBg;
    return texture(sTD2DInputs[0], tdsExtend(q, uExtend));
}
"""


def _columns(m):
    return [m[r][c] for c in range(3) for r in range(3)]


def transform(job):
    """Transform TOP: https://docs.derivative.ca/Transform_TOP. Scale, rotate (counter-clockwise)
    and translate about the pivot in the order `xord` names, in output pixels; outside the input,
    `extend` (zero shows the background colour); Composite Over Background puts the result over
    `bgcolor`. The y axis points up."""
    top, w, h = job.top, job.w, job.h
    t = (rp.length(top, "tx", "tunit", "x", w, h), rp.length(top, "ty", "tunit", "y", w, h))
    piv = (w / 2 + rp.length(top, "px", "punit", "x", w, h), h / 2 + rp.length(top, "py", "punit", "y", w, h))
    a = math.radians(rp.number(top, "rotate"))
    c, s = math.cos(a), math.sin(a)

    def about(m):
        return _matmul([[1, 0, piv[0]], [0, 1, piv[1]], [0, 0, 1]], _matmul(m, [[1, 0, -piv[0]], [0, 1, -piv[1]], [0, 0, 1]]))
    steps = {"s": about([[rp.number(top, "sx", 1.0), 0, 0], [0, rp.number(top, "sy", 1.0), 0], [0, 0, 1]]),
             "r": about([[c, -s, 0], [s, c, 0], [0, 0, 1]]),
             "t": [[1, 0, t[0]], [0, 1, t[1]], [0, 0, 1]]}
    m = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for letter in rp.menu(top, "xord", ("srt", "str", "rst", "rts", "tsr", "trs"), "srt"):
        m = _matmul(steps[letter], m)
    inv = _invert(m) or [[0, 0, -1e9], [0, 0, -1e9], [0, 0, 1]]
    # input uv = inverse(m) * output pixel / input size (the input is stretched to the output first)
    to_uv = _matmul([[1 / w, 0, 0], [0, 1 / h, 0], [0, 0, 1]], inv)
    premult = rp.flag(top, "premultrgbbyalpha")
    bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb", "bgcolora"))
    if premult:
        bg = [x * bg[3] for x in bg[:3]] + [bg[3]]
    u = {"uMap": _columns(to_uv), "uExtend": extend_code(rp.text(top, "extend", "") or rp.ASSUMED_TRANSFORM_EXTEND),
         "uBg": [0.0, 0.0, 0.0, 0.0], "uBack": bg, "uOver": int(rp.flag(top, "compover"))}
    body = SAMPLE + """
uniform mat3 uMap;
uniform vec4 uBack;
uniform int uOver;
void main() {
    vec4 c = fetch((uMap * vec3(gl_FragCoord.xy, 1.0)).xy);
    fragColor = uOver == 1 ? c + uBack * (1.0 - c.a) : (uExtend == 1 && c.a == 0.0 ? uBack : c);
}
"""
    return Pass(body, u, [0])


FLOPS = ("noflop", "bottomleft", "topleft")


def flip(job):
    """Flip TOP: https://docs.derivative.ca/Flip_TOP. Flip x and y, and Flop: bottomleft and
    topleft swap the axes about that corner's diagonal (transposing the image)."""
    top = job.top
    u = {"uFlipX": int(rp.flag(top, "flipx")), "uFlipY": int(rp.flag(top, "flipy")),
         "uFlop": FLOPS.index(rp.menu(top, "flop", FLOPS, "noflop"))}
    body = """
uniform int uFlipX, uFlipY, uFlop;
void main() {
    vec2 q = vUV.st;
    if (uFlop == 1) q = q.yx;
    else if (uFlop == 2) q = vec2(1.0 - q.y, 1.0 - q.x);
    if (uFlipX == 1) q.x = 1.0 - q.x;
    if (uFlipY == 1) q.y = 1.0 - q.y;
    fragColor = texture(sTD2DInputs[0], q);
}
"""
    return Pass(body, u, [0])


def _crop_uniforms(job):
    src = job.source(0)
    iw, ih = src.true_size
    left, bottom, right, upper = crop_box(job.top, iw, ih)
    return [left / iw, bottom / ih, (right - left) / iw, (upper - bottom) / ih]


def crop(job):
    """Crop TOP: https://docs.derivative.ca/Crop_TOP. The region between the edges, at its own
    resolution; `extend` for parts outside the input."""
    u = {"uBox": _crop_uniforms(job), "uExtend": extend_code(rp.text(job.top, "extend", "zero"), "zero"),
         "uBg": [0.0, 0.0, 0.0, 0.0]}
    body = SAMPLE + """
uniform vec4 uBox;
void main() { fragColor = fetch(uBox.xy + vUV.st * uBox.zw); }
"""
    return Pass(body, u, [0])


def tile(job):
    """Tile TOP: https://docs.derivative.ca/Tile_TOP. The crop region repeated `repeatx` x
    `repeaty` times, each copy mirrored with reflect x/y, the whole flipped with flip x/y, and
    transposed with flop."""
    top = job.top
    u = {"uBox": _crop_uniforms(job), "uExtend": extend_code(rp.text(top, "extend", "hold")), "uBg": [0.0] * 4,
         "uRepeat": [max(1e-3, rp.number(top, "repeatx", 1)), max(1e-3, rp.number(top, "repeaty", 1))],
         "uReflect": [int(rp.flag(top, "reflectx")), int(rp.flag(top, "reflecty"))],
         "uFlip": [int(rp.flag(top, "flipx")), int(rp.flag(top, "flipy"))], "uFlop": int(rp.flag(top, "flop"))}
    body = SAMPLE + """
uniform vec4 uBox;
uniform vec2 uRepeat, uReflect, uFlip;
uniform int uFlop;
void main() {
    vec2 q = vUV.st;
    if (uFlop == 1) q = q.yx;
    if (uFlip.x > 0.5) q.x = 1.0 - q.x;
    if (uFlip.y > 0.5) q.y = 1.0 - q.y;
    vec2 cell = q * uRepeat;
    vec2 f = fract(cell);
    vec2 odd = mod(floor(cell), 2.0);
    if (uReflect.x > 0.5 && odd.x > 0.5) f.x = 1.0 - f.x;
    if (uReflect.y > 0.5 && odd.y > 0.5) f.y = 1.0 - f.y;
    fragColor = fetch(uBox.xy + f * uBox.zw);
}
"""
    return Pass(body, u, [0])


def fit(job):
    """Fit TOP: https://docs.derivative.ca/Fit_TOP. The input fitted into the output resolution
    by `fit` (fill, fit horizontal/vertical, best, outside, native), justified, then moved by the
    transform; outside it, the background colour."""
    top, w, h = job.top, job.w, job.h
    src = job.source(0)
    iw, ih = src.true_size
    fw, fh = fitted_size(rp.menu(top, "fit", PREFITS, "fitbest"), w, h, iw, ih)
    jh = rp.menu(top, "justifyh", ("left", "center", "right"), "center")
    jv = rp.menu(top, "justifyv", ("bottom", "center", "top"), "center")
    cx = {"left": fw / 2, "center": w / 2, "right": w - fw / 2}[jh] + rp.length(top, "tx", "tunit", "x", w, h)
    cy = {"bottom": fh / 2, "center": h / 2, "top": h - fh / 2}[jv] + rp.length(top, "ty", "tunit", "y", w, h)
    a = math.radians(rp.number(top, "r"))
    c, s = math.cos(a), math.sin(a)
    m = _matmul([[1, 0, cx], [0, 1, cy], [0, 0, 1]],
                _matmul([[c, -s, 0], [s, c, 0], [0, 0, 1]],
                        [[fw * rp.number(top, "sx", 1.0), 0, -fw * rp.number(top, "sx", 1.0) / 2],
                         [0, fh * rp.number(top, "sy", 1.0), -fh * rp.number(top, "sy", 1.0) / 2], [0, 0, 1]]))
    inv = _invert(m) or [[0, 0, -1e9], [0, 0, -1e9], [0, 0, 1]]
    premult = rp.flag(top, "premultrgbbyalpha")
    bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb", "bgcolora"))
    if premult:
        bg = [x * bg[3] for x in bg[:3]] + [bg[3]]
    u = {"uMap": _columns(inv), "uExtend": 1, "uBg": bg}
    body = SAMPLE + """
uniform mat3 uMap;
void main() { fragColor = fetch((uMap * vec3(gl_FragCoord.xy, 1.0)).xy); }
"""
    return Pass(body, u, [0])


def mirror(job):
    """Mirror TOP: https://docs.derivative.ca/Mirror_TOP. The image reflected about a line
    through the pivot at `rotate` degrees: the side the line's normal points away from shows
    the other side's mirror image (UNVERIFIED which side is kept); flip x/y flip first."""
    top, w, h = job.top, job.w, job.h
    piv = [w / 2 + rp.length(top, "pivotx", "pivotunit", "x", w, h), h / 2 + rp.length(top, "pivoty", "pivotunit", "y", w, h)]
    a = math.radians(rp.number(top, "rotate"))
    u = {"uPivot": piv, "uNormal": [math.cos(a), math.sin(a)], "uExtend": extend_code(rp.text(top, "extend", "hold")),
         "uBg": [0.0] * 4, "uSize": [w, h], "uFlip": [int(rp.flag(top, "flipx")), int(rp.flag(top, "flipy"))]}
    body = SAMPLE + """
uniform vec2 uPivot, uNormal, uSize, uFlip;
void main() {
    vec2 p = gl_FragCoord.xy - uPivot;
    float d = dot(p, uNormal);
    if (d > 0.0) p -= 2.0 * d * uNormal;
    vec2 q = (p + uPivot) / uSize;
    if (uFlip.x > 0.5) q.x = 1.0 - q.x;
    if (uFlip.y > 0.5) q.y = 1.0 - q.y;
    fragColor = fetch(q);
}
"""
    return Pass(body, u, [0])


def resolution(job):
    """Resolution TOP: https://docs.derivative.ca/Resolution_TOP. The input resampled to the
    TOP's resolution with its filtering."""
    return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [0])


def _pin(top, name, fallback, w, h):
    """A corner in output fractions (the unit `fraction` unless set to pixels)."""
    x = rp.number(top, name + "1", fallback[0])
    y = rp.number(top, name + "2", fallback[1])
    if rp.text(top, name + "unit", "fraction") == "pixels":
        return x / w, y / h
    return x, y


def _homography(src, dst):
    """3x3 (rows) mapping the 4 points src to dst (solved by Gaussian elimination)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    n = 8
    m = [r + [b] for r, b in zip(rows, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col])]
    x = [m[i][n] / m[i][i] for i in range(n)]
    return [[x[0], x[1], x[2]], [x[3], x[4], x[5]], [x[6], x[7], 1.0]]


def cornerpin(job):
    """Corner Pin TOP: https://docs.derivative.ca/Corner_Pin_TOP. The quad between the extract
    corners (as the page names them: p3 bottom left, p4 bottom right, p1 top left, p2 top right,
    in fractions) is pinned to the pin corners by a perspective map; outside the pinned quad, the
    background colour. Bilinear mapping is drawn as perspective (UNVERIFIED)."""
    top, w, h = job.top, job.w, job.h
    corners = {"p3": (0, 0), "p4": (1, 0), "p2": (1, 1), "p1": (0, 1)}
    extract = [_pin(top, "extract" + k, v, w, h) for k, v in corners.items()]
    pins = [_pin(top, "pin" + k, v, w, h) for k, v in corners.items()]
    m = _homography(pins, extract)        # output fraction -> input fraction
    premult = rp.flag(top, "premultrgbbyalpha")
    bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb", "bgcolora"))
    if premult:
        bg = [x * bg[3] for x in bg[:3]] + [bg[3]]
    inside = _homography(pins, [(0, 0), (1, 0), (1, 1), (0, 1)])
    u = {"uMap": _columns(m) if m else [0.0] * 9, "uQuad": _columns(inside) if inside else [0.0] * 9,
         "uExtend": extend_code(rp.text(top, "extend", "hold")), "uBg": bg}
    body = SAMPLE + """
uniform mat3 uMap, uQuad;
void main() {
    vec3 inQuad = uQuad * vec3(vUV.st, 1.0);
    vec2 f = inQuad.xy / inQuad.z;
    if (inQuad.z <= 0.0 || tdsOutside(f)) { fragColor = uBg; return; }
    vec3 q = uMap * vec3(vUV.st, 1.0);
    vec2 uv = q.xy / q.z;
    fragColor = (uExtend == 1 && tdsOutside(uv)) ? uBg : texture(sTD2DInputs[0], tdsExtend(uv, uExtend));
}
"""
    return Pass(body, u, [0])


SOURCES = ("red", "green", "blue", "alpha", "none")


def displace(job):
    """Displace TOP: https://docs.derivative.ca/Displace_TOP. Input 1 sampled at its own
    coordinate moved by input 2's channels (horizontal and vertical source) minus the midpoint,
    times the displace weight, plus the offset times its weight; `uvweight` scales the pixel's
    own coordinate."""
    top = job.top
    u = {"uSrc": [SOURCES.index(rp.menu(top, "horzsource", SOURCES, "red")), SOURCES.index(rp.menu(top, "vertsource", SOURCES, "green"))],
         "uMid": [rp.number(top, "midpoint1", 0.5), rp.number(top, "midpoint2", 0.5)],
         "uWeight": [rp.number(top, "displaceweight1", 1.0), rp.number(top, "displaceweight2", 1.0)],
         "uUvWeight": rp.number(top, "uvweight", 1.0), "uOffset": [rp.number(top, "offsetx"), rp.number(top, "offsety")],
         "uOffsetWeight": rp.number(top, "offsetweight", 1.0), "uExtend": extend_code(rp.text(top, "extend", "hold")),
         "uBg": [0.0] * 4}
    has_map = len(job._wired) > 1
    body = SAMPLE + """
uniform ivec2 uSrc;
uniform vec2 uMid, uWeight, uOffset;
uniform float uUvWeight, uOffsetWeight;
float pick(vec4 c, int i) { return i == 0 ? c.r : i == 1 ? c.g : i == 2 ? c.b : i == 3 ? c.a : 0.0; }
void main() {
    vec2 d = vec2(0.0);
#if TD_NUM_2D_INPUTS > 1
    vec4 m = texture(sTD2DInputs[1], vUV.st);
    d = vec2(uSrc.x == 4 ? 0.0 : pick(m, uSrc.x) - uMid.x, uSrc.y == 4 ? 0.0 : pick(m, uSrc.y) - uMid.y) * uWeight;
#endif
    fragColor = fetch(vUV.st * uUvWeight + d + uOffset * uOffsetWeight);
}
"""
    return Pass(body, u, [0, 1] if has_map else [0])


def remap(job):
    """Remap TOP: https://docs.derivative.ca/Remap_TOP. Input 1 looked up at the coordinate
    input 2's channels give (horizontal and vertical source, red and green by default)."""
    top = job.top
    if len(job._wired) < 2:
        return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [0])
    u = {"uSrc": [SOURCES.index(rp.menu(top, "horzsource", SOURCES, "red")), SOURCES.index(rp.menu(top, "vertsource", SOURCES, "green"))],
         "uExtend": extend_code(rp.text(top, "extend", "hold")), "uBg": [0.0] * 4,
         "uFlip": [int(rp.flag(top, "fliphorz")), int(rp.flag(top, "flipvert"))]}
    body = SAMPLE + """
uniform ivec2 uSrc;
uniform ivec2 uFlip;
float pick(vec4 c, int i, float own) { return i == 0 ? c.r : i == 1 ? c.g : i == 2 ? c.b : i == 3 ? c.a : own; }
void main() {
    vec4 m = texture(sTD2DInputs[1], vUV.st);
    vec2 q = vec2(pick(m, uSrc.x, vUV.s), pick(m, uSrc.y, vUV.t));
    if (uFlip.x == 1) q.x = 1.0 - q.x;
    if (uFlip.y == 1) q.y = 1.0 - q.y;
    fragColor = fetch(q);
}
"""
    return Pass(body, u, [0, 1])


LOOKUP_CHANNELS = ("luminance", "red", "green", "blue", "alpha", "rgbaverage", "average", "rgbmax", "max", "independent")


def lookup(job):
    """Lookup TOP: https://docs.derivative.ca/Lookup_TOP. Each pixel's channel value (scaled
    from the index range `index1`..`index2`) picks a colour along the lookup image, input 2 (its
    horizontal middle row when it is wider than tall, else its vertical middle column); with
    `independent`, each channel looks up its own. A CHOP lookup is not emulated (labelled)."""
    top = job.top
    if len(job._wired) < 2:
        return None
    look = job.source(1)
    mode = rp.menu(top, "channel", LOOKUP_CHANNELS, "luminance")
    u = {"uChan": LOOKUP_CHANNELS.index(mode), "uIndex": [rp.number(top, "index1", 0.0), rp.number(top, "index2", 1.0)],
         "uHorizontal": int(look.true_size[0] >= look.true_size[1]), "uIndepAlpha": int(rp.flag(top, "independentalpha"))}
    body = """
uniform int uChan, uHorizontal, uIndepAlpha;
uniform vec2 uIndex;
vec4 look(float t) {
    t = (t - uIndex.x) / (uIndex.y - uIndex.x == 0.0 ? 1.0 : uIndex.y - uIndex.x);
    return texture(sTD2DInputs[1], uHorizontal == 1 ? vec2(t, 0.5) : vec2(0.5, t));
}
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    if (uChan == 9) {
        vec4 o = vec4(look(c.r).r, look(c.g).g, look(c.b).b, uIndepAlpha == 1 ? look(c.a).a : c.a);
        fragColor = o;
    } else {
        fragColor = look(tdsChannel(c, uChan));
    }
}
"""
    return Pass(body, u, [0, 1])


SHADERS = {"transformTOP": transform, "flipTOP": flip, "cropTOP": crop, "tileTOP": tile, "fitTOP": fit,
           "mirrorTOP": mirror, "resolutionTOP": resolution, "cornerpinTOP": cornerpin, "displaceTOP": displace,
           "remapTOP": remap, "lookupTOP": lookup}
