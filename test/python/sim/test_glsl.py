"""GLSL TOPs run for real in tdsim (Mesa's llvmpipe through OSMesa, in the renderer process), with
TouchDesigner's environment, the node's uniforms and its inputs; compile errors show on the node;
where shaders cannot run, the node says so. Needs libosmesa6, python3-opengl and python3-numpy."""

import os

from .support import SimTestCase
from .test_png import decode, pixel

import tdsim  # noqa: E402
from tdsim.families.top import glsl  # noqa: E402

BANDS = """uniform vec4 uField;
uniform vec4 uTint;
out vec4 fragColor;
void main() {
    vec4 src = texture(sTD2DInputs[0], vUV.st);
    float v = 0.5 + 0.5 * sin(vUV.s * 12.0 + uField.x);
    fragColor = TDOutputSwizzle(vec4(v * uTint.rgb * src.rgb, 1.0));
}
"""


class GlslTopTest(SimTestCase):
    def glsl(self, text, w=64, h=32):
        g = self.create("glslTOP")
        g.par.outputresolution = "custom"
        g.par.resolutionw, g.par.resolutionh = w, h
        dat = self.create("textDAT")
        dat.text = text
        g.par.pixeldat = dat
        return g, dat

    def white(self):
        c = self.create("constantTOP")
        c.par.colorr = c.par.colorg = c.par.colorb = 1.0
        return c

    def image(self, top):
        return decode(bytes(top.saveByteArray(".png")))

    def test_shader_runs_with_uniforms_input_and_resolution(self):
        self.assertIsNone(glsl.unavailable())
        g, _ = self.glsl(BANDS)
        g.inputConnectors[0].connect(self.white())
        g.par.vec0name, g.par.color0name = "uField", "uTint"
        g.par.vec0valuex.expr = "absTime.seconds * 4"
        g.par.color0rgbr, g.par.color0rgbg, g.par.color0rgbb = 1.0, 0.5, 0.0
        self.assertEqual((g.errors(), g.warnings()), ("", ""))
        w, h, first = self.image(g)
        self.assertEqual((w, h), (64, 32))
        reds = {pixel(first, w, x, 10)[0] for x in range(w)}
        self.assertGreater(len(reds), 20)                          # bands, not a flat colour
        r, gr, b, a = pixel(first, w, 20, 10)
        self.assertEqual((b, a), (0, 255))                         # the tint's blue is 0
        self.assertAlmostEqual(gr, r / 2, delta=1)                 # and its green half the red
        self.assertEqual(pixel(first, w, 20, 0), pixel(first, w, 20, 31))   # vertical bands
        tdsim.step(10)
        self.assertNotEqual(self.image(g)[2], first)               # the time uniform moved them

    def test_inputs_are_sampled_with_the_picture_the_right_way_up(self):
        ramp = self.create("rampTOP")
        ramp.par.type = "vertical"
        g, _ = self.glsl("out vec4 fragColor;\nvoid main() { fragColor = texture(sTD2DInputs[0], vUV.st); }\n")
        g.inputConnectors[0].connect(ramp)
        w, h, direct = self.image(ramp)
        w2, h2, through = self.image(g)
        self.assertLess(abs(pixel(through, w2, 5, 0)[0] - pixel(direct, w, 5, 0)[0]), 12)
        self.assertLess(abs(pixel(through, w2, 5, h2 - 1)[0] - pixel(direct, w, 5, h - 1)[0]), 12)
        self.assertNotEqual(pixel(through, w2, 5, 0)[0], pixel(through, w2, 5, h2 - 1)[0])

    def test_compile_error_is_on_the_node_with_the_shader_line(self):
        g, dat = self.glsl("out vec4 fragColor;\nvoid main() {\n    fragColor = vec4(missing);\n}\n")
        errors = g.errors()
        self.assertIn(f"Pixel shader compile error in {dat.path}, line 3:", errors)
        self.assertIn("missing", errors)
        w, h, img = self.image(g)                                  # labelled, not a picture
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))
        dat.text = "out vec4 fragColor;\nvoid main() { fragColor = vec4(1.0); }\n"
        self.assertEqual(g.errors(), "")                           # fixed: the error clears

    def test_where_shaders_cannot_run_the_node_says_so(self):
        saved = glsl._worker
        os.environ["TDSIM_GL_PYTHON"] = "/nonexistent/python3"
        glsl._worker = glsl._Worker()
        try:
            g, _ = self.glsl(BANDS.replace("texture(sTD2DInputs[0], vUV.st)", "vec4(1.0)"))
            self.assertIn("tdsim cannot run GLSL shaders here", g.warnings())
            self.assertIn("python3-opengl", g.warnings())
            self.assertEqual(g.errors(), "")                       # not an error of the network
            w, h, img = self.image(g)
            self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))   # the labelled checkerboard
        finally:
            del os.environ["TDSIM_GL_PYTHON"]
            glsl._worker._stop()
            glsl._worker = saved

    def test_float_format_keeps_values_beyond_eight_bits_through_a_loop(self):
        # A counter that adds 1/1024 a frame: rounded to 8 bits it would never move.
        g, _ = self.glsl("out vec4 fragColor;\nvoid main() {\n"
                         "    fragColor = texture(sTD2DInputs[0], vUV.st) + vec4(1.0 / 1024.0, 0.0, 0.0, 1.0);\n}\n", 8, 8)
        g.par.format = "rgba32float"
        seed = self.create("constantTOP")
        seed.par.outputresolution = "custom"
        seed.par.resolutionw = seed.par.resolutionh = 8
        seed.par.alpha = 0
        fb = self.create("feedbackTOP")
        fb.inputConnectors[0].connect(seed)
        fb.par.top = g
        g.inputConnectors[0].connect(fb)
        for _ in range(300):
            self.image(g)
            tdsim.step(1)
        w, h, img = self.image(g)
        self.assertAlmostEqual(pixel(img, w, 4, 4)[0], round(301 / 1024 * 255), delta=1)
