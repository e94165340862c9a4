// What TouchDesigner adds for the pixel shader of a GLSL TOP, after top.glsl.

// The texture coordinate of this pixel; .st runs from 0 to 1 across the output.
in vec3 vUV;

// A small offset against banding in 8-bit output.
vec4 TDDither(vec4 c) {
    float n = fract(sin(dot(gl_FragCoord.xy, vec2(12.9898, 78.233))) * 43758.5453);
    return c + vec4(vec3((n - 0.5) / 255.0), 0.0);
}

