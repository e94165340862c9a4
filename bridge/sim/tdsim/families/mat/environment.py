"""A material's shaders as tdsim's renderer runs them: TouchDesigner's GLSL MAT environment from the
kb (kb/glsl/mat.glsl, mat-vertex.glsl or mat-pixel.glsl, functions.glsl: the text `svc check`
compiles with), then the shader, then tdsim's implementation of the environment's functions
(below): TouchDesigner's own code differs; what each does is documented on "Write a GLSL
Material" (docs.derivative.ca/Write_a_GLSL_Material) and followed here.

Lights: point, cone and distant lights (Light COMP) and ambient light (Ambient Light COMP, in
uTDGeneral.ambientColor); shadows are not drawn (TDHardShadow and TDSoftShadow give 0: no shadow).
Instances: translate, rotate (degrees, `rord` xyz), scale, colour and texture coordinate per
instance, from tdsim's instance attributes."""
from __future__ import annotations

import os

from ..top.glsltop import glsl_dir

MAX_LIGHTS = 8
_files: dict = {}


def _read(name):
    if name not in _files:
        with open(os.path.join(glsl_dir(), name), encoding="utf-8") as f:
            _files[name] = f.read()
    return _files[name]


VERTEX_IMPLEMENTATION = """
// ---- tdsim's implementation of the GLSL MAT vertex functions ----
in vec3 tdsInstT;
in vec3 tdsInstR;
in vec3 tdsInstS;
in vec4 tdsInstCd;
in vec3 tdsInstUV;
uniform int tdsInstanceColorMode;   // -1 none, 0 replace, 1 multiply, 2 add, 3 subtract
uniform int tdsInstanceTexMode;     // -1 none, 0 replace, 1 transform (add)
mat3 tdsRot(vec3 deg) {
    vec3 r = radians(deg);
    mat3 rx = mat3(1.0, 0.0, 0.0, 0.0, cos(r.x), sin(r.x), 0.0, -sin(r.x), cos(r.x));
    mat3 ry = mat3(cos(r.y), 0.0, -sin(r.y), 0.0, 1.0, 0.0, sin(r.y), 0.0, cos(r.y));
    mat3 rz = mat3(cos(r.z), sin(r.z), 0.0, -sin(r.z), cos(r.z), 0.0, 0.0, 0.0, 1.0);
    return rz * ry * rx;
}
mat4 TDInstanceMat(int instanceID) {
    mat3 m = tdsRot(tdsInstR) * mat3(tdsInstS.x, 0.0, 0.0, 0.0, tdsInstS.y, 0.0, 0.0, 0.0, tdsInstS.z);
    return mat4(vec4(m[0], 0.0), vec4(m[1], 0.0), vec4(m[2], 0.0), vec4(tdsInstT, 1.0));
}
mat4 TDInstanceMat() { return TDInstanceMat(gl_InstanceID); }
mat3 TDInstanceMat3(int instanceID) { return mat3(TDInstanceMat(instanceID)); }
mat3 TDInstanceMat3() { return TDInstanceMat3(gl_InstanceID); }
vec3 TDPos() { return P; }
vec3 TDNormal() { return N; }
vec3 TDTexCoord(uint coordLayer) { return uv[coordLayer]; }
vec4 TDPointColor() { return Cd; }
int TDInstanceID() { return gl_InstanceID; }
int TDCameraIndex() { return 0; }
int TDTrueCameraIndex() { return 0; }
vec4 TDInstanceDeform(vec4 pos) { return TDInstanceMat() * pos; }
vec3 TDInstanceDeformVec(vec3 v) { return mat3(TDInstanceMat()) * v; }
vec4 TDDeform(vec4 pos) { return uTDMats[0].world * TDInstanceMat() * pos; }
vec4 TDDeform(vec3 pos) { return TDDeform(vec4(pos, 1.0)); }
vec4 TDDeform(int instanceID, vec3 pos) { return uTDMats[0].world * TDInstanceMat(instanceID) * vec4(pos, 1.0); }
vec3 TDDeformVec(vec3 v) { return mat3(uTDMats[0].world) * mat3(TDInstanceMat()) * v; }
vec3 TDDeformVec(int instanceID, vec3 v) { return mat3(uTDMats[0].world) * mat3(TDInstanceMat(instanceID)) * v; }
vec3 TDDeformNorm(vec3 n) {
    mat3 m = mat3(uTDMats[0].world) * mat3(TDInstanceMat());
    return normalize(transpose(inverse(m)) * n);
}
vec3 TDDeformNorm(int instanceID, vec3 n) { return TDDeformNorm(n); }
vec4 TDSkinnedDeform(vec4 pos) { return pos; }
vec3 TDSkinnedDeformVec(vec3 v) { return v; }
mat4 TDBoneMat(int boneIndex) { return mat4(1.0); }
vec4 TDWorldToProj(vec4 v) { return uTDMats[0].camProj * v; }
vec4 TDWorldToProj(vec3 v) { return TDWorldToProj(vec4(v, 1.0)); }
vec4 TDWorldToProj(vec4 v, vec3 uv) { return TDWorldToProj(v); }
vec4 TDWorldToProj(vec3 v, vec3 uv) { return TDWorldToProj(vec4(v, 1.0)); }
vec4 TDInstanceColor(int instanceID, vec4 c) {
    if (tdsInstanceColorMode == 0) return tdsInstCd;
    if (tdsInstanceColorMode == 1) return c * tdsInstCd;
    if (tdsInstanceColorMode == 2) return c + tdsInstCd;
    if (tdsInstanceColorMode == 3) return c - tdsInstCd;
    return c;
}
vec4 TDInstanceColor(vec4 c) { return TDInstanceColor(gl_InstanceID, c); }
vec3 TDInstanceTexCoord(int instanceID, vec3 t) {
    if (tdsInstanceTexMode == 0) return tdsInstUV;
    if (tdsInstanceTexMode == 1) return t + tdsInstUV;
    return t;
}
vec3 TDInstanceTexCoord(vec3 t) { return TDInstanceTexCoord(gl_InstanceID, t); }
vec4 TDQuadReproject(vec4 v, int camIndex) { return v; }
vec4 TDPickAdjust(vec4 v, int camIndex) { return v; }
vec3 TDUVUnwrapCoord() { return uv[0]; }
float TDSineLookup(float coord) { return 0.5 - 0.5 * cos(coord * 3.14159265); }
"""

PIXEL_IMPLEMENTATION = """
// ---- tdsim's implementation of the GLSL MAT pixel functions ----
uniform int tdsNumLights;
uniform vec4 tdsLightPos[%(n)d];     // xyz, w: 0 point, 1 cone, 2 distant
uniform vec4 tdsLightDir[%(n)d];     // the direction a cone or distant light shines
uniform vec4 tdsLightColor[%(n)d];   // colour times dimmer
uniform vec4 tdsLightCone[%(n)d];    // cos of the half angle, cos of the half angle less the delta
uniform vec4 tdsLightAtten[%(n)d];   // start, end, exponent, on
float tdsLightFactor(int i, vec3 worldPos, out vec3 toLight) {
    vec4 lp = tdsLightPos[i];
    if (lp.w > 1.5) { toLight = -normalize(tdsLightDir[i].xyz); return 1.0; }
    vec3 d = lp.xyz - worldPos;
    float dist = length(d);
    toLight = d / max(dist, 1e-6);
    float k = 1.0;
    vec4 at = tdsLightAtten[i];
    if (at.w > 0.5) k = pow(clamp(1.0 - (dist - at.x) / max(at.y - at.x, 1e-6), 0.0, 1.0), max(at.z, 1e-6));
    if (lp.w > 0.5) k *= smoothstep(tdsLightCone[i].x, tdsLightCone[i].y, dot(-toLight, normalize(tdsLightDir[i].xyz)));
    return k;
}
TDPhongResult TDLighting(int lightIndex, vec3 worldSpacePos, vec3 worldSpaceNorm, float shadowStrength,
                         vec3 shadowColor, vec3 vertToCamVec, float shininess, float shininess2) {
    TDPhongResult r;
    vec3 l;
    float k = tdsLightFactor(lightIndex, worldSpacePos, l);
    vec3 c = tdsLightColor[lightIndex].rgb * k;
    vec3 n = normalize(worldSpaceNorm);
    r.diffuse = c * max(dot(n, l), 0.0);
    vec3 h = normalize(l + normalize(vertToCamVec));
    float facing = dot(n, l) > 0.0 ? 1.0 : 0.0;
    r.specular = c * pow(max(dot(n, h), 0.0), max(shininess, 1e-4)) * facing;
    r.specular2 = c * pow(max(dot(n, h), 0.0), max(shininess2, 1e-4)) * facing;
    r.shadowStrength = 0.0;
    return r;
}
TDPBRResult TDLightingPBR(int lightIndex, vec3 diffuseColor, vec3 specularColor, vec3 worldSpacePos,
                          vec3 worldSpaceNormal, float shadowStrength, vec3 shadowColor, vec3 vertToCamVec, float roughness) {
    // Cook-Torrance with GGX distribution, Schlick's Fresnel and Smith's visibility
    TDPBRResult r;
    vec3 l;
    float k = tdsLightFactor(lightIndex, worldSpacePos, l);
    vec3 c = tdsLightColor[lightIndex].rgb * k;
    vec3 n = normalize(worldSpaceNormal), v = normalize(vertToCamVec), h = normalize(l + v);
    float nl = max(dot(n, l), 0.0), nv = max(dot(n, v), 1e-4), nh = max(dot(n, h), 0.0), vh = max(dot(v, h), 0.0);
    float a = max(roughness * roughness, 1e-3);
    float dd = nh * nh * (a * a - 1.0) + 1.0;
    float D = a * a / (3.14159265 * dd * dd);
    vec3 F = specularColor + (1.0 - specularColor) * pow(1.0 - vh, 5.0);
    float kk = a / 2.0;
    float G = (nl / (nl * (1.0 - kk) + kk)) * (nv / (nv * (1.0 - kk) + kk));
    r.specular = c * D * F * G / max(4.0 * nl * nv, 1e-4) * nl;
    r.diffuse = c * diffuseColor * nl;
    r.shadowStrength = 0.0;
    return r;
}
TDPBRResult TDEnvLightingPBR(inout vec3 diffuseContrib, inout vec3 specularContrib, int lightIndex,
    vec3 diffuseColor, vec3 specularColor, vec3 worldSpaceNormal, vec3 vertToCamVec, float roughness,
    float ambientOcclusion) {
    TDPBRResult r;
    r.diffuse = vec3(0.0);
    r.specular = vec3(0.0);
    r.shadowStrength = 0.0;
    return r;
}
bool TDFrontFacing(vec3 position, vec3 normal) { return gl_FrontFacing; }
void TDCheckDiscard() {}
vec2 TDPointCoord() { return gl_PointCoord; }
vec4 TDPixelColor(vec4 c) { return c; }
void TDAlphaTest(float alphaValue) {}
vec4 TDFog(vec4 curColor, vec3 worldSpacePos, int cameraIndex) { return curColor; }
vec4 TDDither(vec4 curColor) { return curColor; }
vec4 TDOutputSwizzle(vec4 curColor) { return curColor; }
float TDHardShadow(int lightIndex, vec3 worldSpacePos) { return 0.0; }
float TDSoftShadow(int lightIndex, vec3 worldSpacePos) { return 0.0; }
float TDSoftShadow(int lightIndex, vec3 worldSpacePos, int samples, int searchSteps) { return 0.0; }
vec4 TDProjMap(int lightIndex, vec3 worldSpacePosition, vec4 defaultColor) { return defaultColor; }
float TDConeLookup(int lightIndex, float coord) { return 1.0; }
float TDSineLookup(float coord) { return 0.5 - 0.5 * cos(coord * 3.14159265); }
""" % {"n": MAX_LIGHTS}


def source(stage, shader, version=460, lights=1):
    """The complete text of a material's vertex or pixel shader; #line 1 puts the shader's own
    lines at their numbers in the DAT."""
    env = _read("mat.glsl") + "\n" + _read("mat-vertex.glsl" if stage == "vertex" else "mat-pixel.glsl") + "\n" + _read("functions.glsl")
    define = "TD_VERTEX_SHADER" if stage == "vertex" else "TD_PIXEL_SHADER"
    implementation = VERTEX_IMPLEMENTATION if stage == "vertex" else PIXEL_IMPLEMENTATION
    return (f"#version {version}\n#define {define}\n#define TD_NUM_LIGHTS {lights}\n#define TD_NUM_ENV_LIGHTS 0\n"
            f"#define TD_NUM_CAMERAS 1\n{env}\n#line 1 1\n{shader}\n#line 1 2\n{implementation}")
