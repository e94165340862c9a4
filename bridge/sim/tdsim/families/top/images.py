"""Pixel operations on 8-bit RGBA images held in bytearrays (row after row, 4 bytes a pixel).

Everything here works on whole rows or channels with C-level operations (slicing, translate,
big-integer arithmetic, itemgetter, `map` over a lookup table) rather than one Python
statement per pixel. Products of two images (multiply, over with an alpha that varies) look
every byte pair up in a 64 KiB table: the costliest path here, about 0.1 microseconds a byte.
"""
from __future__ import annotations

import operator
from array import array

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
    """Nearest-neighbour resize (whole pixels are picked as 32-bit items)."""
    if (sw, sh) == (dw, dh):
        return bytearray(img)
    src = array("I")
    src.frombytes(bytes(img))
    xs = [min(sw - 1, (x * sw) // dw) for x in range(dw)]
    pick = operator.itemgetter(*xs) if dw > 1 else (lambda seq: (seq[xs[0]],))
    out = bytearray(dw * dh * 4)
    stride = dw * 4
    built: dict[bytes, bytes] = {}                      # equal source rows are resized once
    previous, row = -1, b""
    for y in range(dh):
        sy = min(sh - 1, (y * sh) // dh)
        if sy != previous:
            line = src[sy * sw:(sy + 1) * sw]
            key = line.tobytes()
            row = built.get(key)
            if row is None:
                row = built[key] = array("I", pick(line)).tobytes()
            previous = sy
        out[y * stride:(y + 1) * stride] = row
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
    if not bytes(alphas).translate(None, b"\x00\xff"):  # alpha only 0 or 1: pick per pixel
        mask = int.from_bytes(expand_alpha(fg), "big")
        picked = (int.from_bytes(fg, "big") & mask) | (int.from_bytes(bg, "big") & ~mask)
        return bytearray(picked.to_bytes(len(fg), "big"))
    a4 = expand_alpha(fg)
    back = scale_bytes(bg, bytes(a4).translate(_INVERT))
    a4[3::4] = b"\xff" * (len(fg) // 4)                 # fg's own alpha counts in full
    return add_saturate(scale_bytes(fg, a4), back)


_INVERT = bytes(255 - i for i in range(256))
_PRODUCTS = None


def _products():
    """round(x * y / 255) for every pair of bytes, indexed by the pair read as one 16-bit
    number (the product is symmetric, so the byte order of that number does not matter)."""
    global _PRODUCTS
    if _PRODUCTS is None:
        _PRODUCTS = bytes((x * y + 127) // 255 for x in range(256) for y in range(256))
    return _PRODUCTS


def scale_bytes(a, b) -> bytearray:
    """Per byte round(a * b / 255): one table lookup per byte over interleaved byte pairs."""
    pairs = bytearray(len(a) * 2)
    pairs[0::2] = a
    pairs[1::2] = b
    return bytearray(map(_products().__getitem__, memoryview(pairs).cast("H")))


def expand_alpha(img) -> bytearray:
    """Every pixel's alpha repeated into its four bytes."""
    alphas = bytes(img[3::4])
    out = bytearray(len(img))
    for c in range(4):
        out[c::4] = alphas
    return out


def multiply(a, b) -> bytearray:
    return scale_bytes(a, b)


def mix(a, b, t: float) -> bytearray:
    """a * (1 - t) + b * t for whole images (t a constant between 0 and 1)."""
    t = min(1.0, max(0.0, t))
    return add_saturate(bytes(a).translate(scale_lut(1 - t)), bytes(b).translate(scale_lut(t)))


def _lanes_of(n: int, value: int) -> int:
    return int.from_bytes(bytes((0, value)) * n, "big")


def subtract_saturate(a, b) -> bytearray:
    """Per-byte max(0, a - b)."""
    n = len(a)
    total = _lanes(a) + (_lanes_of(n, 1) << 8) - _lanes(b)     # 256 + a - b in every lane
    keep = ((total >> 8) & _lanes_of(n, 1)) * 255             # 255 in the lanes where a >= b
    return bytearray(_unlanes(total & keep, n))


def average(a, b) -> bytearray:
    n = len(a)
    return bytearray(_unlanes(((_lanes(a) + _lanes(b)) >> 1) & _lanes_of(n, 255), n))


def _with_alpha(img, alpha: int) -> bytearray:
    out = bytearray(img)
    out[3::4] = bytes((alpha,)) * (len(img) // 4)
    return out


def combine(operand: str, a, b):
    """input1 (a) and input2 (b) combined by a Composite TOP operation, or None when tdsim does
    not emulate the operation. Every channel, alpha included, goes through the operation
    except where noted; `over` and `under` use straight alpha."""
    if operand == "add":
        return add_saturate(a, b)
    if operand == "subtract":
        return subtract_saturate(a, b)
    if operand == "over":
        return over(a, b)
    if operand == "under":
        return over(b, a)
    if operand == "multiply":
        return multiply(a, b)
    if operand == "average":
        return average(a, b)
    if operand == "maximum":
        return bytearray(map(max, a, b))
    if operand == "minimum":
        return bytearray(map(min, a, b))
    if operand == "difference":                         # alpha is 1
        return _with_alpha(add_saturate(subtract_saturate(a, b), subtract_saturate(b, a)), 255)
    if operand == "screen":
        inverted = multiply(bytes(a).translate(_INVERT), bytes(b).translate(_INVERT))
        return bytearray(bytes(inverted).translate(_INVERT))
    if operand == "inside":
        return scale_bytes(a, expand_alpha(b))
    if operand == "outside":
        return scale_bytes(a, bytes(expand_alpha(b)).translate(_INVERT))
    return None


def checkerboard(w: int, h: int, label: str, cell: int = 16) -> bytearray:
    """The image for what tdsim does not render: a grey checkerboard with the reason on it
    (words wrapped onto lines, letters made smaller until they fit)."""
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
    while True:
        lines = _wrap(["TDSIM"] + label.split(), w, scale)
        if scale == 1 or (all(text_width(t, scale) <= w for t in lines) and len(lines) * 9 * scale <= h):
            break
        scale -= 1
    top = h // 2 - (len(lines) * 9 * scale) // 2
    for i, line in enumerate(lines):
        tw = text_width(line, scale)
        if tw <= w:
            draw_text(img, w, h, line, (w - tw) // 2, top + i * 9 * scale, scale)
    return img


def _wrap(words, w: int, scale: int) -> list:
    """'TDSIM' on its own line, then the words filled into lines at most w pixels wide."""
    lines = [words[0]]
    current = ""
    for word in words[1:]:
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, scale) > w:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines
