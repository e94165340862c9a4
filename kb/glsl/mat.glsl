// TouchDesigner's declarations for every shader of a GLSL MAT (Write a GLSL Material, "TouchDesigner
// specific Uniforms" and "Common Functions"). svc puts `#version`, the stage's define
// (TD_VERTEX_SHADER or TD_PIXEL_SHADER) and TD_NUM_LIGHTS / TD_NUM_ENV_LIGHTS / TD_NUM_CAMERAS
// before this text; TouchDesigner recompiles a material for each lighting set-up, svc checks one
// (one light, one camera). Declarations only: tdsim does not render materials.

struct TDGeneral {
    vec4 ambientColor;
    vec4 nearFar;
    vec4 viewport;
    vec4 viewportRes;
    vec4 fog;
    vec4 fogColor;
};
layout(std140) uniform TDGeneralBlock { TDGeneral uTDGeneral; };

struct TDMatrix {
    mat4 world;
    mat4 worldInverse;
    mat4 worldCam;
    mat4 worldCamInverse;
    mat4 cam;
    mat4 camInverse;
    mat4 camProj;
    mat4 camProjInverse;
    mat4 proj;
    mat4 projInverse;
    mat4 worldCamProj;
    mat4 worldCamProjInverse;
    mat4 quadReproject;
    mat3 worldForNormals;
    mat3 camForNormals;
    mat3 worldCamForNormals;
};
layout(std140) uniform TDMatricesBlock { TDMatrix uTDMats[TD_NUM_CAMERAS]; };

struct TDCameraInfo {
    vec4 nearFar;
    vec4 fog;
    vec4 fogColor;
    int renderTOPCameraIndex;
};
layout(std140) uniform TDCameraInfoBlock { TDCameraInfo uTDCamInfos[TD_NUM_CAMERAS]; };

// Common functions of every stage besides those in functions.glsl.
float TDSineLookup(float coord);
mat3 TDCreateTBNMatrix(vec3 normal, vec3 tangent, float handedness);
vec3 TDEquirectangularToCubeMap(vec2 equiCoord);
vec2 TDCubeMapToEquirectangular(vec3 cubemapCoord);
vec2 TDCubeMapToEquirectangular(vec3 cubemapCoord, out float mipMapBias);
