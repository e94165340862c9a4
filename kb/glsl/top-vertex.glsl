// What TouchDesigner adds for the vertex shader of a GLSL TOP, after top.glsl (Write a GLSL TOP,
// "Vertex Shader"). The quad's position and texture coordinates arrive as SOP attributes; the
// documented example passes uv[0] on and writes gl_Position = TDSOPToProj(vec4(P, 1.0)).
// Declarations only: tdsim runs the pixel shader of a GLSL TOP, not its vertex shader.

in vec3 P;
in vec3 uv[8];   // UNVERIFIED: eight layers as in the GLSL MAT; the page shows uv[0] only

vec4 TDSOPToProj(vec4 v);
