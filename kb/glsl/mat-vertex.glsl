// What TouchDesigner adds for the vertex shader of a GLSL MAT, after mat.glsl (Write a GLSL
// Material: "Working with Geometry Attributes" and "Vertex Shader Only Functions").

// The SOP attributes as inputs, as shaders written before POPs read them; the page now documents
// the functions below them. UNVERIFIED: that current builds still declare P, N, Cd and uv[].
in vec3 P;
in vec3 N;
in vec4 Cd;
in vec3 uv[8];

vec3 TDPos();
vec3 TDNormal();
vec3 TDTexCoord(uint coordLayer);
vec4 TDPointColor();

vec4 TDWorldToProj(vec4 v);
vec4 TDWorldToProj(vec3 v);
vec4 TDWorldToProj(vec4 v, vec3 uv);
vec4 TDWorldToProj(vec3 v, vec3 uv);
int TDInstanceID();
int TDCameraIndex();
int TDTrueCameraIndex();

vec4 TDDeform(vec4 pos);
vec4 TDDeform(vec3 pos);
vec3 TDDeformVec(vec3 v);
vec3 TDDeformNorm(vec3 n);
vec4 TDDeform(int instanceID, vec3 pos);
vec3 TDDeformVec(int instanceID, vec3 v);
vec3 TDDeformNorm(int instanceID, vec3 n);
vec4 TDSkinnedDeform(vec4 pos);
vec3 TDSkinnedDeformVec(vec3 vec);
vec4 TDInstanceDeform(vec4 pos);
vec3 TDInstanceDeformVec(vec3 vec);

mat4 TDBoneMat(int boneIndex);
mat4 TDInstanceMat(int instanceID);
mat4 TDInstanceMat();
mat3 TDInstanceMat3(int instanceID);
mat3 TDInstanceMat3();
vec3 TDInstanceTexCoord(int instanceID, vec3 t);
vec3 TDInstanceTexCoord(vec3 t);
vec4 TDInstanceColor(int instanceID, vec4 curColor);
vec4 TDInstanceColor(vec4 curColor);
vec4 TDQuadReproject(vec4 v, int camIndex);
vec4 TDPickAdjust(vec4 v, int camIndex);
vec3 TDUVUnwrapCoord();
