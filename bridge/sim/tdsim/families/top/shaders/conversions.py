"""TOPs that convert an image's encoding or projection: Pack (floats to bytes and back) and
Projection (equirectangular and fish-eye)."""
from __future__ import annotations

from .. import glsl, shading
from .. import renderpars as rp
from ...sop import xform
from ..picture import Picture
from ..shading import Pass

PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"

PACK_TYPES = ("pack", "unpackr", "unpackrg", "unpackrgb", "unpackrgbA")
UNPACK_CHANNELS = {"unpackr": 1, "unpackrg": 2, "unpackrgb": 3, "unpackrgbA": 4}


def pack_size(top, w, h):
    """Pack: "the width of the resulting texture will be NumberOfChannelsInInputTexture *
    InputWidth" (tdsim's textures have four channels); Unpack: one pixel per 1-4 input pixels."""
    kind = rp.menu(top, "packtype", PACK_TYPES, "pack")
    if kind == "pack":
        return w * 4, h
    return max(1, w // UNPACK_CHANNELS[kind]), h


def pack_is_float(top):
    return rp.menu(top, "packtype", PACK_TYPES, "pack") != "pack"


PACK = """
uniform int uKind, uPer;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    if (uKind == 0) {
        // each input channel becomes one 8-bit RGBA pixel holding its 32 bits, lowest byte in red
        vec4 c = texelFetch(sTD2DInputs[0], ivec2(p.x / 4, p.y), 0);
        uint bits = floatBitsToUint(c[p.x % 4]);
        fragColor = vec4(float(bits & 255u), float((bits >> 8) & 255u), float((bits >> 16) & 255u),
                         float(bits >> 24)) / 255.0;
        return;
    }
    vec4 outc = vec4(0.0, 0.0, 0.0, 1.0);
    for (int k = 0; k < uPer; k++) {
        vec4 b = texelFetch(sTD2DInputs[0], ivec2(p.x * uPer + k, p.y), 0);
        uvec4 u = uvec4(round(b * 255.0));
        outc[k] = uintBitsToFloat(u.r | (u.g << 8) | (u.b << 16) | (u.a << 24));
    }
    fragColor = outc;
}
"""


def pack(job):
    """Pack TOP: https://docs.derivative.ca/Pack_TOP. Pack: every channel of the input as a 32-bit
    float spread over the four bytes of one 8-bit RGBA pixel (byte order UNVERIFIED: the lowest
    byte in red), so the output is four times as wide; Unpack R/RG/RGB/RGBA: the reverse, into a
    32-bit float image (missing channels 0, alpha 1)."""
    if job.source(0) is None:
        return None
    kind = rp.menu(job.top, "packtype", PACK_TYPES, "pack")
    return Pass(PACK, {"uKind": PACK_TYPES.index(kind), "uPer": UNPACK_CHANNELS.get(kind, 1)}, [0], smooth="nearest")


PROJECTIONS = ("cubemap", "equirectangular", "fisheye", "dualparaboloid")
PROJECT = """
uniform int uIn, uOut;
uniform float uFov;
uniform mat4 uRot;
const float PI = 3.14159265358979;
void main() {
    vec2 uv = vUV.st;
    vec3 d;
    if (uOut == 1) {                      // equirectangular: u longitude, v latitude
        float lon = (uv.x - 0.5) * 2.0 * PI, lat = (uv.y - 0.5) * PI;
        d = vec3(cos(lat) * sin(lon), sin(lat), -cos(lat) * cos(lon));
    } else {                              // fish-eye: a circle of uFov degrees across, looking up +y
        vec2 q = uv * 2.0 - 1.0;
        float r = length(q);
        if (r > 1.0) { fragColor = vec4(0.0); return; }
        float theta = r * radians(uFov) * 0.5, phi = atan(q.y, q.x);
        d = vec3(sin(theta) * cos(phi), cos(theta), -sin(theta) * sin(phi));
    }
    d = (uRot * vec4(d, 0.0)).xyz;
    vec2 src;
    if (uIn == 1) {
        src = vec2(atan(d.x, -d.z) / (2.0 * PI) + 0.5, asin(clamp(d.y, -1.0, 1.0)) / PI + 0.5);
    } else {
        float theta = acos(clamp(d.y, -1.0, 1.0));
        if (theta > PI * 0.5) { fragColor = vec4(0.0); return; }     // behind a 180-degree fish-eye
        float phi = atan(-d.z, d.x);
        src = vec2(cos(phi), sin(phi)) * (theta / (PI * 0.5)) * 0.5 + 0.5;
    }
    fragColor = texture(sTD2DInputs[0], src);
}
"""


def projection(job):
    """Projection TOP: https://docs.derivative.ca/Projection_TOP. An equirectangular (u the
    longitude, v the latitude) or 180-degree fish-eye input turned into an equirectangular or a
    fish-eye output ("FOV Angle degrees wide across the diameter of the circle", black outside
    it), rotated by `r`. Cube maps and dual paraboloids (in or out) are not emulated: tdsim has no
    cube textures. UNVERIFIED: which way the fish-eye looks (+y here, as for a dome) and the
    longitude's zero (-z)."""
    top = job.top
    src_kind = rp.menu(top, "input", PROJECTIONS, "cubemap")
    out_kind = rp.menu(top, "output", PROJECTIONS, "equirectangular")
    if job.source(0) is None or src_kind not in ("equirectangular", "fisheye") or out_kind not in ("equirectangular", "fisheye"):
        return None
    rot = xform.rotation(tuple(rp.number(top, "r" + a) for a in "xyz"))
    u = {"uIn": PROJECTIONS.index(src_kind), "uOut": PROJECTIONS.index(out_kind),
         "uFov": rp.number(top, "fov", 180.0), "uRot": xform.columns(rot)}
    return Pass(PROJECT, u, [0], extend="repeat")


SHADERS = {"packTOP": pack, "projectionTOP": projection}


def spectrum(job):
    """Spectrum TOP: https://docs.derivative.ca/Spectrum_TOP. DFT: one channel (`chan`) to a 32-bit
    float image of magnitude and phase (polar) or real and imaginary parts (cartesian) in red and
    green; IDFT: red and green read back the same way to a mono image; over the whole image or
    row by row (`transrows`). numpy's FFT in the renderer (TouchDesigner uses VkFFT): unnormalized
    forward, 1/N inverse, origin at the bottom-left pixel, not shifted (UNVERIFIED: VkFFT's
    scaling in TouchDesigner)."""
    top = job.top
    src = job.source(0)
    if src is None:
        return None
    pic = src
    if not pic.is_float:                 # the renderer reads floats from a float texture
        pic = Picture(None, src.w, src.h, src.true_size, tex=shading.run(job, Pass(PASS, {}, [0], smooth="nearest"), True),
                      drawn_by="shader")
    tex, _answer = glsl.raster({"kind": "spectrum", "tex": pic.texture().id, "width": pic.w, "height": pic.h,
                                "mode": rp.menu(top, "mode", ("dft", "idft"), "dft"),
                                "coord": rp.menu(top, "coord", ("polar", "cartesian"), "polar"),
                                "chan": "rgba".index(rp.menu(top, "chan", ("r", "g", "b", "a"), "r")),
                                "rows": rp.flag(top, "transrows")})
    return Pass(PASS, {}, [Picture(None, tex.w, tex.h, (tex.w, tex.h), tex=tex)], smooth="nearest")


SHADERS["spectrumTOP"] = spectrum
