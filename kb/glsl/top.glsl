// TouchDesigner's declarations for every shader of a GLSL TOP or GLSL Multi TOP (pixel, vertex and
// compute), as svc understands them from the documentation (kb/glsl/README.md lists the pages). svc
// puts `#version <the TOP's glslversion>` and `#define TD_NUM_2D_INPUTS <wired inputs>` before this
// text, then the stage's own file, functions.glsl and the shader.

// Size of a texture: res = (1/width, 1/height, width, height); depth = (1/depth, depth, ...).
struct TDTexInfo {
    vec4 res;
    vec4 depth;
};

#if TD_NUM_2D_INPUTS > 0
uniform sampler2D sTD2DInputs[TD_NUM_2D_INPUTS];
uniform TDTexInfo uTD2DInfos[TD_NUM_2D_INPUTS];
#endif
uniform TDTexInfo uTDOutputInfo;
uniform int uTDCurrentDepth;
uniform int uTDPass;

// Helpers the documentation lists: a 256x256 red-only random texture and a 0..1 sine ramp.
uniform sampler2D sTDNoiseMap;
uniform sampler1D sTDSineLookup;

// Puts each channel where the output texture format expects it. svc renders RGBA only, where
// the channels stay where they are.
vec4 TDOutputSwizzle(vec4 c) { return c; }
uvec4 TDOutputSwizzle(uvec4 c) { return c; }
ivec4 TDOutputSwizzle(ivec4 c) { return c; }

