"""What a TOP looks like in tdsim: deterministic images for previews.

One request renders the TOP and what it reads, each operator once (a TOP read twice, like a
noise feeding both a composite and a feedback, is drawn once and reused). Every TOP is drawn at
its own resolution, or at a reduced working size when that has more than WORK_PIXELS pixels;
the result is resized (nearest pixel) to the size asked for, so a 1280x720 PNG costs about as
much as a 440x250 one. Parameters in pixels are scaled to the working size. An input whose
size differs from the TOP reading it is stretched to fill it.

The rules per operator type are in rendergen.py (generators) and renderfilters.py (filters);
this module holds the pass-through TOPs, Select, Switch and Feedback, and labels the rest: a
grey checkerboard with the type name (and why, where there is more to say) is the image of
anything tdsim does not render. Everything is an approximation of TouchDesigner's output, good
for telling networks apart, not for comparing pixels. See bridge/sim/README.md.
"""
from __future__ import annotations

import math

from . import feedback
from . import glsltop
from . import images
from . import rendergen as gen
from . import renderfilters as filt
from . import renderpars as rp
from .inputs import wired_sources
from .picture import Picture

WORK_PIXELS = 110_000
MAX_DEPTH = 64

GENERATORS = {
    "constantTOP": gen.constant, "rampTOP": gen.ramp, "noiseTOP": gen.noise,
    "circleTOP": gen.circle, "rectangleTOP": gen.rectangle, "textTOP": gen.text,
}
FILTERS = {
    "levelTOP": filt.level, "hsvadjustTOP": filt.hsvadjust, "blurTOP": filt.blur,
    "transformTOP": filt.transform, "flipTOP": filt.flip, "cropTOP": filt.crop,
    "resolutionTOP": filt.resolution, "tileTOP": filt.tile, "crossTOP": filt.cross,
    "compositeTOP": filt.composite, "overTOP": filt.composite, "addTOP": filt.composite,
    "multiplyTOP": filt.composite,
}
PASS_THROUGH = {"nullTOP", "outTOP", "inTOP"}
SHADERS = set(glsltop.GLSL_TYPES)
COMPOSITING_GENERATORS = {"circleTOP", "rectangleTOP", "textTOP"}


class Render:
    """One render request: the working scale and the TOPs drawn so far."""

    def __init__(self, scale=1.0):
        self.scale = scale
        self.done: dict[int, Picture] = {}
        self.active: set[int] = set()

    def working_size(self, top):
        tw, th = top._resolution()
        s = min(self.scale, math.sqrt(WORK_PIXELS / (tw * th)))
        return max(1, round(tw * s)), max(1, round(th * s)), (tw, th)

    def picture(self, top) -> Picture:
        key = id(top)
        if key in self.done:
            return self.done[key]
        if key in self.active or len(self.active) >= MAX_DEPTH:
            w, h, true_size = self.working_size(top)
            reason = "LOOP" if key in self.active else "TOO DEEP"
            return Picture(label(w, h, reason, true_size), w, h, true_size)
        self.active.add(key)
        try:
            pic = Job(top, self).draw()
        finally:
            self.active.discard(key)
        self.done[key] = pic
        feedback.record(top, pic)
        return pic


class Job:
    """Drawing one TOP: its working size and access to its inputs."""

    def __init__(self, top, render: Render):
        self.top, self.render = top, render
        self.w, self.h, self.true_size = render.working_size(top)
        self.sx, self.sy = self.w / self.true_size[0], self.h / self.true_size[1]
        self._wired = wired_sources(top)

    def source(self, i):
        """Input i as rendered (its own working size), or None when nothing is wired there."""
        return self.render.picture(self._wired[i]) if i < len(self._wired) else None

    def input(self, i):
        """Input i stretched to this TOP's working size, or None."""
        pic = self.source(i)
        return pic.stretched(self.w, self.h) if pic is not None else None

    def inputs(self):
        return [self.input(i) for i in range(len(self._wired))]

    def label(self, text):
        return label(self.w, self.h, text, self.true_size)

    def draw(self) -> Picture:
        if self.top.OPType in SHADERS and not self.top._flags["bypass"]:
            data, floats, why = glsltop.image(self)
            if data is None:
                return Picture(self.label(f"{self.top.OPType} {why}"), self.w, self.h, self.true_size)
            return Picture(data, self.w, self.h, self.true_size, floats)
        if self.top.OPType == "feedbackTOP" and not self.top._flags["bypass"]:
            previous = feedback.previous(self)
            if previous is not None:
                return previous
        return Picture(self._image(), self.w, self.h, self.true_size)

    def _image(self):
        top, kind = self.top, self.top.OPType
        if top._flags["bypass"]:
            first = self.input(0)
            return first if first is not None else images.transparent(self.w, self.h)
        if kind in PASS_THROUGH:
            return self._or_label(self.input(0), f"{kind}: NO INPUT")
        if kind == "selectTOP":
            return self._or_label(self.input(0), "SELECT: NO TOP")
        if kind == "switchTOP":
            return self._switch()
        if kind == "feedbackTOP":
            # No previous frame yet (at start, after a reset): the input, passed through.
            return self._or_label(self.input(0), "FEEDBACK: NO INPUT")
        if kind in GENERATORS:
            img = GENERATORS[kind](self)
            if img is not None and kind in COMPOSITING_GENERATORS and rp.flag(top, "compoverinput"):
                img = self._comp_over_input(img)
            return self._or_label(img, f"{kind}: NOT EMULATED WITH THESE SETTINGS")
        if kind in FILTERS:
            if self.source(0) is None:
                return self.label(f"{kind}: NO INPUT")
            return self._or_label(FILTERS[kind](self), f"{kind}: NOT EMULATED WITH THESE SETTINGS")
        return self.label(kind)

    def _or_label(self, img, text):
        return img if img is not None else self.label(text)

    def _switch(self):
        n = len(self._wired)
        if n == 0:
            return self.label("SWITCH: NO INPUT")
        index = rp.number(self.top, "index")
        mode = rp.menu(self.top, "extend", ("clamp", "loop", "zigzag"), "clamp")

        def wrap(i):
            if mode == "loop":
                return i % n
            if mode == "zigzag" and n > 1:
                i %= 2 * (n - 1)
                return i if i < n else 2 * (n - 1) - i
            return min(max(i, 0), n - 1)

        low = math.floor(index)                  # UNVERIFIED: a fractional index rounds down
        if not rp.flag(self.top, "blend") or index == low:
            return self.input(wrap(low))
        return images.mix(self.input(wrap(low)), self.input(wrap(low + 1)), index - low)

    def _comp_over_input(self, img):
        below = self.input(0)
        if below is None:
            return img
        pair = [below, img] if rp.flag(self.top, "swaporder") else [img, below]
        return filt.blend(rp.text(self.top, "operand", "over"), pair)


def label(w, h, text, true_size=None):
    """The image of what tdsim does not render: the checkerboard, its cells and letters scaled
    with the working size so the full-size PNG looks the same at any working scale."""
    s = w / true_size[0] if true_size else 1.0
    return images.checkerboard(w, h, text, cell=max(2, round(16 * s)))


def render(top, w, h):
    """RGBA bytearray of `top` at w x h."""
    tw, th = top._resolution()
    job = Render(scale=min(1.0, w / tw, h / th))
    return job.picture(top).stretched(w, h)
