"""PNG encoding and decoding for 8-bit RGBA images (standard library only: zlib + struct)."""
from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode(width: int, height: int, rgba, level: int = 6) -> bytes:
    """PNG bytes of a width x height RGBA image given as rows of pixels (4 bytes each)."""
    stride = width * 4
    if len(rgba) != stride * height:
        raise ValueError(f"image data has {len(rgba)} bytes, expected {stride * height}")
    raw = bytearray((stride + 1) * height)
    src = memoryview(rgba)
    for y in range(height):
        start = y * (stride + 1)
        raw[start + 1:start + 1 + stride] = src[y * stride:(y + 1) * stride]  # filter byte 0
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(raw), level)) + _chunk(b"IEND", b"")


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(data: bytes):
    """(width, height, rgba bytearray) of an 8-bit RGBA or RGB, non-interlaced PNG."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    pos, idat, width = len(SIGNATURE), b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError("only 8-bit RGB/RGBA non-interlaced PNGs are supported")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if width is None:
        raise ValueError("PNG without IHDR")
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(stride * height)
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = prev[i]
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                upleft = prev[i - channels] if i >= channels else 0
                line[i] = (line[i] + _paeth(left, up, upleft)) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if channels == 3:
        rgba = bytearray(width * height * 4)
        for c in range(3):
            rgba[c::4] = out[c::3]
        rgba[3::4] = b"\xff" * (width * height)
        out = rgba
    return width, height, out
