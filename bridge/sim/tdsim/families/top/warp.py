"""Geometry on RGBA images: pull every output pixel from a source position (nearest sampling).

An affine map from output pixels to source pixels is linear along each output row, so a row's
source columns and rows are arithmetic sequences: they are produced with `range` in fixed
point and turned into pixel indices with C-level `map` calls (a shift, then a table that
applies the extend mode), never a Python statement per pixel. Pixels are moved as 32-bit units (one RGBA pixel each).

Coordinates here are pixel coordinates with y pointing down (row 0 at the top), the way the
images are stored; callers convert from TouchDesigner's y-up conventions.

Extend modes say what a position outside the source gives: `hold` the nearest edge pixel,
`zero` the background colour (transparent black unless given), `repeat` the image tiled,
`mirror` the image tiled with every other copy reflected.
"""
from __future__ import annotations

import math
import operator
from array import array
from itertools import repeat

FIX = 20                     # fixed-point fraction bits for the per-row sequences
EXTENDS = ("hold", "zero", "repeat", "mirror")


def pixels(img) -> array:
    """The image as one 32-bit item per pixel (byte order kept: items are only moved)."""
    out = array("I")
    out.frombytes(bytes(img))
    return out


def _axis(start: float, step: float, n: int, lo: int, table):
    """Table entries for the integer parts of start + i * step (i in range(n)); `lo` is the
    smallest integer part the table covers (its entry 0)."""
    s0 = math.floor(start * (1 << FIX)) - (lo << FIX)
    d = round(step * (1 << FIX))
    if d == 0:
        return repeat(table[s0 >> FIX], n)
    return map(table.__getitem__, map(FIX.__rrshift__, range(s0, s0 + d * n, d)))


def extend_table(lo: int, hi: int, size: int, mode: str, scale: int = 1, offset: int = 0) -> list:
    """For every integer coordinate lo..hi, the source coordinate it reads (extend mode applied),
    times `scale` plus `offset`; in zero mode -1 stands for 'outside'."""
    out = []
    for k in range(lo, hi + 1):
        if mode == "repeat":
            k %= size
        elif mode == "mirror":
            k %= 2 * size
            k = k if k < size else 2 * size - 1 - k
        elif mode == "zero":
            k = -1 if k < 0 or k >= size else k
        else:
            k = 0 if k < 0 else size - 1 if k >= size else k
        out.append((k + offset) * scale)
    return out


MAX_SPAN = 1 << 20           # coordinates a row may reach; beyond it the source is a speck


def affine(img, sw: int, sh: int, dw: int, dh: int, inverse, mode: str = "zero", background=b"\0\0\0\0"):
    """A dw x dh image whose pixel (x, y) shows the source at inverse(x + 0.5, y + 0.5), or None
    when the map reaches too far outside the source (a scale near zero).

    `inverse` is (a, b, c, d, e, f): source u = a*x + b*y + c, v = d*x + e*y + f, in source
    pixels (y down). Nearest sampling: the source pixel containing (u, v)."""
    a, b, c, d, e, f = inverse
    corners = [(x, y) for x in (0.5, dw - 0.5) for y in (0.5, dh - 0.5)]
    us = [a * x + b * y + c for x, y in corners]
    vs = [d * x + e * y + f for x, y in corners]
    ulo, uhi = math.floor(min(us)) - 1, math.floor(max(us)) + 1
    vlo, vhi = math.floor(min(vs)) - 1, math.floor(max(vs)) + 1
    if uhi - ulo > MAX_SPAN or vhi - vlo > MAX_SPAN:
        return None
    if mode == "zero":
        # A border of background pixels around the source: 'outside' (-1) lands on it.
        pw = sw + 2
        src = pixels(bytes(background) * (pw * (sh + 2)))
        body = pixels(img)
        for y in range(sh):
            start = (y + 1) * pw + 1
            src[start:start + sw] = body[y * sw:(y + 1) * sw]
        cols = extend_table(ulo, uhi, sw, mode, 1, 1)
        rows = extend_table(vlo, vhi, sh, mode, pw, 1)
    else:
        pw, src = sw, pixels(img)
        cols = extend_table(ulo, uhi, sw, mode)
        rows = extend_table(vlo, vhi, sh, mode, pw)
    out = array("I")
    get = src.__getitem__
    for y in range(dh):
        cy = y + 0.5
        us = _axis(a * 0.5 + b * cy + c, a, dw, ulo, cols)
        if d == 0:
            base = rows[math.floor(e * cy + f) - vlo]
            line = src[base:base + pw]
            out.extend(map(line.__getitem__, us))
            continue
        vs = _axis(d * 0.5 + e * cy + f, d, dw, vlo, rows)
        out.extend(map(get, map(operator.add, vs, us)))
    return bytearray(out.tobytes())


def flip(img, w: int, h: int, flip_x: bool, flip_y: bool) -> bytearray:
    """Mirror an image left-right and/or top-bottom."""
    src = pixels(img)
    rows = [src[y * w:(y + 1) * w] for y in range(h)]
    if flip_x:
        for row in rows:
            row.reverse()
    if flip_y:
        rows.reverse()
    out = array("I")
    for row in rows:
        out.extend(row)
    return bytearray(out.tobytes())


def transpose(img, w: int, h: int) -> bytearray:
    """Swap x and y: the result is h wide and w high (columns become rows)."""
    src = pixels(img)
    out = array("I")
    for x in range(w):
        out.extend(src[x::w])
    return bytearray(out.tobytes())
