"""What a TOP looks like in tdsim: images for previews.

One request renders the TOP and what it reads, each operator once (a TOP read twice, like a
noise feeding both a composite and a feedback, is drawn once and reused).

Where the renderer process runs (OpenGL through OSMesa, glsl.py), TOPs are drawn as TouchDesigner
draws them: as shaders (shading.py, shaders/), each at its own resolution, inputs sampled with
linear filtering; their pictures stay in the renderer until pixels are asked for. TOPs without a
shader (text) and every TOP on a machine without the renderer are drawn in pure Python at a
reduced working size when the TOP has more than WORK_PIXELS pixels, resized by nearest pixel (the
node has a warning saying so). Parameters in pixels are scaled to the working size. An input whose
size differs from the TOP reading it is stretched to fill it.

The rules per operator type are in rendergen.py (generators) and renderfilters.py (filters);
this module holds the pass-through TOPs, Select, Switch and Feedback, and labels the rest: a
grey checkerboard with the type name (and why, where there is more to say) is the image of
anything tdsim does not render. Everything is an approximation of TouchDesigner's output, good
for telling networks apart, not for comparing pixels. See bridge/sim/README.md.
"""
from __future__ import annotations

import math

import os

from . import feedback
from . import glsl, glsltop, scene, shading
from . import images
from . import rendergen as gen
from . import renderfilters as filt
from . import renderpars as rp
from .inputs import wired_sources
from .picture import Picture
from .shaders import SHADERS as SHADER_TOPS
from .shaders import FLOAT_RULES
from .shaders import media as _media
from .shaders import compose as _compose

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
PASS_THROUGH = {"nullTOP", "outTOP", "inTOP", "selectTOP"}
SHADERS = set(glsltop.GLSL_TYPES)
COMPOSITING_GENERATORS = {"circleTOP", "rectangleTOP", "textTOP"}
# Drawn at full resolution where the renderer runs: shaders, and what only passes pictures on.
SCENE_TOPS = {"renderTOP", "renderpassTOP", "depthTOP", "renderselectTOP"}
FULL_SIZE = set(SHADER_TOPS) | SHADERS | PASS_THROUGH | SCENE_TOPS | {"switchTOP", "feedbackTOP"}
# Every type with a picture of its own (the rest get the placeholder and a warning on the node).
RENDERED = set(GENERATORS) | set(FILTERS) | FULL_SIZE


def gpu():
    """Whether TOPs are drawn on the renderer process here (TDSIM_RENDERER=python forces the
    pure-Python fallback, for tests of it)."""
    if os.environ.get("TDSIM_RENDERER") == "python":
        return False
    return glsl.unavailable() is None


def _known_without_gpu():
    """Like `not gpu()`, but only once the renderer is known to be missing: answering a node's
    warnings never starts (or waits for) the renderer process."""
    return os.environ.get("TDSIM_RENDERER") == "python" or glsl.known_unavailable() is not None


def not_rendered_warning(top):
    """The node's warning when its picture is a placeholder or a reduced pure-Python drawing."""
    kind = top.OPType
    if kind not in RENDERED:
        return [f"tdsim-not-rendered: tdsim does not draw a {kind}; its picture is a placeholder"]
    no_gpu = _known_without_gpu()
    lacking = _media.missing(kind) if not no_gpu else []
    if lacking and kind == "textTOP":
        return [f"tdsim-python-fallback: tdsim's renderer lacks {', '.join(lacking)}: the textTOP is set in "
                "tdsim's 5x7 bitmap font at a reduced size"]
    if lacking:
        return [f"tdsim-not-rendered: {kind} needs {', '.join(lacking)} in tdsim's renderer, which is not "
                "installed here; its picture is a placeholder"]
    if (kind in SHADER_TOPS or kind in SCENE_TOPS) and kind not in GENERATORS and kind not in FILTERS and no_gpu:
        return [f"tdsim-not-rendered: {kind} needs tdsim's OpenGL renderer, which is not available here; its picture is a placeholder"]
    if (kind in GENERATORS or kind in FILTERS) and no_gpu:
        return [f"tdsim-python-fallback: without tdsim's OpenGL renderer a {kind} is drawn in pure Python at a reduced size, with hard edges"]
    return []


class Render:
    """One render request: the working scale and the TOPs drawn so far."""

    def __init__(self, scale=1.0):
        self.scale = scale
        self.done: dict[int, Picture] = {}
        self.active: set[int] = set()
        self.depths: dict = {}          # id(Render TOP) -> its depth Texture

    def working_size(self, top):
        tw, th = top._resolution()
        if top.OPType in FULL_SIZE and gpu():
            return tw, th, (tw, th)
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
        self._wired_pictures = {}      # inputs replaced for a repeated pass (npasses)

    def source(self, i):
        """Input i as rendered (its own working size), or None when nothing is wired there."""
        if i in self._wired_pictures:
            return self._wired_pictures[i]
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
        kind, bypass = self.top.OPType, self.top._flags["bypass"]
        if kind in SHADERS and not bypass:
            tex, why = glsltop.image(self)
            if tex is None:
                return Picture(self.label(f"{self.top.OPType} {why}"), self.w, self.h, self.true_size)
            return Picture(None, self.w, self.h, self.true_size, tex=tex, drawn_by="shader")
        if kind == "feedbackTOP" and not bypass:
            previous = feedback.previous(self)
            if previous is not None:
                return previous
        if (bypass or kind in PASS_THROUGH or kind == "feedbackTOP") and self.source(0) is not None:
            return self._passed_on(self.source(0))
        if kind in SCENE_TOPS and not bypass and gpu():
            return self._scene_picture(kind)
        if kind == "switchTOP" and not bypass and self._wired and gpu():
            return self._switch_picture()
        if kind in SHADER_TOPS and not bypass and gpu() and (self.source(0) is not None or kind in GENERATORS
                                                              or kind not in FILTERS):
            pic = self._shaded(kind)
            if pic is not None:
                return pic
        return Picture(self._image(), self.w, self.h, self.true_size)

    def _passed_on(self, pic):
        """An input shown as it is (null, out, in, select, bypass, a feedback's start)."""
        if (pic.w, pic.h) == (self.w, self.h):
            return Picture(pic._data, self.w, self.h, self.true_size, pic._floats, pic.tex, pic.drawn_by)
        return Picture(pic.stretched(self.w, self.h), self.w, self.h, self.true_size)

    def _shaded(self, kind):
        """The TOP drawn by its shader passes (shaders/), `npasses` times (Common page: the
        output fed back into the first input), or None when its settings cannot be drawn."""
        try:
            passes = SHADER_TOPS[kind](self)
            if passes is None:
                return None
            want_float = shading.wants_float(self.top, [self.source(i) for i in range(len(self._wired))])
            if kind in FLOAT_RULES and rp.text(self.top, "format", "useinput") in ("useinput", ""):
                want_float = want_float or FLOAT_RULES[kind](self.top)   # e.g. the Analyze TOP's Sum
            tex = shading.run(self, passes, want_float)
            repeats = max(1, min(32, int(rp.number(self.top, "npasses", 1)))) if kind not in GENERATORS else 1
            for _ in range(repeats - 1):
                pic = Picture(None, self.w, self.h, self.true_size, tex=tex, drawn_by="shader")
                self._wired_pictures = {0: pic}
                tex = shading.run(self, SHADER_TOPS[kind](self), want_float)
            self._wired_pictures = {}
        except glsl.ShaderError as exc:
            return Picture(self.label(f"{kind}: SHADER ERROR {exc.log[:80]}"), self.w, self.h, self.true_size)
        except glsl.FileError as exc:       # a file or font the renderer could not read
            return Picture(self.label(f"{kind}: {exc.log[:80]}"), self.w, self.h, self.true_size)
        except (RuntimeError, OSError):      # no renderer, or its environment files are missing
            return None
        return Picture(None, self.w, self.h, self.true_size, tex=tex, drawn_by="shader")

    def _scene_picture(self, kind):
        """Render, Render Pass, Depth and Render Select TOPs (scene.py)."""
        top = self.top
        try:
            if kind == "renderselectTOP":
                src = self.source(0)
                return self._passed_on(src) if src is not None else Picture(self.label("RENDER SELECT: NO TOP"), self.w, self.h, self.true_size)
            if kind == "depthTOP":
                return self._depth_picture()
            colour, depth = scene.draw(self)
            self.render.depths[id(top)] = depth
            if kind == "renderpassTOP":
                below = self.source(0)
                if below is not None:
                    over = shading.Pass("void main() { vec4 a = texture(sTD2DInputs[0], vUV.st);"
                                        " fragColor = a + texture(sTD2DInputs[1], vUV.st) * (1.0 - a.a); }", {},
                                        [Picture(None, self.w, self.h, self.true_size, tex=colour), below])
                    colour = shading.run(self, over, False)
            return Picture(None, self.w, self.h, self.true_size, tex=colour, drawn_by="shader")
        except glsl.ShaderError as exc:
            return Picture(self.label(f"{kind}: A MATERIAL DOES NOT COMPILE ({exc.stage})"), self.w, self.h, self.true_size)
        except RuntimeError as exc:
            return Picture(self.label(f"{kind}: {str(exc)[:60]}"), self.w, self.h, self.true_size)

    def _depth_picture(self):
        """Depth TOP (docs.derivative.ca/Depth_TOP): its Render TOP's depth; `depthspace` input
        gives the depth buffer's 0-1 values, cameraspace the distance along the camera's axis,
        reranged that distance mapped from `rangefrom` to `rangeto` (then clamped with `clamp`)."""
        top = self.top
        source = self._wired[0] if self._wired else None
        if source is None or source.OPType not in ("renderTOP", "renderpassTOP"):
            return Picture(self.label("DEPTH: NO RENDER TOP"), self.w, self.h, self.true_size)
        self.source(0)
        depth = self.render.depths.get(id(source))
        if depth is None:      # drawn without its depth: drawn again with it
            _colour, depth = scene.draw(Job(source, self.render), depth=True)
            self.render.depths[id(source)] = depth
        space = rp.menu(top, "depthspace", ("input", "cameraspace", "reranged"), "input")
        u = {"uSpace": ("input", "cameraspace", "reranged").index(space),
             "uFrom": [rp.number(top, "rangefrom1", 0.0), rp.number(top, "rangefrom2", 1.0)],
             "uTo": [rp.number(top, "rangeto1", 0.0), rp.number(top, "rangeto2", 1.0)],
             "uClamp": int(rp.flag(top, "clamp")), "uGamma": rp.number(top, "gamma", 1.0) or 1.0}
        body = """
uniform int uSpace, uClamp;
uniform vec2 uFrom, uTo;
uniform float uGamma;
void main() {
    vec4 d = texture(sTD2DInputs[0], vUV.st);
    float v = uSpace == 0 ? d.g : d.r;
    if (uSpace == 2) v = (v - uFrom.x) / (uFrom.y - uFrom.x == 0.0 ? 1.0 : uFrom.y - uFrom.x) * (uTo.y - uTo.x) + uTo.x;
    if (uClamp == 1) v = clamp(v, min(uTo.x, uTo.y), max(uTo.x, uTo.y));
    v = sign(v) * pow(abs(v), 1.0 / uGamma);
    fragColor = vec4(vec3(v), 1.0);
}
"""
        pic = Picture(None, depth.w, depth.h, (depth.w, depth.h), tex=depth)
        tex = shading.run(self, shading.Pass(body, u, [pic], smooth="nearest"), True)
        return Picture(None, self.w, self.h, self.true_size, tex=tex, drawn_by="shader")

    def _switch_picture(self):
        n = len(self._wired)
        index = rp.number(self.top, "index")
        low = math.floor(index)                  # UNVERIFIED: a fractional index rounds down
        a = self.source(self._wrap_index(low, n))
        if not rp.flag(self.top, "blend") or index == low:
            return self._passed_on(a)
        from_shader = shading.run(self, _compose.mix_pass(a, self.source(self._wrap_index(low + 1, n)), index - low),
                                  a.is_float)
        return Picture(None, self.w, self.h, self.true_size, tex=from_shader, drawn_by="shader")

    def _wrap_index(self, i, n):
        mode = rp.menu(self.top, "extend", ("clamp", "loop", "zigzag"), "clamp")
        if mode == "loop":
            return i % n
        if mode == "zigzag" and n > 1:
            i %= 2 * (n - 1)
            return i if i < n else 2 * (n - 1) - i
        return min(max(i, 0), n - 1)

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
