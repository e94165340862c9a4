"""The built-in MATs as GLSL MAT shaders (environment.py runs them like a GLSL MAT): Constant,
Phong, PBR, Wireframe, Line and Point Sprite, each with the parameters of its page
(docs.derivative.ca/<Name>_MAT) that tdsim draws. Colours are written with straight alpha (see `written`).
Approximations, said where they are: PBR is Cook-Torrance with GGX (the page's metallic/roughness
model, TouchDesigner's exact terms differ); the Line MAT draws edges and points in its near
colours at one width (no depth-dependent width or colour, no caps or joins)."""
from __future__ import annotations

VERTEX = """
out Vertex {
    vec4 color;
    vec3 worldPos;
    vec3 worldNorm;
    vec3 uv;
} oVert;
uniform float uPointSize;
uniform int uPointColor;
void main() {
    vec4 worldPos = TDDeform(TDPos());
    gl_Position = TDWorldToProj(worldPos);
    gl_PointSize = uPointSize;
    oVert.worldPos = worldPos.xyz;
    oVert.worldNorm = TDDeformNorm(TDNormal());
    // the point colour when the MAT applies it; an instance colour either way
    oVert.color = TDInstanceColor(uPointColor == 1 ? TDPointColor() : vec4(1.0));
    oVert.uv = TDInstanceTexCoord(TDTexCoord(0u));
}
"""

PIXEL_HEAD = """
in Vertex {
    vec4 color;
    vec3 worldPos;
    vec3 worldNorm;
    vec3 uv;
} iVert;
layout(location = 0) out vec4 fragColor;
uniform int uHasColorMap;
uniform sampler2D sColorMap;
uniform int uPointColor;
uniform int uPostMult;
// The colour written: straight alpha, the Common page's blending (srcblend sa...) weighting it;
// Post-Multiply Alpha multiplies the colour by alpha first (UNVERIFIED which TouchDesigner's
// MATs write when blending is off; opaque colours are the same either way).
vec4 written(vec3 c, float a) { return TDOutputSwizzle(vec4(uPostMult == 1 ? c * a : c, a)); }
vec4 baseColor() {
    vec4 c = iVert.color;
    if (uHasColorMap == 1) c *= texture(sColorMap, iVert.uv.st);
    return c;
}
vec3 toCamera() { return normalize(uTDMats[0].camInverse[3].xyz - iVert.worldPos); }
vec3 normal() {
    vec3 n = normalize(iVert.worldNorm);
    if (dot(n, n) < 0.5) n = normalize(cross(dFdx(iVert.worldPos), dFdy(iVert.worldPos)));
    return gl_FrontFacing ? n : -n;
}
"""

CONSTANT = PIXEL_HEAD + """
uniform vec4 uColor;
void main() {
    vec4 c = baseColor() * uColor;
    fragColor = written(c.rgb, c.a);
}
"""

PHONG = PIXEL_HEAD + """
uniform vec3 uDiffuse, uSpecular, uAmbient, uEmit, uConstant;
uniform float uShininess, uAlpha;
void main() {
    vec3 n = normal(), v = toCamera();
    vec3 diff = vec3(0.0), spec = vec3(0.0);
    for (int i = 0; i < TD_NUM_LIGHTS; i++) {
        TDPhongResult r = TDLighting(i, iVert.worldPos, n, 0.0, vec3(0.0), v, uShininess, uShininess);
        diff += r.diffuse;
        spec += r.specular;
    }
    vec4 base = baseColor();
    vec3 c = base.rgb * (uDiffuse * diff + uAmbient * uTDGeneral.ambientColor.rgb) + uSpecular * spec + uEmit + uConstant;
    fragColor = written(c, uAlpha * base.a);
}
"""

PBR = PIXEL_HEAD + """
uniform vec3 uBase, uEmit, uConstant;
uniform float uMetallic, uRoughness, uSpecularLevel, uAlpha;
void main() {
    vec3 n = normal(), v = toCamera();
    vec4 base = baseColor() * vec4(uBase, 1.0);
    vec3 diffuseColor = base.rgb * (1.0 - uMetallic);
    vec3 specularColor = mix(vec3(0.08 * uSpecularLevel), base.rgb, uMetallic);
    vec3 diff = vec3(0.0), spec = vec3(0.0);
    for (int i = 0; i < TD_NUM_LIGHTS; i++) {
        TDPBRResult r = TDLightingPBR(i, diffuseColor, specularColor, iVert.worldPos, n, 0.0, vec3(0.0), v, uRoughness);
        diff += r.diffuse;
        spec += r.specular;
    }
    vec3 c = diff + spec + diffuseColor * uTDGeneral.ambientColor.rgb + uEmit + uConstant;
    fragColor = written(c, uAlpha * base.a);
}
"""

POINT_SPRITE = PIXEL_HEAD + """
uniform vec4 uColor;
void main() {
    vec4 c = uColor * iVert.color;
    if (uHasColorMap == 1) c *= texture(sColorMap, gl_PointCoord);
    fragColor = written(c.rgb, c.a);
}
"""


def colour(op, rp, names, fallback):
    return [rp.number(op, n, f) for n, f in zip(names, fallback)]


def constant(op, rp):
    """Constant MAT: colour and alpha (times the point colour with Apply Point Colour)."""
    return CONSTANT, {"uColor": colour(op, rp, ("colorr", "colorg", "colorb"), (1, 1, 1)) + [rp.number(op, "alpha", 1.0)],
                      "uPointColor": int(rp.flag(op, "applypointcolor", True))}, {}


def phong(op, rp):
    """Phong MAT: diffuse, specular (shininess), ambient, emit and constant colours, alpha."""
    return PHONG, {"uDiffuse": colour(op, rp, ("diffr", "diffg", "diffb"), (1, 1, 1)),
                   "uSpecular": colour(op, rp, ("specr", "specg", "specb"), (1, 1, 1)),
                   "uAmbient": colour(op, rp, ("ambr", "ambg", "ambb"), (1, 1, 1)),
                   "uEmit": colour(op, rp, ("emitr", "emitg", "emitb"), (0, 0, 0)),
                   "uConstant": colour(op, rp, ("constantr", "constantg", "constantb"), (0, 0, 0)),
                   "uShininess": rp.number(op, "shininess", 51.2), "uAlpha": rp.number(op, "alpha", 1.0),
                   "uPointColor": int(rp.flag(op, "applypointcolor", True))}, {}


def pbr(op, rp):
    """PBR MAT: base colour, metallic, roughness, specular level, emit and constant colours."""
    return PBR, {"uBase": colour(op, rp, ("basecolorr", "basecolorg", "basecolorb"), (1, 1, 1)),
                 "uMetallic": rp.number(op, "metallic", 0.0), "uRoughness": rp.number(op, "roughness", 0.5),
                 "uSpecularLevel": rp.number(op, "specularlevel", 0.5),
                 "uEmit": colour(op, rp, ("emitr", "emitg", "emitb"), (0, 0, 0)),
                 "uConstant": colour(op, rp, ("constantr", "constantg", "constantb"), (0, 0, 0)),
                 "uAlpha": rp.number(op, "alpha", 1.0), "uPointColor": int(rp.flag(op, "applypointcolor", True))}, {}


def wireframe(op, rp):
    """Wireframe MAT: the polygons' edges in its colour and alpha, `linewidth` wide."""
    return CONSTANT, {"uColor": colour(op, rp, ("colorr", "colorg", "colorb"), (1, 1, 1)) + [rp.number(op, "alpha", 1.0)],
                      "uPointColor": 0}, {"wire": True, "linewidth": rp.number(op, "linewidth", 1.0)}


def line(op, rp):
    """Line MAT: edges in the line near colour and points in the point near colour (drawn as
    wire; depth-dependent width and colour, caps and joins are not emulated)."""
    c = colour(op, rp, ("linenearcolorr", "linenearcolorg", "linenearcolorb"), (1, 1, 1)) + [rp.number(op, "linenearalpha", 1.0)]
    return CONSTANT, {"uColor": c, "uPointColor": 0}, {"wire": True, "linewidth": rp.number(op, "widthnear", 2.0)}


def pointsprite(op, rp):
    """Point Sprite MAT: every point a square sprite of `pointsize` pixels in its colour (times
    the colour map across the sprite)."""
    c = colour(op, rp, ("colorr", "colorg", "colorb"), (1, 1, 1)) + [rp.number(op, "alpha", 1.0)]
    return POINT_SPRITE, {"uColor": c, "uPointColor": 1}, {"points": True, "pointsize": rp.number(op, "pointsize", 8.0)}


BUILTIN = {"constantMAT": constant, "phongMAT": phong, "pbrMAT": pbr, "wireframeMAT": wireframe,
           "lineMAT": line, "pointspriteMAT": pointsprite}
COLOR_MAPS = {"constantMAT": "colormap", "phongMAT": "colormap", "pbrMAT": "basecolormap", "pointspriteMAT": "colormap"}
