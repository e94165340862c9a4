"""Images of the generator TOPs tdsim renders: constant, ramp, noise, circle, rectangle, text.

Each function takes a render job (the TOP, its working size `w` x `h`, and `sx`/`sy`, working
pixels per TOP pixel) and returns an RGBA bytearray of w x h. Shapes have hard edges (no
anti-aliasing or softness); the text uses tdsim's 5x7 bitmap font. See bridge/sim/README.md.
"""
from __future__ import annotations

import math
import random

from . import images
from . import renderpars as rp
from .font import draw_text, text_width
from .images import clamp8

def rgba_bytes(rgb, alpha, premultiply=False) -> bytes:
    if premultiply:
        rgb = [c * alpha for c in rgb]
    return bytes(clamp8(c) for c in rgb) + bytes((clamp8(alpha),))


def _colour(top, rgb_name, alpha_name, premultiply):
    """One pixel from an RGB tuplet (`<name>r`, `<name>g`, `<name>b`) and an alpha parameter."""
    rgb = rp.colour(top, (rgb_name + "r", rgb_name + "g", rgb_name + "b"))
    return rgba_bytes(rgb, rp.number(top, alpha_name), premultiply)


def constant(job):
    top = job.top
    a = rp.number(top, "alpha")
    rgb = rp.colour(top, ("colorr", "colorg", "colorb"))
    return images.solid(job.w, job.h, rgba_bytes(rgb, a, rp.flag(top, "multrgbbyalpha")))


def _ramp_keys(top):
    dat = rp.reference(top, "dat")
    if dat is not None and dat.isDAT:
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
                return sorted(keys)
    return [(0.0, 0.0, 0.0, 0.0, 1.0), (1.0, 1.0, 1.0, 1.0, 1.0)]


def _ramp_colour(keys, t):
    if t <= keys[0][0]:
        return keys[0][1:]
    for k0, k1 in zip(keys, keys[1:]):
        if t <= k1[0]:
            span = (k1[0] - k0[0]) or 1.0
            u = (t - k0[0]) / span
            return tuple(a + (b - a) * u for a, b in zip(k0[1:], k1[1:]))
    return keys[-1][1:]


def ramp(job):
    w, h = job.w, job.h
    keys = _ramp_keys(job.top)
    lut = [bytes(clamp8(c) for c in _ramp_colour(keys, i / 255)) for i in range(256)]
    kind = rp.text(job.top, "type", "vertical")
    if kind == "horizontal":
        row = b"".join(lut[(x * 255) // max(1, w - 1)] for x in range(w))
        return images.from_rows(w, h, lambda y: row)
    if kind == "vertical":
        # Position 0 is at the bottom, as everywhere in TouchDesigner's textures (origin at the
        # bottom left; TOP.sample(v=0) is the bottom row); the preview is stored top row first.
        return images.from_rows(w, h, lambda y: lut[((h - 1 - y) * 255) // max(1, h - 1)] * w)
    # radial and circular: distance from the centre, computed on a coarse grid then resized.
    step = max(1, min(w, h) // 128)
    lw, lh = max(1, w // step), max(1, h // step)
    radius = math.hypot(lw / 2, lh / 2) or 1.0
    small = bytearray()
    for y in range(lh):
        for x in range(lw):
            d = math.hypot(x + 0.5 - lw / 2, y + 0.5 - lh / 2) / radius
            if kind == "radial":
                d = (math.atan2(y + 0.5 - lh / 2, x + 0.5 - lw / 2) / (2 * math.pi)) % 1.0
            small += lut[min(255, int(d * 255))]
    return images.resample(small, lw, lh, w, h)


def _smooth(t):
    return t * t * (3 - 2 * t)


def noise(job):
    """Value noise: random values on a lattice (a quarter of the shorter side times `period`
    apart), smoothly interpolated at every working pixel. Rows are built from per-column
    weights shared by all rows, so the per-pixel work is one list-comprehension step."""
    top, w, h = job.top, job.w, job.h
    seed = rp.number(top, "seed")
    period = rp.number(top, "period") or 1.0
    amp, offset = rp.number(top, "amp"), rp.number(top, "offset")
    mono = rp.flag(top, "mono")
    alpha_mode = rp.text(top, "alpha", "zero")
    cell = max(1.0, abs(period) * min(w, h) / 4)   # lattice spacing in working pixels
    gx, gy = int(w / cell) + 2, int(h / cell) + 2
    channels = 1 if mono else 3
    lattices = []
    for c in range(channels + (1 if alpha_mode == "random" else 0)):
        rng = random.Random(f"{seed}:{c}")
        lattices.append([[rng.random() * 2 - 1 for _ in range(gx)] for _ in range(gy)])
    # Byte values through a table over the noise range -1..1 in STEPS steps.
    steps = 1024
    lut = bytes(clamp8(offset + amp * (i / steps * 2 - 1)) for i in range(steps + 1))
    cols = []
    for x in range(w):
        f = (x + 0.5) / cell
        cols.append((int(f), _smooth(f - int(f))))

    def plane(lat):
        out = bytearray(w * h)
        for y in range(h):
            f = (y + 0.5) / cell
            iy, ty = int(f), _smooth(f - int(f))
            r0, r1 = lat[iy], lat[iy + 1]
            # the lattice row at this y, in table units: value v maps to (v + 1) * steps / 2
            row = [((a + (b - a) * ty) + 1) * steps / 2 for a, b in zip(r0, r1)]
            step = [b - a for a, b in zip(row, row[1:])]
            out[y * w:(y + 1) * w] = bytes([lut[int(row[i] + step[i] * t + 0.5)] for i, t in cols])
        return out

    img = bytearray(w * h * 4)
    planes = [plane(lat) for lat in lattices[:channels]]
    for c in range(3):
        img[c::4] = planes[0 if mono else c]
    if alpha_mode == "random":
        img[3::4] = plane(lattices[-1])
    elif alpha_mode == "one":
        img[3::4] = b"\xff" * (w * h)
    return img


# ---- shapes --------------------------------------------------------------------------------

def _anchor(top, job, half_w, half_h):
    """Centre of a shape in working pixels (y down): justified in the frame, then moved by
    `center` (TouchDesigner's y points up)."""
    jh = rp.menu(top, "justifyh", ("left", "center", "right"), "center")
    jv = rp.menu(top, "justifyv", ("bottom", "center", "top"), "center")
    x = {"left": half_w, "center": job.w / 2, "right": job.w - half_w}[jh]
    y = {"top": half_h, "center": job.h / 2, "bottom": job.h - half_h}[jv]
    tw, th = job.true_size
    x += rp.length(top, "centerx", "centerunit", "x", tw, th) * job.sx
    y -= rp.length(top, "centery", "centerunit", "y", tw, th) * job.sy
    return x, y


def _paint(img, w, h, spans, pixel):
    """Fill the horizontal spans {row: (first, last)} with one pixel value."""
    for y, (x0, x1) in spans.items():
        x0, x1 = max(0, x0), min(w - 1, x1)
        if x0 <= x1:
            img[(y * w + x0) * 4:(y * w + x1 + 1) * 4] = pixel * (x1 - x0 + 1)


def _ellipse_spans(w, h, cx, cy, rx, ry, angle):
    spans = {}
    if rx <= 0 or ry <= 0:
        return spans
    c, s = math.cos(angle), math.sin(angle)
    a = c * c / (rx * rx) + s * s / (ry * ry)
    for y in range(h):
        yy = cy - (y + 0.5)                     # y up, relative to the centre
        b = 2 * yy * c * s * (1 / (rx * rx) - 1 / (ry * ry))
        cc = yy * yy * (s * s / (rx * rx) + c * c / (ry * ry)) - 1
        disc = b * b - 4 * a * cc
        if disc < 0:
            continue
        root = math.sqrt(disc)
        x1, x2 = (-b - root) / (2 * a), (-b + root) / (2 * a)
        first, last = math.ceil(cx + x1 - 0.5), math.floor(cx + x2 - 0.5)
        if first <= last:
            spans[y] = (first, last)
    return spans


def _rectangle_spans(w, h, cx, cy, hw, hh, angle):
    spans = {}
    if hw <= 0 or hh <= 0:
        return spans
    c, s = math.cos(angle), math.sin(angle)
    for y in range(h):
        yy = cy - (y + 0.5)
        lo, hi = -math.inf, math.inf
        # |X c + Y s| <= hw and |-X s + Y c| <= hh, solved for X on this row
        for coef, rest, half in ((c, yy * s, hw), (-s, yy * c, hh)):
            if abs(coef) < 1e-12:
                if abs(rest) > half:
                    lo, hi = 1.0, 0.0
                continue
            e1, e2 = (-half - rest) / coef, (half - rest) / coef
            lo, hi = max(lo, min(e1, e2)), min(hi, max(e1, e2))
        if lo <= hi:
            first, last = math.ceil(cx + lo - 0.5), math.floor(cx + hi - 0.5)
            if first <= last:
                spans[y] = (first, last)
    return spans


def _shape(job, half_sizes, spans_for):
    top, w, h = job.top, job.w, job.h
    premult = rp.flag(top, "multrgbbyalpha")
    bg = _colour(top, "bgcolor", "bgalpha", premult)
    fill = _colour(top, "fillcolor", "fillalpha", premult)
    border = _colour(top, "border", "borderalpha", premult)
    hx, hy = half_sizes
    cx, cy = _anchor(top, job, hx, hy)
    angle = math.radians(rp.number(top, "rotate"))
    tw, th = job.true_size
    bw = rp.length(top, "borderwidth", "borderwidthunit", "y", tw, th) * job.sy
    img = images.solid(w, h, bg)
    if bw > 0:      # UNVERIFIED: the border is drawn inside the shape's edge
        _paint(img, w, h, spans_for(cx, cy, hx, hy, angle), border)
        hx, hy = hx - bw, hy - bw
    _paint(img, w, h, spans_for(cx, cy, hx, hy, angle), fill)
    return img


def circle(job):
    top = job.top
    if rp.flag(top, "ispolygon"):
        return None          # polygons are not drawn: the caller labels the image
    tw, th = job.true_size
    rx = rp.length(top, "radiusx", "radiusunit", "x", tw, th) * job.sx
    ry = rp.length(top, "radiusy", "radiusunit", "y", tw, th) * job.sy
    return _shape(job, (rx, ry), lambda cx, cy, a, b, ang: _ellipse_spans(job.w, job.h, cx, cy, a, b, ang))


def rectangle(job):
    top = job.top
    tw, th = job.true_size
    hw = rp.length(top, "sizex", "sizeunit", "x", tw, th) * job.sx / 2
    hh = rp.length(top, "sizey", "sizeunit", "y", tw, th) * job.sy / 2
    return _shape(job, (hw, hh), lambda cx, cy, a, b, ang: _rectangle_spans(job.w, job.h, cx, cy, a, b, ang))


# ---- text ----------------------------------------------------------------------------------

def text(job):
    top, w, h = job.top, job.w, job.h
    premult = rp.flag(top, "multrgbbyalpha")
    bg = _colour(top, "bgcolor", "bgalpha", premult)
    ink = _colour(top, "fontcolor", "fontalpha", premult)
    img = images.solid(w, h, bg)
    lines = rp.text(top, "text").split("\n")
    if not any(lines):
        return img
    tw, th = job.true_size
    size = rp.length(top, "fontsizex", "fontsizexunit", "y", tw, th) * job.sy
    # The bitmap glyphs are 7 cells high; a font size is roughly 1.4 capital heights.
    scale = max(1, round(size / 10))
    line_h = 9 * scale
    block_w = max(text_width(line, scale) for line in lines)
    block_h = line_h * (len(lines) - 1) + 7 * scale
    ax = rp.menu(top, "alignx", ("left", "center", "right"), "center")
    ay = rp.menu(top, "aligny", ("bottom", "center", "top"), "center")
    # TouchDesigner's position is a pair (position1, position2); the kb lists one `position`.
    x_name = "position1" if "position1" in top._pars else "position"
    px = rp.length(top, x_name, "positionunit", "x", tw, th) * job.sx
    py = rp.length(top, "position2", "positionunit", "y", tw, th) * job.sy
    top_y = {"top": 0, "center": (h - block_h) / 2, "bottom": h - block_h}[ay] - py
    for i, line in enumerate(lines):
        lw = text_width(line, scale)
        x = {"left": 0, "center": (w - lw) / 2, "right": w - lw}[ax] + px
        draw_text(img, w, h, line, round(x), round(top_y + i * line_h), scale, ink)
    return img
