"""TOPs that read more than a picture: SSAO (a Render TOP's depth) and Optical Flow (the input's
previous frame)."""
from __future__ import annotations

from .. import renderpars as rp
from .. import scene
from ..picture import Picture
from ..shading import Pass

SSAO = """
uniform int uDirs, uSteps, uCombine, uOrtho;
uniform float uRadius, uAvoid, uContrast, uAtten;
uniform vec2 uProj;                                          // the projection's x and y scales
const float TAU = 6.28318530718;
vec3 viewPos(vec2 uv) {
    float z = texture(sTD2DInputs[1], uv).r;              // distance along the camera's axis
    vec2 ndc = uv * 2.0 - 1.0;
    vec2 xy = uOrtho == 1 ? ndc / uProj : ndc / uProj * z;
    return vec3(xy, -z);
}
void main() {
    vec2 size = uTDOutputInfo.res.zw;
    vec4 colour = texture(sTD2DInputs[0], vUV.st);
    float z = texture(sTD2DInputs[1], vUV.st).r;
    if (z <= 0.0) { fragColor = uCombine == 1 ? colour : vec4(1.0); return; }
    vec3 p = viewPos(vUV.st);
    vec2 px = 1.0 / size;
    vec3 n = normalize(cross(viewPos(vUV.st + vec2(px.x, 0.0)) - viewPos(vUV.st - vec2(px.x, 0.0)),
                             viewPos(vUV.st + vec2(0.0, px.y)) - viewPos(vUV.st - vec2(0.0, px.y))));
    float reach = uOrtho == 1 ? uRadius * uProj.y * 0.5 * size.y : uRadius * uProj.y * 0.5 * size.y / z;
    float hidden = 0.0, total = 0.0;
    for (int d = 0; d < uDirs; d++) {
        float a = (float(d) + 0.5) / float(uDirs) * TAU;
        vec2 dir = vec2(cos(a), sin(a));
        for (int s = 1; s <= uSteps; s++) {
            float t = float(s) / float(uSteps);
            vec2 uv = vUV.st + dir * reach * t / size;
            total += 1.0;
            if (tdsOutside(uv) || texture(sTD2DInputs[1], uv).r <= 0.0) continue;
            vec3 v = viewPos(uv) - p;
            float dist = length(v);
            if (dist < 1e-5 || dist > uRadius) continue;
            // occluders above the surface's tangent plane, nearer ones counting more
            hidden += max(0.0, dot(v / dist, n) - uAvoid) * pow(1.0 - dist / uRadius, uAtten);
        }
    }
    float ao = clamp(1.0 - uContrast * 2.0 * hidden / max(total, 1.0), 0.0, 1.0);
    fragColor = uCombine == 1 ? vec4(colour.rgb * ao, colour.a) : vec4(vec3(ao), 1.0);
}
"""


def ssao(job):
    """SSAO TOP: https://docs.derivative.ca/SSAO_TOP. Ambient occlusion from its input Render TOP's
    depth: around each pixel, `sampledirs` directions of `samplesteps` steps out to `ssaoradius`
    (world units, shrinking with distance) find the surfaces above each pixel's tangent plane
    (positions and normals rebuilt from the depth), by more than `surfaceavoid`, nearer ones
    counting more by `attenuation`, scaled by `contrast`;
    the occlusion alone (white unoccluded) or times the render's colour (`combinewithcolor`).
    tdsim's own screen-space estimate (not TouchDesigner's implementation: the same parameters,
    a different picture in detail); quality, pass resolution and the blur are not emulated."""
    top = job.top
    source = job._wired[0] if job._wired else None
    if source is None or source.OPType not in ("renderTOP", "renderpassTOP"):
        return None
    job.source(0)
    depth = job.render.depths.get(id(source))
    if depth is None:
        _colour, depth = scene.draw(type(job)(source, job.render), depth=True)   # a Job drawing the render
        job.render.depths[id(source)] = depth
    cam = scene.Scene(source, depth.w, depth.h).camera
    u = {"uDirs": max(1, min(16, int(rp.number(top, "sampledirs", 4)))),
         "uSteps": max(1, min(16, int(rp.number(top, "samplesteps", 4)))),
         "uRadius": rp.number(top, "ssaoradius", 1.0), "uAvoid": rp.number(top, "surfaceavoid", 0.05),
         "uContrast": rp.number(top, "contrast", 1.0), "uAtten": rp.number(top, "attenuation", 1.0),
         "uCombine": int(rp.flag(top, "combinewithcolor", True)),
         "uProj": [cam["proj"][0], cam["proj"][5]], "uOrtho": int(bool(cam.get("ortho")))}
    return Pass(SSAO, u, [0, Picture(None, depth.w, depth.h, (depth.w, depth.h), tex=depth)])


FLOW = """
uniform vec2 uGain;
float lum(vec2 uv, int which) {
    vec4 c = which == 0 ? texture(sTD2DInputs[0], uv) : texture(sTD2DInputs[1], uv);
    return tdsLum(c.rgb);
}
void main() {
    vec2 px = 1.0 / uTDOutputInfo.res.zw;
    float a = 0.0, b = 0.0, c = 0.0, e = 0.0, f = 0.0;
    for (int y = -3; y <= 3; y++) {
        for (int x = -3; x <= 3; x++) {
            vec2 uv = vUV.st + vec2(x, y) * px;
            float ix = (lum(uv + vec2(px.x, 0.0), 0) - lum(uv - vec2(px.x, 0.0), 0)) * 0.5;
            float iy = (lum(uv + vec2(0.0, px.y), 0) - lum(uv - vec2(0.0, px.y), 0)) * 0.5;
            float it = lum(uv, 0) - lum(uv, 1);
            a += ix * ix; b += ix * iy; c += iy * iy; e += ix * it; f += iy * it;
        }
    }
    float det = a * c - b * b;
    vec2 flow = det > 1e-6 ? vec2(-(c * e - b * f), -(a * f - b * e)) / det : vec2(0.0);
    fragColor = vec4(flow * uGain, 0.0, 1.0);
}
"""


def opticalflow(job):
    """Optical Flow TOP: https://docs.derivative.ca/Optical_Flow_TOP. The motion of the input since
    its previous cooked frame, in pixels (x in red, y in green, times `gain`), by Lucas-Kanade over
    a 7x7 window of luminance gradients; the previous frame is kept when the TOP cooks (once a
    frame, as the Cache TOP captures). tdsim's own estimate, not NVIDIA's Optical Flow SDK that
    TouchDesigner uses: grid size, quality and the cost output are not emulated. Before a second
    frame, zero (UNVERIFIED)."""
    top = job.top
    src = job.source(0)
    if src is None:
        return None
    frame = top._world.loop.frame
    keep = getattr(top, "_tdsim_flow", None)
    if keep is None or keep[1] != frame:
        previous = keep[2] if keep is not None else None
        keep = top._tdsim_flow = (previous, frame, src)
    previous = keep[0]
    if previous is None:
        return Pass("void main() { fragColor = vec4(0.0, 0.0, 0.0, 1.0); }", {}, [])
    u = {"uGain": [rp.number(top, "gainx", 1.0), rp.number(top, "gainy", 1.0)]}
    return Pass(FLOW, u, [0, previous])


SHADERS = {"ssaoTOP": ssao, "opticalflowTOP": opticalflow}
