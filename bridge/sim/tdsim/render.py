"""What a TOP looks like in tdsim: deterministic images for previews.

Rendered: constantTOP (its colour and alpha), rampTOP (a gradient, from its keys table when the
`dat` parameter names one with pos/r/g/b/a columns, else black to white), noiseTOP (value noise
from seed, period, amplitude, offset, monochrome and alpha mode), levelTOP (invert, black level,
brightness, contrast, gamma, opacity), overTOP, addTOP, multiplyTOP and compositeTOP (operands
add, over, under, multiply), and the pass-through TOPs (null, out, select). A bypassed TOP shows
its first input. Everything else is a labelled checkerboard: tdsim does not render it. These
are approximations of TouchDesigner's output, good for telling networks apart, not for pixels.
All inputs are rendered at the size of the TOP being previewed (no fit or justify).
"""
from __future__ import annotations

import math
import random

from . import images
from .images import clamp8

PASS_THROUGH = {"nullTOP", "outTOP"}
NOISE_SAMPLES = 20000
BLENDS = {"overTOP": "over", "addTOP": "add", "multiplyTOP": "multiply"}


def _f(top, name, default=0.0):
    p = top._pars.get(name)
    if p is None:
        return default
    try:
        return float(p.eval())
    except Exception:
        return default


def _s(top, name, default=""):
    p = top._pars.get(name)
    if p is None:
        return default
    try:
        v = p.eval()
    except Exception:
        return default
    return v if isinstance(v, str) else default


def render(top, w, h, _depth=0):
    """RGBA bytearray of `top` at w x h."""
    if _depth > 64:
        return images.checkerboard(w, h, "TOO DEEP")
    inputs = [link[0] for link in top._inputs if link is not None]

    def input_image(i):
        return render(inputs[i], w, h, _depth + 1) if i < len(inputs) else None

    if top._flags["bypass"]:
        first = input_image(0)
        return first if first is not None else images.transparent(w, h)
    kind = top.OPType
    if kind in PASS_THROUGH:
        first = input_image(0)
        return first if first is not None else images.checkerboard(w, h, f"{kind}: NO INPUT")
    if kind == "selectTOP":
        p = top._pars.get("top")
        target = None
        try:
            target = p.eval() if p is not None else None
        except Exception:
            target = None
        if target is None or isinstance(target, list) or target is top:
            return images.checkerboard(w, h, "SELECT: NO TOP")
        return render(target, w, h, _depth + 1)
    if kind == "constantTOP":
        return _constant(top, w, h)
    if kind == "rampTOP":
        return _ramp(top, w, h)
    if kind == "noiseTOP":
        return _noise(top, w, h)
    if kind == "levelTOP":
        first = input_image(0)
        return _level(top, first) if first is not None else images.checkerboard(w, h, "LEVEL: NO INPUT")
    if kind in BLENDS or kind == "compositeTOP":
        operand = BLENDS.get(kind) or _s(top, "operand", "add")
        pictures = [input_image(i) for i in range(len(inputs))]
        if not pictures:
            return images.checkerboard(w, h, f"{kind}: NO INPUT")
        return _blend(operand, pictures, w, h)
    return images.checkerboard(w, h, kind)


def _constant(top, w, h):
    a = _f(top, "alpha")
    rgb = [_f(top, n) for n in ("colorr", "colorg", "colorb")]
    if top._pars.get("multrgbbyalpha") is not None and top._pars["multrgbbyalpha"].eval():
        rgb = [c * a for c in rgb]
    return images.solid(w, h, [clamp8(c) for c in rgb] + [clamp8(a)])


def _ramp_keys(top):
    p = top._pars.get("dat")
    dat = None
    try:
        dat = p.eval() if p is not None else None
    except Exception:
        dat = None
    if dat is not None and not isinstance(dat, list) and dat.isDAT:
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


def _ramp(top, w, h):
    keys = _ramp_keys(top)
    lut = [bytes(clamp8(c) for c in _ramp_colour(keys, i / 255)) for i in range(256)]
    kind = _s(top, "type", "vertical")
    if kind == "horizontal":
        row = b"".join(lut[(x * 255) // max(1, w - 1)] for x in range(w))
        return images.from_rows(w, h, lambda y: row)
    if kind == "vertical":
        return images.from_rows(w, h, lambda y: lut[(y * 255) // max(1, h - 1)] * w)
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


def _noise(top, w, h):
    seed = _f(top, "seed")
    period = _f(top, "period") or 1.0
    amp, offset = _f(top, "amp"), _f(top, "offset")
    mono = bool(_f(top, "mono"))
    alpha_mode = _s(top, "alpha", "zero")
    # Sampled on a coarse grid of at most about NOISE_SAMPLES points, then resized.
    step = max(1, math.ceil(math.sqrt(w * h / NOISE_SAMPLES)))
    lw, lh = max(1, -(-w // step)), max(1, -(-h // step))
    cell = max(1.0, abs(period) * min(lw, lh) / 4)   # lattice spacing in coarse pixels
    gx, gy = int(lw / cell) + 2, int(lh / cell) + 2
    channels = 1 if mono else 3
    lattices = []
    for c in range(channels + (1 if alpha_mode == "random" else 0)):
        rng = random.Random(f"{seed}:{c}")
        lattices.append([[rng.random() * 2 - 1 for _ in range(gx)] for _ in range(gy)])

    def sample(lat, x, y):
        fx, fy = x / cell, y / cell
        ix, iy = int(fx), int(fy)
        tx, ty = fx - ix, fy - iy
        tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        r0, r1 = lat[iy], lat[iy + 1]
        top_v = r0[ix] + (r0[ix + 1] - r0[ix]) * tx
        bot_v = r1[ix] + (r1[ix + 1] - r1[ix]) * tx
        return top_v + (bot_v - top_v) * ty

    small = bytearray(lw * lh * 4)
    fixed_alpha = 255 if alpha_mode == "one" else 0
    for y in range(lh):
        for x in range(lw):
            i = (y * lw + x) * 4
            values = [clamp8(offset + amp * sample(lat, x, y)) for lat in lattices[:channels]]
            if mono:
                values = values * 3
            small[i:i + 3] = bytes(values)
            small[i + 3] = clamp8(offset + amp * sample(lattices[-1], x, y)) if alpha_mode == "random" else fixed_alpha
    return images.resample(small, lw, lh, w, h)


def _level(top, img):
    invert = _f(top, "invert")
    black = _f(top, "blacklevel")
    bright = _f(top, "brightness1")
    contrast = _f(top, "contrast")
    gamma = _f(top, "gamma1") or 1.0
    opacity = _f(top, "opacity")

    def colour(v):
        v = v * (1 - invert) + (1 - v) * invert
        v = (v - black) / (1 - black) if black < 1 else 0.0
        v = (v - 0.5) * contrast + 0.5  # a gain about mid-grey: 1 (the kb default) changes nothing
        v *= bright
        return max(v, 0.0) ** (1 / gamma) if gamma > 0 else v

    lut = bytes(clamp8(colour(i / 255)) for i in range(256))
    return images.map_channels(img, [lut, lut, lut, images.scale_lut(opacity)])


def _blend(operand, pictures, w, h):
    result = pictures[0]
    for other in pictures[1:]:
        if operand == "add":
            result = images.add_saturate(result, other)
        elif operand == "over":
            result = images.over(result, other)
        elif operand == "under":
            result = images.over(other, result)
        elif operand == "multiply":
            result = images.multiply(result, other)
        else:
            return images.checkerboard(w, h, f"COMPOSITE {operand}")
    return result
