"""tdu: TouchDesigner's utility module, as emulated by tdsim (the commonly used functions)."""
from __future__ import annotations

import ast
import random as _random
import shlex

from tdsim import naming as _naming


def base(text):
    return _naming.base(str(text))


def digits(text):
    return _naming.digits(str(text))


def validName(text):
    return _naming.valid_name(text)


legalName = validName


def clamp(inputVal, min, max):
    return min if inputVal < min else max if inputVal > max else inputVal


def remap(inputVal, fromMin, fromMax, toMin, toMax):
    span = fromMax - fromMin
    if span == 0:
        return toMin
    return toMin + (inputVal - fromMin) * (toMax - toMin) / span


def rand(seed):
    return _random.Random(seed).random()


def split(string, eval=False):
    """Split on spaces, keeping quoted parts together; eval=True turns literals into values."""
    parts = shlex.split(str(string))
    if not eval:
        return parts
    out = []
    for p in parts:
        try:
            out.append(ast.literal_eval(p))
        except (ValueError, SyntaxError):
            out.append(p)
    return out


def match(pattern, inputList, caseSensitive=True):
    pats = _naming.split_patterns([pattern])
    return [s for s in inputList if any(_naming.match(p, str(s), caseSensitive) for p in pats)]


def tryExcept(func1, func2_or_value):
    try:
        return func1()
    except Exception:
        return func2_or_value() if callable(func2_or_value) else func2_or_value


class Dependency:
    """A value holder whose readers can be told it changed (modified() calls the callbacks)."""

    def __init__(self, val=None):
        self._val = val
        self.callbacks = []

    @property
    def val(self):
        return self._val

    @val.setter
    def val(self, value):
        self._val = value
        self.modified()

    def modified(self):
        for cb in list(self.callbacks):
            cb(self)
