"""More TOPs as shaders: Screen, Lens Distort, Point Transform, CHOP to, and the TOPs that send
their input somewhere (Movie File Out, NDI Out, Touch Out, Video Device Out, Syphon Spout Out,
Shared Mem Out, Video Stream Out, DirectX Out, Render Stream Out, ST 2110 Out, Direct Display Out),
whose picture is their input: what they send is not emulated (no file, device or network).
Page links on each function."""
from __future__ import annotations

from array import array

from .. import glsl
from .. import renderpars as rp
from ...sop import xform
from ..picture import Picture
from ..scripttop import cook_script
from ..shading import Pass
from .compose import fixed

PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"
SENDERS = ("moviefileoutTOP", "ndioutTOP", "touchoutTOP", "videodeviceoutTOP", "syphonspoutoutTOP",
           "sharedmemoutTOP", "videostreamoutTOP", "directxoutTOP", "renderstreamoutTOP", "st2110outTOP",
           "directdisplayoutTOP")


def sender(job):
    """An output TOP shows what it sends: its input (e.g. docs.derivative.ca/NDI_Out_TOP)."""
    return Pass(PASS, {}, [0]) if job.source(0) is not None else None


def lensdistort(job):
    """Lens Distort TOP: https://docs.derivative.ca/Lens_Distort_TOP. Brown-Conrady distortion
    of radial `k1`, `k2`, `k3` and tangential `p1`, `p2` about the centre (relative, 0.5 0.5 by
    default), coordinates normalized by the focal length (a fraction of the width, 1 unless set);
    `invert` undistorts by the same model (one Newton step: approximate)."""
    top = job.top
    u = {"uK": [rp.number(top, "k1"), rp.number(top, "k2"), rp.number(top, "k3")],
         "uP": [rp.number(top, "p1"), rp.number(top, "p2")],
         "uCentre": [rp.number(top, "center1", 0.5), rp.number(top, "center2", 0.5)],
         "uFocal": [rp.number(top, "focallength1", 1.0) or 1.0, (rp.number(top, "focallength2", 1.0) or 1.0) * job.w / job.h],
         "uInvert": int(rp.flag(top, "invert"))}
    body = """
uniform vec3 uK;
uniform vec2 uP, uCentre, uFocal;
uniform int uInvert;
vec2 distort(vec2 q) {
    float r2 = dot(q, q);
    float radial = 1.0 + uK.x * r2 + uK.y * r2 * r2 + uK.z * r2 * r2 * r2;
    vec2 tangential = vec2(2.0 * uP.x * q.x * q.y + uP.y * (r2 + 2.0 * q.x * q.x),
                           uP.x * (r2 + 2.0 * q.y * q.y) + 2.0 * uP.y * q.x * q.y);
    return q * radial + tangential;
}
void main() {
    vec2 q = (vUV.st - uCentre) / uFocal;
    vec2 d = uInvert == 1 ? q - (distort(q) - q) : distort(q);
    vec2 uv = d * uFocal + uCentre;
    fragColor = (uv.x < 0.0 || uv.y < 0.0 || uv.x > 1.0 || uv.y > 1.0) ? vec4(0.0) : texture(sTD2DInputs[0], uv);
}
"""
    return Pass(body, u, [0])


def pointtransform(job):
    """Point Transform TOP: https://docs.derivative.ca/Point_Transform_TOP. Each pixel's RGB read
    as a position (or a vector, without translation, `inputtype`) and transformed by the Xform
    parameters (`xord`/`rord`, pivot, uniform `scale`); alpha kept."""
    top = job.top
    m = xform.compose(t=tuple(rp.number(top, "t" + a) for a in "xyz"), r=tuple(rp.number(top, "r" + a) for a in "xyz"),
                      s=tuple(rp.number(top, "s" + a, 1.0) for a in "xyz"), p=tuple(rp.number(top, "p" + a) for a in "xyz"),
                      xord=rp.menu(top, "xord", ("srt", "str", "rst", "rts", "tsr", "trs"), "srt"),
                      rord=rp.menu(top, "rord", ("xyz", "xzy", "yxz", "yzx", "zxy", "zyx"), "xyz"),
                      uniform=rp.number(top, "scale", 1.0))
    u = {"uM": xform.columns(m), "uVector": int(rp.text(top, "inputtype", "position") == "vector")}
    body = """
uniform mat4 uM;
uniform int uVector;
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    fragColor = vec4((uM * vec4(c.rgb, uVector == 1 ? 0.0 : 1.0)).xyz, c.a);
}
"""
    return Pass(body, u, [0])


def chopto(job):
    """CHOP to TOP: https://docs.derivative.ca/CHOP_to_TOP. The CHOP in `chop`, one row per
    channel (bottom row first) and one pixel per sample, read through the CHOP API; `dataformat`
    r (the value in red), rg, rgb, rgba (consecutive channels fill one row's channels) or a;
    values kept as floats (a 32-bit float texture). The TOP's resolution is its own parameter's:
    the CHOP's size is stretched to it (UNVERIFIED: TouchDesigner sizes it by the CHOP)."""
    top = job.top
    chop = rp.reference(top, "chop")
    if chop is None or not getattr(chop, "isCHOP", False):
        return None
    chans = [list(c.vals) for c in chop.chans()]
    if not chans:
        return None
    fmt = rp.menu(top, "dataformat", ("r", "rg", "rgb", "rgba", "a", "legacy"), "r")
    per = {"r": 1, "rg": 2, "rgb": 3, "rgba": 4, "a": 1, "legacy": 1}[fmt]
    rows = [chans[i:i + per] for i in range(0, len(chans), per)]
    w = max(len(c) for c in chans)
    h = len(rows)
    values = array("f")
    for row in reversed(rows):          # tdsim stores rows from the top; row 0 is the bottom one
        for x in range(w):
            px = [0.0, 0.0, 0.0, 1.0]
            for k, chan in enumerate(row):
                v = float(chan[min(x, len(chan) - 1)])
                if fmt == "a":
                    px[3] = v
                elif fmt in ("r", "legacy"):
                    px[0] = v
                else:
                    px[k] = v
            values.extend(px)
    tex = glsl.upload(w, h, None, values.tobytes())
    source = Picture(None, w, h, (w, h), tex=tex)
    return Pass(PASS, {}, [source], smooth="nearest")


SHADERS = {"screenTOP": fixed("screen"), "lensdistortTOP": lensdistort, "pointtransformTOP": pointtransform,
           "choptoTOP": chopto, **{t: sender for t in SENDERS}}


def script(job):
    """Script TOP: https://docs.derivative.ca/Script_TOP (scripttop.py): the image its onCook set
    with copyNumpyArray, 32-bit float; before one, its first input, else transparent black."""
    top = job.top
    cook_script(top)
    image = top._script_image
    if image is None:
        if job.source(0) is not None:
            return Pass(PASS, {}, [0])
        return Pass("void main() { fragColor = vec4(0.0); }", {}, [])
    w, h, floats = image
    tex = glsl.upload(w, h, None, floats)
    return Pass(PASS, {}, [Picture(None, w, h, (w, h), tex=tex)], smooth="nearest")


SHADERS["scriptTOP"] = script
