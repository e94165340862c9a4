"""tdu: TouchDesigner's utility module, as emulated by tdsim (the commonly used functions)."""
from __future__ import annotations

import ast
import builtins
import os as _os
import random as _random
import re
import shlex

from tdsim.families.chop import chopnames as _chopnames
from tdsim.process.current import world as _world
from tdsim.values import naming as _naming

from tdsim.values.filetypes import FileInfo
from tdsim.values.filetypes import file_types as _file_types

from .color import Color
from .matrix import Matrix
from .quaternion import Quaternion
from .vectors import Position, Vector

# TDU Class members: the definition classes (Vector, Position, Matrix, Quaternion, Color), each
# its own module, and the supported file types by category.
__all__ = ["Color", "FileInfo", "Matrix", "Position", "Quaternion", "Vector", "fileTypes"]
fileTypes = _file_types()


def _last_element(text):
    # TDU Class: "The search begins after the last slash if any are present."
    return str(text).rsplit("/", 1)[-1]


def base(str):  # noqa: A002  (the documented argument name)
    """TDU Class: "the beginning portion of the string occurring before any digits", searched
    after the last slash: base('arm123/leg456') is 'leg'."""
    return re.match(r"[^0-9]*", _last_element(str)).group(0)


def digits(str):  # noqa: A002
    """TDU Class: the last consecutive group of digits after the last slash, or None:
    digits('arm123/leg') is None, digits('arm123/456leg') is 456."""
    found = re.findall(r"[0-9]+", _last_element(str))
    return int(found[-1]) if found else None


def validName(str):  # noqa: A002
    """TDU Class: illegal characters (slashes too) become underscores. A leading digit gets an
    underscore in front (UNVERIFIED: the docs do not say what happens to one)."""
    return _naming.valid_name(str)


def validPath(str):  # noqa: A002
    """TDU Class: like validName, keeping forward slashes: validPath('/a#bc d/ef') is '/a_bc_d/ef'."""
    return re.sub(r"[^A-Za-z0-9_/]", "_", builtins.str(str))


def expand(pattern):
    """TDU Class: the items of Pattern Expansion: expand('A[1-3] B[xyz]') is
    ['A1', 'A2', 'A3', 'Bx', 'By', 'Bz']."""
    return _chopnames.expand(pattern)


def expandPath(path):
    """TDU Class: a file path expanded "using project.paths, the current folder": a `name:` prefix
    that names a project.paths entry is replaced by that entry; a relative path is joined to
    project.folder (UNVERIFIED: the docs do not say which folder is current)."""
    project = _world().project
    text = builtins.str(path)
    prefix, sep, rest = text.partition(":")
    if sep and prefix in project.paths:
        text = project.paths[prefix].rstrip("/") + "/" + rest.lstrip("/")
    if text and not _os.path.isabs(text) and ":" not in text:
        text = _os.path.join(project.folder, text)
    return text.replace("\\", "/")


def collapsePath(path, asExpression=False):
    """TDU Class: the reverse of expandPath: a project.paths entry becomes its `name:` prefix and
    the current folder is removed. asExpression quotes the result (UNVERIFIED form: TouchDesigner
    may also collapse to App Class members)."""
    project = _world().project
    text = builtins.str(path).replace("\\", "/")
    for name, folder in sorted(project.paths.items(), key=lambda kv: -len(kv[1])):
        folder = folder.rstrip("/")
        if folder and text.startswith(folder + "/"):
            text = "%s:/%s" % (name, text[len(folder) + 1:])
            break
    else:
        here = project.folder.replace("\\", "/").rstrip("/") + "/"
        if text.startswith(here):
            text = text[len(here):]
    return repr(text) if asExpression else text


def clamp(inputVal, min, max):
    return min if inputVal < min else max if inputVal > max else inputVal


def remap(inputVal, fromMin, fromMax, toMin, toMax):
    span = fromMax - fromMin
    if span == 0:
        return toMin
    return toMin + (inputVal - fromMin) * (toMax - toMin) / span


def rand(seed):
    """TDU Class: [0, 1), the same for the same seed; a seed that is not a number counts as its
    string (an OP as its path), so the value stays the same across runs."""
    if not isinstance(seed, (int, float)) or isinstance(seed, bool):
        seed = builtins.str(seed)
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
    """TDU.Dependency (Dependency Class): a value whose change recooks what reads it. Setting
    `val` (or setVal, or modified()) calls each of `callbacks` with one dict: 'dependency',
    'prevVal' and 'callback' (and 'setInfo' from setVal, UNVERIFIED key name). tdsim re-evaluates
    every expression each frame, so there is nothing to recook; `ops` and `listAttributes` (what
    depends on it) are not emulated and raise AttributeError rather than answer an empty list."""

    def __init__(self, val=None):
        self._val = val
        self.callbacks = []

    @property
    def val(self):
        return self._val

    @val.setter
    def val(self, value):
        self.setVal(value)

    @property
    def peekVal(self):
        return self._val

    def setVal(self, val, setInfo=None):
        prev, self._val = self._val, val
        self._notify(prev, setInfo)

    def modified(self):
        self._notify(self._val, None)

    def _notify(self, prev, set_info):
        for cb in list(self.callbacks):
            info = {"dependency": self, "prevVal": prev, "callback": cb}
            if set_info is not None:
                info["setInfo"] = set_info
            cb(info)

    def __getitem__(self, key):
        # Documented only for a dependency wrapping a list or dict; anything else raises TypeError.
        return self._val[key]

    def __repr__(self):
        return "Dependency(%r)" % (self._val,)


class _MenuObject:
    """What ParMenu / TableMenu give: a menu source with menuNames and menuLabels."""

    def __init__(self, names, labels):
        self.menuNames = list(names)
        self.menuLabels = list(labels)


def ParMenu(menuNames, menuLabels=None):
    """TDU Class: a menu source from names (labels default to the names)."""
    names = [builtins.str(n) for n in menuNames]
    return _MenuObject(names, names if menuLabels is None else [builtins.str(x) for x in menuLabels])


def TableMenu(table, nameCol=0, labelCol=None, includeFirstRow=False):
    """TDU Class: a menu source from a table DAT's columns (a column by name or index); the first
    row is skipped unless includeFirstRow."""
    rows = [[c.val for c in r] for r in table.rows()]

    def column(col):
        index = rows[0].index(col) if isinstance(col, builtins.str) else int(col)
        return [r[index] if index < len(r) else "" for r in (rows if includeFirstRow else rows[1:])]

    if not rows:
        return _MenuObject([], [])
    names = column(nameCol)
    return _MenuObject(names, names if labelCol is None else column(labelCol))
