"""tdu.Matrix (Matrix Class page): a 4x4 transform, column-major (it multiplies vectors and
positions from the left; the translation is the last column). Values given to it, and `vals`,
run column by column. Rotations are in degrees, applied X, then Y, then Z."""
from __future__ import annotations

import math

from .vectors import Position, Vector, three


def _identity():
    return [[1.0 if r == c else 0.0 for c in range(4)] for r in range(4)]


def _mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(4)) for c in range(4)] for r in range(4)]


def _from_columns(cols):
    m = _identity()
    for c, col in enumerate(cols):
        for r, v in enumerate(col):
            m[r][c] = float(v)
    return m


def quaternion_rows(x, y, z, w):
    """The rotation matrix of a unit quaternion (x, y, z, w)."""
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 0.0],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 0.0],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), 0.0],
            [0.0, 0.0, 0.0, 1.0]]


def _axis_rows(axis, degrees):
    x, y, z = three([axis], "axis")
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return _identity()
    x, y, z = x / n, y / n, z / n
    h = math.radians(degrees) / 2
    s = math.sin(h)
    return quaternion_rows(x * s, y * s, z * s, math.cos(h))


def _rows_of(args, zero):
    if zero:
        if args:
            raise TypeError("Matrix(zero=True) takes no values")
        return [[0.0] * 4 for _ in range(4)]
    if not args:
        return _identity()
    if len(args) == 1:
        a = args[0]
        if isinstance(a, Matrix):
            return [list(r) for r in a._m]
        if hasattr(a, "_q"):  # a Quaternion
            return quaternion_rows(*a._q)
        values = list(a)
        if len(values) == 4 and all(isinstance(v, (int, float)) for v in values):
            return quaternion_rows(*[float(v) for v in values])
        if len(values) in (9, 16):
            args = tuple(values)
        elif len(values) in (3, 4):
            args = tuple(values)  # lists of columns
        else:
            raise TypeError(f"Matrix takes a list of 4, 9 or 16 values, not {len(values)}")
    if len(args) in (3, 4) and all(not isinstance(a, (int, float)) for a in args):
        cols = [list(a) for a in args]
        if any(len(c) not in (3, 4) for c in cols):
            raise TypeError("Matrix columns have 3 or 4 values")
        return _from_columns(cols)
    if len(args) == 9:
        return _from_columns([args[0:3], args[3:6], args[6:9]])
    if len(args) == 16:
        return _from_columns([args[0:4], args[4:8], args[8:12], args[12:16]])
    raise TypeError(f"Matrix() cannot be made from {len(args)} arguments")


def _inverse(m):
    a = [list(r) + [1.0 if i == j else 0.0 for j in range(4)] for i, r in enumerate(m)]
    for col in range(4):
        pivot = max(range(col, 4), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the matrix has no inverse")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(4):
            if r != col and a[r][col] != 0.0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [r[4:] for r in a]


def _det(m):
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** c * m[0][c] * _det([row[:c] + row[c + 1:] for row in m[1:]]) for c in range(len(m)))


def _solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    rows = [list(r) + [v] for r, v in zip(a, b)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("the quadrilateral is degenerate")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                f = rows[r][col] / rows[col][col]
                rows[r] = [v - f * w for v, w in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _homography(blX, blY, brX, brY, tlX, tlY, trX, trY):
    """The projective map (3x3 rows) taking the unit square's corners (0,0) (1,0) (0,1) (1,1) to
    the quad's bottom left, bottom right, top left and top right."""
    a, b = [], []
    for (u, v), (x, y) in zip(((0, 0), (1, 0), (0, 1), (1, 1)),
                              ((blX, blY), (brX, brY), (tlX, tlY), (trX, trY))):
        a.append([u, v, 1, 0, 0, 0, -u * x, -v * x])
        b.append(x)
        a.append([0, 0, 0, u, v, 1, -u * y, -v * y])
        b.append(y)
    h = _solve(a, b)
    return [h[0:3], h[3:6], [h[6], h[7], 1.0]]


class Matrix:
    __slots__ = ("_m",)

    def __init__(self, *args, zero=False):
        self._m = _rows_of(args, zero)

    # ---- members ---------------------------------------------------------------------------
    @property
    def vals(self):
        return [self._m[r][c] for c in range(4) for r in range(4)]

    @vals.setter
    def vals(self, values):
        self._m = _rows_of((list(values),), False)

    rows = property(lambda self: [list(r) for r in self._m])
    cols = property(lambda self: [[self._m[r][c] for r in range(4)] for c in range(4)])

    def __getitem__(self, rc):
        r, c = rc
        return self._m[r][c]

    def __setitem__(self, rc, value):
        r, c = rc
        self._m[r][c] = float(value)

    def __eq__(self, other):
        return isinstance(other, Matrix) and other._m == self._m

    __hash__ = None

    def __repr__(self):
        return "Matrix(%s)" % ", ".join("%g" % v for v in self.vals)

    # ---- whole-matrix methods ---------------------------------------------------------------
    def copy(self):
        return Matrix(self)

    def identity(self):
        self._m = _identity()

    def transpose(self):
        self._m = [[self._m[c][r] for c in range(4)] for r in range(4)]

    def getTranspose(self):
        m = self.copy()
        m.transpose()
        return m

    def invert(self):
        self._m = _inverse(self._m)

    def getInverse(self):
        m = self.copy()
        m.invert()
        return m

    def determinant(self):
        return _det(self._m)

    def fillTable(self, tableDAT):
        """The table gets the matrix's 4 rows of 4 values."""
        tableDAT.clear()
        for row in self._m:
            tableDAT.appendRow(["%g" % v for v in row])

    def numpyArray(self):
        import numpy  # pylint: disable=import-outside-toplevel  # optional and heavy: only numpyArray() needs it
        return numpy.array(self._m, dtype=numpy.float32)

    # ---- transforms, applied from the left unless fromRight -----------------------------------
    def _apply_transform(self, t, fromRight=False, pivot=None):
        if pivot is not None:
            px, py, pz = three([pivot], "pivot")
            t = _mul(_mul(_translation(px, py, pz), t), _translation(-px, -py, -pz))
        self._m = _mul(self._m, t) if fromRight else _mul(t, self._m)

    def translate(self, tx, ty, tz, fromRight=False):
        self._apply_transform(_translation(tx, ty, tz), fromRight)

    def rotate(self, rx, ry, rz, fromRight=False, pivot=None):
        # "M = RZ * RY * RX * M"
        r = _mul(_axis_rows((0, 0, 1), rz), _mul(_axis_rows((0, 1, 0), ry), _axis_rows((1, 0, 0), rx)))
        self._apply_transform(r, fromRight, pivot)

    def rotateOnAxis(self, rotationAxis, angle, fromRight=False, pivot=None):
        self._apply_transform(_axis_rows(rotationAxis, angle), fromRight, pivot)

    def scale(self, sx, sy, sz, fromRight=False, pivot=None):
        s = _identity()
        s[0][0], s[1][1], s[2][2] = float(sx), float(sy), float(sz)
        self._apply_transform(s, fromRight, pivot)

    def lookat(self, eyePos, target, up):
        """The transform of an object at eyePos whose -Z axis points at target (as a camera
        looks), Y toward up. UNVERIFIED: the page does not say which axis looks."""
        eye, at = Vector(eyePos), Vector(target)
        back = eye - at
        back.normalize()
        right = Vector(up).cross(back)
        right.normalize()
        upv = back.cross(right)
        look = _from_columns([right._v + [0.0], upv._v + [0.0], back._v + [0.0], eye._v + [1.0]])
        self._m = _mul(look, self._m)

    def decompose(self):
        """(scale, rotate, translate): rotations in degrees for the XYZ order (R = RZ * RY * RX)."""
        m = self._m
        t = (m[0][3], m[1][3], m[2][3])
        cols = [[m[r][c] for r in range(3)] for c in range(3)]
        s = [math.sqrt(sum(v * v for v in col)) for col in cols]
        if self.determinant() < 0:
            s[0] = -s[0]
        n = [[v / (s[c] or 1.0) for v in cols[c]] for c in range(3)]
        r20, r21, r22, r10, r00 = n[0][2], n[1][2], n[2][2], n[0][1], n[0][0]
        ry = math.degrees(math.asin(max(-1.0, min(1.0, -r20))))
        if abs(r20) < 0.999999:
            rx = math.degrees(math.atan2(r21, r22))
            rz = math.degrees(math.atan2(r10, r00))
        else:  # gimbal lock: all of the rotation about X
            rx = math.degrees(math.atan2(-n[2][1], n[1][1]))
            rz = 0.0
        return tuple(s), (rx, ry, rz), t

    # ---- projections (depth 0..1 from near to far, as Vulkan needs) --------------------------
    def projectionFrustum(self, left, right, bottom, top, near, far):
        m = [[0.0] * 4 for _ in range(4)]
        m[0][0] = 2 * near / (right - left)
        m[0][2] = (right + left) / (right - left)
        m[1][1] = 2 * near / (top - bottom)
        m[1][2] = (top + bottom) / (top - bottom)
        m[2][2] = -far / (far - near)
        m[2][3] = -far * near / (far - near)
        m[3][2] = -1.0
        self._m = m

    def projectionFovX(self, fovX, aspectX, aspectY, near, far):
        right = near * math.tan(math.radians(fovX) / 2)
        top = right * aspectY / aspectX
        self.projectionFrustum(-right, right, -top, top, near, far)

    def projectionStereo(self, ipd, convergeZ, fovX, aspectX, aspectY, near, far, rightEye=False):
        """The asymmetric frustum of one eye: it shifts by ipd/2 at the convergence distance."""
        right = near * math.tan(math.radians(fovX) / 2)
        top = right * aspectY / aspectX
        shift = (ipd / 2) * near / convergeZ
        shift = -shift if rightEye else shift
        self.projectionFrustum(-right + shift, right + shift, -top, top, near, far)

    def projectAndClip(self, pos):
        x, y, z = three([pos], "Position")
        out = [sum(self._m[r][k] * v for k, v in enumerate((x, y, z, 1.0))) for r in range(4)]
        w = out[3]
        if w == 0:
            return None
        px, py, pz = out[0] / w, out[1] / w, out[2] / w
        if not (-1.0 <= px <= 1.0 and -1.0 <= py <= 1.0 and 0.0 <= pz <= 1.0):
            return None
        return Position(px, py, pz)

    def mapUnitSquareToQuad(self, blX, blY, brX, brY, tlX, tlY, trX, trY):
        """A projective map of the unit square onto the quad, in X and Y (Z passes through;
        UNVERIFIED where TouchDesigner puts the third row)."""
        self._m = _embed(_homography(blX, blY, brX, brY, tlX, tlY, trX, trY))

    def mapQuadToUnitSquare(self, blX, blY, brX, brY, tlX, tlY, trX, trY):
        self.mapUnitSquareToQuad(blX, blY, brX, brY, tlX, tlY, trX, trY)
        self.invert()

    # ---- arithmetic -------------------------------------------------------------------------
    def _apply(self, v):
        """M * v: a Vector without the translation, a Position with it (divided by W)."""
        x, y, z = v._v
        if isinstance(v, Position):
            out = [sum(self._m[r][k] * c for k, c in enumerate((x, y, z, 1.0))) for r in range(4)]
            w = out[3] if out[3] != 0 else 1.0
            return Position(out[0] / w, out[1] / w, out[2] / w)
        return Vector([sum(self._m[r][k] * c for k, c in enumerate((x, y, z))) for r in range(3)])

    def __mul__(self, other):
        if isinstance(other, Matrix):
            return _wrap(_mul(self._m, other._m))
        if isinstance(other, (Vector, Position)):
            return self._apply(other)
        if isinstance(other, (int, float)):
            return _wrap([[v * other for v in r] for r in self._m])
        return NotImplemented

    def __imul__(self, other):
        if isinstance(other, Matrix):
            self._m = _mul(self._m, other._m)
            return self
        return NotImplemented

    def __add__(self, other):
        if isinstance(other, Matrix):
            return _wrap([[a + b for a, b in zip(r, s)] for r, s in zip(self._m, other._m)])
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, Matrix):
            return _wrap([[a - b for a, b in zip(r, s)] for r, s in zip(self._m, other._m)])
        return NotImplemented


def _wrap(rows):
    m = Matrix()
    m._m = rows
    return m


def _translation(tx, ty, tz):
    t = _identity()
    t[0][3], t[1][3], t[2][3] = float(tx), float(ty), float(tz)
    return t


def _embed(h):
    """A 3x3 projective map of (x, y, 1) as a 4x4 on (x, y, z, 1), Z passing through."""
    return [[h[0][0], h[0][1], 0.0, h[0][2]],
            [h[1][0], h[1][1], 0.0, h[1][2]],
            [0.0, 0.0, 1.0, 0.0],
            [h[2][0], h[2][1], 0.0, h[2][2]]]
