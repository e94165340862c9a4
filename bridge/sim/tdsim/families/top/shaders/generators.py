"""Generator TOPs as shaders: Constant, Ramp, Noise, Circle, Rectangle.

Each reads its parameters as its page documents them (docs.derivative.ca/<Name>_TOP); where the
kb knows no default, renderpars.ASSUMED gives TouchDesigner's starting value (ASSUMPTION). A
generator with Comp Over Input on combines itself with its input by `operand` (blendlib).
"""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..shading import Pass
from . import blendlib
from .place import anchor_uniforms

COMP_OVER = """
uniform int uCompOver;
uniform int uOperand;
uniform int uSwap;
vec4 tdsCompOver(vec4 c) {
#if TD_NUM_2D_INPUTS > 0
    if (uCompOver == 1) {
        vec4 below = texture(sTD2DInputs[0], vUV.st);
        return uSwap == 1 ? tdsBlend(below, c, uOperand) : tdsBlend(c, below, uOperand);
    }
#endif
    return c;
}
"""


def comp_over(job, uniforms):
    """The Comp Over Input uniforms, and the inputs the pass reads (input 0 when it is on)."""
    on = rp.flag(job.top, "compoverinput") and job.source(0) is not None
    uniforms.update(uCompOver=int(on), uOperand=blendlib.code(rp.text(job.top, "operand", "over"), "over"),
                    uSwap=int(rp.flag(job.top, "swaporder")))
    return [0] if on else []


def _rgba(top, rgb, alpha, premultiply):
    c = rp.colour(top, rgb)
    a = rp.number(top, alpha, 1.0) if alpha else 1.0
    if premultiply:
        c = [x * a for x in c]
    return c + [a]


def constant(job):
    """Constant TOP: https://docs.derivative.ca/Constant_TOP (colour, alpha, Premultiply RGB by Alpha)."""
    top = job.top
    u = {"uColor": _rgba(top, ("colorr", "colorg", "colorb"), "alpha", rp.flag(top, "multrgbbyalpha"))}
    inputs = comp_over(job, u)
    body = blendlib.GLSL + COMP_OVER + """
uniform vec4 uColor;
void main() { fragColor = tdsCompOver(uColor); }
"""
    return Pass(body, u, inputs)


RAMP_TYPES = ("vertical", "horizontal", "radial", "circular")
MAX_KEYS = 32


def ramp_keys(top):
    """(pos, r, g, b, a) rows of the Ramp TOP's key DAT (a table with those columns), else the
    black-to-white ramp a new Ramp TOP makes."""
    dat = rp.reference(top, "dat")
    if dat is not None and getattr(dat, "isDAT", False):
        rows = dat._rows()
        if rows and all(c in rows[0] for c in ("pos", "r", "g", "b", "a")):
            head = rows[0]
            keys = []
            for row in rows[1:]:
                try:
                    keys.append(tuple(float(row[head.index(c)]) for c in ("pos", "r", "g", "b", "a")))
                except (ValueError, IndexError):
                    continue
            if keys:
                return sorted(keys)[:MAX_KEYS]
    return [(0.0, 0.0, 0.0, 0.0, 1.0), (1.0, 1.0, 1.0, 1.0, 1.0)]


def ramp(job):
    """Ramp TOP: https://docs.derivative.ca/Ramp_TOP. Vertical runs bottom (0) to top (1),
    horizontal left to right, circular from the centre (`position`, 0.5 0.5 = the middle) out to
    the corners' distance, radial round the centre; `phase` and `period` move and repeat it,
    `interp` step/linear/ease (hermite as ease)."""
    top = job.top
    keys = ramp_keys(top)
    kind = rp.menu(top, "type", RAMP_TYPES, "vertical")
    interp = rp.menu(top, "interp", ("step", "linear", "easeineaseout", "hermite"), "linear")
    u = {"uCount": len(keys), "uType": RAMP_TYPES.index(kind), "uPhase": rp.number(top, "phase"),
         "uPeriod": rp.number(top, "period", 1.0) or 1.0, "uInterp": ("step", "linear").index(interp) if interp in ("step", "linear") else 2,
         "uCentre": [rp.number(top, "position1", 0.5), rp.number(top, "position2", 0.5)],
         "uAspect": job.w / job.h, "uRepeat": int(rp.text(top, "extendleft", "hold") in ("repeat", "mirror"))}
    for i, k in enumerate(keys):
        u[f"uKeyPos[{i}]"] = k[0]
        u[f"uKeyColor[{i}]"] = list(k[1:])
    inputs = comp_over(job, u)
    body = blendlib.GLSL + COMP_OVER + """
uniform int uCount, uType, uInterp, uRepeat;
uniform float uKeyPos[%d];
uniform vec4 uKeyColor[%d];
uniform float uPhase, uPeriod, uAspect;
uniform vec2 uCentre;
vec4 rampAt(float t) {
    if (t <= uKeyPos[0]) return uKeyColor[0];
    for (int i = 1; i < uCount; i++) {
        if (t <= uKeyPos[i]) {
            float span = max(uKeyPos[i] - uKeyPos[i - 1], 1e-6);
            float f = (t - uKeyPos[i - 1]) / span;
            if (uInterp == 0) f = 0.0;
            else if (uInterp == 2) f = f * f * (3.0 - 2.0 * f);
            return mix(uKeyColor[i - 1], uKeyColor[i], f);
        }
    }
    return uKeyColor[uCount - 1];
}
void main() {
    vec2 uv = vUV.st;
    float t;
    if (uType == 0) t = uv.y;
    else if (uType == 1) t = uv.x;
    else {
        vec2 d = (uv - uCentre) * vec2(uAspect, 1.0);
        if (uType == 3) t = length(d) / (0.5 * length(vec2(uAspect, 1.0)));
        else t = fract(atan(d.y, d.x) / 6.28318530718);
    }
    t = t / uPeriod + uPhase;
    if (uRepeat == 1) t = fract(t);
    fragColor = tdsCompOver(rampAt(t));
}
""" % (MAX_KEYS, MAX_KEYS)
    return Pass(body, u, inputs)


# 3D simplex noise after Ashima Arts' and Stefan Gustavson's webgl-noise (MIT License): a
# permutation polynomial and gradients on an octahedron; values in about -1..1.
SIMPLEX = """
vec4 sxMod289(vec4 x) { return x - floor(x * (1.0 / 289.0)) * 289.0; }
vec3 sxMod289(vec3 x) { return x - floor(x * (1.0 / 289.0)) * 289.0; }
vec4 sxPermute(vec4 x) { return sxMod289(((x * 34.0) + 1.0) * x); }
float simplex(vec3 v) {
    const vec2 C = vec2(1.0 / 6.0, 1.0 / 3.0);
    const vec4 D = vec4(0.0, 0.5, 1.0, 2.0);
    vec3 i = floor(v + dot(v, C.yyy));
    vec3 x0 = v - i + dot(i, C.xxx);
    vec3 g = step(x0.yzx, x0.xyz);
    vec3 l = 1.0 - g;
    vec3 i1 = min(g.xyz, l.zxy);
    vec3 i2 = max(g.xyz, l.zxy);
    vec3 x1 = x0 - i1 + C.xxx;
    vec3 x2 = x0 - i2 + C.yyy;
    vec3 x3 = x0 - D.yyy;
    i = sxMod289(i);
    vec4 p = sxPermute(sxPermute(sxPermute(i.z + vec4(0.0, i1.z, i2.z, 1.0)) + i.y + vec4(0.0, i1.y, i2.y, 1.0))
                       + i.x + vec4(0.0, i1.x, i2.x, 1.0));
    vec3 ns = 0.142857142857 * D.wyz - D.xzx;
    vec4 j = p - 49.0 * floor(p * ns.z * ns.z);
    vec4 x_ = floor(j * ns.z);
    vec4 y_ = floor(j - 7.0 * x_);
    vec4 x = x_ * ns.x + ns.yyyy;
    vec4 y = y_ * ns.x + ns.yyyy;
    vec4 h = 1.0 - abs(x) - abs(y);
    vec4 b0 = vec4(x.xy, y.xy);
    vec4 b1 = vec4(x.zw, y.zw);
    vec4 s0 = floor(b0) * 2.0 + 1.0;
    vec4 s1 = floor(b1) * 2.0 + 1.0;
    vec4 sh = -step(h, vec4(0.0));
    vec4 a0 = b0.xzyw + s0.xzyw * sh.xxyy;
    vec4 a1 = b1.xzyw + s1.xzyw * sh.zzww;
    vec3 p0 = vec3(a0.xy, h.x);
    vec3 p1 = vec3(a0.zw, h.y);
    vec3 p2 = vec3(a1.xy, h.z);
    vec3 p3 = vec3(a1.zw, h.w);
    vec4 norm = 1.79284291400159 - 0.85373472095314 * vec4(dot(p0, p0), dot(p1, p1), dot(p2, p2), dot(p3, p3));
    p0 *= norm.x; p1 *= norm.y; p2 *= norm.z; p3 *= norm.w;
    vec4 m = max(0.6 - vec4(dot(x0, x0), dot(x1, x1), dot(x2, x2), dot(x3, x3)), 0.0);
    m = m * m;
    return 42.0 * dot(m * m, vec4(dot(p0, x0), dot(p1, x1), dot(p2, x2), dot(p3, x3)));
}
"""

NOISE_DIMS = {"perlin2d": 2, "simplex2d": 2, "perlin3d": 3, "simplex3d": 3, "perlin4d": 4, "simplex4d": 4}
NOISE_ORDERS = ("srt", "str", "rst", "rts", "tsr", "trs")
ALPHAS = ("zero", "one", "random", "input", "multiply", "add", "addclamp")


def _rotation(rx, ry, rz):
    """3x3 rotation (rows) for x, then y, then z degrees (the `rord` default xyz)."""
    def rot(axis, deg):
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        if axis == 0:
            return [[1, 0, 0], [0, c, -s], [0, s, c]]
        if axis == 1:
            return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
        return [[c, -s, 0], [s, c, 0], [0, 0, 1]]

    def mul(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    return mul(rot(2, rz), mul(rot(1, ry), rot(0, rx)))


def noise(job):
    """Noise TOP: https://docs.derivative.ca/Noise_TOP. Each pixel's noise coordinate is its 0-1
    texture coordinate (x times the aspect with Aspect Correct on), transformed by `s`, `r` and
    `t` about `p`, over `period`; 2D types use x and y, 3D add z, 4D add `t4d` (over `s4d`).
    `harmon` more octaves `spread` times finer and `rough` times weaker; `gain` (per
    octave, UNVERIFIED against `rough`), `exp`, then `offset + amp * n`; monochrome or three
    channels; alpha zero, one, random or from the input. Every smooth type is 3D simplex noise
    (4D as two 3D slices blended along w; 2D at z = 0), not TouchDesigner's own code: same
    parameters and ranges, a different pattern in detail. random/randomgpu give white noise."""
    top = job.top
    kind = rp.text(top, "type", "") or rp.ASSUMED_NOISE_TYPE
    dims = NOISE_DIMS.get(kind, 3)
    s = [rp.number(top, "s" + a, 1.0) for a in "xyz"]
    t = [rp.number(top, "t" + a) for a in "xyz"]
    p = [rp.number(top, "p" + a) for a in "xyz"]
    rot = _rotation(*(rp.number(top, "r" + a) for a in "xyz"))
    order = rp.menu(top, "xord", NOISE_ORDERS, "srt")
    alpha = rp.menu(top, "alpha", ALPHAS, "one")
    has_input = job.source(0) is not None
    u = {"uDims": dims, "uWhite": int(kind in ("random", "randomgpu")),
         "uSeed": rp.number(top, "seed", 1.0), "uPeriod": rp.number(top, "period", 1.0) or 1.0,
         "uHarmonics": max(0, min(16, int(rp.number(top, "harmon", 2)))),
         "uSpread": rp.number(top, "spread", 2.0), "uRough": rp.number(top, "rough", 0.5),
         "uExp": rp.number(top, "exp", 1.0), "uAmp": rp.number(top, "amp", 0.5), "uOffset": rp.number(top, "offset", 0.5),
         "uMono": int(rp.flag(top, "mono", True)), "uAlpha": ALPHAS.index(alpha),
         "uAspect": (job.w / job.h) if rp.flag(top, "aspectcorrect", True) else 1.0,
         "uScale": s, "uTranslate": t, "uPivot": p, "uOrder": NOISE_ORDERS.index(order),
         "uW": rp.number(top, "t4d") / (rp.number(top, "s4d", 1.0) or 1.0), "uHasInput": int(has_input),
         "uRgb": ("noise", "multiply", "add", "subtract").index(rp.menu(top, "rgb", ("noise", "multiply", "add", "subtract"), "noise"))}
    # the rotation as the columns of a mat3, as GLSL reads a matrix
    u["uRot"] = [rot[r][c] for c in range(3) for r in range(3)]
    body = SIMPLEX + """
uniform int uDims, uWhite, uHarmonics, uMono, uAlpha, uOrder, uHasInput, uRgb;
uniform float uSeed, uPeriod, uSpread, uRough, uExp, uAmp, uOffset, uAspect, uW;
uniform vec3 uScale, uTranslate, uPivot;
uniform mat3 uRot;
float hash(vec4 p) { return fract(sin(dot(p, vec4(12.9898, 78.233, 37.719, 4.581))) * 43758.5453); }
vec3 place(vec3 q) {
    // s, r and t in the order `xord` names, scale and rotation about the pivot
    for (int i = 0; i < 3; i++) {
        int step = uOrder == 0 ? (i == 0 ? 0 : i == 1 ? 1 : 2) : uOrder == 1 ? (i == 0 ? 0 : i == 1 ? 2 : 1)
                 : uOrder == 2 ? (i == 0 ? 1 : i == 1 ? 0 : 2) : uOrder == 3 ? (i == 0 ? 1 : i == 1 ? 2 : 0)
                 : uOrder == 4 ? (i == 0 ? 2 : i == 1 ? 0 : 1) : (i == 0 ? 2 : i == 1 ? 1 : 0);
        if (step == 0) q = (q - uPivot) / uScale + uPivot;
        else if (step == 1) q = uRot * (q - uPivot) + uPivot;
        else q = q - uTranslate;
    }
    return q;
}
float noise4(vec4 c) {
    // 4D: simplex noise of two 3D slices, one per whole step of w, blended smoothly
    if (uDims < 4) return simplex(c.xyz);
    float w0 = floor(c.w), f = c.w - w0;
    f = f * f * (3.0 - 2.0 * f);
    vec3 a = vec3(17.13, 31.71, 11.37);
    return mix(simplex(c.xyz + a * w0), simplex(c.xyz + a * (w0 + 1.0)), f);
}
float octaves(vec4 q, float channel) {
    float sum = 0.0, weight = 1.0, total = 0.0, freq = 1.0 / uPeriod;
    // seed, channel and octave move the pattern in x, y and z only, so 4D noise at w = 0 is 3D noise
    vec4 shift = vec4(uSeed * 17.31 + channel * 101.7, uSeed * 7.77 - channel * 53.1, channel * 31.3, 0.0);
    for (int o = 0; o <= uHarmonics; o++) {
        vec4 c = q * freq + shift;
        if (uDims < 3) c.z = shift.z;
        sum += weight * noise4(c);
        total += weight * weight;
        weight *= uRough;
        freq *= uSpread;
        shift += vec4(19.1, 47.3, 13.7, 0.0);
    }
    float n = clamp(sum / max(sqrt(total), 1e-6), -1.0, 1.0);
    return sign(n) * pow(abs(n), uExp);
}
void main() {
    vec3 q = place(vec3(vUV.s * uAspect, vUV.t, 0.0));
    vec4 q4 = vec4(q, uW);
    vec4 n;
    if (uWhite == 1) {
        vec4 cell = vec4(floor(gl_FragCoord.xy), uSeed, floor(q.z * 1000.0) + uW);
        n = vec4(hash(cell), hash(cell + 1.3), hash(cell + 2.7), hash(cell + 4.1)) * 2.0 - 1.0;
    } else {
        n.r = octaves(q4, 0.0);
        n.g = uMono == 1 ? n.r : octaves(q4, 1.0);
        n.b = uMono == 1 ? n.r : octaves(q4, 2.0);
        n.a = uAlpha == 2 ? octaves(q4, 3.0) : 0.0;
    }
    vec4 v = uOffset + uAmp * n;
    if (uMono == 1) v.gb = v.rr;
    vec4 inputColor = vec4(0.0);
#if TD_NUM_2D_INPUTS > 0
    inputColor = texture(sTD2DInputs[0], vUV.st);
#endif
    vec3 rgb = v.rgb;
    if (uHasInput == 1 && uRgb == 1) rgb = inputColor.rgb * v.rgb;
    else if (uHasInput == 1 && uRgb == 2) rgb = inputColor.rgb + v.rgb;
    else if (uHasInput == 1 && uRgb == 3) rgb = inputColor.rgb - v.rgb;
    float a = uAlpha == 0 ? 0.0 : uAlpha == 1 ? 1.0 : uAlpha == 2 ? v.a
            : uAlpha == 3 ? inputColor.a : uAlpha == 4 ? inputColor.a * v.r
            : uAlpha == 5 ? inputColor.a + v.r : clamp(inputColor.a + v.r, 0.0, 1.0);
    fragColor = vec4(rgb, a);
}
"""
    return Pass(body, u, [0] if has_input else [])


SHAPE = blendlib.GLSL + COMP_OVER + """
uniform vec2 uCentre, uHalf;     // pixels, from the bottom left
uniform float uAngle, uBorder, uSoft, uCorner;
uniform int uShape, uAA, uSides;
uniform vec4 uFill, uBorderColor, uBg;
uniform vec2 uArc;               // degrees; begin == end means the whole circle
float coverage(float d) {
    // d: signed distance in pixels (negative inside); softness widens the edge
    float w = max(uSoft, uAA == 1 ? 1.0 : 0.0);
    return w > 0.0 ? clamp(0.5 - d / w, 0.0, 1.0) : (d <= 0.0 ? 1.0 : 0.0);
}
float shapeDistance(vec2 p, vec2 halfSize) {
    if (uShape == 0 && uSides >= 3) {
        // a regular polygon inscribed in the ellipse, a side at the top (UNVERIFIED orientation)
        vec2 h = max(halfSize, vec2(1e-4));
        vec2 q = p / h;
        float seg = 6.28318530718 / float(uSides);
        float a = atan(q.x, q.y);
        float d = cos(floor(0.5 + a / seg) * seg - a) * length(q) - cos(seg * 0.5);
        return d * min(h.x, h.y);
    }
    if (uShape == 0) {
        // ellipse: distance estimate by the gradient of the implicit function
        vec2 h = max(halfSize, vec2(1e-4));
        float k = length(p / h);
        float g = length(p / (h * h));
        return g > 0.0 ? (k - 1.0) * k / g : -min(h.x, h.y);
    }
    vec2 q = abs(p) - halfSize + uCorner;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - uCorner;
}
void main() {
    vec2 p = gl_FragCoord.xy - uCentre;
    float c = cos(-uAngle), s = sin(-uAngle);
    p = vec2(c * p.x - s * p.y, s * p.x + c * p.y);
    float outer = shapeDistance(p, uHalf);
    float inner = shapeDistance(p, uHalf - uBorder);
    if (uShape == 0 && uArc.x != uArc.y) {
        float a = degrees(atan(p.y, p.x));
        float lo = mod(uArc.x, 360.0), span = mod(uArc.y - uArc.x, 360.0);
        if (span == 0.0) span = 360.0;
        if (mod(a - lo, 360.0) > span) outer = inner = 1e6;
    }
    vec4 color = uBg;
    float shape = coverage(outer);
    float fill = uBorder > 0.0 ? coverage(inner) : shape;
    vec4 edge = uBorder > 0.0 ? uBorderColor : uFill;
    color = mix(color, edge, shape);
    color = mix(color, uFill, fill);
    fragColor = tdsCompOver(color);
}
"""


def _shape(job, kind, half):
    top = job.top
    premult = rp.flag(top, "multrgbbyalpha")
    w, h = job.w, job.h
    cx, cy = anchor_uniforms(top, w, h, half)
    u = {"uCentre": [cx, cy], "uHalf": list(half), "uAngle": math.radians(rp.number(top, "rotate")),
         "uBorder": max(0.0, rp.length(top, "borderwidth", "borderwidthunit", "y", w, h)),
         "uSoft": max(0.0, rp.length(top, "softness", "softnessunit", "y", w, h)),
         "uCorner": max(0.0, min(min(half), rp.length(top, "cornerradius", "cornerradiusunit", "y", w, h))) if kind == 1 else 0.0,
         "uShape": kind, "uAA": int(rp.flag(top, "antialias", True)),
         "uSides": max(3, int(rp.number(top, "sides", 6))) if kind == 0 and rp.flag(top, "ispolygon") else 0,
         "uFill": _rgba(top, ("fillcolorr", "fillcolorg", "fillcolorb"), "fillalpha", premult),
         "uBorderColor": _rgba(top, ("borderr", "borderg", "borderb"), "borderalpha", premult),
         "uBg": _rgba(top, ("bgcolorr", "bgcolorg", "bgcolorb"), "bgalpha", premult),
         "uArc": [rp.number(top, "beginarcangle"), rp.number(top, "endarcangle")] if kind == 0 else [0.0, 0.0]}
    inputs = comp_over(job, u)
    return Pass(SHAPE, u, inputs)


def circle(job):
    """Circle TOP: https://docs.derivative.ca/Circle_TOP. Radius, rotate, centre (from the
    justified position), fill, border of `borderwidth` inside the edge (UNVERIFIED which side),
    background, softness and anti-aliasing, the arc between the begin and end angles; as a
    polygon (`ispolygon`), a regular one of `sides` corners inscribed in it."""
    top, w, h = job.top, job.w, job.h
    rx = rp.length(top, "radiusx", "radiusunit", "x", w, h)
    ry = rp.length(top, "radiusy", "radiusunit", "y", w, h)
    return _shape(job, 0, (max(rx, 0.0), max(ry, 0.0)))


def rectangle(job):
    """Rectangle TOP: https://docs.derivative.ca/Rectangle_TOP. Size, rotate, centre, fill,
    border inside the edge, background, corner radius, softness, anti-aliasing."""
    top, w, h = job.top, job.w, job.h
    sx = rp.length(top, "sizex", "sizeunit", "x", w, h)
    sy = rp.length(top, "sizey", "sizeunit", "y", w, h)
    return _shape(job, 1, (max(sx, 0.0) / 2, max(sy, 0.0) / 2))


SHADERS = {"constantTOP": constant, "rampTOP": ramp, "noiseTOP": noise, "circleTOP": circle,
           "rectangleTOP": rectangle}
