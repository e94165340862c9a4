"""tdu.Color (Color Class page): four floats r, g, b, a."""
from __future__ import annotations


class Color:
    __slots__ = ("_c",)

    def __init__(self, *args):
        """Nothing: black, opaque (0, 0, 0, 1); one number f: (f, f, f, 1); a Color or a list of 4;
        four numbers."""
        if not args:
            values = [0.0, 0.0, 0.0, 1.0]
        elif len(args) == 1 and isinstance(args[0], (int, float)) and not isinstance(args[0], bool):
            values = [float(args[0])] * 3 + [1.0]
        elif len(args) == 1:
            values = [float(v) for v in args[0]]
        else:
            values = [float(v) for v in args]
        if len(values) != 4:
            raise TypeError(f"Color takes 4 values (r, g, b, a), not {len(values)}")
        self._c = values

    r = property(lambda s: s._c[0], lambda s, v: s._c.__setitem__(0, float(v)))
    g = property(lambda s: s._c[1], lambda s, v: s._c.__setitem__(1, float(v)))
    b = property(lambda s: s._c[2], lambda s, v: s._c.__setitem__(2, float(v)))
    a = property(lambda s: s._c[3], lambda s, v: s._c.__setitem__(3, float(v)))

    def __getitem__(self, i):
        return self._c[i]

    def __setitem__(self, i, value):
        self._c[i] = float(value)

    def __len__(self):
        return 4

    def __iter__(self):
        return iter(list(self._c))

    def __eq__(self, other):
        return isinstance(other, Color) and other._c == self._c

    __hash__ = None

    def __repr__(self):
        return "Color(%g, %g, %g, %g)" % tuple(self._c)

    def copy(self):
        return Color(self)
