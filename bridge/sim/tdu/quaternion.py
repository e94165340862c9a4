"""tdu.Quaternion (Quaternion Class page): a rotation as (x, y, z, w), made from Euler angles in
degrees, an angle and an axis, two vectors, four values, a Matrix or another quaternion."""
from __future__ import annotations

import math

from .matrix import Matrix, quaternion_rows
from .vectors import Vector, three

_ORDERS = ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx")


def _axis_angle(degrees, axis):
    x, y, z = three([axis], "axis")
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    h = math.radians(degrees) / 2
    s = math.sin(h) / n
    return [x * s, y * s, z * s, math.cos(h)]


def _mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz]


def _from_euler(rx, ry, rz, order="xyz"):
    """Rotate about the axes in `order` (the first applied first): for 'xyz', R = RZ * RY * RX."""
    if order not in _ORDERS:
        raise ValueError(f"invalid rotation order {order!r}: one of {', '.join(_ORDERS)}")
    parts = {"x": _axis_angle(rx, (1, 0, 0)), "y": _axis_angle(ry, (0, 1, 0)), "z": _axis_angle(rz, (0, 0, 1))}
    q = [0.0, 0.0, 0.0, 1.0]
    for axis in order:
        q = _mul(parts[axis], q)
    return q


def _from_matrix(m):
    r = m._m
    trace = r[0][0] + r[1][1] + r[2][2]
    if trace > 0:
        s = 0.5 / math.sqrt(trace + 1.0)
        return [(r[2][1] - r[1][2]) * s, (r[0][2] - r[2][0]) * s, (r[1][0] - r[0][1]) * s, 0.25 / s]
    if r[0][0] > r[1][1] and r[0][0] > r[2][2]:
        s = 2.0 * math.sqrt(1.0 + r[0][0] - r[1][1] - r[2][2])
        return [0.25 * s, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[2][1] - r[1][2]) / s]
    if r[1][1] > r[2][2]:
        s = 2.0 * math.sqrt(1.0 + r[1][1] - r[0][0] - r[2][2])
        return [(r[0][1] + r[1][0]) / s, 0.25 * s, (r[1][2] + r[2][1]) / s, (r[0][2] - r[2][0]) / s]
    s = 2.0 * math.sqrt(1.0 + r[2][2] - r[0][0] - r[1][1])
    return [(r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, 0.25 * s, (r[1][0] - r[0][1]) / s]


def _between(v1, v2):
    a, b = Vector(v1), Vector(v2)
    a.normalize()
    b.normalize()
    d = a.dot(b)
    if d < -0.999999:  # opposite: half a turn about any axis at right angles to a
        axis = Vector(1, 0, 0).cross(a)
        if axis.length() < 1e-6:
            axis = Vector(0, 1, 0).cross(a)
        return _axis_angle(180.0, axis)
    c = a.cross(b)
    q = [c.x, c.y, c.z, 1.0 + d]
    n = math.sqrt(sum(v * v for v in q))
    return [v / n for v in q]


def quaternion_of(args):
    if not args:
        return [0.0, 0.0, 0.0, 1.0]
    if len(args) == 1:
        a = args[0]
        if isinstance(a, Quaternion):
            return list(a._q)
        if isinstance(a, Matrix):
            return _from_matrix(a)
        values = [float(v) for v in a]
        if len(values) == 3:
            return _from_euler(*values)
        if len(values) == 4:
            return values
        raise TypeError(f"Quaternion takes a list of 3 angles or 4 values, not {len(values)}")
    if len(args) == 2:
        if isinstance(args[0], (int, float)):
            return _axis_angle(float(args[0]), args[1])
        return _between(args[0], args[1])
    if len(args) == 3:
        return _from_euler(*[float(v) for v in args])
    if len(args) == 4:
        return [float(v) for v in args]
    raise TypeError(f"Quaternion() cannot be made from {len(args)} arguments")


class Quaternion:
    __slots__ = ("_q",)

    def __init__(self, *args):
        self._q = quaternion_of(args)

    x = property(lambda s: s._q[0], lambda s, v: s._q.__setitem__(0, float(v)))
    y = property(lambda s: s._q[1], lambda s, v: s._q.__setitem__(1, float(v)))
    z = property(lambda s: s._q[2], lambda s, v: s._q.__setitem__(2, float(v)))
    w = property(lambda s: s._q[3], lambda s, v: s._q.__setitem__(3, float(v)))

    def __getitem__(self, i):
        return self._q[i]

    def __setitem__(self, i, value):
        self._q[i] = float(value)

    def __len__(self):
        return 4

    def __iter__(self):
        return iter(list(self._q))

    def __eq__(self, other):
        return isinstance(other, Quaternion) and other._q == self._q

    __hash__ = None

    def __repr__(self):
        return "Quaternion(%g, %g, %g, %g)" % tuple(self._q)

    def copy(self):
        return Quaternion(self)

    def length(self):
        return math.sqrt(sum(v * v for v in self._q))

    def dot(self, q2):
        return sum(a * b for a, b in zip(self._q, quaternion_of((q2,))))

    def cross(self, q2):
        """The cross product of the vector parts."""
        return Vector(self._q[:3]).cross(quaternion_of((q2,))[:3])

    def _unit(self):
        n = self.length() or 1.0
        return [v / n for v in self._q]

    def rotate(self, vec):
        x, y, z, w = self._unit()
        return Matrix(quaternion_rows_list(x, y, z, w)) * Vector(vec)

    def axis(self):
        x, y, z, w = self._unit()
        s = math.sqrt(max(0.0, 1.0 - w * w))
        if s < 1e-9:
            return Vector(1, 0, 0)  # no rotation: any axis
        return Vector(x / s, y / s, z / s)

    def angle(self):
        w = self._unit()[3]
        return math.degrees(2 * math.acos(max(-1.0, min(1.0, w))))

    def inverse(self):
        n = sum(v * v for v in self._q) or 1.0
        x, y, z, w = self._q
        self._q = [-x / n, -y / n, -z / n, w / n]

    def lerp(self, q2, factor):
        b = quaternion_of((q2,))
        return Quaternion([a * (1 - factor) + c * factor for a, c in zip(self._q, b)])

    def slerp(self, q2, factor):
        a, b = self._unit(), quaternion_of((q2,))
        n = math.sqrt(sum(v * v for v in b)) or 1.0
        b = [v / n for v in b]
        d = sum(p * q for p, q in zip(a, b))
        if d < 0:  # the shorter way round
            b, d = [-v for v in b], -d
        if d > 0.9995:
            return Quaternion([p + (q - p) * factor for p, q in zip(a, b)])
        theta = math.acos(d)
        s = math.sin(theta)
        wa, wb = math.sin((1 - factor) * theta) / s, math.sin(factor * theta) / s
        return Quaternion([wa * p + wb * q for p, q in zip(a, b)])

    def exp(self):
        x, y, z, w = self._q
        v = math.sqrt(x * x + y * y + z * z)
        e = math.exp(w)
        k = e * math.sin(v) / v if v > 1e-12 else e
        return Quaternion(x * k, y * k, z * k, e * math.cos(v))

    def log(self):
        x, y, z, w = self._q
        n = self.length()
        v = math.sqrt(x * x + y * y + z * z)
        k = math.acos(max(-1.0, min(1.0, w / n))) / v if v > 1e-12 and n > 0 else 0.0
        return Quaternion(x * k, y * k, z * k, math.log(n) if n > 0 else 0.0)

    def eulerAngles(self, order="xyz"):
        """Degrees (x, y, z) that give this rotation applied in `order`."""
        if order not in _ORDERS:
            raise ValueError(f"invalid rotation order {order!r}: one of {', '.join(_ORDERS)}")
        m = quaternion_rows(*self._unit())
        return _euler_from_rows(m, order)

    def fromEuler(self, *angles, order="xyz"):
        """Sets the quaternion from Euler angles in degrees (three numbers, or one list of three)
        applied in `order`; returns the angles."""
        rx, ry, rz = three(angles, "fromEuler") if angles else (0.0, 0.0, 0.0)
        self._q = _from_euler(rx, ry, rz, order)
        return (rx, ry, rz)

    def __mul__(self, other):
        if isinstance(other, Quaternion):
            return Quaternion(_mul(self._q, other._q))
        if isinstance(other, Vector):
            return self.rotate(other)
        return NotImplemented

    def __imul__(self, other):
        """q1 *= q2 applies q2's rotation to q1: q1 becomes q2 * q1."""
        self._q = _mul(quaternion_of((other,)), self._q)
        return self


def quaternion_rows_list(x, y, z, w):
    """The 16 column-major values of the rotation matrix, as Matrix() takes them."""
    rows = quaternion_rows(x, y, z, w)
    return [rows[r][c] for c in range(4) for r in range(4)]


def _euler_from_rows(m, order):
    """Angles (x, y, z) in degrees of R = the rotations about `order`'s axes, first applied first,
    by composing and searching the one decomposition Python can write for every order: the
    generic method on the axis permutation."""
    index = {"x": 0, "y": 1, "z": 2}
    i, j, k = (index[a] for a in order)
    # R = R_k * R_j * R_i; the parity decides the signs.
    sign = 1.0 if (j - i) % 3 == 1 else -1.0
    sy = -sign * m[k][i]
    sy = max(-1.0, min(1.0, sy))
    b = math.asin(sy)
    if abs(sy) < 0.999999:
        a = math.atan2(sign * m[k][j], m[k][k])
        c = math.atan2(sign * m[j][i], m[i][i])
    else:
        a = math.atan2(-sign * m[j][k], m[j][j])
        c = 0.0
    out = [0.0, 0.0, 0.0]
    out[i], out[j], out[k] = math.degrees(a), math.degrees(b), math.degrees(c)
    return tuple(out)
