"""Images of the filter TOPs tdsim renders: level, HSV adjust, blur, transform, flip, crop,
resolution, tile, cross and the compositing TOPs.

Each function takes a render job (see render.py: the TOP, its working size, `input(i)` for an
input stretched to that size, `source(i)` for an input as rendered) and returns an RGBA
bytearray of the job's size, or None when the operator cannot be drawn (the caller labels it).
What each one emulates and what it does not is listed in bridge/sim/README.md.
"""
from __future__ import annotations

import colorsys
import math
import sys
from array import array

from . import images, warp
from . import renderpars as rp
from .blur import blur as blur_image
from .images import clamp8
from .rendergen import rgba_bytes


def level(job):
    img = job.input(0)
    if img is None:
        return None
    top = job.top
    invert = rp.number(top, "invert")
    black = rp.number(top, "blacklevel")
    bright = rp.number(top, "brightness1")
    contrast = rp.number(top, "contrast")
    gamma = rp.number(top, "gamma1") or 1.0
    opacity = rp.number(top, "opacity")

    def colour(v):
        v = v * (1 - invert) + (1 - v) * invert
        v = (v - black) / (1 - black) if black < 1 else 0.0
        v = (v - 0.5) * contrast + 0.5  # a gain about mid-grey: 1 (the kb default) changes nothing
        v *= bright
        return max(v, 0.0) ** (1 / gamma) if gamma > 0 else v

    lut = bytes(clamp8(colour(i / 255)) for i in range(256))
    return images.map_channels(img, [lut, lut, lut, images.scale_lut(opacity)])


EXACT_COLOURS = 4096          # above this many distinct colours, colours are grouped (6 bits)


def _byte(x: float) -> int:
    return 0 if x <= 0 else 255 if x >= 1 else int(x * 255 + 0.5)


def hsvadjust(job):
    """Hue offset (degrees), saturation and value multipliers on every pixel; the hue,
    saturation and value ranges that narrow the selection are not emulated. Each distinct
    colour is converted once; an image with very many colours (coloured noise) is converted
    from its colours rounded to 6 bits a channel, so results may be off by up to 3 of 255."""
    img = job.input(0)
    if img is None:
        return None
    top = job.top
    shift = rp.number(top, "hueoffset") / 360.0
    sat, val = rp.number(top, "saturationmult", 1.0), rp.number(top, "valuemult", 1.0)
    if shift % 1.0 == 0 and sat == 1 and val == 1:
        return bytearray(img)
    src = warp.pixels(img)
    colours = set(src)
    if len(colours) > EXACT_COLOURS:
        coarse = int.from_bytes(b"\xfc\xfc\xfc\xff", sys.byteorder)
        src = array("I", map(coarse.__and__, src))
        colours = {c & coarse for c in colours}
    table = {}
    rs, gs, bs, as_ = (0, 8, 16, 24) if sys.byteorder == "little" else (24, 16, 8, 0)
    for packed in colours:
        h, s, v = colorsys.rgb_to_hsv(((packed >> rs) & 255) / 255, ((packed >> gs) & 255) / 255,
                                      ((packed >> bs) & 255) / 255)
        r, g, b = colorsys.hsv_to_rgb((h + shift) % 1.0, min(1.0, s * sat), v * val)
        table[packed] = (_byte(r) << rs) | (_byte(g) << gs) | (_byte(b) << bs) | (packed & (255 << as_))
    return bytearray(array("I", map(table.__getitem__, src)).tobytes())


def blur(job):
    img = job.input(0)
    if img is None:
        return None
    top = job.top
    size = rp.number(top, "size")
    method = rp.menu(top, "method", ("horzandvert", "horz", "vert"), "horzandvert")
    rx = size * rp.number(top, "scalex", 1.0) * job.sx if method != "vert" else 0
    ry = size * rp.number(top, "scaley", 1.0) * job.sy if method != "horz" else 0
    kind = "box" if rp.text(top, "type") == "box" else "gaussian"
    mode = rp.menu(top, "extend", ("hold", "repeat", "mirror"), "hold")
    return blur_image(img, job.w, job.h, rx, ry, kind, mode)


def _matmul(m, n):
    return [[sum(m[i][k] * n[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def _about(pivot, m):
    """m applied about a pivot point instead of the origin."""
    px, py = pivot
    to = [[1, 0, px], [0, 1, py], [0, 0, 1]]
    back = [[1, 0, -px], [0, 1, -py], [0, 0, 1]]
    return _matmul(to, _matmul(m, back))


def _invert(m):
    (a, b, c), (d, e, f) = m[0], m[1]
    det = a * e - b * d
    if abs(det) < 1e-12:
        return None
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return [[ia, ib, -(ia * c + ib * f)], [id_, ie, -(id_ * c + ie * f)], [0, 0, 1]]


def transform_matrix(job):
    """The Transform TOP's map in working pixels, origin at the image centre, y up."""
    top = job.top
    tw, th = job.true_size
    t = (rp.length(top, "tx", "tunit", "x", tw, th) * job.sx,
         rp.length(top, "ty", "tunit", "y", tw, th) * job.sy)
    pivot = (rp.length(top, "px", "punit", "x", tw, th) * job.sx,
             rp.length(top, "py", "punit", "y", tw, th) * job.sy)
    angle = math.radians(rp.number(top, "rotate"))
    c, s = math.cos(angle), math.sin(angle)
    steps = {
        "s": _about(pivot, [[rp.number(top, "sx", 1.0), 0, 0], [0, rp.number(top, "sy", 1.0), 0], [0, 0, 1]]),
        "r": _about(pivot, [[c, -s, 0], [s, c, 0], [0, 0, 1]]),
        "t": [[1, 0, t[0]], [0, 1, t[1]], [0, 0, 1]],
    }
    order = rp.menu(top, "xord", ("srt", "str", "rst", "rts", "tsr", "trs"), "srt")
    m = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for letter in order:                     # the first letter is applied first
        m = _matmul(steps[letter], m)
    return m


def pixel_map(m, w, h):
    """Inverse of a y-up, centred map as warp.affine's (a, b, c, d, e, f) on y-down pixels."""
    inv = _invert(m)
    if inv is None:
        return None
    (i00, i01, i02), (i10, i11, i12) = inv[0], inv[1]
    return (i00, -i01, -i00 * w / 2 + i01 * h / 2 + i02 + w / 2,
            -i10, i11, h / 2 + i10 * w / 2 - i11 * h / 2 - i12)


def transform(job):
    img = job.input(0)
    if img is None:
        return None
    top, w, h = job.top, job.w, job.h
    bg = rgba_bytes(rp.colour(top, ("bgcolorr", "bgcolorg", "bgcolorb")), rp.number(top, "bgcolora"),
                    rp.flag(top, "premultrgbbyalpha"))
    mode = rp.menu(top, "extend", warp.EXTENDS, "hold")
    coeffs = pixel_map(transform_matrix(job), w, h)
    out = warp.affine(img, w, h, w, h, coeffs, mode, bg) if coeffs is not None else None
    if out is None:                          # scaled to (almost) nothing
        out = images.solid(w, h, bg)
    if rp.flag(top, "compover"):
        out = images.over(out, images.solid(w, h, bg))
    return out


def flip(job):
    top = job.top
    if rp.text(top, "flop", "noflop") not in ("noflop", ""):
        return None                          # transposing flops are not emulated
    img = job.input(0)
    if img is None:
        return None
    return warp.flip(img, job.w, job.h, rp.flag(top, "flipx"), rp.flag(top, "flipy"))


def crop_box(top, width, height):
    """(left, bottom, right, top) of the crop region in pixels of the input, y up."""
    return (rp.length(top, "cropleft", "cropleftunit", "x", width, height),
            rp.length(top, "cropbottom", "cropbottomunit", "y", width, height),
            rp.length(top, "cropright", "croprightunit", "x", width, height, 1.0),
            rp.length(top, "croptop", "croptopunit", "y", width, height, 1.0))


def _region(job, src, w, h, mode):
    """The crop region of input picture `src`, stretched to w x h."""
    tw, th = src.true_size
    left, bottom, right, upper = crop_box(job.top, tw, th)
    left, right = left * src.sx, right * src.sx
    bottom, upper = bottom * src.sy, upper * src.sy
    if right == left or upper == bottom:
        return None
    # output x (pixel centre) -> input u = left + x * (right - left) / w; y down from the top edge
    coeffs = ((right - left) / w, 0, left, 0, (upper - bottom) / h, src.h - upper)
    return warp.affine(src.data, src.w, src.h, w, h, coeffs, mode)


def crop(job):
    src = job.source(0)
    if src is None:
        return None
    mode = rp.menu(job.top, "extend", warp.EXTENDS, "hold")
    out = _region(job, src, job.w, job.h, mode)
    return out if out is not None else images.transparent(job.w, job.h)


def resolution(job):
    return job.input(0)                      # the input, resampled to this TOP's size


def tile(job):
    """Crop, then repeatx x repeaty copies of the region; flipx/flipy flip the whole result.
    Transpose, reflect and overlap are not emulated."""
    src = job.source(0)
    if src is None:
        return None
    top, w, h = job.top, job.w, job.h
    nx = max(1, round(rp.number(top, "repeatx", 1)))
    ny = max(1, round(rp.number(top, "repeaty", 1)))
    cell_w, cell_h = max(1, round(w / nx)), max(1, round(h / ny))
    cell = _region(job, src, cell_w, cell_h, rp.menu(top, "extend", warp.EXTENDS, "hold"))
    if cell is None:
        return images.transparent(w, h)
    out = warp.affine(cell, cell_w, cell_h, w, h, (cell_w * nx / w, 0, 0, 0, cell_h * ny / h, 0), "repeat")
    return warp.flip(out, w, h, rp.flag(top, "flipx"), rp.flag(top, "flipy"))


def cross(job):
    a, b = job.input(0), job.input(1)
    if a is None:
        return None
    if b is None:
        return a
    return images.mix(a, b, rp.number(job.top, "cross"))


BLENDS = {"overTOP": "over", "addTOP": "add", "multiplyTOP": "multiply"}


def composite(job):
    pictures = job.inputs()
    if not pictures:
        return None
    operand = BLENDS.get(job.top.OPType) or rp.text(job.top, "operand", "add")
    return blend(operand, pictures)


def blend(operand, pictures):
    """Fold the pictures left to right with one operation (None: not emulated)."""
    result = pictures[0]
    for other in pictures[1:]:
        result = images.combine(operand, result, other)
        if result is None:
            return None
    return result
