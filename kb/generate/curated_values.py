"""The curated overlay's style corrections and default values, checked before they are applied.

A curated default is an assumption about a running TouchDesigner; a typo in one would silently
become a "fact" that tdsim, validation and export all trust. So every value is checked against the
parameter it lands on: the right kind for the style, one value per tuplet component, a menu entry
for a Menu (whose entries must then be known).
"""

NUMBER_STYLES = {"Float", "Int", "XY", "XYZ", "XYZW", "RGB", "RGBA", "UV", "UVW", "WH"}
BOOL_STYLES = {"Toggle", "Pulse", "Momentary"}
STRING_STYLES = {"Str", "StrMenu", "File", "FileSave", "Folder",
                 "TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP", "OBJ", "Object", "PanelCOMP", "OP"}
# Styles a correction may set (the contract's list).
KNOWN_STYLES = NUMBER_STYLES | BOOL_STYLES | STRING_STYLES | {"Menu", "Sequence", "Header", "Python"}


class CuratedValueError(Exception):
    pass


def _scalar_problem(style, value):
    if style in BOOL_STYLES:
        return None if isinstance(value, bool) else "needs true or false"
    if style in NUMBER_STYLES or style == "Sequence":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return "needs a number"
        if style == "Int" and not float(value).is_integer():
            return "needs a whole number"
        return None
    if style in STRING_STYLES or style == "Menu":
        return None if isinstance(value, str) else "needs a string"
    return f"has style {style!r}: a default needs a known style"


def check_default(op_type, p, value):
    """Raise CuratedValueError when `value` cannot be parameter `p`'s default."""
    where = f"{op_type}.{p['name']}"
    size = len(p.get("components") or [])
    values = value if size else [value]
    if size and (not isinstance(value, list) or len(value) != size):
        raise CuratedValueError(f"{where}: curated default needs {size} components")
    for v in values:
        problem = _scalar_problem(p.get("style"), v)
        if problem:
            raise CuratedValueError(f"{where}: curated default {v!r} {problem}")
    if p.get("style") == "Menu":
        names = p.get("menuNames")
        if not names:
            raise CuratedValueError(f"{where}: menu entries unknown, a curated default cannot be checked")
        if value not in names:
            raise CuratedValueError(f"{where}: curated default {value!r} is not a menu entry")


def apply_style(op_type, p, style):
    """Correct a parameter's style; the overlay's `why` says what was wrong."""
    if style not in KNOWN_STYLES:
        raise CuratedValueError(f"{op_type}.{p['name']}: unknown style {style!r}")
    if style == "Menu" and not p.get("menuNames"):
        raise CuratedValueError(f"{op_type}.{p['name']}: Menu style needs known menu entries")
    p["style"] = style
    p["styleSource"] = "curated"


def apply_default(op_type, p, value):
    check_default(op_type, p, value)
    if p["defaultSource"] in (None, "curated"):
        p["default"], p["defaultSource"] = value, "curated"
