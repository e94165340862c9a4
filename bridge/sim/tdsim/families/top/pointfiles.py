"""Reading point files for the Point File In TOP (docs.derivative.ca/Point_File_In_TOP): ASCII point
lists (`.xyz .pts .csv .txt` and any other text: the first separating character, comma, space or
tab, delimits the rest; a first line holding one number, the count, is ignored; a line of words
names the fields; every other line is a point), ASCII `.ply` (the vertex element's properties) and
`.obj` (its `v` lines: x y z, and r g b where given). Binary PLY, `.fits` and `.exr` need readers
tdsim does not have: a node error names them. A file is read once while it is unchanged."""
from __future__ import annotations

import os
import re

_cache: dict = {}


class PointFileError(Exception):
    pass


def read(path):
    """(field names, rows of floats) of a point file; raises PointFileError."""
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        raise PointFileError(f"Failed to open file: {path}") from None
    known = _cache.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    ext = os.path.splitext(path)[1].lower()
    if ext in (".fits", ".exr", ".bin"):
        raise PointFileError(f"tdsim reads ASCII point files, ASCII .ply and .obj, not '{ext}' files")
    with open(path, "rb") as f:
        data = f.read()
    if ext == ".ply":
        found = _ply(data, path)
    elif ext == ".obj":
        found = _obj(data.decode("utf-8", "replace"))
    else:
        found = _ascii(data.decode("utf-8", "replace"))
    if len(_cache) > 16:
        _cache.clear()
    _cache[path] = (stamp, found)
    return found


def _number(text):
    try:
        return float(text)
    except ValueError:
        return None


def _ascii(text):
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return [], []
    first = lines[0]
    sep = next((ch for ch in first if ch in ", \t"), None)

    def split(line):
        if sep is None:
            return [line]
        if sep == " ":
            return [p.strip("'\"") for p in line.split()]
        return [p.strip().strip("'\"") for p in line.split(sep)]
    names = None
    start = 0
    if len(split(first)) == 1 and _number(first) is not None and len(lines) > 1 and len(split(lines[1])) > 1:
        start = 1                                       # the count of points: ignored
    head = split(lines[start]) if start < len(lines) else []
    if head and any(_number(p) is None for p in head):
        names, start = head, start + 1
    rows = []
    for line in lines[start:]:
        rows.append([_number(p) or 0.0 for p in split(line)])
    width = max((len(r) for r in rows), default=0)
    names = names or [f"field{i}" for i in range(width)]
    return names, rows


def _ply(data, path):
    end = data.find(b"end_header")
    if not data.startswith(b"ply") or end < 0:
        raise PointFileError(f"{path} is not a PLY file")
    header = data[:end].decode("ascii", "replace").splitlines()
    if not any(line.startswith("format ascii") for line in header):
        raise PointFileError("tdsim reads ASCII .ply files only, not binary ones")
    count, names, element = 0, [], None
    for line in header:
        parts = line.split()
        if parts[:1] == ["element"]:
            element = parts[1]
            if element == "vertex":
                count = int(parts[2])
        elif parts[:1] == ["property"] and element == "vertex" and parts[1] != "list":
            names.append(parts[-1])
    body = data[end + len(b"end_header"):].decode("ascii", "replace").split("\n")
    rows = []
    for line in body:
        if len(rows) >= count:
            break
        if line.strip():
            rows.append([_number(p) or 0.0 for p in line.split()[:len(names)]])
    return names, rows


def _obj(text):
    rows = []
    for line in text.splitlines():
        if line.startswith("v "):
            rows.append([_number(p) or 0.0 for p in re.split(r"\s+", line[2:].strip())])
    width = max((len(r) for r in rows), default=3)
    return ["x", "y", "z", "r", "g", "b"][:max(3, width)], rows
