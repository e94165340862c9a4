// What TouchDesigner adds for the compute shader of a GLSL TOP (mode: compute), after top.glsl
// (Write a GLSL TOP, "Compute Shader"). The output textures are declared by TouchDesigner and
// written and read through these functions, which apply TDOutputSwizzle() and sRGB encoding
// themselves (builds 2025.30000 and later; earlier builds used sTDComputeOutputs[]). There is no
// vUV: coordinates come from gl_GlobalInvocationID and uTDOutputInfo. Declarations only: tdsim
// does not run compute shaders.

void TDImageStoreOutput(uint index, ivec3 coord, vec4 color);
void TDImageStoreOutput(uint index, uvec3 coord, vec4 color);
vec4 TDImageLoadOutput(uint index, ivec3 coord);
vec4 TDImageLoadOutput(uint index, uvec3 coord);
