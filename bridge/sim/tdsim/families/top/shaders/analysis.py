"""TOPs that measure or show other things: Analyze (an image reduced to a pixel, a row or a
column) and OP Viewer (another operator's viewer: a TOP's image, a CHOP's channels as curves)."""
from __future__ import annotations

from array import array

from .. import glsl, shading
from .. import renderpars as rp
from ..picture import Picture
from ..shading import Pass

PASS = "void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }"
OPS = ("average", "minimum", "maximum", "count", "sum", "minrgb", "minrgba", "maxrgb", "maxrgba")
CHANNELS = ("luminance", "red", "green", "blue", "alpha", "rgbaverage", "average", "rgbmax", "max", "independent")
SCOPES = ("image", "rows", "columns", "slices")
MASKS = ("none", "red", "green", "blue", "alpha", "independent")


def analyze_size(top, w, h):
    """The Analyze TOP's output size for an input of w x h: 1x1 for the full image (and slices:
    tdsim's TOPs are 2D), 1 x h for rows, w x 1 for columns."""
    scope = rp.menu(top, "scope", SCOPES, "image")
    if scope == "rows":
        return 1, h
    if scope == "columns":
        return w, 1
    return 1, 1


def analyze_is_float(top):
    """Count and Sum default to 32-bit float output (the page's note); others follow the input."""
    return rp.menu(top, "op", OPS, "average") in ("count", "sum")


ANALYZE = """
uniform int uOp, uChannel, uScope, uMask, uNans;
float key(vec4 c) {
    if (uChannel == 9) return 0.0;
    return tdsChannel(c, uChannel);
}
bool isnanv(vec4 c) { return any(isnan(c)); }
void main() {
    ivec2 size = textureSize(sTD2DInputs[0], 0);
    ivec2 from = ivec2(0), to = size;
    ivec2 here = ivec2(gl_FragCoord.xy);
    if (uScope == 1) { from.y = here.y; to.y = here.y + 1; }
    if (uScope == 2) { from.x = here.x; to.x = here.x + 1; }
    vec4 sum = vec4(0.0), count = vec4(0.0);
    vec4 best = vec4(0.0), bestv = vec4(0.0);
    bool found = false;
    float lo = 1e30, hi = -1e30;
    bool wantMin = uOp == 1 || uOp == 5 || uOp == 6;
    for (int y = from.y; y < to.y; y++) {
        for (int x = from.x; x < to.x; x++) {
            vec4 c = texelFetch(sTD2DInputs[0], ivec2(x, y), 0);
            if (uNans == 1 && isnanv(c)) continue;
            vec4 m = vec4(1.0);
            if (uMask >= 1 && uMask <= 4) { if (c[uMask - 1] == 0.0) continue; }
            if (uMask == 5) m = vec4(notEqual(c, vec4(0.0)));
            sum += c * m; count += m;
            if (uOp == 1 || uOp == 2) {
                if (uChannel == 9) {
                    if (!found) { bestv = c; }
                    bestv = uOp == 1 ? min(bestv, c) : max(bestv, c);
                    found = true;
                } else {
                    float k = key(c);
                    if (!found || (uOp == 1 ? k < lo : k > hi)) { best = c; lo = k; hi = k; found = true; }
                }
            }
            if (uOp >= 5) {
                float v = (uOp == 5 || uOp == 7) ? (wantMin ? min(c.r, min(c.g, c.b)) : max(c.r, max(c.g, c.b)))
                                                 : (wantMin ? min(min(c.r, c.g), min(c.b, c.a)) : max(max(c.r, c.g), max(c.b, c.a)));
                lo = min(lo, v); hi = max(hi, v); found = true;
            }
        }
    }
    if (uOp == 0) fragColor = sum / max(count, vec4(1.0));
    else if (uOp == 1 || uOp == 2) fragColor = uChannel == 9 ? bestv : best;
    else if (uOp == 3) fragColor = count;
    else if (uOp == 4) fragColor = sum;
    else fragColor = found ? vec4(wantMin ? lo : hi) : vec4(0.0);
}
"""


def analyze(job):
    """Analyze TOP: https://docs.derivative.ca/Analyze_TOP. Average, minimum or maximum pixel (by
    the Analyze Channel; RGBA Independent per channel), count, sum, and the minimum or maximum of
    RGB or RGBA, over the full image (1x1), each row (1 x height) or each column (width x 1);
    Exclude NaNs, Mask by a channel (or each by its own). Count and Sum are 32-bit float. The
    input is read at its own resolution, pixel by pixel. Slices (3D textures) are not emulated:
    tdsim's TOPs are 2D, so Slices reads as Full Image."""
    top = job.top
    if job.source(0) is None:
        return None
    u = {"uOp": OPS.index(rp.menu(top, "op", OPS, "average")),
         "uChannel": CHANNELS.index(rp.menu(top, "analyzechannel", CHANNELS, "luminance")),
         "uScope": SCOPES.index(rp.menu(top, "scope", SCOPES, "image")) % 3,
         "uMask": MASKS.index(rp.menu(top, "mask", MASKS, "none")), "uNans": int(rp.flag(top, "excludenans"))}
    return Pass(ANALYZE, u, [0], smooth="nearest")


# ---- OP Viewer ------------------------------------------------------------------------------
GRAPH = """
uniform int uChans, uSamples;
uniform vec2 uRange;
const vec3 COLOURS[6] = vec3[](vec3(1.0, 0.35, 0.35), vec3(0.4, 1.0, 0.4), vec3(0.45, 0.6, 1.0),
                               vec3(1.0, 1.0, 0.4), vec3(1.0, 0.5, 1.0), vec3(0.4, 1.0, 1.0));
void main() {
    vec2 px = gl_FragCoord.xy;
    vec2 size = uTDOutputInfo.res.zw;
    vec3 c = vec3(0.12);
    float zero = (0.0 - uRange.x) / (uRange.y - uRange.x) * size.y;
    if (abs(px.y - zero) < 0.75) c = vec3(0.3);
    for (int k = 0; k < uChans; k++) {
        // the channel's curve: the sample under this column, joined to its neighbours
        float s = px.x / size.x * float(max(uSamples - 1, 1));
        int i = int(floor(s));
        float t = s - float(i);
        float a = texelFetch(sTD2DInputs[0], ivec2(min(i, uSamples - 1), k), 0).r;
        float b = texelFetch(sTD2DInputs[0], ivec2(min(i + 1, uSamples - 1), k), 0).r;
        float v = mix(a, b, t);
        float y = (v - uRange.x) / (uRange.y - uRange.x) * size.y;
        float slope = abs(b - a) / (uRange.y - uRange.x) * size.y / max(size.x / float(max(uSamples - 1, 1)), 1.0);
        if (abs(px.y - y) < 1.0 + slope * 0.5) c = COLOURS[k % 6];
    }
    fragColor = vec4(c, 1.0);
}
"""


def opviewer(job):
    """OP Viewer TOP: https://docs.derivative.ca/OP_Viewer_TOP. A TOP's viewer is its image; a
    CHOP's, its channels drawn as curves over the CHOP's samples, scaled to their range, one
    colour a channel (tdsim's drawing of a CHOP viewer: colours and layout UNVERIFIED). Other
    families' viewers (a DAT's table, a SOP's geometry, a COMP's panel) are not emulated."""
    target = rp.reference(job.top, "opviewer")
    if target is None:
        return None
    if getattr(target, "isTOP", False):
        return Pass("void main() { fragColor = texture(sTD2DInputs[0], vUV.st); }", {}, [0]) if job._wired else None
    if not getattr(target, "isCHOP", False):
        return None
    chans = [list(c.vals) for c in target.chans()][:32]
    if not chans:
        return Pass("void main() { fragColor = vec4(0.12, 0.12, 0.12, 1.0); }", {}, [])
    n = max(len(c) for c in chans)
    values = array("f")
    for chan in reversed(chans):        # rows from the top; channel 0 is row 0 from the bottom
        for i in range(n):
            values.extend((float(chan[min(i, len(chan) - 1)]), 0.0, 0.0, 1.0))
    lo = min(min(c) for c in chans)
    hi = max(max(c) for c in chans)
    pad = (hi - lo) * 0.1 or 1.0
    tex = glsl.upload(n, len(chans), None, values.tobytes())
    data = Picture(None, n, len(chans), (n, len(chans)), tex=tex)
    u = {"uChans": len(chans), "uSamples": n, "uRange": [lo - pad, hi + pad]}
    return Pass(GRAPH, u, [data], smooth="nearest")


# ---- Blob Track -----------------------------------------------------------------------------
MONO = ("luminance", "red", "green", "blue", "alpha", "rgbaverage", "average")
MAX_BLOBS = 32
BLOBS = """
uniform int uCount, uDraw;
uniform vec4 uBoxes[%d];
uniform vec3 uColour;
void main() {
    vec4 c = texture(sTD2DInputs[0], vUV.st);
    vec2 p = gl_FragCoord.xy;
    if (uDraw == 1) {
        for (int i = 0; i < uCount; i++) {
            vec4 b = uBoxes[i];
            bool inside = p.x >= b.x - 1.0 && p.y >= b.y - 1.0 && p.x <= b.z + 1.0 && p.y <= b.w + 1.0;
            bool core = p.x >= b.x + 1.0 && p.y >= b.y + 1.0 && p.x <= b.z - 1.0 && p.y <= b.w - 1.0;
            if (inside && !core) c = vec4(uColour, 1.0);
        }
    }
    fragColor = c;
}
""" % MAX_BLOBS


def blobtrack(job):
    """Blob Track TOP: https://docs.derivative.ca/Blob_Track_TOP. The regions of the input brighter
    than `threshold` in the Mono Source channel (4-connected, found by numpy in the renderer), kept
    when their area (a fraction of the image, UNVERIFIED unit) lies between the minimum and maximum
    blob sizes, drawn over the input as boxes in the blob colour with Draw Blobs (at most 32). The
    picture only: blob ids, tracking between frames, revival and the blob data (Info DAT) are not
    emulated."""
    top = job.top
    src = job.source(0)
    if src is None:
        return None
    pic = src if src.is_float else Picture(None, src.w, src.h, src.true_size, drawn_by="shader",
                                           tex=shading.run(job, Pass(PASS, {}, [0], smooth="nearest"), True))
    _tex, answer = glsl.raster({"kind": "blobs", "tex": pic.texture().id,
                                "channel": MONO.index(rp.menu(top, "monosource", MONO, "luminance")),
                                "threshold": rp.number(top, "threshold", 0.5),
                                "minsize": rp.number(top, "minblobsize", 0.0), "maxsize": rp.number(top, "maxblobsize", 1.0)})
    boxes = answer.get("blobs", [])[:MAX_BLOBS]
    sx, sy = job.w / pic.w, job.h / pic.h
    u = {"uCount": len(boxes), "uDraw": int(rp.flag(top, "drawblobs", True)),
         "uColour": rp.colour(top, ("blobcolorr", "blobcolorg", "blobcolorb"), 1.0)}
    for i, (x0, y0, x1, y1, _area) in enumerate(boxes):
        u[f"uBoxes[{i}]"] = [x0 * sx, y0 * sy, x1 * sx, y1 * sy]
    top._tdsim_blobs = boxes
    return Pass(BLOBS, u, [0])


SHADERS = {"analyzeTOP": analyze, "opviewerTOP": opviewer, "blobtrackTOP": blobtrack}
