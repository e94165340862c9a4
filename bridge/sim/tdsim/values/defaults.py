"""Default values of parameters whose catalog entry has no known default.

The knowledge base carries real defaults only for POPs (live dump) and a few curated entries.
For everything else tdsim falls back to one rule per style. EVERY value produced here is an
ASSUMPTION, to be replaced as soon as a live TouchDesigner dump (merged into the kb with
`svc kb import`) provides the real default.
"""
from __future__ import annotations

from . import styles


def fallback_default(style: str | None, menu_names: tuple[str, ...] | None):
    # ASSUMPTION: numbers start at 0, toggles and pulses off, strings and references empty,
    # menus on their first entry, sequences with one block.
    if style in styles.FLOAT_STYLES:
        return 0.0
    if style in styles.INT_STYLES:
        return 0
    if style == "Sequence":
        return 1
    if style in styles.BOOL_STYLES:
        return False
    if style in styles.MENU_STYLES:
        return menu_names[0] if menu_names else ""
    if style == "Python":
        return None
    return ""


def within_limits(value, lo, hi, clamp_lo, clamp_hi):
    """A fallback number moved onto the hard limits it would break.

    ASSUMPTION, from the rule that TouchDesigner's defaults are values the parameter accepts:
    a fallback of 0 on a parameter clamped to 1 or more starts at 1 (resolutions, pass counts),
    so putting the default back by assignment or by `reset()` gives the same value.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if clamp_lo and lo is not None and value < lo:
        value = type(value)(lo)
    if clamp_hi and hi is not None and value > hi:
        value = type(value)(hi)
    return value


# Time COMP values where the catalog has no default. ASSUMPTION (UNVERIFIED): the timeline of
# a new TouchDesigner project plays frames 1 to 600 at 60 frames per second and loops, 120 beats
# per minute in 4/4; tdsim gives every Time COMP these values.
TYPE_DEFAULTS = {
    "timeCOMP": {"play": 1, "rate": 60.0, "start": 1, "end": 600, "rangelimit": "loop",
                 "rangestart": 1, "rangeend": 600, "resetframe": 1, "tempo": 120.0,
                 "signature1": 4, "signature2": 4, "independent": False},
}


def type_default(op_type: str, name: str):
    """tdsim's assumed default for one parameter of one operator type, or None."""
    return TYPE_DEFAULTS.get(op_type, {}).get(name)


def catalog_default(spec, index: int | None):
    """The catalog default for a scalar parameter (component `index` of a tuplet), or None."""
    value = spec.default
    if value is None:
        return None
    if spec.components:
        if isinstance(value, (list, tuple)) and index is not None and index < len(value):
            return value[index]
        return None
    return value
