// What TouchDesigner adds for the pixel shader of a GLSL MAT, after mat.glsl (Write a GLSL
// Material: "Pixel Shader Only Functions" and the lighting functions).

bool TDFrontFacing(vec3 position, vec3 normal);
void TDCheckDiscard();
vec2 TDPointCoord();
vec4 TDPixelColor(vec4 c);
void TDAlphaTest(float alphaValue);
vec4 TDFog(vec4 curColor, vec3 worldSpacePos, int cameraIndex);
vec4 TDDither(vec4 curColor);
vec4 TDOutputSwizzle(vec4 curColor);

struct TDPBRResult {
    vec3 diffuse;
    vec3 specular;
    float shadowStrength;
};
TDPBRResult TDLightingPBR(int lightIndex, vec3 diffuseColor, vec3 specularColor, vec3 worldSpacePos,
    vec3 worldSpaceNormal, float shadowStrength, vec3 shadowColor, vec3 vertToCamVec, float roughness);
TDPBRResult TDEnvLightingPBR(inout vec3 diffuseContrib, inout vec3 specularContrib, int lightIndex,
    vec3 diffuseColor, vec3 specularColor, vec3 worldSpaceNormal, vec3 vertToCamVec, float roughness,
    float ambientOcclusion);

struct TDPhongResult {
    vec3 diffuse;
    vec3 specular;
    vec3 specular2;
    float shadowStrength;
};
TDPhongResult TDLighting(int lightIndex, vec3 worldSpacePos, vec3 worldSpaceNorm, float shadowStrength,
    vec3 shadowColor, vec3 vertToCamVec, float shininess, float shininess2);

float TDHardShadow(int lightIndex, vec3 worldSpacePos);
float TDSoftShadow(int lightIndex, vec3 worldSpacePos);
float TDSoftShadow(int lightIndex, vec3 worldSpacePos, int samples, int searchSteps);
vec4 TDProjMap(int lightIndex, vec3 worldSpacePosition, vec4 defaultColor);
vec4 TDEnvLightTextureLod(int lightIndex, vec2 coord, float mipLevel);
vec4 TDEnvLightTextureLod(int lightIndex, vec3 coord, float mipLevel);
float TDCompareShadowTexture(int lightIndex, vec2 coord, float depth);
float TDCompareShadowTextureProj(int lightIndex, vec4 coord);
float TDShadowTexture(int lightIndex, vec2 coord);
float TDShadowTextureProj(int lightIndex, vec3 coord);
vec4 TDProjTexture(int lightIndex, vec2 coord, float mipMapBias);
vec4 TDProjTextureProj(int lightIndex, vec3 coord);
float TDConeLookup(int lightIndex, float coord);
