"""tdu.Vector and tdu.Position (Vector Class and Position Class pages): three floats, a direction
and a point. A Matrix multiplies a Vector without its translation (W = 0) and a Position with it
(W = 1), dividing by W after a projection."""
from __future__ import annotations

import math


def three(args, name):
    """The x, y, z an instantiator gets: nothing (0, 0, 0), one number (f, f, f), three numbers,
    or one thing with three entries (a list, a Vector, a Position)."""
    if not args:
        return [0.0, 0.0, 0.0]
    if len(args) == 1:
        a = args[0]
        if isinstance(a, (int, float)) and not isinstance(a, bool):
            return [float(a)] * 3
        values = list(a)
        if len(values) != 3:
            raise TypeError(f"{name} takes a list of 3 values, not {len(values)}")
        return [float(v) for v in values]
    if len(args) == 3:
        return [float(v) for v in args]
    raise TypeError(f"{name}() takes 0, 1 or 3 arguments ({len(args)} given)")


class _Three:
    __slots__ = ("_v",)
    _name = ""

    def __init__(self, *args):
        self._v = three(args, self._name)

    x = property(lambda s: s._v[0], lambda s, v: s._v.__setitem__(0, float(v)))
    y = property(lambda s: s._v[1], lambda s, v: s._v.__setitem__(1, float(v)))
    z = property(lambda s: s._v[2], lambda s, v: s._v.__setitem__(2, float(v)))

    def __getitem__(self, i):
        return self._v[i]

    def __setitem__(self, i, value):
        if not -3 <= i < 3:
            raise IndexError(f"{self._name} index out of range")
        self._v[i] = float(value)

    def __len__(self):
        return 3

    def __iter__(self):
        return iter(list(self._v))

    def __eq__(self, other):
        return type(other) is type(self) and other._v == self._v

    __hash__ = None

    def __repr__(self):
        return "%s(%g, %g, %g)" % (self._name, *self._v)

    def copy(self):
        return type(self)(self._v)

    def scale(self, x, y, z):
        self._v = [self._v[0] * x, self._v[1] * y, self._v[2] * z]

    def _new(self, values):
        return type(self)(values)

    def __abs__(self):
        return self._new([abs(c) for c in self._v])

    def __neg__(self):
        return self._new([-c for c in self._v])

    def __mul__(self, f):
        if isinstance(f, (int, float)):
            return self._new([c * f for c in self._v])
        return NotImplemented

    __rmul__ = __mul__

    def __truediv__(self, f):
        return self._new([c / f for c in self._v])

    def __imul__(self, other):
        if isinstance(other, (int, float)):
            self._v = [c * other for c in self._v]
        elif type(other) is type(self):
            self._v = [a * b for a, b in zip(self._v, other._v)]
        elif hasattr(other, "_apply"):  # a Matrix: v *= M is v = M * v
            self._v = list(other._apply(self)._v)
        else:
            return NotImplemented
        return self


def _scalar(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class Vector(_Three):
    """A direction."""
    __slots__ = ()
    _name = "Vector"

    def __add__(self, other):
        if _scalar(other):
            return Vector([c + other for c in self._v])
        if isinstance(other, Vector):
            return Vector([a + b for a, b in zip(self._v, other._v)])
        if isinstance(other, Position):
            return Position([a + b for a, b in zip(self._v, other._v)])
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if _scalar(other):
            return Vector([c - other for c in self._v])
        if isinstance(other, Vector):
            return Vector([a - b for a, b in zip(self._v, other._v)])
        return NotImplemented  # a vector minus a position has no meaning (Position Class)

    def __rsub__(self, other):
        if _scalar(other):
            return Vector([other - c for c in self._v])
        return NotImplemented

    def __iadd__(self, other):
        r = self + other
        if not isinstance(r, Vector):
            return NotImplemented
        self._v = r._v
        return self

    def __isub__(self, other):
        r = self - other
        if r is NotImplemented:
            return r
        self._v = r._v
        return self

    def length(self):
        return math.sqrt(self.lengthSquared())

    def lengthSquared(self):
        return sum(c * c for c in self._v)

    def normalize(self):
        n = self.length()
        if n > 0:
            self._v = [c / n for c in self._v]

    def dot(self, vec):
        return sum(a * b for a, b in zip(self._v, three([vec], "Vector")))

    def cross(self, vec):
        a, b = self._v, three([vec], "Vector")
        return Vector(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])

    def angle(self, vec):
        """Degrees between the two."""
        other = Vector(vec)
        n = self.length() * other.length()
        if n == 0:
            return 0.0
        return math.degrees(math.acos(max(-1.0, min(1.0, self.dot(other) / n))))

    def distance(self, vec):
        return (self - Vector(vec)).length()

    def lerp(self, vec2, t):
        b = three([vec2], "Vector")
        return Vector([a * (1.0 - t) + c * t for a, c in zip(self._v, b)])

    def slerp(self, vec2, t):
        """Spherical interpolation of the directions, lengths interpolated linearly (UNVERIFIED:
        the page does not say how lengths are treated)."""
        a, b = self.copy(), Vector(vec2)
        la, lb = a.length(), b.length()
        if la == 0 or lb == 0:
            return self.lerp(b, t)
        a.normalize()
        b.normalize()
        omega = math.acos(max(-1.0, min(1.0, a.dot(b))))
        if abs(omega) < 1e-9:
            return self.lerp(vec2, t)
        so = math.sin(omega)
        wa, wb = math.sin((1 - t) * omega) / so, math.sin(t * omega) / so
        length = la * (1 - t) + lb * t
        return Vector([(wa * p + wb * q) * length for p, q in zip(a._v, b._v)])

    def project(self, vec1, vec2):
        """Onto the plane of the normalized vec1 and vec2: the parts along each, summed."""
        a, b = Vector(vec1), Vector(vec2)
        self._v = list((a * self.dot(a) + b * self.dot(b))._v)

    def reflect(self, vec):
        """About vec (the mirror is the line along vec): 2 (v.n) n - v, n normalized."""
        n = Vector(vec)
        n.normalize()
        self._v = list((n * (2.0 * self.dot(n)) - self)._v)


class Position(_Three):
    """A point."""
    __slots__ = ()
    _name = "Position"

    def translate(self, x, y, z):
        self._v = [self._v[0] + x, self._v[1] + y, self._v[2] + z]

    def __add__(self, other):
        if _scalar(other):
            return Position([c + other for c in self._v])
        if isinstance(other, Vector):
            return Position([a + b for a, b in zip(self._v, other._v)])
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if _scalar(other):
            return Position([c - other for c in self._v])
        if isinstance(other, Vector):
            return Position([a - b for a, b in zip(self._v, other._v)])
        if isinstance(other, Position):
            return Vector([a - b for a, b in zip(self._v, other._v)])
        return NotImplemented

    def __rsub__(self, other):
        if _scalar(other):
            return Position([other - c for c in self._v])
        return NotImplemented

    def __iadd__(self, other):
        r = self + other
        if r is NotImplemented:
            return r
        self._v = r._v
        return self

    def __isub__(self, other):
        r = self - other
        if not isinstance(r, Position):
            return NotImplemented
        self._v = r._v
        return self
