"""The Composite TOP's operations as GLSL (`tdsBlend(a, b, code)`, a = the first input, b = the
second), shared by every TOP that composites: Composite, Over, Add, Multiply, Subtract,
Difference, Inside, Outside, Under, and the generators' Comp Over Input.

Colours are pre-multiplied by alpha, as TouchDesigner's TOPs keep them (Pixel Formats page).
Over places the first input over the second (a + b (1 - a.alpha)), Under the first under the
second. Arithmetic operations act on all four channels; operations from painting programs
(overlay, dodge, burn...) act on RGB with the formulas those programs publish, alpha taken as
over's (UNVERIFIED: the Composite TOP page names each operation without its formula).
Composite TOP: https://docs.derivative.ca/Composite_TOP
"""

OPERANDS = ("add", "atop", "average", "brightest", "burncolor", "burnlinear", "chromadifference", "color",
            "darkercolor", "difference", "dimmest", "divide", "dodge", "exclude", "freeze", "glow", "hardlight",
            "hardmix", "heat", "hue", "inside", "insideluminance", "inverse", "lightercolor",
            "luminancedifference", "maximum", "minimum", "multiply", "negate", "outside", "outsideluminance",
            "over", "overlay", "pinlight", "reflect", "screen", "softlight", "linearlight", "stencilluminance",
            "subtract", "subtractive", "under", "vividlight", "xor", "yfilm", "zfilm")


def code(operand, fallback="add"):
    return OPERANDS.index(operand) if operand in OPERANDS else OPERANDS.index(fallback)


def _index(name):
    return OPERANDS.index(name)


GLSL = """
vec3 tdsSafeDiv(vec3 a, vec3 b) { return a / max(b, vec3(1e-5)); }
vec4 tdsPaint(vec4 a, vec4 b, vec3 rgb) {
    float alpha = a.a + b.a * (1.0 - a.a);
    return vec4(rgb * alpha, alpha);
}
vec4 tdsBlend(vec4 a, vec4 b, int op) {
    vec3 ua = a.a > 0.0 ? a.rgb / a.a : vec3(0.0);
    vec3 ub = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
    float la = tdsLum(a.rgb), lb = tdsLum(b.rgb);
    switch (op) {
    case %(add)d: return a + b;
    case %(atop)d: return a * b.a + b * (1.0 - a.a);
    case %(average)d: return (a + b) * 0.5;
    case %(brightest)d: case %(lightercolor)d: return la >= lb ? a : b;
    case %(burncolor)d: return tdsPaint(a, b, 1.0 - tdsSafeDiv(1.0 - ub, ua));
    case %(burnlinear)d: return tdsPaint(a, b, ua + ub - 1.0);
    case %(chromadifference)d: return vec4(abs(a.rgb - b.rgb - (la - lb)), max(a.a, b.a));
    case %(color)d: { vec3 ha = TDRGBToHSV(ua), hb = TDRGBToHSV(ub);
        return tdsPaint(a, b, TDHSVToRGB(vec3(ha.x, ha.y, hb.z))); }
    case %(darkercolor)d: case %(dimmest)d: return la <= lb ? a : b;
    case %(difference)d: return vec4(abs(a.rgb - b.rgb), 1.0);
    case %(divide)d: return tdsPaint(a, b, tdsSafeDiv(ua, ub));
    case %(dodge)d: return tdsPaint(a, b, tdsSafeDiv(ub, 1.0 - ua));
    case %(exclude)d: return tdsPaint(a, b, ua + ub - 2.0 * ua * ub);
    case %(freeze)d: return tdsPaint(a, b, 1.0 - tdsSafeDiv((1.0 - ua) * (1.0 - ua), ub));
    case %(glow)d: return tdsPaint(a, b, tdsSafeDiv(ua * ua, 1.0 - ub));
    case %(hardlight)d: return tdsPaint(a, b, mix(2.0 * ua * ub, 1.0 - 2.0 * (1.0 - ua) * (1.0 - ub), step(0.5, ua)));
    case %(hardmix)d: return tdsPaint(a, b, step(1.0, ua + ub));
    case %(heat)d: return tdsPaint(a, b, 1.0 - tdsSafeDiv((1.0 - ub) * (1.0 - ub), ua));
    case %(hue)d: { vec3 ha = TDRGBToHSV(ua), hb = TDRGBToHSV(ub);
        return tdsPaint(a, b, TDHSVToRGB(vec3(ha.x, hb.y, hb.z))); }
    case %(inside)d: return a * b.a;
    case %(insideluminance)d: return a * lb;
    case %(inverse)d: return vec4(abs(1.0 - a.rgb - b.rgb), max(a.a, b.a));
    case %(luminancedifference)d: return vec4(vec3(abs(la - lb)), max(a.a, b.a));
    case %(maximum)d: return max(a, b);
    case %(minimum)d: return min(a, b);
    case %(multiply)d: return a * b;
    case %(negate)d: return vec4(1.0 - abs(1.0 - a.rgb - b.rgb), max(a.a, b.a));
    case %(outside)d: return a * (1.0 - b.a);
    case %(outsideluminance)d: return a * (1.0 - lb);
    case %(over)d: return a + b * (1.0 - a.a);
    case %(overlay)d: return tdsPaint(a, b, mix(2.0 * ua * ub, 1.0 - 2.0 * (1.0 - ua) * (1.0 - ub), step(0.5, ub)));
    case %(pinlight)d: return tdsPaint(a, b, mix(min(ub, 2.0 * ua), max(ub, 2.0 * ua - 1.0), step(0.5, ua)));
    case %(reflect)d: return tdsPaint(a, b, tdsSafeDiv(ub * ub, 1.0 - ua));
    case %(screen)d: return 1.0 - (1.0 - a) * (1.0 - b);
    case %(softlight)d: return tdsPaint(a, b, mix(ub - (1.0 - 2.0 * ua) * ub * (1.0 - ub),
                                               ub + (2.0 * ua - 1.0) * (sqrt(ub) - ub), step(0.5, ua)));
    case %(linearlight)d: return tdsPaint(a, b, ub + 2.0 * ua - 1.0);
    case %(stencilluminance)d: return b * la;
    case %(subtract)d: return a - b;
    case %(subtractive)d: return a + b - 1.0;
    case %(under)d: return b + a * (1.0 - b.a);
    case %(vividlight)d: return tdsPaint(a, b, mix(1.0 - tdsSafeDiv(1.0 - ub, 2.0 * ua), tdsSafeDiv(ub, 2.0 * (1.0 - ua)), step(0.5, ua)));
    case %(xor)d: return a * (1.0 - b.a) + b * (1.0 - a.a);
    case %(yfilm)d: return vec4(ua.r, ub.g, ub.b, 1.0) * max(a.a, b.a);
    case %(zfilm)d: return vec4(ub.r, ua.g, ua.b, 1.0) * max(a.a, b.a);
    }
    return a + b;
}
""" % {name: i for i, name in enumerate(OPERANDS)}
