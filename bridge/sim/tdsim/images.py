"""Pixel operations on 8-bit RGBA images held in bytearrays (row after row, 4 bytes a pixel).

Everything here works on whole rows or channels with C-level bytes operations (slicing,
translate, big-integer arithmetic, itemgetter) rather than one Python call per pixel, so a
1280x720 preview stays cheap. The only per-pixel paths are blends whose factor changes from
pixel to pixel (over with a varying alpha, multiply).
"""
from __future__ import annotations

import operator

from .font import draw_text, text_width


def clamp8(v: float) -> int:
    return 0 if v <= 0 else 255 if v >= 1 else int(round(v * 255))


def solid(w: int, h: int, rgba) -> bytearray:
    return bytearray(bytes(rgba) * (w * h))


def transparent(w: int, h: int) -> bytearray:
    return bytearray(w * h * 4)


def from_rows(w: int, h: int, row_for_y) -> bytearray:
    """Build an image from a function giving the bytes of row y (rows are reused when equal)."""
    out = bytearray(w * h * 4)
    stride = w * 4
    for y in range(h):
        out[y * stride:(y + 1) * stride] = row_for_y(y)
    return out


def resample(img, sw: int, sh: int, dw: int, dh: int) -> bytearray:
    """Nearest-neighbour resize."""
    if (sw, sh) == (dw, dh):
        return bytearray(img)
    xs = [min(sw - 1, (x * sw) // dw) for x in range(dw)]
    pick = operator.itemgetter(*xs) if dw > 1 else (lambda seq: (seq[xs[0]],))
    stride = sw * 4
    out = bytearray(dw * dh * 4)
    cache: dict[int, bytes] = {}
    for y in range(dh):
        sy = min(sh - 1, (y * sh) // dh)
        row = cache.get(sy)
        if row is None:
            src = img[sy * stride:(sy + 1) * stride]
            built = bytearray(dw * 4)
            for c in range(4):
                built[c::4] = bytes(pick(src[c::4]))
            row = cache[sy] = bytes(built)
        out[y * dw * 4:(y + 1) * dw * 4] = row
    return out


def map_channels(img, luts) -> bytearray:
    """Apply a 256-entry lookup table per channel (r, g, b, a); None keeps a channel."""
    out = bytearray(img)
    for c, lut in enumerate(luts):
        if lut is not None:
            out[c::4] = bytes(img[c::4]).translate(bytes(lut))
    return out


def _lanes(data) -> int:
    """Spread bytes into 16-bit lanes of one big integer (room for sums without carries)."""
    wide = bytearray(len(data) * 2)
    wide[1::2] = data
    return int.from_bytes(wide, "big")


def _unlanes(value: int, n: int) -> bytes:
    return value.to_bytes(n * 2, "big")[1::2]


def add_saturate(a, b) -> bytearray:
    """Per-byte min(255, a + b) for whole images at once."""
    n = len(a)
    total = _lanes(a) + _lanes(b)
    ones = int.from_bytes(b"\x00\x01" * n, "big")
    overflow = (total >> 8) & ones                      # 1 in every lane that passed 255
    low = int.from_bytes(b"\x00\xff" * n, "big")
    return bytearray(_unlanes((total | (overflow * 255)) & low, n))


def scale_lut(factor: float) -> bytes:
    return bytes(clamp8(i / 255 * factor) for i in range(256))


def over(fg, bg) -> bytearray:
    """fg composited over bg (straight alpha)."""
    alphas = fg[3::4]
    if alphas.count(alphas[0]) == len(alphas):          # one alpha for the whole image: fast path
        a = alphas[0] / 255
        lut_f, lut_b = scale_lut(a), scale_lut(1 - a)
        mixed = add_saturate(bytes(fg).translate(lut_f), bytes(bg).translate(lut_b))
        mixed[3::4] = add_saturate(bytes(alphas), bytes(bg[3::4]).translate(lut_b))
        return mixed
    out = bytearray(len(fg))
    for i in range(0, len(fg), 4):
        a = fg[i + 3]
        inv = 255 - a
        out[i] = (fg[i] * a + bg[i] * inv) // 255
        out[i + 1] = (fg[i + 1] * a + bg[i + 1] * inv) // 255
        out[i + 2] = (fg[i + 2] * a + bg[i + 2] * inv) // 255
        out[i + 3] = a + (bg[i + 3] * inv) // 255
    return out


def multiply(a, b) -> bytearray:
    return bytearray(x * y // 255 for x, y in zip(a, b))


def checkerboard(w: int, h: int, label: str, cell: int = 16) -> bytearray:
    """The image for what tdsim does not render: a grey checkerboard with the reason on it."""
    dark, light = bytes((70, 70, 70, 255)), bytes((110, 110, 110, 255))
    rows = []
    for parity in (0, 1):
        row = bytearray()
        for x in range(0, w, cell):
            tile = light if ((x // cell) + parity) % 2 else dark
            row += tile * min(cell, w - x)
        rows.append(bytes(row))
    img = from_rows(w, h, lambda y: rows[(y // cell) % 2])
    scale = max(1, min(w, h) // 90)
    lines = [t for t in ("TDSIM", label) if t]
    for i, line in enumerate(lines):
        tw = text_width(line, scale)
        if tw <= w:
            draw_text(img, w, h, line, (w - tw) // 2, h // 2 - 8 * scale + i * 9 * scale, scale)
    return img
