"""Channel: one channel of a CHOP (td.Channel).

A Channel stands for its current value wherever a number is expected, as TouchDesigner's does:
float()/int()/bool(), arithmetic with a number on either side, comparisons, round(), abs(),
math functions and format specs all use eval(). So `op('lfo1')['chan1'] * 2` works in an
expression exactly like `op('lfo1')['chan1'].eval() * 2`. Truthiness is the value (a channel at
0 is falsy): test a lookup with `is None`, not with `if`.

A Channel keeps its CHOP, name and index and reads the CHOP's current output on every use, so a
Channel kept in a variable follows later cooks. When the CHOP no longer has a channel of that
name it is not `valid`, and reading it raises td.tdError (UNVERIFIED exception class).
Modifying channels (vals =, [i] =, copyNumpyArray) is for Script CHOPs only (chopscript.py): on
any other CHOP they raise td.tdError. `exports` is always empty: tdsim does not
emulate export mode.
"""
from __future__ import annotations

import math
import operator

from ...values.errors import tdError


def _value(other):
    return other.eval() if isinstance(other, Channel) else other


def _binary(fn):
    def forward(self, other):
        return fn(self.eval(), _value(other))

    def reverse(self, other):
        return fn(_value(other), self.eval())
    return forward, reverse


class Channel:
    __slots__ = ("_owner", "_index", "_name")

    def __init__(self, owner, index, name):
        self._owner = owner
        self._index = index
        self._name = name

    # ---- identity -------------------------------------------------------------------------
    owner = property(lambda self: self._owner)
    name = property(lambda self: self._name)

    @property
    def index(self):
        found = self._locate(None)
        return found[1] if found is not None else self._index

    @property
    def valid(self):
        try:
            return self._locate(None) is not None
        except Exception:
            return False

    @property
    def exports(self):
        return []

    def _locate(self, seconds):
        """(ChopData, channel index) for this channel now, or None when it is gone."""
        if not self._owner._valid:
            return None
        data = self._owner._output(seconds)
        if self._index < len(data.names) and data.names[self._index] == self._name:
            return data, self._index
        if self._name in data.names:
            return data, data.names.index(self._name)
        return None

    def _need(self, seconds=None):
        found = self._locate(seconds)
        if found is None:
            raise tdError(f"Channel '{self._name}' no longer exists")
        return found

    # ---- samples ----------------------------------------------------------------------------
    @property
    def vals(self):
        data, i = self._need()
        return list(data.vals[i])

    @vals.setter
    def vals(self, values):
        _, i = self._need()
        self._writer("_set_channel")(i, list(values))

    def __setitem__(self, index, value):
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError("a sample index must be an int")
        data, i = self._need()
        if not 0 <= index < len(data.vals[i]):
            raise IndexError(f"sample index {index} out of range (0..{len(data.vals[i]) - 1})")
        self._writer("_set_sample")(i, index, value)

    def _writer(self, name):
        """The owner's way to write its channels: a Script CHOP's (chopscript.py), else td.tdError."""
        write = getattr(self._owner, name, None)
        if write is None:
            raise tdError("Channel values can only be set in a Script CHOP")
        return write

    def __len__(self):
        data, i = self._need()
        return len(data.vals[i])

    def __getitem__(self, index):
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError("a sample index must be an int")
        data, i = self._need()
        samples = data.vals[i]
        if not 0 <= index < len(samples):
            raise IndexError(f"sample index {index} out of range (0..{len(samples) - 1})")
        return samples[index]

    def eval(self, index=None):
        """The value now, or the sample at `index` when given."""
        if index is not None:
            return self[int(index)]
        return self.evalSeconds(None)

    def evalSeconds(self, secs=None):
        data, i = self._need(secs)
        return data.sample(i, self._owner._world.loop.seconds if secs is None else float(secs))

    def evalFrame(self, frame=None):
        # Frames map to seconds as absolute time does: frame 1 is 0 seconds.
        return self.evalSeconds(None if frame is None else (float(frame) - 1.0) / self._owner._world.loop.fps)

    def average(self):
        samples = self.vals
        return sum(samples) / len(samples)

    def min(self):
        return min(self.vals)

    def max(self):
        return max(self.vals)

    def numpyArray(self):
        try:
            import numpy  # pylint: disable=import-outside-toplevel  # optional and heavy: only numpyArray() needs it
        except ImportError:
            raise tdError("numpy is not installed in the Python that runs tdsim") from None
        return numpy.array(self.vals, dtype=numpy.float32)

    def copyNumpyArray(self, numpyArray):
        values = numpyArray.tolist() if hasattr(numpyArray, "tolist") else list(numpyArray)
        self.vals = [float(v) for v in values]

    def destroy(self):
        """Remove the channel. TouchDesigner allows it on Script and OSC In CHOPs; tdsim allows
        it on channels injected with tdsim.inject_channels()."""
        injected = self._owner._injected
        if injected is None or self._name not in injected.names:
            raise tdError("Only channels of a Script CHOP or an OSC In CHOP can be destroyed")
        i = injected.names.index(self._name)
        del injected.names[i]
        del injected.vals[i]

    # ---- behaving like a number -------------------------------------------------------------
    def __repr__(self):
        # UNVERIFIED format.
        try:
            value = self.eval()
        except Exception:
            value = None
        return f"type:Channel name:{self._name} owner:{self._owner.path} value:{value!r}"

    def __str__(self):
        return str(self.eval())  # UNVERIFIED: assumed to print the value, as Par does

    def __format__(self, spec):
        return format(self.eval(), spec)

    def __float__(self):
        return float(self.eval())

    def __int__(self):
        return int(self.eval())

    def __bool__(self):
        return bool(self.eval())

    def __round__(self, ndigits=None):
        return round(self.eval(), ndigits)

    def __trunc__(self):
        return math.trunc(self.eval())

    def __floor__(self):
        return math.floor(self.eval())

    def __ceil__(self):
        return math.ceil(self.eval())

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self.eval() == _value(other)

    def __ne__(self, other):
        return self.eval() != _value(other)

    __lt__ = lambda s, o: s.eval() < _value(o)
    __le__ = lambda s, o: s.eval() <= _value(o)
    __gt__ = lambda s, o: s.eval() > _value(o)
    __ge__ = lambda s, o: s.eval() >= _value(o)
    __add__, __radd__ = _binary(operator.add)
    __sub__, __rsub__ = _binary(operator.sub)
    __mul__, __rmul__ = _binary(operator.mul)
    __truediv__, __rtruediv__ = _binary(operator.truediv)
    __floordiv__, __rfloordiv__ = _binary(operator.floordiv)
    __mod__, __rmod__ = _binary(operator.mod)
    __pow__, __rpow__ = _binary(operator.pow)
    __neg__ = lambda s: -s.eval()
    __pos__ = lambda s: +s.eval()
    __abs__ = lambda s: abs(s.eval())
