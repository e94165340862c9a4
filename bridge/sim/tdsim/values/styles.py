"""Parameter styles (TouchDesigner's parameter type names) grouped by the value they hold."""

FLOAT_STYLES = frozenset({"Float", "XY", "XYZ", "XYZW", "RGB", "RGBA", "UV", "UVW", "WH"})
INT_STYLES = frozenset({"Int"})
BOOL_STYLES = frozenset({"Toggle", "Pulse", "Momentary"})
PULSE_STYLES = frozenset({"Pulse", "Momentary"})
MENU_STYLES = frozenset({"Menu", "StrMenu"})
STRING_STYLES = frozenset({"Str", "File", "FileSave", "Folder", "Header"})

# Operator reference styles and the family the referenced operator must belong to
# (None = any family).
OP_STYLES = {
    "TOP": "TOP", "CHOP": "CHOP", "SOP": "SOP", "POP": "POP", "DAT": "DAT", "MAT": "MAT",
    "COMP": "COMP", "OBJ": "COMP", "Object": "COMP", "PanelCOMP": "COMP", "OP": None,
}

# Suffixes TouchDesigner gives the scalar parameters of a custom tuplet, per style.
TUPLET_SUFFIXES = {
    "XY": "xy", "XYZ": "xyz", "XYZW": "xyzw", "RGB": "rgb", "RGBA": "rgba",
    "UV": "uv", "UVW": "uvw", "WH": "wh",
}


def is_number(style):
    return style in FLOAT_STYLES or style in INT_STYLES or style == "Sequence"
