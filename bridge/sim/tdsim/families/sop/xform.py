"""4x4 transforms as TouchDesigner's Xform pages build them: scale, rotate and translate in the
order `xord` names, the rotations in the order `rord` names, about a pivot. Matrices are row-major
lists of 16 floats acting on column vectors (x' = M x); `columns()` gives GLSL's order."""
from __future__ import annotations

import math

IDENTITY = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)


def mul(a, b):
    return [sum(a[r * 4 + k] * b[k * 4 + c] for k in range(4)) for r in range(4) for c in range(4)]


def translate(x, y, z):
    return [1.0, 0, 0, x, 0, 1.0, 0, y, 0, 0, 1.0, z, 0, 0, 0, 1.0]


def scale(x, y, z):
    return [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1.0]


def rotate_axis(axis, degrees):
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    if axis == "x":
        return [1.0, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1.0]
    if axis == "y":
        return [c, 0, s, 0, 0, 1.0, 0, 0, -s, 0, c, 0, 0, 0, 0, 1.0]
    return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0]


def rotation(r, rord="xyz"):
    """Rotations about x, y and z in degrees, applied in `rord` order (the first letter first)."""
    m = list(IDENTITY)
    for axis in rord:
        m = mul(rotate_axis(axis, r["xyz".index(axis)]), m)
    return m


def compose(t=(0, 0, 0), r=(0, 0, 0), s=(1, 1, 1), p=(0, 0, 0), xord="srt", rord="xyz", uniform=1.0):
    """The Xform page's matrix: scale (times the uniform scale) and rotate about the pivot, and
    translate, in `xord` order (the first letter is applied first)."""
    to_pivot, from_pivot = translate(-p[0], -p[1], -p[2]), translate(p[0], p[1], p[2])
    steps = {"s": mul(from_pivot, mul(scale(s[0] * uniform, s[1] * uniform, s[2] * uniform), to_pivot)),
             "r": mul(from_pivot, mul(rotation(r, rord), to_pivot)),
             "t": translate(*t)}
    m = list(IDENTITY)
    for letter in xord:
        m = mul(steps[letter], m)
    return m


def apply(m, p):
    x, y, z = p
    return (m[0] * x + m[1] * y + m[2] * z + m[3], m[4] * x + m[5] * y + m[6] * z + m[7],
            m[8] * x + m[9] * y + m[10] * z + m[11])


def apply_vector(m, v):
    """A direction (normals are transformed by the inverse transpose: here, for rotations and
    uniform scales, the matrix itself, then normalized)."""
    x, y, z = v
    out = (m[0] * x + m[1] * y + m[2] * z, m[4] * x + m[5] * y + m[6] * z, m[8] * x + m[9] * y + m[10] * z)
    n = math.sqrt(out[0] ** 2 + out[1] ** 2 + out[2] ** 2) or 1.0
    return (out[0] / n, out[1] / n, out[2] / n)


def invert(m):
    """Inverse of an affine 4x4 (rotation/scale/translation; None when singular)."""
    a = [m[0:3], m[4:7], m[8:11]]
    det = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
           + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    if abs(det) < 1e-12:
        return None
    inv = [[(a[(j + 1) % 3][(i + 1) % 3] * a[(j + 2) % 3][(i + 2) % 3] - a[(j + 1) % 3][(i + 2) % 3] * a[(j + 2) % 3][(i + 1) % 3]) / det
            for j in range(3)] for i in range(3)]
    t = (m[3], m[7], m[11])
    it = [-(inv[r][0] * t[0] + inv[r][1] * t[1] + inv[r][2] * t[2]) for r in range(3)]
    return [inv[0][0], inv[0][1], inv[0][2], it[0], inv[1][0], inv[1][1], inv[1][2], it[1],
            inv[2][0], inv[2][1], inv[2][2], it[2], 0.0, 0.0, 0.0, 1.0]


def columns(m):
    """Column-major order, as GLSL reads a mat4."""
    return [m[r * 4 + c] for c in range(4) for r in range(4)]


def look_at(eye, target, up=(0.0, 1.0, 0.0)):
    """The rotation (as a 4x4 with eye's translation) pointing -z from eye at target, y up."""
    f = [target[i] - eye[i] for i in range(3)]
    n = math.sqrt(sum(x * x for x in f)) or 1.0
    f = [x / n for x in f]
    s = [f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2], f[0] * up[1] - f[1] * up[0]]
    n = math.sqrt(sum(x * x for x in s)) or 1.0
    if n < 1e-9:
        s = [1.0, 0.0, 0.0]
    else:
        s = [x / n for x in s]
    u = [s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2], s[0] * f[1] - s[1] * f[0]]
    return [s[0], u[0], -f[0], eye[0], s[1], u[1], -f[1], eye[1], s[2], u[2], -f[2], eye[2], 0.0, 0.0, 0.0, 1.0]
