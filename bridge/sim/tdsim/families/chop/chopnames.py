"""Channel name patterns: expansion (`chan[1-4]`), matching (`*fader*`, `^x*`) and replacement.

TouchDesigner documents three related syntaxes for channel names:
- Pattern Expansion, used where names are created (Constant CHOP names, LFO/Noise/Wave channel
  names): `chan[1-4]` gives chan1..chan4, `geo[1-5:2]` steps by 2, `t[xyz]` gives tx ty tz, and
  several space-separated items add up. Brackets may hold comma-separated terms.
- Pattern Matching, used where names are selected (Select CHOP `channames`, scopes): `*` and `?`
  wildcards, bracket terms as above (so `chan[1-10]` matches chan1..chan10, a numeric range, not
  a character class), several space-separated patterns, and `^pattern` to exclude.
- Pattern Replacement (Rename/Select CHOP "to" names): `*(n)` / `?(n)` insert the n-th wildcard
  matched by the "from" pattern; a bare `*` inserts the next one.
tdsim implements that common subset; rarer forms (nested brackets, padding rules) are not
emulated, and how TouchDesigner combines several from/to items is UNVERIFIED (see rename()).
"""
from __future__ import annotations

import re

_BRACKET = re.compile(r"\[([^\]]*)\]")
_RANGE = re.compile(r"^\s*(-?\d+)\s*-\s*(-?\d+)\s*(?::\s*(\d+))?\s*$")


def _bracket_terms(body: str) -> list[str]:
    """The alternatives one bracket stands for: numeric ranges, or single characters."""
    out: list[str] = []
    for term in body.split(","):
        m = _RANGE.match(term)
        if m:
            a, b, step = int(m.group(1)), int(m.group(2)), int(m.group(3) or 1) or 1
            rng = range(a, b + 1, step) if a <= b else range(a, b - 1, -step)
            out.extend(str(n) for n in rng)
        else:
            out.extend(ch for ch in term.strip())
    return out


def expand(text) -> list[str]:
    """Every name a Pattern Expansion string stands for, in order ('' gives none)."""
    names: list[str] = []
    for item in str(text or "").split():
        parts = [""]
        pos = 0
        for m in _BRACKET.finditer(item):
            literal = item[pos:m.start()]
            terms = _bracket_terms(m.group(1)) or [""]
            parts = [p + literal + t for p in parts for t in terms]
            pos = m.end()
        names.extend(p + item[pos:] for p in parts)
    return names


def _to_regex(pattern: str, case_sensitive: bool):
    """A compiled regex for one Pattern Matching item; wildcards become capture groups."""
    out, pos = [], 0
    for m in re.finditer(r"\*|\?|\[[^\]]*\]", pattern):
        out.append(re.escape(pattern[pos:m.start()]))
        token = m.group(0)
        if token == "*":
            out.append("(.*?)")
        elif token == "?":
            out.append("(.)")
        else:
            terms = sorted(set(_bracket_terms(token[1:-1])), key=len, reverse=True)
            out.append("(?:" + "|".join(re.escape(t) for t in terms) + ")")
        pos = m.end()
    out.append(re.escape(pattern[pos:]))
    return re.compile("^" + "".join(out) + "$", 0 if case_sensitive else re.IGNORECASE)


class Matcher:
    """Pattern Matching over channel names: include patterns, minus `^` exclusions."""

    def __init__(self, patterns, case_sensitive: bool = True):
        items = str(patterns or "").split() if isinstance(patterns, str) else list(patterns)
        self._include = [_to_regex(p, case_sensitive) for p in items if not p.startswith("^")]
        self._exclude = [_to_regex(p[1:], case_sensitive) for p in items if p.startswith("^")]
        # Only exclusions: everything else is kept.
        self._all = not self._include and bool(self._exclude)

    def match(self, name: str):
        """The wildcard captures of the first include pattern that matches, or None."""
        if any(r.match(name) for r in self._exclude):
            return None
        if self._all:
            return ()
        for r in self._include:
            m = r.match(name)
            if m:
                return m.groups()
        return None


def _fill(template: str, captures) -> str:
    """Insert wildcard captures into a replacement template."""
    counter = iter(range(len(captures)))

    def sub(m):
        if m.group(1) is not None:
            index = int(m.group(1))
        else:
            index = next(counter, None)
            if index is None:
                return ""
        return captures[index] if 0 <= index < len(captures) else ""
    return re.sub(r"[*?](?:\((\d+)\))?", sub, template)


def rename(names: list[str], from_patterns: str, to_patterns: str) -> list[str]:
    """Rename channels the way Rename/Select CHOP from/to parameters do (common subset).

    The n-th channel matched by the "from" patterns takes the n-th name of the expanded "to"
    list (the last one when the list is shorter), with wildcard captures filled in.
    UNVERIFIED: TouchDesigner's exact pairing rules for several from/to items.
    """
    if not str(from_patterns or "").strip() or not str(to_patterns or "").strip():
        return list(names)
    matcher = Matcher(from_patterns)
    targets = expand(to_patterns)  # brackets expand; wildcards stay for _fill
    out, n = [], 0
    for name in names:
        captures = matcher.match(name)
        if captures is None or not targets:
            out.append(name)
            continue
        template = targets[min(n, len(targets) - 1)]
        out.append(_fill(template, captures))
        n += 1
    return out

