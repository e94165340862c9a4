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


# Noise types by how many coordinates they use (Noise TOP page: "Choose between 2, 3, and 4
# dimensional functions"). The CPU types (sparse, hermite, harmonic, alligator) are taken as 3D:
# UNVERIFIED. 'random' and 'randomgpu' are white noise.
NOISE_DIMENSIONS = {"perlin2d": 2, "simplex2d": 2, "perlin3d": 3, "simplex3d": 3, "perlin4d": 4, "simplex4d": 4}
DEFAULT_NOISE_TYPE = "simplex3d"   # UNVERIFIED: the kb holds no default for `type`
NOISE_WIDEN = 1.6                  # value noise rarely reaches its bounds: widened to use -1..1
MAX_HARMONICS = 8                  # each harmonic halves the detail's size; past 8 it is below a working pixel


def _lattice(seed_key, ix, iy, iz, iw):
    """A value in -1..1 for one lattice point, the same for the same point and seed."""
    h = seed_key
    for v in (ix, iy, iz, iw):
        h = ((h ^ (v & 0xFFFFFFFF)) * 0x01000193) & 0xFFFFFFFF
        h ^= h >> 15
        h = (h * 0x2C1B3C6D) & 0xFFFFFFFF
        h ^= h >> 12
    return h / 0x7FFFFFFF - 1.0


def noise(job):
    """Smooth value noise over TouchDesigner's noise coordinates: the output's 0-1 texture
    coordinates (x stretched by the aspect when `aspectcorrect` is on), scaled by `s`, moved by
    `t` (x, y, z) and `t4d` (the 4th coordinate, scaled by `s4d`), over `period`; a 2D type uses x
    and y, a 3D type adds z, a 4D type adds w, as the Noise TOP page describes. `harmon` more
    octaves, each `spread` times finer and `rough` times weaker, are added; the sum is normalised
    to -1..1, shaped by `exp` (values pushed toward 0 above 1), then `offset + amp * n`. The
    pattern is svc's own value noise, not TouchDesigner's Perlin or simplex noise, and `r`
    (rotation) is not applied: see bridge/sim/README.md."""
    top, w, h = job.top, job.w, job.h
    seed = rp.number(top, "seed")
    period = rp.number(top, "period") or 1.0
    amp, offset = rp.number(top, "amp"), rp.number(top, "offset")
    exponent = rp.number(top, "exp", 1.0)
    mono = rp.flag(top, "mono")
    alpha_mode = rp.text(top, "alpha", "zero")
    kind = rp.text(top, "type") or DEFAULT_NOISE_TYPE
    dims = NOISE_DIMENSIONS.get(kind, 3)
    octaves = 1 + max(0, min(MAX_HARMONICS, int(rp.number(top, "harmon"))))
    spread, rough = rp.number(top, "spread", 2.0), rp.number(top, "rough", 0.5)
    sx, sy = (rp.number(top, "s" + a, 1.0) or 1.0 for a in "xy")
    tx, ty, tz = (rp.number(top, "t" + a) for a in "xyz")
    tw = rp.number(top, "t4d") / (rp.number(top, "s4d", 1.0) or 1.0)
    aspect = (w / h) if rp.flag(top, "aspectcorrect", True) and h else 1.0
    channels = (1 if mono else 3) + (1 if alpha_mode == "random" else 0)
    steps = 1024
    lut = bytes(clamp8(offset + amp * (i / steps * 2 - 1)) for i in range(steps + 1))
    if kind in ("random", "randomgpu"):
        return _white_noise(job, seed, channels, mono, alpha_mode, lut, steps, (tx, ty, tz, tw))
    # The octave sum lies in -1..1; widened, clamped and shaped by the exponent through one table.
    shaped = bytes(clamp8(offset + amp * _noise_exponent(i / steps * 2 - 1, exponent)) for i in range(steps + 1))
    weights = [rough ** o for o in range(octaves)]

    # The noise is smooth at the scale of its finest octave: it is summed on a grid of sample
    # points a few per finest lattice cell apart, then interpolated to every working pixel.
    unit = min(w / aspect / sx, h / sy)          # working pixels per noise unit
    # Octaves finer than a working pixel cannot show at the working size: they are left out.
    while octaves > 1 and period / (max(spread, 1.0) ** (octaves - 1)) * unit < 1.0:
        octaves -= 1
    weights = weights[:octaves]
    total = sum(abs(x) for x in weights) or 1.0
    finest_cell = period / (max(spread, 1.0) ** (octaves - 1)) * unit
    k = max(1, int(finest_cell / 6))
    xs = sorted(set(list(range(0, w, k)) + [w - 1]))
    ys = sorted(set(list(range(0, h, k)) + [h - 1]))

    def sums(key):
        """The weighted octave sum at the sample points: one list per row of ys."""
        acc = [[0.0] * len(xs) for _ in ys]
        for o in range(octaves):
            freq = (spread ** o) / period
            fx = [((x + 0.5) / w * aspect / sx - tx) * freq for x in xs]
            fy = [((y + 0.5) / h / sy - ty) * freq for y in ys]
            z = -tz * freq if dims >= 3 else 0.0
            q = -tw * freq if dims >= 4 else 0.0
            iz, iw = math.floor(z), math.floor(q)
            wz, ww = _smooth(z - iz), _smooth(q - iw)
            x0, y0 = math.floor(min(fx)), math.floor(min(fy))
            gx, gy = math.floor(max(fx)) - x0 + 2, math.floor(max(fy)) - y0 + 2
            okey = (key + o * 0x27D4EB2F) & 0xFFFFFFFF
            # z and w are the same at every pixel: blend the 4 (z, w) corners into one 2D lattice
            corners = [(dz, dw, cz * cw) for dz, cz in ((0, 1 - wz), (1, wz)) for dw, cw in ((0, 1 - ww), (1, ww)) if cz * cw]
            grid = [[sum(c * _lattice(okey, x0 + i, y0 + j, iz + dz, iw + dw) for dz, dw, c in corners)
                     for i in range(gx)] for j in range(gy)]
            cols = [(math.floor(f) - x0, _smooth(f - math.floor(f))) for f in fx]
            weight = weights[o] / total
            for r, f in enumerate(fy):
                jy, t_ = math.floor(f) - y0, _smooth(f - math.floor(f))
                line = [(a + (b - a) * t_) * weight for a, b in zip(grid[jy], grid[jy + 1])]
                acc[r] = [s + line[i] + (line[i + 1] - line[i]) * t for s, (i, t) in zip(acc[r], cols)]
        return acc

    half = steps / 2

    def plane(channel):
        """The channel's bytes: the sample rows interpolated to every working pixel, through the table."""
        samples = sums((int(seed * 1000) * 0x9E3779B1 + channel * 0x85EBCA77) & 0xFFFFFFFF)
        col_at = []
        j = 0
        for x in range(w):
            while j + 1 < len(xs) - 1 and xs[j + 1] <= x:
                j += 1
            nxt = min(j + 1, len(xs) - 1)
            col_at.append((j, nxt, (x - xs[j]) / ((xs[nxt] - xs[j]) or 1)))
        out = bytearray()
        r = 0
        for y in range(h):
            while r + 1 < len(ys) - 1 and ys[r + 1] <= y:
                r += 1
            nxt = min(r + 1, len(ys) - 1)
            t_ = (y - ys[r]) / ((ys[nxt] - ys[r]) or 1)
            line = [(p + (q - p) * t_ + 1.0) * half + 0.5 for p, q in zip(samples[r], samples[nxt])]
            out += bytes([shaped[int(line[i] + (line[n] - line[i]) * t)] for i, n, t in col_at])
        return out

    return _assemble(w, h, [plane(c) for c in range(channels)], mono, alpha_mode)


def _noise_exponent(v, exponent):
    """Exponent pushes values toward 0 (above 1) or toward -1 and 1 (below 1); clamped to -1..1."""
    v = max(-1.0, min(1.0, v * NOISE_WIDEN))
    return v if exponent == 1.0 else math.copysign(abs(v) ** exponent, v)


def _white_noise(job, seed, channels, mono, alpha_mode, lut, steps, place):
    """Random noise: an unrelated value at every working pixel, changed by the seed and translate."""
    w, h = job.w, job.h
    planes = []
    for c in range(channels):
        rng = random.Random(f"{seed}:{c}:{place}")
        planes.append(bytes(lut[rng.randrange(steps + 1)] for _ in range(w * h)))
    return _assemble(w, h, planes, mono, alpha_mode)


def _assemble(w, h, planes, mono, alpha_mode):
    img = bytearray(w * h * 4)
    for c in range(3):
        img[c::4] = planes[0 if mono else c]
    if alpha_mode == "random":
        img[3::4] = planes[-1]
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
