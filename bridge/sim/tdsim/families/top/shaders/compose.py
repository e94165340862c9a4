"""TOPs that combine inputs, as shaders: Composite, Over, Under, Add, Multiply, Subtract,
Difference, Inside, Outside, Cross, and the switch's blend.

The overlay transform (Transform page of each, docs.derivative.ca/Composite_TOP): the first input
is the fixed layer and sets the output; every other input is fitted to it by Pre-Fit Overlay
(fill by default), justified, then scaled by `s`, rotated by `r` and moved by `t` (about the pivot
`p`), and `tstep` moves each further input again; outside an overlay, `extend` says what it shows
(zero: nothing). Fixed Layer `size` input2 swaps which input's frame is fixed (the output's
resolution follows the first input either way: UNVERIFIED).
"""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..shading import Pass, extend_code
from . import blendlib

OVERLAY = """
uniform mat3 uOverlay[%(n)d];    // output pixel (y up) -> overlay texture coordinate
uniform int uExtend;
vec4 overlay(int i, vec2 uv) {
    vec2 q = (uOverlay[i] * vec3(gl_FragCoord.xy, 1.0)).xy;
    if (uExtend == 1 && tdsOutside(q)) return vec4(0.0);
    q = tdsExtend(q, uExtend);
    %(fetch)s
    return vec4(0.0);
}
"""

PREFITS = ("fill", "fithorz", "fitvert", "fitbest", "fitoutside", "nativeres")


def _matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def _invert(m):
    (a, b, c), (d, e, f) = m[0], m[1]
    det = a * e - b * d
    if abs(det) < 1e-12:
        return None
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return [[ia, ib, -(ia * c + ib * f)], [id_, ie, -(id_ * c + ie * f)], [0, 0, 1]]


def fitted_size(prefit, out_w, out_h, in_w, in_h):
    """The overlay's size in output pixels by Pre-Fit Overlay."""
    if prefit == "nativeres":
        return in_w, in_h
    if prefit == "fill":
        return out_w, out_h
    by_w = (out_w, out_w * in_h / in_w)
    by_h = (out_h * in_w / in_h, out_h)
    if prefit == "fithorz":
        return by_w
    if prefit == "fitvert":
        return by_h
    inside = by_w if by_w[1] <= out_h else by_h
    outside = by_w if by_w[1] >= out_h else by_h
    return inside if prefit == "fitbest" else outside


def overlay_matrix(top, out_w, out_h, in_w, in_h, step=0, prefix=""):
    """The mat3 (columns) taking an output pixel to the overlay's texture coordinate, or None
    when the overlay is scaled to nothing."""
    prefit = rp.menu(top, "prefit", PREFITS, "fill")
    fw, fh = fitted_size(prefit, out_w, out_h, in_w, in_h)
    jh = rp.menu(top, "justifyh", ("left", "center", "right"), "center")
    jv = rp.menu(top, "justifyv", ("bottom", "center", "top"), "center")
    cx = {"left": fw / 2, "center": out_w / 2, "right": out_w - fw / 2}[jh]
    cy = {"bottom": fh / 2, "center": out_h / 2, "top": out_h - fh / 2}[jv]
    tx = rp.length(top, "tx", "tunit", "x", out_w, out_h) + step * rp.length(top, "tstepx", "tstepunit", "x", out_w, out_h)
    ty = rp.length(top, "ty", "tunit", "y", out_w, out_h) + step * rp.length(top, "tstepy", "tstepunit", "y", out_w, out_h)
    px = rp.length(top, "px", "punit", "x", out_w, out_h)
    py = rp.length(top, "py", "punit", "y", out_w, out_h)
    angle = math.radians(rp.number(top, prefix + "r"))
    c, s = math.cos(angle), math.sin(angle)
    sx, sy = rp.number(top, "sx", 1.0), rp.number(top, "sy", 1.0)
    # overlay uv -> output pixel: fit, then scale and rotate about the pivot, then translate
    m = [[fw, 0, cx - fw / 2], [0, fh, cy - fh / 2], [0, 0, 1]]
    about = [[1, 0, cx + px], [0, 1, cy + py], [0, 0, 1]]
    back = [[1, 0, -(cx + px)], [0, 1, -(cy + py)], [0, 0, 1]]
    srt = _matmul([[c, -s, 0], [s, c, 0], [0, 0, 1]], [[sx, 0, 0], [0, sy, 0], [0, 0, 1]])
    m = _matmul([[1, 0, tx], [0, 1, ty], [0, 0, 1]], _matmul(about, _matmul(srt, _matmul(back, m))))
    inv = _invert(m)
    if inv is None:
        return None
    return [inv[r][col] for col in range(3) for r in range(3)]


def _compose(job, operand, sources):
    """Folds the inputs left to right with one operand, the overlays placed by the transform."""
    top = job.top
    n = len(sources)
    swap = rp.flag(top, "swaporder")
    fixed_second = rp.menu(top, "size", ("input1", "input2"), "input1") == "input2" and n > 1
    u = {"uExtend": extend_code(rp.text(top, "extend", "zero"), "zero"), "uOp": blendlib.code(operand)}
    fetch = " ".join(f"if (i == {i}) return texture(sTD2DInputs[{i}], q);" for i in range(n))
    lines = []
    for i in range(n):
        pic = job.source(i)
        m = overlay_matrix(top, job.w, job.h, pic.true_size[0], pic.true_size[1], step=max(0, i - 1))
        u[f"uOverlay[{i}]"] = m if m is not None else [0.0] * 9
        u[f"uGone[{i}]"] = int(m is None)
    first = 1 if fixed_second else 0
    for i in range(n):
        fixed = i == first
        sample = f"texture(sTD2DInputs[{i}], vUV.st)" if fixed else f"(uGone[{i}] == 1 ? vec4(0.0) : overlay({i}, vUV.st))"
        if i == 0:
            lines.append(f"vec4 c = {sample};")
        else:
            lines.append(f"c = {'tdsBlend(' + sample + ', c, uOp)' if swap else 'tdsBlend(c, ' + sample + ', uOp)'};")
    body = (blendlib.GLSL + OVERLAY % {"n": n, "fetch": fetch} + f"uniform int uOp;\nuniform int uGone[{n}];\n"
            + "void main() {\n    " + "\n    ".join(lines) + "\n    fragColor = c;\n}\n")
    return Pass(body, u)


def composite(job):
    """Composite TOP: https://docs.derivative.ca/Composite_TOP (operand, swap order, the overlay
    transform). An input chosen with Select Input alone passes through."""
    top = job.top
    sources = [job.source(i) for i in range(len(job._wired))]
    if rp.flag(top, "selectinput"):
        index = min(max(0, int(rp.number(top, "inputindex"))), len(sources) - 1)
        return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [index])
    return _compose(job, rp.text(top, "operand", "") or rp.ASSUMED_COMPOSITE_OPERAND, sources)


def fixed(operand):
    """The two-input compositing TOPs, each one operand of the Composite TOP with its own page
    (Over_TOP, Under_TOP, Add_TOP, Multiply_TOP, Subtract_TOP, Difference_TOP, Inside_TOP,
    Outside_TOP)."""
    def draw(job):
        return _compose(job, operand, [job.source(i) for i in range(len(job._wired))])
    return draw


def cross(job):
    """Cross TOP: https://docs.derivative.ca/Cross_TOP, input 1 times (1 - cross) plus input 2
    times cross; the second input placed by the overlay transform."""
    n = len(job._wired)
    if n < 2:
        return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [0])
    pic = job.source(1)
    m = overlay_matrix(job.top, job.w, job.h, pic.true_size[0], pic.true_size[1])
    u = {"uExtend": extend_code(rp.text(job.top, "extend", "zero"), "zero"), "uOverlay[1]": m or [0.0] * 9,
         "uCross": rp.number(job.top, "cross")}
    fetch = "if (i == 1) return texture(sTD2DInputs[1], q);"
    body = OVERLAY % {"n": 2, "fetch": fetch} + """
uniform float uCross;
void main() { fragColor = mix(texture(sTD2DInputs[0], vUV.st), overlay(1, vUV.st), uCross); }
"""
    return Pass(body, u, [0, 1])


def mix_pass(a, b, t):
    """Two pictures mixed (the Switch TOP's blend between neighbouring inputs)."""
    body = """
uniform float uT;
void main() { fragColor = mix(texture(sTD2DInputs[0], vUV.st), texture(sTD2DInputs[1], vUV.st), uT); }
"""
    return Pass(body, {"uT": t}, [a, b])


SHADERS = {"compositeTOP": composite, "overTOP": fixed("over"), "underTOP": fixed("under"),
           "addTOP": fixed("add"), "multiplyTOP": fixed("multiply"), "subtractTOP": fixed("subtract"),
           "differenceTOP": fixed("difference"), "insideTOP": fixed("inside"), "outsideTOP": fixed("outside"),
           "crossTOP": cross}
