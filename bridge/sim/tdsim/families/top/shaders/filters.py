"""TOPs that read neighbouring pixels, as shaders: Blur, Luma Blur, Edge, Emboss, Slope, Normal
Map, Convolve, Anti Alias, Bloom. Blurs run as two passes (horizontal, then vertical), as a
separable filter; page links on each function."""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..shading import Pass, channel_code, extend_code

MAX_TAPS = 96      # per pass and side: a blur wider than this samples sparser (bounded cost)

BLUR = """
uniform vec2 uDir;          // one pixel step of this pass, in texture coordinates
uniform float uRadius;      // in pixels
uniform int uKind, uExtend;
float weight(float x) {
    float t = abs(x) / max(uRadius, 1e-4);
    if (t > 1.0) return 0.0;
    if (uKind == 2) return 1.0;                        // box
    if (uKind == 3) return 1.0 - t;                    // bartlett
    if (uKind == 0) return t < 0.5 ? 1.0 - 6.0 * t * t + 6.0 * t * t * t : 2.0 * pow(1.0 - t, 3.0);
    if (uKind == 4) return t == 0.0 ? 1.0 : sin(3.14159 * t * 2.0) / (3.14159 * t * 2.0) * (0.5 + 0.5 * cos(3.14159 * t));
    if (uKind == 5) return 0.5 + 0.5 * cos(3.14159 * t);
    if (uKind == 6) return 0.42 + 0.5 * cos(3.14159 * t) + 0.08 * cos(6.28318 * t);
    return exp(-4.5 * t * t);                          // gaussian: 3 sigma at the radius
}
vec4 fetch(vec2 q) {
    if (uExtend == 1 && tdsOutside(q)) return vec4(0.0);
    return texture(sTD2DInputs[0], tdsExtend(q, uExtend));
}
void main() {
    if (uRadius < 0.5) { fragColor = fetch(vUV.st); return; }
    int taps = int(min(ceil(uRadius), %(max)d.0));
    float stride = max(1.0, uRadius / float(taps));
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int i = -taps; i <= taps; i++) {
        float x = float(i) * stride;
        float w = weight(x);
        sum += w * fetch(vUV.st + uDir * x);
        total += w;
    }
    fragColor = sum / max(total, 1e-6);
}
""" % {"max": MAX_TAPS}
KINDS = ("catmull", "gaussian", "box", "bartlette", "sinc", "hanning", "blackman")


def blur_passes(top, w, h, size, extend, inputs=(0,), kind=None):
    method = rp.menu(top, "method", ("horzandvert", "horz", "vert"), "horzandvert")
    sx, sy = rp.number(top, "scalex", 1.0), rp.number(top, "scaley", 1.0)
    kind = kind if kind is not None else KINDS.index(rp.menu(top, "type", KINDS, "gaussian"))
    passes = []
    first = list(inputs)
    if method != "vert":
        passes.append(Pass(BLUR, {"uDir": [1.0 / w, 0.0], "uRadius": size * sx, "uKind": kind, "uExtend": extend}, first))
    if method != "horz":
        passes.append(Pass(BLUR, {"uDir": [0.0, 1.0 / h], "uRadius": size * sy, "uKind": kind, "uExtend": extend},
                           ["prev"] if passes else first))
    return passes


def blur(job):
    """Blur TOP: https://docs.derivative.ca/Blur_TOP. A filter of `size` pixels (times `scale`
    per axis) of the chosen type (gaussian by default), horizontal and/or vertical by `method`,
    `extend` at the edges. Pre-shrink, offset and rotate are not emulated."""
    top = job.top
    ext = extend_code(rp.text(top, "extend", "hold"))
    return blur_passes(top, job.w, job.h, rp.number(top, "size", 0.0), ext)


def lumablur(job):
    """Luma Blur TOP: https://docs.derivative.ca/Luma_Blur_TOP. Each pixel blurred by a width
    between `blackwidth` and `whitewidth` pixels, by its value in input 2's channel (`widthchan`)
    between the black and white values: drawn as a mix of the sharp image and one blurred at the
    widest width (UNVERIFIED: TouchDesigner varies the kernel itself)."""
    top = job.top
    wide = max(rp.number(top, "blackwidth", 0.0), rp.number(top, "whitewidth", 10.0))
    ext = extend_code(rp.text(top, "extend", "hold"))
    passes = blur_passes(top, job.w, job.h, wide, ext)
    has_map = len(job._wired) > 1
    u = {"uChan": channel_code(rp.text(top, "widthchan", "luminance")), "uBlack": rp.number(top, "blackvalue", 0.0),
         "uWhite": rp.number(top, "whitevalue", 1.0), "uWidths": [rp.number(top, "blackwidth", 0.0), rp.number(top, "whitewidth", 10.0)],
         "uWide": max(wide, 1e-4)}
    body = """
uniform int uChan;
uniform float uBlack, uWhite, uWide;
uniform vec2 uWidths;
void main() {
    vec4 sharp = texture(sTD2DInputs[0], vUV.st);
    vec4 soft = texture(sTD2DInputs[1], vUV.st);
    vec4 m = texture(sTD2DInputs[TD_NUM_2D_INPUTS - 1], vUV.st);
    float t = clamp((tdsChannel(m, uChan) - uBlack) / max(uWhite - uBlack, 1e-6), 0.0, 1.0);
    fragColor = mix(sharp, soft, mix(uWidths.x, uWidths.y, t) / uWide);
}
"""
    return passes + [Pass(body, u, [0, "prev"] + ([1] if has_map else [0]))]


def _offset(top, w, h, fallback=1.0):
    """A sample step of 1 pixel per unit unless set in fractions."""
    o1, o2 = rp.number(top, "offset1", fallback), rp.number(top, "offset2", fallback)
    if rp.text(top, "offsetunit", "pixels") == "fraction":
        return [o1, o2]
    return [o1 / w, o2 / h]


def edge(job):
    """Edge TOP: https://docs.derivative.ca/Edge_TOP. The difference between each pixel's
    channel (`select`, after the black level) and its neighbours `offset` pixels away, times
    `strength`, in the edge colour; alpha the edge, one or zero; Comp Over Input puts the edges
    over the input."""
    top = job.top
    u = {"uChan": channel_code(rp.text(top, "select", "luminance")), "uBlack": rp.number(top, "blacklevel"),
         "uStrength": rp.number(top, "strength", 1.0), "uStep": _offset(top, job.w, job.h),
         "uColor": rp.colour(top, ("edgecolorr", "edgecolorg", "edgecolorb", "edgecolora"), 1.0),
         "uAlpha": ("edge", "one", "zero").index(rp.menu(top, "alphaoutputmenu", ("edge", "one", "zero"), "edge")),
         "uOver": int(rp.flag(top, "compinput"))}
    body = """
uniform int uChan, uAlpha, uOver;
uniform float uBlack, uStrength;
uniform vec2 uStep;
uniform vec4 uColor;
float v(vec2 d) { return max(tdsChannel(texture(sTD2DInputs[0], vUV.st + d * uStep), uChan) - uBlack, 0.0); }
void main() {
    float c = v(vec2(0.0));
    float e = abs(c - v(vec2(1.0, 0.0))) + abs(c - v(vec2(-1.0, 0.0))) + abs(c - v(vec2(0.0, 1.0))) + abs(c - v(vec2(0.0, -1.0)));
    e = clamp(e * uStrength, 0.0, 1.0);
    vec4 edgeColor = vec4(uColor.rgb * e, uAlpha == 0 ? e * uColor.a : uAlpha == 1 ? 1.0 : 0.0);
    if (uOver == 1) {
        vec4 below = texture(sTD2DInputs[0], vUV.st);
        edgeColor = edgeColor + below * (1.0 - e * uColor.a);
    }
    fragColor = edgeColor;
}
"""
    return Pass(body, u, [0])


METHODS = ("prevcur", "curnext", "prevnext")


def emboss(job):
    """Emboss TOP: https://docs.derivative.ca/Emboss_TOP. The slope of a channel along
    `direction` (degrees), about the midpoint grey, times `strength`."""
    top = job.top
    a = math.radians(rp.number(top, "direction", 45.0))
    step = _offset(top, job.w, job.h)
    u = {"uChan": channel_code(rp.text(top, "select", "luminance")), "uMid": rp.number(top, "midpoint", 0.5),
         "uStrength": rp.number(top, "strength", 1.0), "uDir": [math.cos(a) * step[0], math.sin(a) * step[1]],
         "uMethod": METHODS.index(rp.menu(top, "method", METHODS, "prevnext"))}
    body = """
uniform int uChan, uMethod;
uniform float uMid, uStrength;
uniform vec2 uDir;
float v(float k) { return tdsChannel(texture(sTD2DInputs[0], vUV.st + k * uDir), uChan); }
void main() {
    float d = uMethod == 0 ? v(0.0) - v(-1.0) : uMethod == 1 ? v(1.0) - v(0.0) : (v(1.0) - v(-1.0)) * 0.5;
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    fragColor = vec4(vec3(uMid + d * uStrength), c.a);
}
"""
    return Pass(body, u, [0])


SLOPES = ("hluminance", "hred", "hgreen", "hblue", "halpha", "hrgbaverage", "haverage",
          "vluminance", "vred", "vgreen", "vblue", "valpha", "vrgbaverage", "vaverage",
          "zluminance", "zred", "zgreen", "zblue", "zalpha", "zrgbaverage", "zaverage", "neutral", "one", "zero")


def slope(job):
    """Slope TOP: https://docs.derivative.ca/Slope_TOP. Each output channel is the horizontal or
    vertical slope of a channel (z slopes, of 3D textures, read as neutral), times `strength`
    about `zeropoint`, or neutral, one or zero; red defaults to the horizontal and green to the
    vertical slope of luminance."""
    top = job.top
    picks = []
    for c, fallback in (("red", "hluminance"), ("green", "vluminance"), ("blue", "neutral"), ("alpha", "one")):
        picks.append(SLOPES.index(rp.menu(top, c, SLOPES, fallback)))
    step = _offset(top, job.w, job.h)
    u = {"uPick": picks, "uZero": rp.number(top, "zeropoint", 0.5), "uStrength": rp.number(top, "strength", 1.0),
         "uStep": step, "uMethod": METHODS.index(rp.menu(top, "method", METHODS, "prevnext")),
         "uExtend": extend_code(rp.text(top, "extend", "hold"))}
    body = """
uniform ivec4 uPick;
uniform float uZero, uStrength;
uniform vec2 uStep;
uniform int uMethod, uExtend;
float ch(vec2 d, int c) { return tdsChannel(texture(sTD2DInputs[0], tdsExtend(vUV.st + d * uStep, uExtend)), c); }
float slopeOf(vec2 axis, int c) {
    return uMethod == 0 ? ch(vec2(0.0), c) - ch(-axis, c) : uMethod == 1 ? ch(axis, c) - ch(vec2(0.0), c)
         : (ch(axis, c) - ch(-axis, c)) * 0.5;
}
float out1(int k) {
    if (k == 21) return uZero;
    if (k == 22) return 1.0;
    if (k == 23) return 0.0;
    if (k >= 14) return uZero;
    int c = k % 7;
    int chan = c == 0 ? 0 : c == 1 ? 1 : c == 2 ? 2 : c == 3 ? 3 : c == 4 ? 4 : c == 5 ? 5 : 6;
    return uZero + uStrength * slopeOf(k < 7 ? vec2(1.0, 0.0) : vec2(0.0, 1.0), chan);
}
void main() { fragColor = vec4(out1(uPick.x), out1(uPick.y), out1(uPick.z), out1(uPick.w)); }
"""
    return Pass(body, u, [0])


def normalmap(job):
    """Normal Map TOP: https://docs.derivative.ca/Normal_Map_TOP. A tangent-space normal map
    (0.5-centred RGB) from the slopes of a channel (`source`), steeper with `heightmap`
    (its strength, UNVERIFIED name)."""
    top = job.top
    step = _offset(top, job.w, job.h)
    u = {"uChan": channel_code(rp.text(top, "source", "luminance")), "uStep": step,
         "uStrength": rp.number(top, "heightmap", 1.0) or 1.0}
    body = """
uniform int uChan;
uniform vec2 uStep;
uniform float uStrength;
float h(vec2 d) { return tdsChannel(texture(sTD2DInputs[0], vUV.st + d * uStep), uChan); }
void main() {
    float dx = (h(vec2(1.0, 0.0)) - h(vec2(-1.0, 0.0))) * 0.5 * uStrength;
    float dy = (h(vec2(0.0, 1.0)) - h(vec2(0.0, -1.0))) * 0.5 * uStrength;
    vec3 n = normalize(vec3(-dx, -dy, 1.0));
    fragColor = vec4(n * 0.5 + 0.5, 1.0);
}
"""
    return Pass(body, u, [0])


MAX_KERNEL = 11


def convolve(job):
    """Convolve TOP: https://docs.derivative.ca/Convolve_TOP. The input convolved with the
    table of numbers in `dat` (rows top to bottom, up to 11 x 11), normalized to sum to 1 when
    `normalize` is on, alpha too when `applytoalpha`; without a table, a 3x3 box."""
    top = job.top
    dat = rp.reference(top, "dat")
    kernel = []
    if dat is not None and getattr(dat, "isDAT", False):
        for row in dat._rows()[:MAX_KERNEL]:
            values = []
            for cell in row[:MAX_KERNEL]:
                try:
                    values.append(float(cell))
                except ValueError:
                    values.append(0.0)
            if values:
                kernel.append(values)
    if not kernel:
        kernel = [[1.0] * 3 for _ in range(3)]
    cols = max(len(r) for r in kernel)
    kernel = [r + [0.0] * (cols - len(r)) for r in kernel]
    total = sum(sum(r) for r in kernel)
    if rp.flag(top, "normalize", True) and total:
        kernel = [[v / total for v in r] for r in kernel]
    rows = len(kernel)
    u = {"uSize": [cols, rows], "uAlpha": int(rp.flag(top, "applytoalpha", True))}
    for j, r in enumerate(kernel):
        for i, v in enumerate(r):
            u[f"uK[{j * MAX_KERNEL + i}]"] = v
    body = """
uniform ivec2 uSize;
uniform int uAlpha;
uniform float uK[%d];
void main() {
    vec4 sum = vec4(0.0);
    vec2 px = uTD2DInfos[0].res.xy;
    for (int j = 0; j < uSize.y; j++)
        for (int i = 0; i < uSize.x; i++)
            sum += uK[j * %d + i] * texture(sTD2DInputs[0], vUV.st + vec2(i - uSize.x / 2, uSize.y / 2 - j) * px);
    if (uAlpha == 0) sum.a = texture(sTD2DInputs[0], vUV.st).a;
    fragColor = sum;
}
""" % (MAX_KERNEL * MAX_KERNEL, MAX_KERNEL)
    return Pass(body, u, [0])


def antialias(job):
    """Anti Alias TOP: https://docs.derivative.ca/Anti_Alias_TOP. Edges (where luminance jumps
    by more than `edgethreshold`) softened with their neighbours: an FXAA-like blend, not
    TouchDesigner's SMAA (UNVERIFIED look)."""
    u = {"uThreshold": rp.number(job.top, "edgethreshold", 0.1)}
    body = """
uniform float uThreshold;
void main() {
    vec2 px = uTD2DInfos[0].res.xy;
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec4 n = texture(sTD2DInputs[0], vUV.st + vec2(0.0, px.y)), s = texture(sTD2DInputs[0], vUV.st - vec2(0.0, px.y));
    vec4 e = texture(sTD2DInputs[0], vUV.st + vec2(px.x, 0.0)), w = texture(sTD2DInputs[0], vUV.st - vec2(px.x, 0.0));
    float l = tdsLum(c.rgb);
    float range = max(max(abs(tdsLum(n.rgb) - l), abs(tdsLum(s.rgb) - l)), max(abs(tdsLum(e.rgb) - l), abs(tdsLum(w.rgb) - l)));
    fragColor = range > uThreshold ? (c * 4.0 + n + s + e + w) / 8.0 : c;
}
"""
    return Pass(body, u, [0])


def bloom(job):
    """Bloom TOP: https://docs.derivative.ca/Bloom_TOP. What is brighter than `bloomthreshold`
    blurred up to the maximum bloom radius (a fraction of the width) and added back times
    `bloomintensity`."""
    top, w, h = job.top, job.w, job.h
    radius = max(1.0, rp.number(top, "maxbloomradius", 0.05) * w)
    u = {"uThreshold": rp.number(top, "bloomthreshold", 0.7)}
    bright = Pass("""
uniform float uThreshold;
void main() { vec4 c = texture(sTD2DInputs[0], vUV.st); fragColor = vec4(max(c.rgb - uThreshold, 0.0), c.a); }
""", u, [0])
    blurs = blur_passes(top, w, h, radius, 0, inputs=["prev"], kind=1)
    add = Pass("""
uniform float uIntensity;
void main() { vec4 c = texture(sTD2DInputs[0], vUV.st); fragColor = c + vec4(texture(sTD2DInputs[1], vUV.st).rgb * uIntensity, 0.0); }
""", {"uIntensity": rp.number(top, "bloomintensity", 1.0)}, [0, "prev"])
    return [bright] + blurs + [add]


SHADERS = {"blurTOP": blur, "lumablurTOP": lumablur, "edgeTOP": edge, "embossTOP": emboss, "slopeTOP": slope,
           "normalmapTOP": normalmap, "convolveTOP": convolve, "antialiasTOP": antialias, "bloomTOP": bloom}
