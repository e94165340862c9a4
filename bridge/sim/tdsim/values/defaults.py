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

# What tdsim's renderers draw from (TOPs, SOPs, MATs, 3D COMPs) where the catalog has no default:
# TouchDesigner's starting values as tdsim assumes them. ASSUMPTION (UNVERIFIED, each): to verify,
# create the operator in TouchDesigner and read `op.par.<name>.default`; a live dump merged with
# `svc kb import` replaces them. Only values other than the rule above (0, off, first entry) are
# listed; the renderers read them like any default, so a value set by hand always wins.
RENDER_DEFAULTS = {
    # TOPs
    "noiseTOP": {"type": "simplex3d", "aspectcorrect": True},
    "compositeTOP": {"operand": "add", "extend": "zero"},
    **{t: {"extend": "zero"} for t in ("overTOP", "underTOP", "addTOP", "multiplyTOP", "subtractTOP",
                                       "differenceTOP", "insideTOP", "outsideTOP", "crossTOP")},
    "rampTOP": {"position1": 0.5, "position2": 0.5, "interp": "linear"},
    "edgeTOP": {"strength": 1.0, "offset1": 1.0, "offset2": 1.0, "edgecolorr": 1.0, "edgecolorg": 1.0,
                "edgecolorb": 1.0, "edgecolora": 1.0},
    "embossTOP": {"direction": 45.0, "midpoint": 0.5, "strength": 1.0, "offset1": 1.0, "offset2": 1.0, "method": "prevnext"},
    "slopeTOP": {"zeropoint": 0.5, "strength": 1.0, "offset1": 1.0, "offset2": 1.0, "method": "prevnext",
                 "red": "hluminance", "green": "vluminance", "blue": "neutral", "alpha": "one"},
    "normalmapTOP": {"heightmap": 1.0, "offset1": 1.0, "offset2": 1.0, "method": "prevnext"},
    "displaceTOP": {"displaceweight1": 1.0, "displaceweight2": 1.0, "uvweight": 1.0, "offsetweight": 1.0},
    "remapTOP": {"vertsource": "green"},
    "cornerpinTOP": {"extractp11": 0.0, "extractp12": 1.0, "extractp21": 1.0, "extractp22": 1.0, "extractp41": 1.0,
                     "pinp11": 0.0, "pinp12": 1.0, "pinp21": 1.0, "pinp22": 1.0, "pinp41": 1.0},
    "fitTOP": {"fit": "fitbest", "justifyh": "center", "justifyv": "center", "sx": 1.0, "sy": 1.0},
    "monochromeTOP": {"mono": 1.0, "alpha": "alpha"},
    "thresholdTOP": {"comparator": "greater", "threshold": 0.5},
    "mathTOP": {"gain": 1.0, "fromrange2": 1.0, "torange2": 1.0, "fromranger2": 1.0, "toranger2": 1.0,
                "fromrangeg2": 1.0, "torangeg2": 1.0, "fromrangeb2": 1.0, "torangeb2": 1.0,
                "fromrangea2": 1.0, "torangea2": 1.0},
    "limitTOP": {"max": 1.0, "vstep": 0.1, "posstep": 0.1},
    "channelmixTOP": {"red1": 1.0, "green2": 1.0, "blue3": 1.0, "alpha4": 1.0},
    "chromakeyTOP": {"huemin": 90.0, "huemax": 150.0, "satmin": 0.3, "satmax": 1.0, "valmin": 0.3, "valmax": 1.0},
    "rgbkeyTOP": {"redmax": 0.5, "greenmin": 0.5, "greenmax": 1.0, "bluemax": 0.5},
    "hsvadjustTOP": {"huerange": 1.0, "saturationrange": 1.0, "valuerange": 1.0, "startcolorr": 1.0,
                     "startcolorg": 1.0, "startcolorb": 1.0},
    "functionTOP": {"baseval": 2.0, "expval": 2.0, "angunit": "rad"},
    "lumablurTOP": {"whitewidth": 10.0, "whitevalue": 1.0, "type": "gaussian"},
    "bloomTOP": {"maxbloomradius": 0.05, "bloomthreshold": 0.7, "bloomintensity": 1.0},
    "convolveTOP": {"normalize": True, "applytoalpha": True},
    "antialiasTOP": {"edgethreshold": 0.1},
    "tonemapTOP": {"midinputnits": 100.0, "peakinputnits": 1000.0},
    "lumalevelTOP": {"brightness1": 1.0, "gamma1": 1.0, "contrast": 1.0, "inhigh": 1.0, "outhigh": 1.0,
                     "clamphigh": 1.0, "gamma2": 1.0, "opacity": 1.0, "brightness2": 1.0, "stepsize": 0.1,
                     "threshold": 0.5},
    "pointtransformTOP": {"sx": 1.0, "sy": 1.0, "sz": 1.0, "scale": 1.0, "inputtype": "position"},
    "lensdistortTOP": {"center1": 0.5, "center2": 0.5, "focallength1": 1.0, "focallength2": 1.0},
    "depthTOP": {"rangefrom2": 1.0, "rangeto2": 1.0, "gamma": 1.0},
    "renderTOP": {"premultrgbbyalpha": True},
    "circleTOP": {"borderalpha": 1.0}, "rectangleTOP": {"borderalpha": 1.0},
    "cacheTOP": {"cachesize": 1, "step": 1, "outputindexunit": "indices"},
    "texture3dTOP": {"active": True, "cachesize": 1, "step": 1, "type": "texture3d"},
    "timemachineTOP": {"blackoffset": 0.0, "blackoffsetunit": "fraction", "whiteoffset": 1.0,
                       "whiteoffsetunit": "fraction"},
    "svgTOP": {"sx": 1.0, "sy": 1.0},
    "projectionTOP": {"fov": 180.0, "output": "equirectangular"},
    "blobtrackTOP": {"drawblobs": True, "blobcolorr": 1.0, "threshold": 0.5, "minblobsize": 0.0, "maxblobsize": 1.0},
    "ssaoTOP": {"sampledirs": 4, "samplesteps": 4, "ssaoradius": 1.0, "surfaceavoid": 0.05, "contrast": 1.0,
                "attenuation": 1.0, "combinewithcolor": True},
    "opticalflowTOP": {"gainx": 1.0, "gainy": 1.0},
    "rendersimpleTOP": {"fov": 45.0, "camdistance": 5.0, "normalizegeo": 1.0, "geoscale": 1.0, "orthowidth": 2.0,
                        "lighttranslatez": 5.0, "diffuser": 1.0, "diffuseg": 1.0, "diffuseb": 1.0},
    "layoutTOP": {"align": "horizlr", "fit": "fitbest", "sx": 1.0, "sy": 1.0, "bcolora": 1.0,
                  "premultrgbbyalpha": True},
    "textTOP": {"keepfontratio": True, "font": "Verdana"},
    # SOPs
    "sphereSOP": {"rows": 10, "cols": 20, "orient": "y", "type": "poly"},
    "gridSOP": {"rows": 10, "cols": 10, "sizex": 1.0, "sizey": 1.0, "orient": "xy"},
    "rectangleSOP": {"sizex": 1.0, "sizey": 1.0, "orient": "xy"},
    "torusSOP": {"radx": 1.0, "rady": 0.5, "rows": 10, "cols": 20, "orient": "y"},
    "tubeSOP": {"rad1": 1.0, "rad2": 1.0, "height": 1.0, "rows": 2, "cols": 12, "orient": "y"},
    "circleSOP": {"radx": 1.0, "rady": 1.0, "divs": 12, "orient": "xy"},
    "lineSOP": {"pby": 1.0},
    "superquadSOP": {"radx": 1.0, "rady": 1.0, "radz": 1.0, "expxy": 1.0, "expz": 1.0, "rows": 16, "cols": 16, "orient": "y"},
    "textSOP": {"fontsizex": 1.0, "fontsizey": 1.0},
    "noiseSOP": {"amp": 1.0},
    "copySOP": {"ncy": 2},
    "attributecreateSOP": {"compnml": True},
    "groupSOP": {"crname": "group1"},
    # MATs
    "phongMAT": {"specr": 1.0, "specg": 1.0, "specb": 1.0, "ambr": 1.0, "ambg": 1.0, "ambb": 1.0,
                 "shininess": 51.2, "alpha": 1.0, "applypointcolor": True},
    "constantMAT": {"applypointcolor": True},
    "pbrMAT": {"basecolorr": 1.0, "basecolorg": 1.0, "basecolorb": 1.0, "roughness": 0.5, "specularlevel": 0.5,
               "alpha": 1.0, "applypointcolor": True},
    "wireframeMAT": {"colorr": 1.0, "colorg": 1.0, "colorb": 1.0, "linewidth": 1.0},
    "lineMAT": {"linenearcolorr": 1.0, "linenearcolorg": 1.0, "linenearcolorb": 1.0, "linenearalpha": 1.0,
                "widthnear": 2.0},
    "pointspriteMAT": {"colorr": 1.0, "colorg": 1.0, "colorb": 1.0, "alpha": 1.0, "pointsize": 8.0},
    # 3D COMPs
    "geometryCOMP": {"instancecountmode": "oplength", "instancefirstrow": "names"},
    "cameraCOMP": {"near": 0.1, "far": 1000.0, "orthowidth": 1.0},
    "lightCOMP": {"coneangle": 45.0, "conedelta": 5.0, "attenuationend": 10.0, "attenuationexp": 2.0},
    "ambientlightCOMP": {"cr": 0.2, "cg": 0.2, "cb": 0.2, "dimmer": 1.0},
}
# Every MAT tests depth "less than or equal" (overlapping additive instances at one depth all
# draw; ASSUMPTION, the menu's first entry is `less`).
for _mat in ("constantMAT", "phongMAT", "pbrMAT", "glslMAT", "wireframeMAT", "lineMAT", "pointspriteMAT"):
    RENDER_DEFAULTS.setdefault(_mat, {})["depthfunc"] = "lessorequal"
for _type, _values in RENDER_DEFAULTS.items():
    TYPE_DEFAULTS.setdefault(_type, {}).update(_values)


# Every TOP filters its inputs linearly unless told otherwise (Common page, Input Smoothness:
# "Interpolate Pixels ... how you get TOP images to look good"; the kb curates `linear` where it
# knows the default). ASSUMPTION for the TOP types whose default the kb does not list.
FAMILY_DEFAULTS = {"TOP": {"inputfiltertype": "linear"}}


def type_default(op_type: str, name: str):
    """tdsim's assumed default for one parameter of one operator type, or None."""
    value = TYPE_DEFAULTS.get(op_type, {}).get(name)
    if value is None:
        for family, values in FAMILY_DEFAULTS.items():
            if op_type.endswith(family):
                return values.get(name)
    return value


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
