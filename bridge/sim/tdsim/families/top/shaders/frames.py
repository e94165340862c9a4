"""TOPs that keep frames: Cache, Cache Select, Texture 3D and Time Machine.

A Cache or Texture 3D TOP captures its input when it cooks, at most once a frame, as the Feedback
TOP does (feedback.py): TouchDesigner cooks a TOP when something asks for its image, and so does
tdsim, so a preview taken on each of N frames captures N images. The images stay in the renderer
process as textures. Bound (tdsim's own): at most MAX_FRAMES images per TOP; a larger Cache Size
keeps that many and the node says so (`tdsim-cache-capped`).
"""
from __future__ import annotations

import math

from .. import renderpars as rp
from ..picture import Picture
from ..shading import Pass
from . import compose

MAX_FRAMES = 256
PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"
UNITS = ("indices", "frames", "seconds", "fraction")
FPS = 60.0


class Frames:
    """A TOP's captured images, oldest first, and when it last captured."""
    __slots__ = ("images", "frame", "cooks", "pulse_capture", "pulse_replace")

    def __init__(self):
        self.images: list = []
        self.frame = -1
        self.cooks = 0
        self.pulse_capture = self.pulse_replace = False


def frames_of(top) -> Frames:
    store = getattr(top, "_tdsim_frames", None)
    if store is None:
        store = top._tdsim_frames = Frames()
    return store


def size_of(top):
    """Cache Size, bounded by tdsim's MAX_FRAMES."""
    return max(1, min(MAX_FRAMES, int(rp.number(top, "cachesize", 1))))


def warnings(top):
    if top.OPType in ("cacheTOP", "texture3dTOP") and rp.number(top, "cachesize", 1) > MAX_FRAMES:
        return [f"tdsim-cache-capped: tdsim keeps at most {MAX_FRAMES} images in a {top.OPType}"]
    return []


def pulse(top, name):
    """The Cache and Texture 3D TOPs' pulses: Reset empties the cache at once; Active, Replace
    and Pre-Fill pulses capture (or replace) on the next cook. True when the pulse was theirs."""
    store = frames_of(top)
    if name == "resetpulse":
        store.images.clear()
        store.cooks = 0
        store.frame = -1          # the next cook captures again, in this frame too
        return True
    if name in ("activepulse", "prefillpulse"):
        store.pulse_capture = True
        return True
    if name in ("replacespulse", "replacesinglepulse"):
        store.pulse_replace = True
        return True
    return False


def _copy(job, pic):
    """The input as a picture of its own (a texture the input's next cook does not touch)."""
    return Picture(pic._data, pic.w, pic.h, pic.true_size, pic._floats, pic.tex, pic.drawn_by)


def capture(job):
    """Cooks the Cache or Texture 3D TOP's capture for this frame (once a frame): Reset empties it;
    Active (or a pulse) adds the input every `step` cooks, dropping the oldest past Cache Size;
    Replace Single (or its pulse) puts the input at Replace Index instead."""
    top = job.top
    store = frames_of(top)
    if rp.flag(top, "reset"):
        store.images.clear()
        store.cooks = 0
        return store
    frame = top._world.loop.frame
    if store.frame == frame:
        return store
    store.frame = frame
    src = job.source(0)
    if src is None:
        return store
    replace_name = "replace" if top.OPType == "cacheTOP" else "replacesingle"
    if rp.flag(top, replace_name) or store.pulse_replace:
        store.pulse_replace = False
        if store.images:
            i = int(rp.number(top, "replaceindex"))
            i = min(max(i, 0), len(store.images) - 1)
            store.images[i] = _copy(job, src)
        return store
    active = rp.flag(top, "active", True) or store.pulse_capture
    if top.OPType == "cacheTOP" and not store.images and rp.flag(top, "cacheonce"):
        active = True
    if active:
        step = max(1, int(rp.number(top, "step", 1)))
        if store.cooks % step == 0 or store.pulse_capture:
            store.images.append(_copy(job, src))
            del store.images[:-size_of(top)]
        store.cooks += 1
    store.pulse_capture = False
    return store


def _index_in(top, value, unit_name, count):
    """An index parameter in its unit (indices, frames, seconds at 60 frames a second, or a
    fraction of the cache) as a number of images."""
    unit = rp.menu(top, unit_name, UNITS, "indices")
    step = max(1, int(rp.number(top, "step", 1)))
    if unit == "frames":
        return value / step
    if unit == "seconds":
        return value * FPS / step
    if unit == "fraction":
        return value * max(0, count - 1)
    return value


def _blend(a, b, t):
    return compose.mix_pass(a, b, t)


def _pick(images, index, interp):
    """A pass showing the image `index` back from the newest (0 newest, -1 the one before...),
    held at the ends; with `interp`, between two neighbours."""
    n = len(images)
    pos = min(max((n - 1) + index, 0.0), n - 1.0)
    low = math.floor(pos)
    if not interp or pos == low or low + 1 >= n:
        return Pass(PASS, {}, [images[int(round(pos)) if not interp else low]])
    return _blend(images[low], images[low + 1], pos - low)


def cache(job):
    """Cache TOP: https://docs.derivative.ca/Cache_TOP. Captures (above), then shows the image at
    Output Index (0 the most recent, negative further back) in its unit, interpolated between two
    with Interpolate Frames. Empty: transparent black (UNVERIFIED). Pre-Fill is a capture per cook
    here, not Cache Size cooks at once."""
    top = job.top
    store = capture(job)
    if not store.images:
        return Pass("void main() { fragColor = vec4(0.0); }", {}, [])
    index = _index_in(top, rp.number(top, "outputindex"), "outputindexunit", len(store.images))
    return _pick(store.images, index, rp.flag(top, "interp"))


def cacheselect(job):
    """Cache Select TOP: https://docs.derivative.ca/Cache_Select_TOP. The image of the Cache TOP
    in `cachetop` at Cache Index (0 the current image, -1 the one before, ...); the Cache TOP
    cooks (captures) first. Nothing named, or an empty cache: transparent black (UNVERIFIED)."""
    top = job.top
    source = rp.reference(top, "cachetop")
    if source is None or getattr(source, "OPType", "") != "cacheTOP":
        return None
    job.render.picture(source)
    images = frames_of(source).images
    if not images:
        return Pass("void main() { fragColor = vec4(0.0); }", {}, [])
    return _pick(images, rp.number(top, "index"), False)


def texture3d(job):
    """Texture 3D TOP: https://docs.derivative.ca/Texture_3D_TOP. "Replaces one slice of its 3D
    data with its input every frame" (every `step` frames) while Active, up to Cache Size slices,
    then overwrites the oldest; Replace Single, Reset. tdsim keeps the slices as separate images,
    which a Time Machine TOP reads; its own picture is the newest slice (UNVERIFIED: which slice
    TouchDesigner's viewer shows). Materials cannot sample it (no 3D textures in tdsim's MATs)."""
    store = capture(job)
    if not store.images:
        return Pass("void main() { fragColor = vec4(0.0); }", {}, [])
    return Pass(PASS, {}, [store.images[-1]])


BATCH = 12          # slices per pass (with the offset map and the previous pass: within 16 inputs)


def timemachine(job):
    """Time Machine TOP: https://docs.derivative.ca/Time_Machine_TOP. Each pixel shows the first
    input's (a Texture 3D TOP's) slices at a time offset chosen by the second input's red
    (monochrome) channel: black gets Black Offset, white White Offset, grey in between,
    interpolated between neighbouring slices. Offsets in their units: index or frames back from
    the newest (negative), seconds, or a fraction of the slices (0 the oldest, 1 the newest).
    ASSUMED: Black Offset 0 and White Offset 1 in fractions, the documented default of black
    getting the oldest slice and white the newest."""
    top = job.top
    source = job._wired[0] if job._wired else None
    if source is None or getattr(source, "OPType", "") != "texture3dTOP" or len(job._wired) < 2:
        return None
    job.source(0)
    images = frames_of(source).images
    if not images:
        return Pass("void main() { fragColor = vec4(0.0); }", {}, [])
    n = len(images)

    def position(name):
        unit = rp.menu(top, name + "unit", UNITS, "fraction")
        v = rp.number(top, name, 0.0 if name == "blackoffset" else 1.0)
        if unit == "fraction":
            return v * (n - 1)
        back = v * FPS if unit == "seconds" else v
        return (n - 1) + back

    u = {"uBlack": position("blackoffset"), "uWhite": position("whiteoffset"), "uCount": float(n)}
    passes = []
    for start in range(0, n, BATCH):
        batch = images[start:start + BATCH + 1]        # one slice of overlap to blend across batches
        u_pass = dict(u, uStart=float(start), uHave=len(batch), uFirst=int(start == 0))
        fetch = "\n".join(f"        if (k == {i}) return texture(sTD2DInputs[{i + 2}], uv);" for i in range(len(batch)))
        body = f"""
uniform float uBlack, uWhite, uCount, uStart;
uniform int uHave, uFirst;
vec4 slice(int k, vec2 uv) {{
{fetch}
    return vec4(0.0);
}}
void main() {{
    float m = texture(sTD2DInputs[0], vUV.st).r;
    float pos = clamp(mix(uBlack, uWhite, m), 0.0, uCount - 1.0) - uStart;
    vec4 before = uFirst == 1 ? vec4(0.0) : texture(sTD2DInputs[1], vUV.st);
    if (pos < 0.0 || pos > float(uHave - 1)) {{ fragColor = before; return; }}
    int low = int(floor(pos));
    float t = pos - float(low);
    vec4 a = slice(low, vUV.st);
    fragColor = t > 0.0 && low + 1 < uHave ? mix(a, slice(low + 1, vUV.st), t) : a;
}}
"""
        previous = "prev" if passes else 1          # the first pass's "previous" is unused
        passes.append(Pass(body, u_pass, [1, previous] + batch))
    return passes


SHADERS = {"cacheTOP": cache, "cacheselectTOP": cacheselect, "texture3dTOP": texture3d,
           "timemachineTOP": timemachine}
