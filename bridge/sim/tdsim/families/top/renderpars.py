"""Reading TOP parameters for rendering: values, menus, references and lengths in their units.

A parameter that fails to evaluate counts as the renderer's fallback (the cook model reports
the error). Where the kb knows no default for a parameter and it still has it, tdsim's general
fallback (0, first menu entry, empty) would make some operators draw nothing at all; for those
few the renderer uses the value below instead. Each is an ASSUMPTION about TouchDesigner's
starting value (UNVERIFIED), and it only applies while the parameter is untouched.

Unit menus (`tunit`, `radiusunit`, ...) whose entries the kb does not list hold '' until set;
'' counts as the unit given here for that parameter. The entries TouchDesigner uses are
`pixels`, `fraction` and `fractionaspect` (plus `points` for font sizes).
"""
from __future__ import annotations

ASSUMED = {
    # (operator type, parameter): value used while the parameter has its unknown default
    ("circleTOP", "radiusx"): 0.4, ("circleTOP", "radiusy"): 0.4,
    ("rectangleTOP", "sizex"): 0.5, ("rectangleTOP", "sizey"): 0.5,
    ("textTOP", "fontsizex"): 20.0, ("textTOP", "fontsizey"): 20.0, ("textTOP", "keepfontratio"): True,
    ("textTOP", "font"): "Verdana",
    ("blurTOP", "scalex"): 1.0, ("blurTOP", "scaley"): 1.0,
    # Write a GLSL TOP: 4.60 is TouchDesigner's main GLSL version; its menu starts at 1.20.
    ("glslTOP", "glslversion"): "glsl460", ("glslmultiTOP", "glslversion"): "glsl460",
    ("glslMAT", "glslversion"): "glsl460",
    # Generators start with Premultiply RGB by Alpha on, as TouchDesigner's TOPs keep their
    # colours pre-multiplied (Pixel Formats page; the starting value is UNVERIFIED).
    ("constantTOP", "multrgbbyalpha"): True, ("circleTOP", "multrgbbyalpha"): True,
    ("rectangleTOP", "multrgbbyalpha"): True, ("textTOP", "multrgbbyalpha"): True,
    ("rampTOP", "multrgbbyalpha"): True,
    # A GLSL TOP's colour uniforms start opaque (UNVERIFIED).
    ("glslTOP", "color0alpha"): 1.0, ("glslmultiTOP", "color0alpha"): 1.0,
}

# Starting values of menus the kb lists without a default, where tdsim's renderers need one.
ASSUMED_NOISE_TYPE = "simplex3d"       # Noise TOP `type` (UNVERIFIED)
ASSUMED_COMPOSITE_OPERAND = "add"      # Composite TOP `operand` (UNVERIFIED)
ASSUMED_TRANSFORM_EXTEND = "hold"      # Transform TOP `extend` (UNVERIFIED)

ASSUMED_UNITS = {
    "tunit": "fraction", "punit": "fraction",
    "radiusunit": "fractionaspect", "centerunit": "fraction", "sizeunit": "fractionaspect",
    "borderwidthunit": "fraction",
    "cropleftunit": "fraction", "croprightunit": "fraction",
    "cropbottomunit": "fraction", "croptopunit": "fraction",
    "fontsizexunit": "pixels", "fontsizeyunit": "pixels", "positionunit": "pixels",
}


def _unknown_default(p) -> bool:
    return p.isDefault and p._def.default_source is None


def value(top, name, fallback=None):
    """The evaluated parameter, or `fallback` when it is missing or fails. Starting values the kb
    does not know are tdsim's assumptions (values/defaults.py RENDER_DEFAULTS, ASSUMED above)."""
    p = top._pars.get(name)
    if p is None:
        return fallback
    if _unknown_default(p) and (top.OPType, name) in ASSUMED:
        return ASSUMED[(top.OPType, name)]
    try:
        return p.eval()
    except Exception:
        return fallback


def number(top, name, fallback=0.0) -> float:
    v = value(top, name, fallback)
    try:
        return float(v)
    except (TypeError, ValueError):
        return float(fallback)


def flag(top, name, fallback=False) -> bool:
    v = value(top, name, fallback)
    return bool(v) if isinstance(v, (bool, int, float)) else fallback


def text(top, name, fallback="") -> str:
    v = value(top, name, fallback)
    return v if isinstance(v, str) else fallback


def menu(top, name, choices, fallback):
    """A menu entry among `choices` (anything else, including '', gives `fallback`)."""
    v = text(top, name, fallback)
    return v if v in choices else fallback


def reference(top, name):
    """The operator a reference parameter names, or None."""
    v = value(top, name)
    return None if v is None or isinstance(v, list) else v


def unit(top, name) -> str:
    v = text(top, name, "")
    if v in ("pixels", "fraction", "fractionaspect", "points"):
        return v
    return ASSUMED_UNITS.get(name, "fraction")


def length(top, name, unit_name, axis: str, width: int, height: int, fallback=0.0) -> float:
    """A length parameter in TOP pixels: `fraction` is of the width (x) or height (y),
    `fractionaspect` of the height on both axes (UNVERIFIED), `points` are 96/72 pixels."""
    v = number(top, name, fallback)
    u = unit(top, unit_name)
    if u == "pixels":
        return v
    if u == "points":
        return v * 96 / 72
    if u == "fractionaspect":
        return v * height
    return v * (width if axis == "x" else height)


def colour(top, names, fallback=0.0):
    return [number(top, n, fallback) for n in names]
