"""Finding operators: absolute and relative paths, numeric ids, and wildcard patterns.

Every search is in a world (`w`: its root and its operators by id), which the caller passes in.
"""
from __future__ import annotations

from . import naming


def _child(comp, name):
    kids = getattr(comp, "_children", None)
    return kids.get(name) if kids else None


def resolve(w, base, path):
    """The operator at `path` seen from inside the COMP `base` (None if there is none).

    '/a/b' is absolute; 'a/b', './a', '../a' are relative to base (the root when None); an int
    is an operator id.
    """
    if isinstance(path, int) and not isinstance(path, bool):
        found = w.ops.get(path)
        return found if found is not None and found._valid else None
    if not isinstance(path, str):
        return None
    path = path.strip()
    if not path:
        return None
    if path.startswith("/"):
        node = w.root
        parts = path.split("/")[1:]
    else:
        node = base if base is not None else w.root
        parts = path.split("/")
    for part in parts:
        if node is None:
            return None
        if part in ("", "."):
            continue
        if part == "..":
            node = node._parent
            continue
        node = _child(node, part)
    return node


def _walk_pattern(node, parts):
    if not parts:
        yield node
        return
    part, rest = parts[0], parts[1:]
    if part in ("", "."):
        yield from _walk_pattern(node, rest)
        return
    if part == "..":
        if node._parent is not None:
            yield from _walk_pattern(node._parent, rest)
        return
    kids = getattr(node, "_children", None) or {}
    if naming.has_wildcard(part):
        for name in sorted(kids):
            if naming.match(part, name):
                yield from _walk_pattern(kids[name], rest)
    elif part in kids:
        yield from _walk_pattern(kids[part], rest)


def find_all(w, base, patterns):
    """Every operator matching any of the patterns, in pattern order, without duplicates."""
    out, seen = [], set()
    for pat in naming.split_patterns(patterns):
        if isinstance(pat, int):
            hits = [resolve(w, base, pat)]
        elif pat.startswith("/"):
            hits = _walk_pattern(w.root, pat.split("/")[1:])
        else:
            hits = _walk_pattern(base if base is not None else w.root, pat.split("/"))
        for h in hits:
            if h is not None and id(h) not in seen:
                seen.add(id(h))
                out.append(h)
    return out


def find_first(w, base, patterns):
    hits = find_all(w, base, patterns)
    return hits[0] if hits else None


def relative_path(src, dst) -> str:
    """Path from the operator src to dst, as TouchDesigner's OP.relativePath gives it."""
    a = src.path.strip("/").split("/") if src.path != "/" else []
    b = dst.path.strip("/").split("/") if dst.path != "/" else []
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    ups = [".."] * (len(a) - i)
    rel = ups + b[i:]
    return "/".join(rel) if rel else "."
