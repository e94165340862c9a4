"""TOPs that change each pixel's colour, as shaders: Level, Luma Level, HSV Adjust, HSV to RGB,
RGB to HSV, Monochrome, Threshold, Math, Reorder, Channel Mix, Chroma Key, RGB Key, Limit,
Matte, Function, Tone Map. Page links on each function; parameter starting values the kb does not
know are in renderpars.ASSUMED."""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..shading import Pass, channel_code

LEVEL = """
uniform float uInvert, uBlack, uBright, uGamma, uContrast, uSoften, uGamma2, uOpacity, uBright2;
uniform vec2 uIn, uOut, uClamp;
uniform vec4 uLow, uHigh;
uniform int uClampOn, uStepping, uPremult;
uniform float uStep, uThreshold;
vec4 level(vec4 c) {
    vec3 rgb = uPremult == 1 && c.a > 0.0 ? c.rgb / c.a : c.rgb;
    rgb = mix(rgb, 1.0 - rgb, uInvert);
    rgb = uBlack < 1.0 ? (rgb - uBlack) / (1.0 - uBlack) : vec3(0.0);
    rgb *= uBright;
    rgb = pow(max(rgb, 0.0), vec3(1.0 / max(uGamma, 1e-4)));
    rgb = (rgb - 0.5) * uContrast + 0.5;
    rgb = (rgb - uIn.x) / max(uIn.y - uIn.x, 1e-6) * (uOut.y - uOut.x) + uOut.x;
    vec4 v = vec4(rgb, c.a);
    v = (v - uLow) / max(uHigh - uLow, vec4(1e-6));
    if (uStepping == 1 && uStep > 0.0) v.rgb = floor((v.rgb - uThreshold) / uStep + 1.0) * uStep;
    if (uClampOn == 1) v = clamp(v, vec4(uClamp.x), vec4(uClamp.y));
    v.rgb = pow(max(v.rgb, 0.0), vec3(1.0 / max(uGamma2, 1e-4))) * uBright2;
    if (uPremult == 1) v.rgb *= v.a;
    return v * uOpacity;
}
"""


def level_uniforms(top):
    return {"uInvert": rp.number(top, "invert"), "uBlack": rp.number(top, "blacklevel"),
            "uBright": rp.number(top, "brightness1", 1.0), "uGamma": rp.number(top, "gamma1", 1.0),
            "uContrast": rp.number(top, "contrast", 1.0),
            "uIn": [rp.number(top, "inlow"), rp.number(top, "inhigh", 1.0)],
            "uOut": [rp.number(top, "outlow"), rp.number(top, "outhigh", 1.0)],
            "uLow": [rp.number(top, "low" + c) for c in "rgba"],
            "uHigh": [rp.number(top, "high" + c, 1.0) for c in "rgba"],
            "uClampOn": int(rp.flag(top, "clamp")), "uClamp": [rp.number(top, "clamplow"), rp.number(top, "clamphigh", 1.0)],
            "uStepping": int(rp.flag(top, "stepping")), "uStep": rp.number(top, "stepsize", 0.1),
            "uThreshold": rp.number(top, "threshold", 0.5), "uSoften": rp.number(top, "soften"),
            "uGamma2": rp.number(top, "gamma2", 1.0), "uOpacity": rp.number(top, "opacity", 1.0),
            "uBright2": rp.number(top, "brightness2", 1.0), "uPremult": int(rp.flag(top, "premultrgbbyalpha"))}


def level(job):
    """Level TOP: https://docs.derivative.ca/Level_TOP. Pre: invert, black level, brightness,
    gamma, contrast (about 0.5); Range: in low/high to out low/high; RGBA: each channel's
    low/high; Post: stepping, clamp, gamma 2, brightness 2 and opacity (which scales all four
    pre-multiplied channels)."""
    return Pass(LEVEL + "void main() { fragColor = level(texture(sTD2DInputs[0], vUV.st)); }",
                level_uniforms(job.top), [0])


def lumalevel(job):
    """Luma Level TOP: https://docs.derivative.ca/Luma_Level_TOP. The Level TOP's adjustments
    applied to one channel (`source`, luminance by default), the colour scaled by the change."""
    top = job.top
    u = level_uniforms(top)
    u["uSource"] = channel_code(rp.text(top, "source", "luminance"))
    body = LEVEL + """
uniform int uSource;
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    float v = tdsChannel(c, uSource);
    float l = level(vec4(vec3(v), 1.0)).r;
    fragColor = vec4(c.rgb * (v > 0.0 ? l / v : 0.0), c.a) * uOpacity;
}
"""
    return Pass(body, u, [0])


def hsvadjust(job):
    """HSV Adjust TOP: https://docs.derivative.ca/HSV_Adjust_TOP. Hue offset (degrees),
    saturation and value multipliers, applied where a pixel's hue, saturation and value are near
    the start colour's within the ranges (a range of 1 or more selects everything; falloffs
    soften the selection)."""
    top = job.top
    start = rp.colour(top, ("startcolorr", "startcolorg", "startcolorb"), 1.0)
    u = {"uShift": rp.number(top, "hueoffset") / 360.0, "uSat": rp.number(top, "saturationmult", 1.0),
         "uVal": rp.number(top, "valuemult", 1.0), "uStart": start,
         "uRange": [rp.number(top, "huerange", 1.0), rp.number(top, "saturationrange", 1.0), rp.number(top, "valuerange", 1.0)],
         "uFall": [rp.number(top, "huefalloff"), rp.number(top, "saturationfalloff"), rp.number(top, "valuefalloff")]}
    body = """
uniform float uShift, uSat, uVal;
uniform vec3 uStart, uRange, uFall;
float within(float d, float range, float fall) {
    if (range >= 1.0) return 1.0;
    return 1.0 - smoothstep(range * 0.5, range * 0.5 + max(fall, 1e-4), d);
}
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec3 rgb = c.a > 0.0 ? c.rgb / c.a : c.rgb;
    vec3 hsv = TDRGBToHSV(rgb);
    vec3 s = TDRGBToHSV(uStart);
    float dh = abs(fract(hsv.x - s.x + 0.5) - 0.5) * 2.0;
    float k = within(dh, uRange.x, uFall.x) * within(abs(hsv.y - s.y), uRange.y, uFall.y) * within(abs(hsv.z - s.z), uRange.z, uFall.z);
    vec3 adjusted = TDHSVToRGB(vec3(fract(hsv.x + uShift), clamp(hsv.y * uSat, 0.0, 1.0), hsv.z * uVal));
    fragColor = vec4(mix(rgb, adjusted, k) * c.a, c.a);
}
"""
    return Pass(body, u, [0])


def hsvtorgb(job):
    """HSV to RGB TOP: https://docs.derivative.ca/HSV_to_RGB_TOP (hue 0-1 in red)."""
    return Pass("void main() { vec4 c = texture(sTD2DInputs[0], vUV.st); fragColor = vec4(TDHSVToRGB(c.rgb), c.a); }", {}, [0])


def rgbtohsv(job):
    """RGB to HSV TOP: https://docs.derivative.ca/RGB_to_HSV_TOP (hue 0-1 in red)."""
    return Pass("void main() { vec4 c = texture(sTD2DInputs[0], vUV.st); fragColor = vec4(TDRGBToHSV(c.rgb), c.a); }", {}, [0])


def monochrome(job):
    """Monochrome TOP: https://docs.derivative.ca/Monochrome_TOP. RGB from one channel (`rgb`,
    luminance by default), alpha from `alpha`, mixed with the input by `mono` (1: fully grey)."""
    top = job.top
    u = {"uRgb": channel_code(rp.text(top, "rgb", "luminance")), "uAlpha": channel_code(rp.text(top, "alpha", "alpha"), "alpha"),
         "uMono": rp.number(top, "mono", 1.0)}
    body = """
uniform int uRgb, uAlpha;
uniform float uMono;
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    fragColor = vec4(mix(c.rgb, vec3(tdsChannel(c, uRgb)), uMono), tdsChannel(c, uAlpha));
}
"""
    return Pass(body, u, [0])


COMPARATORS = ("less", "greater", "lessorequal", "greaterorequal", "equal", "notequal")


def threshold(job):
    """Threshold TOP: https://docs.derivative.ca/Threshold_TOP. White where the channel
    (`rgb`) compares true with `threshold` by `comparator`, else black (soften widens the
    step); alpha the same or one."""
    top = job.top
    u = {"uCmp": COMPARATORS.index(rp.menu(top, "comparator", COMPARATORS, "greater")),
         "uChan": channel_code(rp.text(top, "rgb", "luminance")), "uThreshold": rp.number(top, "threshold", 0.5),
         "uSoften": rp.number(top, "soften"), "uAlphaOne": int(rp.text(top, "alpha", "same") == "one")}
    body = """
uniform int uCmp, uChan, uAlphaOne;
uniform float uThreshold, uSoften;
void main() {
    float v = tdsChannel(texture(sTD2DInputs[0], vUV.st), uChan);
    float d = v - uThreshold;
    float s = max(uSoften, 1e-6);
    float r;
    if (uCmp == 0) r = uSoften > 0.0 ? 1.0 - smoothstep(-s, s, d) : float(d < 0.0);
    else if (uCmp == 1) r = uSoften > 0.0 ? smoothstep(-s, s, d) : float(d > 0.0);
    else if (uCmp == 2) r = float(d <= 0.0);
    else if (uCmp == 3) r = float(d >= 0.0);
    else if (uCmp == 4) r = float(abs(d) <= max(uSoften, 0.5 / 255.0));
    else r = float(abs(d) > max(uSoften, 0.5 / 255.0));
    fragColor = vec4(vec3(r), uAlphaOne == 1 ? 1.0 : r);
}
"""
    return Pass(body, u, [0])


MATH_PRE = ("off", "negate", "pos", "root", "square", "inverse")
MATH_CHAN = ("off", "add", "sub", "mul", "div", "avg", "min", "max", "len")
MATH_INT = ("off", "ceiling", "floor", "round")
MATH_ALPHA = ("no_op", "rgbmultalpha", "rgbdivalpha", "rgbdivalphafill")


def math_top(job):
    """Math TOP: https://docs.derivative.ca/Math_TOP. In its documented order: alpha op, pre-op,
    combine channels, `(v + preoff) * gain + postoff`, post-op, the from/to range (all channels,
    then each), integer."""
    top = job.top

    def rng(name, a, b):
        return [rp.number(top, name + "1", a), rp.number(top, name + "2", b)]
    u = {"uPre": MATH_PRE.index(rp.menu(top, "preop", MATH_PRE, "off")), "uChan": MATH_CHAN.index(rp.menu(top, "chanop", MATH_CHAN, "off")),
         "uPost": MATH_PRE.index(rp.menu(top, "postop", MATH_PRE, "off")), "uInt": MATH_INT.index(rp.menu(top, "integer", MATH_INT, "off")),
         "uAlphaOp": MATH_ALPHA.index(rp.menu(top, "op", MATH_ALPHA, "no_op")),
         "uPreOff": rp.number(top, "preoff"), "uGain": rp.number(top, "gain", 1.0), "uPostOff": rp.number(top, "postoff"),
         "uFrom": rng("fromrange", 0, 1), "uTo": rng("torange", 0, 1)}
    for c in "rgba":
        u["uFrom" + c.upper()] = rng("fromrange" + c, 0, 1)
        u["uTo" + c.upper()] = rng("torange" + c, 0, 1)
    body = """
uniform int uPre, uChan, uPost, uInt, uAlphaOp;
uniform float uPreOff, uGain, uPostOff;
uniform vec2 uFrom, uTo, uFromR, uToR, uFromG, uToG, uFromB, uToB, uFromA, uToA;
vec4 op1(vec4 v, int o) {
    if (o == 1) return -v;
    if (o == 2) return abs(v);
    if (o == 3) return sqrt(max(v, 0.0));
    if (o == 4) return v * v;
    if (o == 5) return 1.0 / v;
    return v;
}
float rng(float v, vec2 f, vec2 t) { return (v - f.x) / (f.y - f.x == 0.0 ? 1.0 : f.y - f.x) * (t.y - t.x) + t.x; }
void main() {
    vec4 v = texture(sTD2DInputs[0], vUV.st);
    if (uAlphaOp == 1) v.rgb *= v.a;
    else if (uAlphaOp >= 2) v.rgb = v.a > 0.0 ? v.rgb / v.a : (uAlphaOp == 3 ? vec3(1.0) : vec3(0.0));
    v = op1(v, uPre);
    if (uChan != 0) {
        float r = v.r;
        if (uChan == 1) r = v.r + v.g + v.b;
        else if (uChan == 2) r = v.r - v.g - v.b;
        else if (uChan == 3) r = v.r * v.g * v.b;
        else if (uChan == 4) r = v.r / v.g / v.b;
        else if (uChan == 5) r = (v.r + v.g + v.b) / 3.0;
        else if (uChan == 6) r = min(v.r, min(v.g, v.b));
        else if (uChan == 7) r = max(v.r, max(v.g, v.b));
        else r = length(v.rgb);
        v.rgb = vec3(r);
    }
    v = (v + uPreOff) * uGain + uPostOff;
    v = op1(v, uPost);
    v = vec4(rng(v.r, uFrom, uTo), rng(v.g, uFrom, uTo), rng(v.b, uFrom, uTo), rng(v.a, uFrom, uTo));
    v = vec4(rng(v.r, uFromR, uToR), rng(v.g, uFromG, uToG), rng(v.b, uFromB, uToB), rng(v.a, uFromA, uToA));
    if (uInt == 1) v = ceil(v); else if (uInt == 2) v = floor(v); else if (uInt == 3) v = floor(v + 0.5);
    fragColor = v;
}
"""
    return Pass(body, u, [0])


REORDER_CHANS = ("red", "green", "blue", "alpha", "zero", "one", "luminance")


def reorder(job):
    """Reorder TOP: https://docs.derivative.ca/Reorder_TOP. Each output channel takes a channel
    (`output<c>chan`) of one input (`output<c>`, counted from 0); the kb lists no menu entries,
    so a channel is named (red, green, blue, alpha, zero, one, luminance) or given by number."""
    top = job.top
    n = max(1, len(job._wired))
    u = {}
    for i, c in enumerate(("red", "green", "blue", "alpha")):
        which = rp.value(top, f"output{c}", 0)
        chan = rp.value(top, f"output{c}chan", c)
        try:
            which = min(max(int(float(which)), 0), n - 1)
        except (TypeError, ValueError):
            which = 0
        if isinstance(chan, str) and chan in REORDER_CHANS:
            chan = REORDER_CHANS.index(chan)
        else:
            try:
                chan = int(float(chan))
            except (TypeError, ValueError):
                chan = i
        u[f"uPick[{i}]"] = [which, chan]
    fetch = " ".join(f"if (which == {k}) c = texture(sTD2DInputs[{k}], vUV.st);" for k in range(n))
    body = """
uniform ivec2 uPick[4];
float get(int k) {
    int which = uPick[k].x, chan = uPick[k].y;
    vec4 c = vec4(0.0);
    %s
    if (chan == 0) return c.r; if (chan == 1) return c.g; if (chan == 2) return c.b; if (chan == 3) return c.a;
    if (chan == 4) return 0.0; if (chan == 5) return 1.0;
    return tdsLum(c.rgb);
}
void main() { fragColor = vec4(get(0), get(1), get(2), get(3)); }
""" % fetch
    return Pass(body, u, list(range(n)))


def channelmix(job):
    """Channel Mix TOP: https://docs.derivative.ca/Channel_Mix_TOP. Each output channel is a
    weighted sum of the input's red, green, blue and alpha (`red1..4` for red...) plus a
    constant; the identity by default."""
    top = job.top
    rows = []
    for i, name in enumerate(("red", "green", "blue", "alpha")):
        rows.append([rp.number(top, f"{name}{k + 1}", 1.0 if k == i else 0.0) for k in range(4)])
    u = {"uMix": [rows[r][c] for c in range(4) for r in range(4)],
         "uConst": [rp.number(top, f"constant{k}") for k in range(1, 5)]}
    body = """
uniform mat4 uMix;
uniform vec4 uConst;
void main() { fragColor = uMix * texture(sTD2DInputs[0], vUV.st) + uConst; }
"""
    return Pass(body, u, [0])


KEY = """
uniform vec3 uMin, uMax, uSoftLow, uSoftHigh;
uniform int uInvert, uRgbOut, uAlphaOut;
float band(float v, float lo, float hi, float sl, float sh) {
    float a = sl > 0.0 ? smoothstep(lo - sl, lo, v) : step(lo, v);
    float b = sh > 0.0 ? 1.0 - smoothstep(hi, hi + sh, v) : step(v, hi);
    return a * b;
}
vec4 keyed(vec4 c, vec3 v) {
    float k = band(v.x, uMin.x, uMax.x, uSoftLow.x, uSoftHigh.x) * band(v.y, uMin.y, uMax.y, uSoftLow.y, uSoftHigh.y)
            * band(v.z, uMin.z, uMax.z, uSoftLow.z, uSoftHigh.z);
    float keep = uInvert == 1 ? k : 1.0 - k;     // the key colour is removed
    float a = uAlphaOut == 1 ? c.a * keep : keep;
    vec3 rgb = uRgbOut == 0 ? c.rgb * keep : c.rgb;
    return vec4(rgb, a);
}
"""


def chromakey(job):
    """Chroma Key TOP: https://docs.derivative.ca/Chroma_Key_TOP. Pixels whose hue (degrees,
    TouchDesigner's units), saturation and value lie in the min/max ranges (softened by the
    soft low/high widths) are keyed out: alpha 0; invert keeps only them; RGB multiplied by the
    new alpha or kept (`rgbout`); alpha new or times the input's (`alphaout`)."""
    top = job.top
    u = {"uMin": [rp.number(top, "huemin", 90) / 360.0, rp.number(top, "satmin", 0.3), rp.number(top, "valmin", 0.3)],
         "uMax": [rp.number(top, "huemax", 150) / 360.0, rp.number(top, "satmax", 1.0), rp.number(top, "valmax", 1.0)],
         "uSoftLow": [rp.number(top, "hsoftlow") / 360.0, rp.number(top, "ssoftlow"), rp.number(top, "vsoftlow")],
         "uSoftHigh": [rp.number(top, "hsofthigh") / 360.0, rp.number(top, "ssofthigh"), rp.number(top, "vsofthigh")],
         "uInvert": int(rp.number(top, "invert") >= 0.5), "uRgbOut": int(rp.text(top, "rgbout", "multalpha") == "newalpha"),
         "uAlphaOut": int(rp.text(top, "alphaout", "newalpha1") == "multnewalpha")}
    body = KEY + """
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec3 hsv = TDRGBToHSV(c.a > 0.0 ? c.rgb / c.a : c.rgb);
    fragColor = keyed(c, hsv);
}
"""
    return Pass(body, u, [0])


def rgbkey(job):
    """RGB Key TOP: https://docs.derivative.ca/RGB_Key_TOP. Pixels whose red, green and blue lie
    in the min/max ranges are keyed out (alpha 0), as the Chroma Key TOP does in HSV."""
    top = job.top
    u = {"uMin": [rp.number(top, c + "min", 0.0 if c != "green" else 0.5) for c in ("red", "green", "blue")],
         "uMax": [rp.number(top, c + "max", 0.5 if c != "green" else 1.0) for c in ("red", "green", "blue")],
         "uSoftLow": [rp.number(top, c + "softlow") for c in "rgb"],
         "uSoftHigh": [rp.number(top, c + "softhigh") for c in "rgb"],
         "uInvert": int(rp.number(top, "invert") >= 0.5), "uRgbOut": int(rp.text(top, "rgbout", "multalpha") == "newalpha"),
         "uAlphaOut": int(rp.text(top, "alphaout", "newalpha1") == "multnewalpha")}
    body = KEY + """
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    fragColor = keyed(c, c.a > 0.0 ? c.rgb / c.a : c.rgb);
}
"""
    return Pass(body, u, [0])


LIMIT_OPS = ("off", "clamp", "loop", "zigzag")


def limit(job):
    """Limit TOP: https://docs.derivative.ca/Limit_TOP. Below `min` and above `max`: off,
    clamp, loop or zigzag; `positive` takes the absolute value first; quantize values by
    `vstep` from `voffset` (ceiling, floor or round)."""
    top = job.top
    u = {"uMinOp": LIMIT_OPS.index(rp.menu(top, "minop", LIMIT_OPS, "off")),
         "uMaxOp": LIMIT_OPS.index(rp.menu(top, "maxop", LIMIT_OPS, "off")),
         "uRange": [rp.number(top, "min", 0.0), rp.number(top, "max", 1.0)], "uPositive": int(rp.flag(top, "positive")),
         "uQuant": ("off", "ceiling", "floor", "round").index(rp.menu(top, "quantvalue", ("off", "ceiling", "floor", "round"), "off")),
         "uStep": rp.number(top, "vstep", 0.1), "uStepOffset": rp.number(top, "voffset")}
    body = """
uniform int uMinOp, uMaxOp, uPositive, uQuant;
uniform vec2 uRange;
uniform float uStep, uStepOffset;
vec4 wrap(vec4 v, int op) {
    float span = max(uRange.y - uRange.x, 1e-6);
    if (op == 2) return uRange.x + mod(v - uRange.x, span);
    vec4 t = mod(v - uRange.x, 2.0 * span);
    return uRange.x + span - abs(t - span);
}
void main() {
    vec4 v = texture(sTD2DInputs[0], vUV.st);
    if (uPositive == 1) v = abs(v);
    if (uQuant != 0 && uStep > 0.0) {
        vec4 q = (v - uStepOffset) / uStep;
        q = uQuant == 1 ? ceil(q) : uQuant == 2 ? floor(q) : floor(q + 0.5);
        v = q * uStep + uStepOffset;
    }
    bvec4 low = lessThan(v, vec4(uRange.x)), high = greaterThan(v, vec4(uRange.y));
    vec4 r = v;
    if (uMinOp == 1) r = mix(r, vec4(uRange.x), vec4(low));
    else if (uMinOp >= 2) r = mix(r, wrap(v, uMinOp), vec4(low));
    if (uMaxOp == 1) r = mix(r, vec4(uRange.y), vec4(high));
    else if (uMaxOp >= 2) r = mix(r, wrap(v, uMaxOp), vec4(high));
    fragColor = r;
}
"""
    return Pass(body, u, [0])


def matte(job):
    """Matte TOP: https://docs.derivative.ca/Matte_TOP. Input 1 where input 3's matte channel is
    1, input 2 where it is 0, mixed between; switch inputs swaps the first two."""
    top = job.top
    n = len(job._wired)
    if n < 3:
        return None
    u = {"uChan": channel_code(rp.text(top, "mattechannel", "luminance")), "uSwitch": int(rp.flag(top, "switchinputs"))}
    body = """
uniform int uChan, uSwitch;
void main() {
    vec4 a = texture(sTD2DInputs[0], vUV.st), b = texture(sTD2DInputs[1], vUV.st);
    float m = tdsChannel(texture(sTD2DInputs[2], vUV.st), uChan);
    fragColor = uSwitch == 1 ? mix(a, b, m) : mix(b, a, m);
}
"""
    return Pass(body, u, [0, 1, 2])


FUNCTIONS = ("input", "constant", "sqrt", "abs", "sign", "cos", "sin", "tan", "acos", "asin", "atan", "atan2",
             "cosh", "sinh", "tanh", "log10", "log2", "logn", "ln", "exp", "exp2", "exp10", "powb", "powe",
             "powxy", "dbtopow", "powtodb", "dbtoamp", "amptodb")
ANGLES = {"deg": math.pi / 180, "rad": 1.0, "cycle": 2 * math.pi}


def function(job):
    """Function TOP: https://docs.derivative.ca/Function_TOP. A function per channel (`funcr`...,
    or all RGB / RGBA at once), angles in `angunit`, base, exponent and constant values; results
    that are not numbers become the error value."""
    top = job.top
    every = rp.menu(top, "funcrgba", FUNCTIONS, "")
    rgb = rp.menu(top, "funcrgb", FUNCTIONS, "")
    funcs = []
    for c in "rgba":
        f = rp.menu(top, "func" + c, FUNCTIONS, "")
        if not f:
            f = every or (rgb if c != "a" else "") or "input"
        funcs.append(FUNCTIONS.index(f))
    u = {"uFunc": funcs[:4], "uAngle": ANGLES.get(rp.text(top, "angunit", "rad"), 1.0), "uBase": rp.number(top, "baseval", 2.0),
         "uExp": rp.number(top, "expval", 2.0), "uConst": rp.number(top, "constval"), "uErr": rp.number(top, "errval")}
    body = """
uniform ivec4 uFunc;
uniform float uAngle, uBase, uExp, uConst, uErr;
float f(int k, float x, float y) {
    float a = x * uAngle;
    float r = x;
    if (k == 1) r = uConst; else if (k == 2) r = sqrt(x); else if (k == 3) r = abs(x); else if (k == 4) r = sign(x);
    else if (k == 5) r = cos(a); else if (k == 6) r = sin(a); else if (k == 7) r = tan(a);
    else if (k == 8) r = acos(x) / uAngle; else if (k == 9) r = asin(x) / uAngle; else if (k == 10) r = atan(x) / uAngle;
    else if (k == 11) r = atan(x, y) / uAngle; else if (k == 12) r = cosh(x); else if (k == 13) r = sinh(x);
    else if (k == 14) r = tanh(x); else if (k == 15) r = log(x) / log(10.0); else if (k == 16) r = log2(x);
    else if (k == 17) r = log(x) / log(uBase); else if (k == 18) r = log(x); else if (k == 19) r = exp(x);
    else if (k == 20) r = exp2(x); else if (k == 21) r = pow(10.0, x); else if (k == 22) r = pow(uBase, x);
    else if (k == 23) r = pow(x, uExp); else if (k == 24) r = pow(x, y); else if (k == 25) r = pow(10.0, x / 10.0);
    else if (k == 26) r = 10.0 * log(x) / log(10.0); else if (k == 27) r = pow(10.0, x / 20.0);
    else if (k == 28) r = 20.0 * log(x) / log(10.0);
    return (isnan(r) || isinf(r)) ? uErr : r;
}
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec4 d = c;
#if TD_NUM_2D_INPUTS > 1
    d = texture(sTD2DInputs[1], vUV.st);
#endif
    fragColor = vec4(f(uFunc.x, c.r, d.r), f(uFunc.y, c.g, d.g), f(uFunc.z, c.b, d.b), f(uFunc.w, c.a, d.a));
}
"""
    return Pass(body, u, list(range(min(2, len(job._wired)))))


TONEMAPS = ("acesapprox", "lottes", "filmic", "hablefilmic", "reinhard", "extendedreinhard", "extendedreinhardlum")


def tonemap(job):
    """Tone Map TOP: https://docs.derivative.ca/Tone_Map_TOP. High-range colours brought into 0-1
    by the chosen curve after the exposure bias (stops); Lottes and the Hable curve are drawn
    with the ACES approximation and Reinhard's (UNVERIFIED constants)."""
    top = job.top
    u = {"uType": TONEMAPS.index(rp.menu(top, "type", TONEMAPS, "acesapprox")),
         "uExposure": 2.0 ** rp.number(top, "exposurebias"), "uWhite": max(1e-3, rp.number(top, "peakinputnits", 1000.0) / max(1e-3, rp.number(top, "midinputnits", 100.0)))}
    body = """
uniform int uType;
uniform float uExposure, uWhite;
vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec3 x = max(c.rgb * uExposure, 0.0);
    vec3 y;
    if (uType == 4) y = x / (1.0 + x);
    else if (uType == 5) y = x * (1.0 + x / (uWhite * uWhite)) / (1.0 + x);
    else if (uType == 6) { float l = tdsLum(x); float m = l * (1.0 + l / (uWhite * uWhite)) / (1.0 + l); y = l > 0.0 ? x * m / l : x; }
    else if (uType == 2) { vec3 v = max(vec3(0.0), x - 0.004); y = (v * (6.2 * v + 0.5)) / (v * (6.2 * v + 1.7) + 0.06); y = pow(y, vec3(2.2)); }
    else y = aces(x);
    fragColor = vec4(y, c.a);
}
"""
    return Pass(body, u, [0])


SHADERS = {"levelTOP": level, "lumalevelTOP": lumalevel, "hsvadjustTOP": hsvadjust, "hsvtorgbTOP": hsvtorgb,
           "rgbtohsvTOP": rgbtohsv, "monochromeTOP": monochrome, "thresholdTOP": threshold, "mathTOP": math_top,
           "reorderTOP": reorder, "channelmixTOP": channelmix, "chromakeyTOP": chromakey, "rgbkeyTOP": rgbkey,
           "limitTOP": limit, "matteTOP": matte, "functionTOP": function, "tonemapTOP": tonemap}

