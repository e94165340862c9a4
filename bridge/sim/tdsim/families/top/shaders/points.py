"""TOPs that load point data: Point File In and Point File Select (pointfiles.py reads the files)."""
from __future__ import annotations

import math
from array import array

from .. import glsl
from .. import renderpars as rp
from ..picture import Picture
from ..pointfiles import PointFileError, read
from ..shading import Pass
from .media import file_path

PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"


def _source(top):
    """The Point File In TOP whose file a Point File In or Select TOP shows, or None."""
    if top.OPType == "pointfileinTOP":
        return top
    target = rp.reference(top, "pointfileintop")
    return target if getattr(target, "OPType", "") == "pointfileinTOP" else None


def points_of(top):
    """(names, rows) of the file, or None; raises PointFileError."""
    source = _source(top)
    if source is None:
        return None
    path = file_path(source)
    if not path:
        return None
    return read(path)


def problem(top):
    try:
        points_of(top)
    except PointFileError as exc:
        return str(exc)
    return None


def size(top):
    """A square image holding every point, row by row from the bottom left (UNVERIFIED layout)."""
    try:
        found = points_of(top)
    except PointFileError:
        return None
    if not found or not found[1]:
        return None
    n = len(found[1])
    side = math.ceil(math.sqrt(n))
    return side, max(1, math.ceil(n / side))


def _pick(top, names, k):
    """The field index for output channel k (red, green, blue, alpha): the menu's field name,
    Zero or One; by default the k-th field (a missing one: 0, alpha 1)."""
    name = ("red", "green", "blue", "alpha")[k]
    par = top._pars.get(name)
    # untouched, the menu holds its first entry (Zero): TouchDesigner's default is the k-th field
    choice = "" if par is None or par.isDefault else rp.text(top, name, "")
    if choice == "Zero":
        return "zero"
    if choice == "One":
        return "one"
    if choice in names:
        return names.index(choice)
    if top.OPType == "pointfileselectTOP" and choice:
        return "zero"
    return k if k < len(names) else ("one" if k == 3 else "zero")


def pointfile(job):
    """Point File In TOP: https://docs.derivative.ca/Point_File_In_TOP and Point File Select TOP:
    https://docs.derivative.ca/Point_File_Select_TOP. The file's points, one a pixel from the bottom
    left, row by row in a square image, in 32-bit float: red, green, blue and alpha the first four
    fields, or the fields the Red/Green/Blue/Alpha menus name (Zero, One); a Select TOP shows other
    fields of its Point File In TOP's file. Sequences of files (the Play and Trim pages) are not
    emulated."""
    top = job.top
    try:
        found = points_of(top)
    except PointFileError:
        return None
    if not found or not found[1]:
        return None
    names, rows = found
    w, h = size(top)
    picks = [_pick(top, names, k) for k in range(4)]
    values = array("f", [0.0]) * (w * h * 4)
    for i, row in enumerate(rows):
        x, y = i % w, i // w
        base = ((h - 1 - y) * w + x) * 4
        for k, pick in enumerate(picks):
            values[base + k] = 1.0 if pick == "one" else 0.0 if pick == "zero" else (row[pick] if pick < len(row) else 0.0)
    tex = glsl.upload(w, h, None, values.tobytes())
    return Pass(PASS, {}, [Picture(None, w, h, (w, h), tex=tex)], smooth="nearest")


SHADERS = {"pointfileinTOP": pointfile, "pointfileselectTOP": pointfile}
