"""A Par behaves like its value: arithmetic, comparison, str/float/int/bool use eval()
(TouchDesigner lets expressions write `op('x').par.tx + 1`)."""


class ValueProtocol:
    __slots__ = ()

    def __repr__(self):
        return f"type:Par name:{self.name} owner:{self._owner.path} value:{self._safe_value()!r}"

    def _safe_value(self):
        try:
            return self.eval()
        except Exception:
            return self._val

    def __str__(self):
        v = self.eval()
        return v.path if hasattr(v, "OPType") else str(v)

    def __float__(self):
        return float(self.eval())

    def __int__(self):
        return int(self.eval())

    def __bool__(self):
        return bool(self.eval())

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        if isinstance(other, ValueProtocol):
            return other is self or self.eval() == other.eval()
        return self.eval() == other

    def __ne__(self, other):
        return not self.__eq__(other)

    def _num(self, other):
        return other.eval() if isinstance(other, ValueProtocol) else other

    __lt__ = lambda s, o: s.eval() < s._num(o)
    __le__ = lambda s, o: s.eval() <= s._num(o)
    __gt__ = lambda s, o: s.eval() > s._num(o)
    __ge__ = lambda s, o: s.eval() >= s._num(o)
    __add__ = lambda s, o: s.eval() + s._num(o)
    __radd__ = lambda s, o: s._num(o) + s.eval()
    __sub__ = lambda s, o: s.eval() - s._num(o)
    __rsub__ = lambda s, o: s._num(o) - s.eval()
    __mul__ = lambda s, o: s.eval() * s._num(o)
    __rmul__ = lambda s, o: s._num(o) * s.eval()
    __truediv__ = lambda s, o: s.eval() / s._num(o)
    __rtruediv__ = lambda s, o: s._num(o) / s.eval()
    __mod__ = lambda s, o: s.eval() % s._num(o)
    # Reflected forms (`frame % par`) and floor division, like the other operators: a Par stands
    # for its value on either side. UNVERIFIED that TouchDesigner's Par defines each of these.
    __rmod__ = lambda s, o: s._num(o) % s.eval()
    __pow__ = lambda s, o: s.eval() ** s._num(o)
    __rpow__ = lambda s, o: s._num(o) ** s.eval()
    __floordiv__ = lambda s, o: s.eval() // s._num(o)
    __rfloordiv__ = lambda s, o: s._num(o) // s.eval()
    __pos__ = lambda s: +s.eval()
    __neg__ = lambda s: -s.eval()
    __abs__ = lambda s: abs(s.eval())
