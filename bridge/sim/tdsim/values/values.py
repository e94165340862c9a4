"""What a parameter accepts when a script assigns a constant value.

Rules (UNVERIFIED against a live TouchDesigner where marked):
- Float styles take int/float/bool and numeric strings; Int takes the same and rounds
  (UNVERIFIED: TouchDesigner may truncate instead).
- Toggle/Pulse take bools, numbers (non-zero = on) and the strings on/off/true/false/1/0.
- Menu takes one of its menu names or an index into the menu; anything else fails.
  A Menu without known entries (dynamic menus) takes any string.
- StrMenu takes any string (its menu only suggests values), or an index into the menu.
- Str/File/Folder take anything and store its str(). Operator references take an OP (stored as
  its path) or a path string.
- A value of the wrong kind raises td.tdError (UNVERIFIED: the exact exception class TouchDesigner
  raises for a bad assignment is not documented; callers should catch Exception).
"""
from __future__ import annotations

from . import styles
from .errors import tdError

_TRUE = {"1", "on", "true", "yes"}
_FALSE = {"0", "off", "false", "no", ""}


def _fail(par_name, value, what):
    raise tdError(f"Invalid value {value!r} for parameter '{par_name}': expected {what}")


def _number(par_name, value, what):
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            _fail(par_name, value, what)
    # Objects that know their own number (a Par, a numpy scalar...).
    try:
        return float(value)
    except (TypeError, ValueError):
        _fail(par_name, value, what)


def coerce(pdef, value, menu_names=None):
    """Return the stored form of `value` for the parameter definition `pdef` or raise tdError.
    `menu_names`: the entries of a menu that has them from elsewhere (Par.menuSource)."""
    style = pdef.style
    name = pdef.name
    if style in styles.FLOAT_STYLES:
        return _number(name, value, "a number")
    if style in styles.INT_STYLES or style == "Sequence":
        return int(round(_number(name, value, "an integer")))
    if style in styles.BOOL_STYLES:
        if isinstance(value, (bool, int, float)):
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        _fail(name, value, "on/off")
    if style in styles.MENU_STYLES:
        names = (menu_names if menu_names is not None else pdef.menu_names) or ()
        if isinstance(value, bool):
            _fail(name, value, "a menu entry")
        if isinstance(value, int):
            if 0 <= value < len(names):
                return names[value]
            _fail(name, value, f"a menu index below {len(names)}")
        if isinstance(value, str):
            if style == "StrMenu" or not names or value in names:
                return value
            _fail(name, value, "one of " + ", ".join(names))
        _fail(name, value, "a menu entry")
    if style in styles.OP_STYLES:
        if value is None:
            return ""
        path = getattr(value, "path", None)
        if isinstance(path, str) and hasattr(value, "OPType"):
            return path
        if isinstance(value, (list, tuple)):
            return " ".join(coerce(pdef, v) for v in value)
        if isinstance(value, str):
            return value
        _fail(name, value, "an operator or a path")
    if style in styles.STRING_STYLES:
        return "" if value is None else str(value)
    if style == "Python":
        return value
    # Unknown style (catalog has none): accept the value as given.
    return value


def clamp(pdef, value):
    """Apply hard limits (clampMin/clampMax) to a numeric value."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return value
    if pdef.clamp_min and pdef.min is not None and value < pdef.min:
        value = type(value)(pdef.min)
    if pdef.clamp_max and pdef.max is not None and value > pdef.max:
        value = type(value)(pdef.max)
    return value


def convert_result(pdef, value):
    """Convert an expression/bind result to what the parameter evaluates to."""
    style = pdef.style
    if style in styles.FLOAT_STYLES:
        return float(value)
    if style in styles.INT_STYLES or style == "Sequence":
        return int(value)
    if style in styles.BOOL_STYLES:
        return bool(value)
    if style in styles.MENU_STYLES:
        if isinstance(value, int) and not isinstance(value, bool) and pdef.menu_names:
            return pdef.menu_names[value]
        return str(value)
    if style in styles.STRING_STYLES:
        return str(value)
    return value
