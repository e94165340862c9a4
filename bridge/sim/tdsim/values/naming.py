"""Operator names: validity, base/digits split, next free name, pattern matching.

Name rule (UNVERIFIED in detail): letters, digits and underscores, not starting with a digit.
TouchDesigner's docs describe `tdu.validName` as turning any string into a legal name, which
implies a restricted alphabet; the leading-digit rule is an assumption.
"""
from __future__ import annotations

import fnmatch
import re

_VALID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_TRAILING_DIGITS = re.compile(r"^(.*?)(\d+)$")
_ANY_DIGITS = re.compile(r"(\d+)(?!.*\d)")


def is_valid_name(name) -> bool:
    return isinstance(name, str) and bool(_VALID.match(name))


def valid_name(text: str) -> str:
    """Make a legal name from any string: illegal characters become underscores."""
    out = re.sub(r"[^A-Za-z0-9_]", "_", str(text))
    if not out or out[0].isdigit():
        out = "_" + out
    return out


def base(name: str) -> str:
    """The part of the name before its trailing digits ('noise12' -> 'noise')."""
    m = _TRAILING_DIGITS.match(name)
    return m.group(1) if m else name


def digits(name: str):
    """The last group of digits in the name as an int, or None ('a3b' -> 3, 'noise12' -> 12)."""
    m = _ANY_DIGITS.search(name)
    return int(m.group(1)) if m else None


def first_free(stem: str, taken) -> str:
    """stem1, stem2, ...: the first numbered name not in `taken`."""
    n = 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


def next_numbered(name: str, taken) -> str:
    """The name if free, else the next numbered name after it ('noise1' -> 'noise2', 'a' -> 'a1')."""
    if name not in taken:
        return name
    stem = base(name)
    n = (digits(name) or 0) + 1 if stem != name else 1
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


def split_patterns(patterns) -> list:
    """TouchDesigner accepts several patterns per argument, separated by spaces or commas."""
    out = []
    for p in patterns:
        if isinstance(p, int) and not isinstance(p, bool):
            out.append(p)
        elif isinstance(p, str):
            out.extend(t for t in re.split(r"[\s,]+", p) if t)
        elif p is not None:
            out.append(p)
    return out


def has_wildcard(pattern: str) -> bool:
    return any(c in pattern for c in "*?[")


def match(pattern: str, text: str, case_sensitive: bool = True) -> bool:
    if case_sensitive:
        return fnmatch.fnmatchcase(text, pattern)
    return fnmatch.fnmatchcase(text.lower(), pattern.lower())
