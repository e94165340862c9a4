"""TOP: image operators (td.TOP): resolution and PNG output.

Resolution: `outputresolution` 'custom' uses the resolution parameter; 'useinput' (and the
fractions/multiples: eighth, quarter, half, 2x, 4x, 8x) follows the first input (through a
COMP, its Out TOP; for an In TOP, what feeds the parent COMP; for a Select TOP, the TOP it
names; a Crop TOP keeps only the cropped region), and an operator without an input uses its
own resolution parameter. ASSUMPTION: a resolution parameter whose default the kb does not
know is taken as 256 x 256 (kb curates 256 x 256 for common generators). 'fit' and 'limit'
are treated like 'custom'.

What a TOP family member adds to the cook model and to pulses is here too: a GLSL TOP's shader
errors and warnings (glsltop.py), the Feedback TOP's Reset Pulse (feedback.py).
"""
from __future__ import annotations

from ...op import files
from ...op.op import OP
from ...values.errors import tdError
from . import feedback, glsltop, png
from .inputs import wired_sources
from .render import Render, not_rendered_warning, render
from .renderfilters import crop_box
from .scene import scene_warnings
from .shaders import OWN_SIZE_RULES, SIZE_RULES, frames, media, points

_FACTORS = {"eighth": 0.125, "quarter": 0.25, "half": 0.5, "2x": 2.0, "4x": 4.0, "8x": 8.0}
ASSUMED_RESOLUTION = 256


class TOP(OP):
    family = "TOP"

    def _own_resolution(self):
        dims = []
        for name in ("resolutionw", "resolutionh"):
            p = self._pars.get(name)
            if p is None:
                dims.append(ASSUMED_RESOLUTION)
                continue
            if p.isDefault and p._def.default_source is None:
                dims.append(ASSUMED_RESOLUTION)  # ASSUMPTION (see module docstring)
                continue
            try:
                dims.append(max(1, int(p.eval())))
            except Exception:
                dims.append(ASSUMED_RESOLUTION)
        return dims[0], dims[1]

    def _resolution(self, _depth=0):
        return self._resolution_walk(_depth)[0]

    def _resolution_walk(self, depth):
        """(width, height), and how many inputs up the walk ended (None when it was cut off at
        the 64-operator limit). A complete answer is kept for the frame (derived.py) and reused
        by a walk arriving at `depth` when its remaining length still fits under the limit, so
        the answer is always what the uncached walk from there would give."""
        derived = self._world.derived
        known = derived.get(self, "resolution")
        if known is not None and depth + known[1] <= 64:
            return known
        mode_par = self._pars.get("outputresolution")
        mode = "custom"
        if mode_par is not None:
            try:
                mode = mode_par.eval()
            except Exception:
                mode = "useinput"
        sources = wired_sources(self)
        first = sources[0] if sources else None
        length = 0
        if mode in ("useinput",) or mode in _FACTORS:
            if first is not None and depth < 64:
                upstream, above = first._resolution_walk(depth + 1)
                length = None if above is None else above + 1
                w, h = self._from_input(*upstream)
            else:
                length = 0 if first is None else None
                w, h = self._own_resolution()
                if first is None and self.OPType in OWN_SIZE_RULES:
                    w, h = OWN_SIZE_RULES[self.OPType](self) or (w, h)     # a file's, a POP's size
            factor = _FACTORS.get(mode, 1.0)
            result = max(1, int(w * factor)), max(1, int(h * factor))
        else:
            result = self._own_resolution()
        if length is not None:
            derived.put(self, "resolution", (result, length))
        return result, length

    def _from_input(self, w, h):
        """The size this TOP makes of an input of w x h: the same, except for a Crop TOP, whose
        output is the cropped region (documented; rounding UNVERIFIED)."""
        if self.OPType == "cropTOP":
            left, bottom, right, top = crop_box(self, w, h)
            return max(1, round(abs(right - left))), max(1, round(abs(top - bottom)))
        if self.OPType in SIZE_RULES:
            return SIZE_RULES[self.OPType](self, w, h)
        return w, h

    @property
    def width(self):
        return self._resolution()[0]

    @property
    def height(self):
        return self._resolution()[1]

    @property
    def aspect(self):
        w, h = self._resolution()
        return w / h

    aspectWidth = property(lambda self: self._resolution()[0])
    aspectHeight = property(lambda self: self._resolution()[1])
    depth = property(lambda self: 1)

    # ---- what TOPs add to the cook model and to pulses -------------------------------------
    def _compute_rule_errors(self):
        out = super()._compute_rule_errors()
        if self.OPType in glsltop.GLSL_TYPES and not self._flags["bypass"]:
            out.extend(glsltop.compile_errors(self))
        out.extend(getattr(self, "_script_cook_errors", []))
        if self.OPType == "timemachineTOP" and not self._flags["bypass"]:
            # Time Machine TOP: "You must connect a Texture 3D TOP to the Time Machine's first input"
            # (the wording of TouchDesigner's error is UNVERIFIED).
            first = wired_sources(self)[:1]
            if first and first[0].OPType != "texture3dTOP":
                out.append("The first input of a Time Machine TOP must be a Texture 3D TOP")
        if self.OPType in ("pointfileinTOP", "pointfileselectTOP"):
            problem = points.problem(self)
            if problem:
                out.append(problem)
        if self.OPType in ("moviefileinTOP", "svgTOP"):
            problem = media.file_problem(self)
            if problem:
                out.append(problem)
        return out

    def _rule_warnings(self):
        out = super()._rule_warnings()
        if self.OPType in glsltop.GLSL_TYPES:
            out.extend(glsltop.unavailable_warning(self))
        out.extend(not_rendered_warning(self))
        out.extend(frames.warnings(self))
        out.extend(scene_warnings(self))
        return out

    def _on_pulse(self, par):
        """The Feedback TOP's Reset Pulse clears its history (Feedback TOP page: "Reset Pulse ...
        resets the feedback"); other pulses only fire."""
        if self.OPType == "feedbackTOP" and par.name == "resetpulse":
            feedback.reset(self)
            return
        if self.OPType in ("cacheTOP", "texture3dTOP") and frames.pulse(self, par.name):
            return
        super()._on_pulse(par)

    def cook(self, force=False, recurse=False, includeUtility=False):
        """A TOP's cook computes its image: here, one render at the working size (a feedback
        loop moves on, shaders run)."""
        super().cook(force=force, recurse=recurse, includeUtility=includeUtility)
        Render().picture(self)

    def _pixels(self):
        """(w, h, rows): the image at the TOP's resolution as RGBA floats 0..1, bottom row first
        (TouchDesigner's textures start at the bottom left). tdsim reads its 8-bit preview, so
        values are multiples of 1/255 (UNVERIFIED against a float TOP in TouchDesigner)."""
        w, h = self._resolution()
        data = render(self, w, h)
        rows = []
        for y in range(h - 1, -1, -1):  # the preview is stored top row first
            row = data[y * w * 4:(y + 1) * w * 4]
            rows.append([tuple(row[i + k] / 255.0 for k in range(4)) for i in range(0, w * 4, 4)])
        return w, h, rows

    def sample(self, x=None, y=None, z=None, u=None, v=None, w=None):
        """TOP Class: the (r, g, b, a) at a pixel (x, y, from the bottom left) or a normalized
        location (u, v); "one horizontal and one vertical component must be specified" (else
        td.tdError, UNVERIFIED class). A location outside the image is clamped to its edge
        (UNVERIFIED). z/w (3D textures) are not emulated: tdsim's TOPs are 2D, depth 1."""
        if (x is None) == (u is None) or (y is None) == (v is None):
            raise tdError("sample() needs one horizontal (x or u) and one vertical (y or v) coordinate")
        if (z is not None and z != 0) or (w is not None and w != 0):
            raise tdError("tdsim's TOPs are 2D: sample() takes no depth")
        width, height, rows = self._pixels()
        px = int(x) if x is not None else int(float(u) * width)
        py = int(y) if y is not None else int(float(v) * height)
        px, py = min(max(px, 0), width - 1), min(max(py, 0), height - 1)
        return rows[py][px]

    def numpyArray(self, delayed=False, writable=False):
        """TOP Class: the image as a float32 numpy array of shape (height, width, 4), addressed
        [h, w] from the bottom row. With delayed=True each call gives the image of the previous
        call (None the first time), as documented. Writing to it never changes the TOP."""
        try:
            import numpy  # pylint: disable=import-outside-toplevel  # optional and heavy: only numpyArray() needs it
        except ImportError:
            raise tdError("numpy is not installed in the Python that runs tdsim") from None
        _w, _h, rows = self._pixels()
        image = numpy.array(rows, dtype=numpy.float32)
        if not delayed:
            return image
        previous, self._delayed_image = getattr(self, "_delayed_image", None), image
        return previous

    def saveByteArray(self, filetype=".png", quality=1.0, metadata=()):
        """The image as file bytes. tdsim writes PNG only (other types raise td.tdError)."""
        if str(filetype).lower().lstrip(".") not in ("png",):
            raise tdError(f"tdsim can only save TOPs as PNG, not {filetype!r}")
        return bytearray(render_png(self))

    def save(self, filepath, asynchronous=False, createFolders=False, quality=1.0, metadata=()):
        """Write the image as a PNG; returns the file path (TouchDesigner returns a
        FileSaveStatus, which tdsim does not emulate; `asynchronous` writes at once)."""
        if not str(filepath).lower().endswith(".png"):
            raise tdError("tdsim can only save TOPs as PNG files")
        path = files.target(self, filepath, ".png", createFolders)
        return files.write_bytes(self, path, render_png(self))


def render_png(top, max_size=None) -> bytes:
    """PNG of a TOP at its resolution, or scaled down to fit max_size x max_size."""
    w, h = top._resolution()
    if max_size is not None and max(w, h) > max_size:
        scale = max_size / max(w, h)
        w, h = max(1, round(w * scale)), max(1, round(h * scale))
    return png.encode(w, h, render(top, w, h), level=1)
