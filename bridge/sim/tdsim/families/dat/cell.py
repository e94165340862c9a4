"""td.Cell: one cell of a DAT table (Cell Class), which stands for its contents in expressions
and runs them as a script."""
from __future__ import annotations


def autocast(text):
    """A cell's contents as Python reads them in an expression: an int or a float when they are
    one, the string otherwise."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _operand(other):
    return other._cast() if isinstance(other, Cell) else other


class Cell:
    def __init__(self, dat, row, col):
        self._dat, self._row, self._col = dat, row, col

    owner = property(lambda self: self._dat)
    row = property(lambda self: self._row)
    col = property(lambda self: self._col)

    @property
    def valid(self):
        rows = self._dat._rows()
        return self._row < len(rows) and self._col < len(rows[self._row])

    @property
    def val(self):
        rows = self._dat._rows()
        return rows[self._row][self._col] if self.valid else ""

    @val.setter
    def val(self, value):
        self._dat[self._row, self._col] = value

    def run(self, *args, endFrame=False, fromOP=None, asParameter=False, group=None, delayFrames=0,
            delayMilliSeconds=0, wallTime=False, delayRef=None):
        """Cell Class: run the cell's contents as a script; `args` reach it as a local tuple."""
        return self._dat._world.loop.schedule(self.val, args, fromOP or self._dat, delayFrames,
                                              delayMilliSeconds, group, origin=self)

    def offset(self, r, c):
        return self._dat[self._row + r, self._col + c]

    def __str__(self):
        return self.val

    def __repr__(self):
        return f"type:Cell cell:({self._row}, {self._col}) owner:{self._dat.path} value:{self.val}"

    # Cell Class, "Casting to a Value": a cell stands for its contents in expressions, as a number
    # when they read as one ("3" + 1 is 4, a cell of "3" plus itself 6) and as a string otherwise
    # (a cell of "a" plus itself is "aa").
    def _cast(self):
        return autocast(self.val)

    def __float__(self):
        return float(self.val)

    def __int__(self):
        return int(self._num_or_raise())

    def _num_or_raise(self):
        value = self._cast()
        if isinstance(value, str):
            raise ValueError(f"invalid literal for int() with base 10: {value!r}")
        return value

    __add__ = lambda s, o: s._cast() + _operand(o)
    __radd__ = lambda s, o: _operand(o) + s._cast()
    __sub__ = lambda s, o: s._cast() - _operand(o)
    __rsub__ = lambda s, o: _operand(o) - s._cast()
    __mul__ = lambda s, o: s._cast() * _operand(o)
    __rmul__ = lambda s, o: _operand(o) * s._cast()
    __truediv__ = lambda s, o: s._cast() / _operand(o)
    __rtruediv__ = lambda s, o: _operand(o) / s._cast()
    __floordiv__ = lambda s, o: s._cast() // _operand(o)
    __rfloordiv__ = lambda s, o: _operand(o) // s._cast()
    __mod__ = lambda s, o: s._cast() % _operand(o)
    __rmod__ = lambda s, o: _operand(o) % s._cast()
    __pow__ = lambda s, o: s._cast() ** _operand(o)
    __rpow__ = lambda s, o: _operand(o) ** s._cast()
    __neg__ = lambda s: -s._cast()
    __pos__ = lambda s: +s._cast()
    __abs__ = lambda s: abs(s._cast())
    __lt__ = lambda s, o: s._cast() < _operand(o)
    __le__ = lambda s, o: s._cast() <= _operand(o)
    __gt__ = lambda s, o: s._cast() > _operand(o)
    __ge__ = lambda s, o: s._cast() >= _operand(o)

    def __round__(self, ndigits=None):
        return round(self._num_or_raise(), ndigits)

    def __eq__(self, other):
        if isinstance(other, Cell):
            return other._dat is self._dat and (other._row, other._col) == (self._row, self._col)
        return self.val == other if isinstance(other, str) else self._cast() == other

    def __hash__(self):
        return hash((id(self._dat), self._row, self._col))
