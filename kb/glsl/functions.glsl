// TouchDesigner's functions available in every shader stage (Write a GLSL TOP, Write a GLSL
// Material: "Common Functions"). Declarations follow the documentation; the function bodies are svc's
// own, written so that tdsim can run shaders: TouchDesigner's noise and colour code differs.

// Colour space conversions, hue in 0..1.
vec3 TDRGBToHSV(vec3 c) {
    vec4 k = vec4(0.0, -1.0 / 3.0, 2.0 / 3.0, -1.0);
    vec4 p = c.g < c.b ? vec4(c.bg, k.wz) : vec4(c.gb, k.xy);
    vec4 q = c.r < p.x ? vec4(p.xyw, c.r) : vec4(c.r, p.yzx);
    float d = q.x - min(q.w, q.y);
    return vec3(abs(q.z + (q.w - q.y) / (6.0 * d + 1e-10)), d / (q.x + 1e-10), q.x);
}
vec3 TDHSVToRGB(vec3 c) {
    vec3 p = abs(fract(c.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return c.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), c.y);
}

// Noise in -1..1. svc's gradient noise; TouchDesigner's Perlin and simplex noise look different.
vec4 tdsvcHash4(vec4 p) {
    p = fract(p * vec4(0.1031, 0.1030, 0.0973, 0.1099));
    p += dot(p, p.wzxy + 33.33);
    return fract((p.xxyz + p.yzzw) * p.zywx) * 2.0 - 1.0;
}
float tdsvcNoise(vec4 p) {
    vec4 i = floor(p);
    vec4 f = fract(p);
    vec4 u = f * f * (3.0 - 2.0 * f);
    float result = 0.0;
    for (int corner = 0; corner < 16; corner++) {
        vec4 o = vec4(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1, (corner >> 3) & 1);
        vec4 w = mix(1.0 - u, u, o);
        result += w.x * w.y * w.z * w.w * dot(tdsvcHash4(i + o), f - o);
    }
    return clamp(result * 1.6, -1.0, 1.0);
}
float TDPerlinNoise(vec2 v) { return tdsvcNoise(vec4(v, 0.0, 0.0)); }
float TDPerlinNoise(vec3 v) { return tdsvcNoise(vec4(v, 0.0)); }
float TDPerlinNoise(vec4 v) { return tdsvcNoise(v); }
float TDSimplexNoise(vec2 v) { return tdsvcNoise(vec4(v, 0.0, 0.0)); }
float TDSimplexNoise(vec3 v) { return tdsvcNoise(vec4(v, 0.0)); }
float TDSimplexNoise(vec4 v) { return tdsvcNoise(v); }

// Transform matrices.
mat4 TDTranslate(float x, float y, float z) {
    return mat4(1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, z, 1.0);
}
mat3 TDScale(float x, float y, float z) { return mat3(x, 0.0, 0.0, 0.0, y, 0.0, 0.0, 0.0, z); }
mat3 TDRotateOnAxis(float radians, vec3 axis) {
    vec3 a = normalize(axis);
    float s = sin(radians), c = cos(radians), t = 1.0 - c;
    return mat3(t * a.x * a.x + c, t * a.x * a.y + s * a.z, t * a.x * a.z - s * a.y,
                t * a.x * a.y - s * a.z, t * a.y * a.y + c, t * a.y * a.z + s * a.x,
                t * a.x * a.z + s * a.y, t * a.y * a.z - s * a.x, t * a.z * a.z + c);
}
mat3 TDRotateX(float radians) { return TDRotateOnAxis(radians, vec3(1.0, 0.0, 0.0)); }
mat3 TDRotateY(float radians) { return TDRotateOnAxis(radians, vec3(0.0, 1.0, 0.0)); }
mat3 TDRotateZ(float radians) { return TDRotateOnAxis(radians, vec3(0.0, 0.0, 1.0)); }
mat3 TDCreateRotMatrix(vec3 from, vec3 to) {
    vec3 axis = cross(from, to);
    float s = length(axis);
    if (s < 1e-6) return dot(from, to) >= 0.0 ? mat3(1.0) : TDRotateOnAxis(3.14159265, abs(from.x) < 0.9 ? cross(from, vec3(1.0, 0.0, 0.0)) : cross(from, vec3(0.0, 1.0, 0.0)));
    return TDRotateOnAxis(atan(s, dot(from, to)), axis);
}
mat3 TDRotateToVector(vec3 forward, vec3 up) {
    vec3 f = normalize(forward);
    vec3 r = normalize(cross(up, f));
    return mat3(r, cross(f, r), f);
}
