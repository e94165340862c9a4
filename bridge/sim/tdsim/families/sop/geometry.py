"""tdsim's geometry store, shared by SOPs and POPs: points with position (P) and optional normal
(N), texture coordinate (uv, 3 values as TouchDesigner keeps it), colour (Cd, RGBA) and other
float attributes; primitives as lists of point indices, closed (a polygon) or open (a line); a
primitive of one point is a point (a particle). Named groups hold primitive or point numbers.

A SOP's cook makes a new Geometry from its inputs' (never changing theirs)."""
from __future__ import annotations

import math


class Geometry:
    __slots__ = ("P", "N", "uv", "Cd", "attrs", "prims", "groups")

    def __init__(self):
        self.P: list = []
        self.N = None
        self.uv = None
        self.Cd = None
        self.attrs: dict = {}          # other point attributes: name -> list of tuples
        self.prims: list = []          # (point indices, closed)
        self.groups: dict = {}         # name -> ("point" | "primitive", set of numbers)

    def copy(self):
        g = Geometry()
        g.P = list(self.P)
        g.N = list(self.N) if self.N is not None else None
        g.uv = list(self.uv) if self.uv is not None else None
        g.Cd = list(self.Cd) if self.Cd is not None else None
        g.attrs = {k: list(v) for k, v in self.attrs.items()}
        g.prims = list(self.prims)
        g.groups = {k: (kind, set(v)) for k, (kind, v) in self.groups.items()}
        return g

    def add_point(self, p, n=None, uv=None, cd=None):
        self.P.append(tuple(p))
        for name, value, size in (("N", n, 3), ("uv", uv, 3), ("Cd", cd, 4)):
            column = getattr(self, name)
            if value is None and column is None:
                continue
            if column is None:
                column = [(0.0,) * size if name != "Cd" else (1.0, 1.0, 1.0, 1.0)] * (len(self.P) - 1)
                setattr(self, name, column)
            column.append(tuple(value) if value is not None else ((0.0,) * size if name != "Cd" else (1.0, 1.0, 1.0, 1.0)))
        for name, column in self.attrs.items():
            column.append(column[-1] if column else (0.0,))
        return len(self.P) - 1

    def add_prim(self, verts, closed=True):
        self.prims.append((list(verts), closed))

    def merge(self, other):
        """Appends another geometry (its points renumbered)."""
        base, prim_base = len(self.P), len(self.prims)
        for name, size, fill in (("N", 3, (0.0, 0.0, 0.0)), ("uv", 3, (0.0, 0.0, 0.0)), ("Cd", 4, (1.0, 1.0, 1.0, 1.0))):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine is None and theirs is None:
                continue
            if mine is None:
                mine = [fill] * base
            mine = mine + (theirs if theirs is not None else [fill] * len(other.P))
            setattr(self, name, mine)
        for name in set(self.attrs) | set(other.attrs):
            ours = self.attrs.get(name, [(0.0,)] * base)
            self.attrs[name] = ours + other.attrs.get(name, [(0.0,)] * len(other.P))
        self.P = self.P + other.P
        self.prims = self.prims + [([v + base for v in verts], closed) for verts, closed in other.prims]
        for name, (kind, members) in other.groups.items():
            offset = base if kind == "point" else prim_base
            kind0, mine = self.groups.get(name, (kind, set()))
            self.groups[name] = (kind0, mine | {m + offset for m in members})

    def bounds(self):
        if not self.P:
            return (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
        return tuple(min(p[i] for p in self.P) for i in range(3)), tuple(max(p[i] for p in self.P) for i in range(3))

    def face_normal(self, verts):
        """Newell's normal of a polygon (unit length; zero for a degenerate one)."""
        nx = ny = nz = 0.0
        n = len(verts)
        for i in range(n):
            x0, y0, z0 = self.P[verts[i]]
            x1, y1, z1 = self.P[verts[(i + 1) % n]]
            nx += (y0 - y1) * (z0 + z1)
            ny += (z0 - z1) * (x0 + x1)
            nz += (x0 - x1) * (y0 + y1)
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        return (nx / length, ny / length, nz / length) if length > 0 else (0.0, 0.0, 0.0)

    def point_normals(self):
        """Normals averaged from the polygons around each point (the Attribute Create SOP's
        "Compute Normals")."""
        acc = [[0.0, 0.0, 0.0] for _ in self.P]
        for verts, closed in self.prims:
            if not closed or len(verts) < 3:
                continue
            fn = self.face_normal(verts)
            for v in verts:
                a = acc[v]
                a[0] += fn[0]; a[1] += fn[1]; a[2] += fn[2]
        out = []
        for a in acc:
            length = math.sqrt(a[0] ** 2 + a[1] ** 2 + a[2] ** 2)
            out.append((a[0] / length, a[1] / length, a[2] / length) if length > 0 else (0.0, 1.0, 0.0))
        return out

    def group_members(self, pattern, kind):
        """Numbers a group field selects: group names (with * and ?) or number patterns ("0-3 7")."""
        from_names = set()
        text = (pattern or "").strip()
        if not text:
            return None
        count = len(self.P) if kind == "point" else len(self.prims)
        for word in text.replace(",", " ").split():
            negate = word.startswith("^")
            word = word.lstrip("^")
            chosen = set()
            if word in self.groups:
                chosen = set(self.groups[word][1])
            elif word == "*":
                chosen = set(range(count))
            else:
                parts = word.split("-")
                try:
                    if len(parts) == 2:
                        chosen = set(range(int(parts[0]), int(parts[1]) + 1))
                    else:
                        chosen = {int(word)}
                except ValueError:
                    chosen = set()
            from_names = from_names - chosen if negate else from_names | chosen
        return {n for n in from_names if 0 <= n < count}
