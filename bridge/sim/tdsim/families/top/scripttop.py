"""The Script TOP: its `onCook(scriptOp)` callback makes its image (docs.derivative.ca/Script_TOP,
docs.derivative.ca/ScriptTOP_Class).

The callbacks DAT is the one its `callbacks` parameter names (`me` = that DAT). The TOP cooks when
something asks for its image, at most once a frame (as every TOP in tdsim). While onCook runs,
`scriptOp.copyNumpyArray(array)` sets the image: an array of height x width x channels (1 to 4:
red, red-green, RGB with alpha 1, RGBA), rows from the bottom as TouchDesigner's numpy arrays are,
uint8 (0-255), uint16 (0-65535) or float32 values; the TOP takes the array's resolution. Modify
Outside of Cook lets other scripts call it too; otherwise it raises td.tdError outside the cook.
An error in onCook is an error on the TOP. Before any image: its first input, else transparent
black at its resolution (UNVERIFIED).
"""
from __future__ import annotations

import sys
import traceback
from array import array

from ...values.errors import tdError
from ..chop.chopscript import callbacks_dat


class ScriptTOPMixin:
    _script_cooking = False
    _script_image = None         # (width, height, float32 RGBA bytes, rows from the top)
    _script_frame = -1
    _script_cook_errors: list = []

    def copyNumpyArray(self, numpyArray):
        if not self._script_cooking and not (bool(self.par.modoutsidecook.eval()) if "modoutsidecook" in self._pars else False):
            raise tdError(f"{self.path}: a Script TOP's image can only be set in its onCook callback "
                          "(or with Modify Outside of Cook on)")
        kind = str(getattr(getattr(numpyArray, "dtype", None), "name", "float32"))
        scale = {"uint8": 255.0, "uint16": 65535.0}.get(kind, 1.0)
        rows = numpyArray.tolist() if hasattr(numpyArray, "tolist") else list(numpyArray)
        if not rows or not isinstance(rows[0], list):
            raise tdError("copyNumpyArray needs an array of height x width (x channels)")
        h, w = len(rows), len(rows[0])
        values = array("f")
        for row in reversed(rows):                # tdsim stores rows from the top; numpy's start at the bottom
            if len(row) != w:
                raise tdError("copyNumpyArray: every row needs the same width")
            for px in row:
                chans = px if isinstance(px, list) else [px]
                if not 1 <= len(chans) <= 4:
                    raise tdError("copyNumpyArray: 1 to 4 channels a pixel")
                rgba = [float(c) / scale for c in chans] + [0.0, 0.0, 0.0, 1.0][len(chans):]
                if len(chans) < 4:
                    rgba[3] = 1.0
                values.extend(rgba)
        self._script_image = (w, h, values.tobytes())


def cook_script(top):
    """Runs the Script TOP's onCook (once a frame); its errors are kept for the node."""
    frame = top._world.loop.frame
    if top._script_frame == frame:
        return
    top._script_frame = frame
    dat = callbacks_dat(top)
    top._script_cook_errors = []
    if dat is None:
        return
    top._script_cooking = True
    try:
        with dat._world.as_me(dat):
            fn = getattr(dat.module, "onCook", None)
            if callable(fn):
                fn(top)
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        top._script_cook_errors = [f"onCook: {type(exc).__name__}: {exc}"]
    finally:
        top._script_cooking = False


def script_size(top):
    """The image's size (the Script TOP cooks first: its size is what onCook made)."""
    cook_script(top)
    image = top._script_image
    return (image[0], image[1]) if image is not None else None
