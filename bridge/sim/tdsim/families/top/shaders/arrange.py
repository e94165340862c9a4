"""TOPs that arrange several images in one: the Layout TOP."""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..shading import Pass
from .compose import fitted_size

ALIGNS = ("none", "horizlr", "horizrl", "verttb", "vertbt", "gridrows", "gridcols")
FITS = ("fill", "fithorz", "fitvert", "fitbest", "fitoutside", "nativeres")
PER_PASS = 12


def grid(align, n, maxrows, maxcols):
    """(columns, rows, [(column, row from the top) per input]) for the Align menu."""
    if n == 0:
        return 1, 1, []
    if align == "none":
        return 1, 1, [(0, 0)] * n
    if align in ("horizlr", "horizrl"):
        cols = min(n, maxcols) if maxcols > 0 else n
        rows = math.ceil(n / cols)
        cells = [(i % cols, i // cols) for i in range(n)]
        if align == "horizrl":
            cells = [(cols - 1 - c, r) for c, r in cells]
        return cols, rows, cells
    if align in ("verttb", "vertbt"):
        rows = min(n, maxrows) if maxrows > 0 else n
        cols = math.ceil(n / rows)
        cells = [(i // rows, i % rows) for i in range(n)]
        if align == "vertbt":
            cells = [(c, rows - 1 - r) for c, r in cells]
        return cols, rows, cells
    if align == "gridcols":
        rows = maxrows if maxrows > 0 else math.ceil(math.sqrt(n))
        cols = math.ceil(n / rows)
        return cols, rows, [(i // rows, i % rows) for i in range(n)]
    cols = maxcols if maxcols > 0 else math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    return cols, rows, [(i % cols, i // cols) for i in range(n)]


def layout_grid(top, n):
    return grid(rp.menu(top, "align", ALIGNS, "horizlr"), n, int(rp.number(top, "maxrows")),
                int(rp.number(top, "maxcols")))


def _borders(top):
    """Left, right, bottom, top border widths in pixels (the kb may list one `borders`)."""
    if "bordersl" in top._pars:
        return [rp.number(top, "borders" + k) for k in "lrbt"]
    return [rp.number(top, "borders")] * 4


def _matrix(cx, cy, fw, fh, angle, sx, sy, tx, ty):
    """Output pixel -> input uv (column-major mat3): the image fitted to fw x fh, scaled, rotated
    and moved about the cell's centre."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    # uv -> pixel: p = centre + t + R * S * ((uv - 0.5) * (fw, fh))
    a, b = c * sx * fw, -s * sy * fh
    d, e = s * sx * fw, c * sy * fh
    ox, oy = cx + tx - 0.5 * (a + b), cy + ty - 0.5 * (d + e)
    det = a * e - b * d
    if abs(det) < 1e-12:
        return None
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return [ia, id_, 0.0, ib, ie, 0.0, -(ia * ox + ib * oy), -(id_ * ox + ie * oy), 1.0]


def layout(job):
    """Layout TOP: https://docs.derivative.ca/Layout_TOP. The TOPs in `top`, then the wired
    inputs, each given an equal cell of a row, a column or a grid (`align`, `maxrows`, `maxcols`;
    the first input top left), fitted into its cell by `fit` inside the borders (`borders`,
    pixels; UNVERIFIED unit) drawn in the border colour, moved by the Transform page (scale,
    rotate, translate about the cell's centre), over the background colour (pre-multiplied with
    `premultrgbbyalpha`; Comp Over Background fills where an image's alpha is below 1). ASSUMED:
    Align Left to Right and Fit Best while the kb knows no default. Not emulated: Scale
    Resolution, Transform Order other than scale-rotate-translate, Legacy Transform."""
    top, w, h = job.top, job.w, job.h
    n = len(job._wired)
    if n == 0:
        return None
    cols, rows, cells = layout_grid(top, n)
    cw, ch = w / cols, h / rows
    fit = rp.menu(top, "fit", FITS, "fitbest")
    bl, br, bb, bt = _borders(top)
    bg_a = rp.number(top, "bgcolora", 0.0)
    bg = rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb"))
    if rp.flag(top, "premultrgbbyalpha", True):
        bg = [v * bg_a for v in bg]
    border = rp.colour(top, ("bcolorr", "bcolorg", "bcolorb")) + [rp.number(top, "bcolora", 1.0)]
    angle = rp.number(top, "rotate")
    sx, sy = rp.number(top, "sx", 1.0), rp.number(top, "sy", 1.0)
    tx = rp.length(top, "tx", "tunit", "x", cw, ch)
    ty = rp.length(top, "ty", "tunit", "y", cw, ch)
    entries = []
    for i, (col, row) in enumerate(cells):
        pic = job.source(i)
        x0, y0 = col * cw, h - (row + 1) * ch                 # y up: row 0 is the top row
        inner = (x0 + bl, y0 + bb, x0 + cw - br, y0 + ch - bt)
        iw, ih = max(1e-6, inner[2] - inner[0]), max(1e-6, inner[3] - inner[1])
        fw, fh = fitted_size(fit, iw, ih, pic.true_size[0], pic.true_size[1])
        m = _matrix((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2, fw, fh, angle, sx, sy, tx, ty)
        entries.append((pic, [x0, y0, x0 + cw, y0 + ch], list(inner), m))
    passes = []
    for start in range(0, n, PER_PASS):
        chunk = [e for e in entries[start:start + PER_PASS] if e[3] is not None]
        first = start == 0
        offset = 0 if first else 1
        code = []
        u = {"uBg": bg + [bg_a], "uBorder": border, "uCompOver": int(rp.flag(top, "compover")),
             "uFirst": int(first)}
        for k, (_pic, cell, inner, m) in enumerate(chunk):
            u[f"uCell{k}"], u[f"uInner{k}"], u[f"uM{k}"] = cell, inner, m
            code.append(f"""
    if (inCell(p, uCell{k})) {{
        if (!inCell(p, uInner{k})) {{ c = uBorder; }}
        else {{
            vec2 q = (uM{k} * vec3(p, 1.0)).xy;
            vec4 img = tdsOutside(q) ? vec4(0.0) : texture(sTD2DInputs[{k + offset}], q);
            c = uCompOver == 1 ? img + uBg * (1.0 - img.a) : (tdsOutside(q) ? uBg : img);
        }}
    }}""")
        decls = "".join(f"uniform vec4 uCell{k}, uInner{k};\nuniform mat3 uM{k};\n" for k in range(len(chunk)))
        body = f"""
uniform vec4 uBg, uBorder;
uniform int uCompOver, uFirst;
{decls}
bool inCell(vec2 p, vec4 r) {{ return p.x >= r.x && p.y >= r.y && p.x < r.z && p.y < r.w; }}
void main() {{
    vec2 p = gl_FragCoord.xy;
    vec4 c = uBg;
#if TD_NUM_2D_INPUTS > {len(chunk)}
    if (uFirst == 0) c = texture(sTD2DInputs[0], vUV.st);
#endif
{''.join(code)}
    fragColor = c;
}}
"""
        inputs = ([] if first else ["prev"]) + [e[0] for e in chunk]
        passes.append(Pass(body, u, inputs))
    return passes


SHADERS = {"layoutTOP": layout}
