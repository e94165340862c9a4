"""Box and Gaussian blurs of RGBA images without a Python statement per pixel.

A row-wise box average is computed on one big integer holding every byte of the image in its
own 32-bit lane: shifting the integer by one pixel (128 bits) lines each pixel up with its
neighbour, so a window sum is a handful of big-integer additions (window widths doubled in
log2 steps), and the division is one multiplication by a fixed-point reciprocal. Rows are
padded by the extend mode first so windows never read across a row edge; columns are blurred
as the rows of the transposed image. A Gaussian is approximated by three box passes (their
combined shape is within a few percent of a Gaussian).
"""
from __future__ import annotations

import math
from array import array

from .warp import extend_table, pixels, transpose

PIXEL_BITS = 128             # four 32-bit lanes
SHIFT = 24                   # fixed-point bits of the reciprocal (lane products stay < 2**32)
MAX_RADIUS = 16000           # keeps every lane sum and product below 2**32


def _pad_rows(img, w: int, h: int, r: int, mode: str) -> array:
    """Every row extended by r pixels on both sides by the extend mode (hold: edge pixels,
    repeat: the other end of the row, mirror: the row reflected)."""
    src = pixels(img)
    out = array("I")
    if mode in ("repeat", "mirror") and r > w:
        index = extend_table(-r, w + r - 1, w, mode)  # windows wider than the row: wrap again
        for y in range(h):
            out.extend(map(src[y * w:(y + 1) * w].__getitem__, index))
        return out
    for y in range(h):
        row = src[y * w:(y + 1) * w]
        if mode == "repeat":
            left, right = row[w - r:], row[:r]
        elif mode == "mirror":
            left, right = row[:r][::-1], row[::-1][:r]
        else:
            left, right = row[:1] * r, row[-1:] * r
        out.extend(left)
        out.extend(row)
        out.extend(right)
    return out


def _halves(n: int) -> int:
    """0.5 in the fixed point of every lane of an n-byte image (rounds the division)."""
    return int.from_bytes(bytes((0, 0x80, 0, 0)) * n, "big")


def _box_rows(img, w: int, h: int, r: int, mode: str, halves: dict) -> bytearray:
    """Average of the 2r + 1 pixels around each pixel along its row."""
    if r <= 0 or w < 1:
        return bytearray(img)
    padded = _pad_rows(img, w, h, r, mode).tobytes()
    n = len(padded)
    if n not in halves:
        halves[n] = _halves(n)
    spread = bytearray(n * 4)
    spread[3::4] = padded
    lanes = int.from_bytes(spread, "big")
    width = 2 * r + 1
    total, offset, acc, span = 0, 0, lanes, 1
    while True:
        if width & span:
            total += acc >> (PIXEL_BITS * offset)
            offset += span
        if span * 2 > width:
            break
        acc += acc >> (PIXEL_BITS * span)
        span *= 2
    factor = round((1 << SHIFT) / width)
    averaged = ((total * factor + halves[n]) >> SHIFT).to_bytes(n * 4, "big")[3::4]
    # Pixel x of a row sits at padded index x + 2r, where the window [x - r, x + r] ends.
    pw = w + 2 * r
    out = bytearray(w * h * 4)
    for y in range(h):
        start = (y * pw + 2 * r) * 4
        out[y * w * 4:(y + 1) * w * 4] = averaged[start:start + w * 4]
    return out


def blur(img, w: int, h: int, rx: float, ry: float, kind: str = "gaussian", mode: str = "hold") -> bytearray:
    """Blur by radius rx along rows and ry along columns (pixels). `kind` 'box' is one box of
    that radius; anything else is treated as a Gaussian of standard deviation radius / 2."""
    def radii(r):
        r = min(r, MAX_RADIUS)
        if r <= 0:
            return []
        if kind == "box":
            return [round(r)]
        sigma = r / 2
        each = (math.sqrt(4 * sigma * sigma / 3 + 1) - 1) / 2   # three boxes share the variance
        return [max(1, round(each))] * 3 if each >= 0.25 else []

    out, halves = bytearray(img), {}
    for r in radii(rx):
        out = _box_rows(out, w, h, r, mode, halves)
    vertical = radii(ry)
    if vertical:
        out = transpose(out, w, h)
        for r in vertical:
            out = _box_rows(out, h, w, r, mode, halves)
        out = transpose(out, h, w)
    return out
