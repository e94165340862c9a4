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
