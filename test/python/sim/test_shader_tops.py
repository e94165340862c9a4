"""TOPs drawn as shaders on tdsim's renderer, each checked where its documented parameters put
colour: a picture read back at chosen pixels, with what a person would see said at each test."""

from .support import SimTestCase
from .test_png import decode, pixel


class ShaderTopTest(SimTestCase):
    def sized(self, top, w=64, h=32):
        top.par.outputresolution = "custom"
        top.par.resolutionw, top.par.resolutionh = w, h
        return top

    def constant(self, r, g, b, a=1.0, size=(64, 32)):
        c = self.sized(self.create("constantTOP"), *size)
        c.par.colorr, c.par.colorg, c.par.colorb, c.par.alpha = r, g, b, a
        return c

    def ramp(self, kind="horizontal", size=(64, 32)):
        r = self.sized(self.create("rampTOP"), *size)
        r.par.type = kind
        return r

    def after(self, op_type, *sources):
        op = self.create(op_type)
        for i, src in enumerate(sources):
            op.inputConnectors[i].connect(src)
        return op

    def image(self, top):
        w, h, img = decode(bytes(top.saveByteArray(".png")))
        return w, h, img

    def at(self, top, x, y):
        w, h, img = self.image(top)
        return pixel(img, w, x, h - 1 - y)       # y up, as TouchDesigner counts

    def test_every_shader_type_draws_without_a_placeholder(self):
        from tdsim.families.top.shaders import SHADERS  # noqa: E402
        source = self.ramp()
        # CHOP to TOP: tested with a CHOP below; the TOPs that read a file or another operator
        # named in a parameter: in test_more_tops.py.
        for kind in sorted(set(SHADERS) - {"choptoTOP", "cacheselectTOP", "moviefileinTOP", "svgTOP", "timemachineTOP",
                                          "opviewerTOP", "poptoTOP", "rendersimpleTOP", "projectionTOP", "ssaoTOP",
                                          "pointfileinTOP", "pointfileselectTOP", "webrenderTOP"}):
            top = self.create(kind)
            for i in range(3):
                if i < len(top.inputConnectors) or kind not in ("constantTOP", "noiseTOP", "rampTOP", "circleTOP", "rectangleTOP"):
                    try:
                        top.inputConnectors[i].connect(source)
                    except Exception:
                        pass
            w, h, img = self.image(top)
            self.assertNotIn("tdsim-not-rendered", top.warnings(), kind)
            grey = (70, 70, 70, 255)
            self.assertFalse(pixel(img, w, 0, 0) == grey and pixel(img, w, 16, 0) == (110, 110, 110, 255), kind)

    def test_edge_finds_the_border_of_a_shape(self):
        # A white square 16 pixels wide on black: the Edge TOP shows a white outline and black
        # elsewhere.
        rect = self.sized(self.create("rectangleTOP"))
        rect.par.sizex, rect.par.sizey, rect.par.sizeunit = 16, 16, "pixels"
        rect.par.bgalpha = 1
        edge = self.after("edgeTOP", rect)
        w, h, img = self.image(edge)
        row = [pixel(img, w, x, 16)[0] for x in range(w)]
        self.assertLess(row[32], 10)                      # inside the shape: no edge
        self.assertLess(row[4], 10)                       # outside: no edge
        self.assertGreater(max(row[22:27]), 200)          # the left border (x = 24) lights up
        self.assertGreater(max(row[38:43]), 200)          # and the right one (x = 40)

    def test_threshold_monochrome_and_level(self):
        # A horizontal ramp thresholded at 0.5: black on the left half, white on the right.
        t = self.after("thresholdTOP", self.ramp())
        t.par.threshold = 0.5
        self.assertEqual(self.at(t, 10, 5)[:3], (0, 0, 0))
        self.assertEqual(self.at(t, 54, 5)[:3], (255, 255, 255))
        # Orange made grey: equal red, green and blue, its luminance.
        mono = self.after("monochromeTOP", self.constant(1.0, 0.5, 0.0))
        r, g, b, _a = self.at(mono, 3, 3)
        self.assertTrue(r == g == b)
        self.assertAlmostEqual(r, round((0.2126 + 0.7152 * 0.5) * 255), delta=2)
        lv = self.after("levelTOP", self.constant(0.2, 0.2, 0.2))
        lv.par.invert = 1
        self.assertAlmostEqual(self.at(lv, 3, 3)[0], 204, delta=2)

    def test_composite_overlay_transform_places_the_second_input(self):
        # A red frame with a blue box on it: the second input scaled to half and moved right, so
        # the left is red and the middle of the right half blue.
        comp = self.after("compositeTOP", self.constant(1, 0, 0), self.constant(0, 0, 1))
        comp.par.operand = "over"
        comp.par.swaporder = True                         # input 2 (blue) over input 1 (red)
        comp.par.sx = comp.par.sy = 0.5                   # input 2 halved and moved a quarter right
        comp.par.tx = 0.25
        left, right = self.at(comp, 4, 16), self.at(comp, 48, 16)
        self.assertEqual(left[:3], (255, 0, 0))           # outside the overlay: red (extend zero)
        self.assertEqual(right[:3], (0, 0, 255))

    def test_lookup_colours_a_ramp_by_another(self):
        # A vertical black-to-white ramp looked up in a red-to-green horizontal ramp: red at
        # the bottom, green at the top.
        keys = self.create("tableDAT")
        keys.text = "pos\tr\tg\tb\ta\n0\t1\t0\t0\t1\n1\t0\t1\t0\t1\n"
        look = self.ramp("horizontal", (64, 1))
        look.par.dat = keys
        lookup = self.after("lookupTOP", self.ramp("vertical"), look)
        bottom, top = self.at(lookup, 10, 0), self.at(lookup, 10, 31)
        self.assertGreater(bottom[0], 200)
        self.assertLess(bottom[1], 40)
        self.assertGreater(top[1], 200)
        self.assertLess(top[0], 40)

    def test_displace_moves_pixels_by_the_second_input(self):
        # A horizontal ramp displaced by a constant whose red is 0.75: everything shifts left
        # by a quarter, so the middle shows the value from three quarters across.
        disp = self.after("displaceTOP", self.ramp(), self.constant(0.75, 0.5, 0))
        self.assertAlmostEqual(self.at(disp, 32, 16)[0], round(0.75 * 255), delta=8)

    def test_corner_pin_pins_the_image_to_the_corners(self):
        # A red image pinned into the right half: black (the background) at the left, red at
        # the right.
        pin = self.after("cornerpinTOP", self.constant(1, 0, 0))
        pin.par.pinp11, pin.par.pinp31 = 0.5, 0.5         # top left and bottom left move right
        self.assertEqual(self.at(pin, 8, 16)[3], 0)
        self.assertEqual(self.at(pin, 56, 16)[:3], (255, 0, 0))

    def test_chroma_key_removes_green(self):
        # A green picture keyed out: fully transparent; a red one stays.
        key = self.after("chromakeyTOP", self.constant(0, 1, 0))
        self.assertEqual(self.at(key, 5, 5)[3], 0)
        keep = self.after("chromakeyTOP", self.constant(1, 0, 0))
        self.assertEqual(self.at(keep, 5, 5), (255, 0, 0, 255))

    def test_math_reorder_and_channel_mix(self):
        m = self.after("mathTOP", self.constant(0.25, 0.5, 0.0))
        m.par.gain = 2
        self.assertEqual(self.at(m, 1, 1)[:3], (128, 255, 0))
        re = self.after("reorderTOP", self.constant(1, 0, 0))
        re.par.outputredchan, re.par.outputbluechan = "blue", "red"
        self.assertEqual(self.at(re, 1, 1)[:3], (0, 0, 255))
        mix = self.after("channelmixTOP", self.constant(1, 0, 0))
        mix.par.red1, mix.par.green1 = 0, 1               # green takes red's value
        self.assertEqual(self.at(mix, 1, 1)[:3], (0, 255, 0))

    def test_blur_softens_a_hard_edge(self):
        # Black left half, white right half, blurred: the middle column is grey, the far
        # ends stay black and white.
        t = self.after("thresholdTOP", self.ramp())
        blur = self.after("blurTOP", t)
        blur.par.size = 8
        mid = self.at(blur, 32, 16)[0]
        self.assertTrue(60 < mid < 200, mid)
        self.assertLess(self.at(blur, 2, 16)[0], 10)
        self.assertGreater(self.at(blur, 61, 16)[0], 245)

    def test_mirror_flip_and_tile(self):
        flip = self.after("flipTOP", self.ramp())
        flip.par.flipx = True
        self.assertGreater(self.at(flip, 2, 5)[0], 240)   # white on the left now
        tile = self.after("tileTOP", self.ramp())
        tile.par.repeatx = 2
        self.assertGreater(self.at(tile, 30, 5)[0], 230)  # the first copy ends white mid-way
        self.assertLess(self.at(tile, 34, 5)[0], 25)      # the second starts black
        mirror = self.after("mirrorTOP", self.ramp())
        left, right = self.at(mirror, 8, 5)[0], self.at(mirror, 55, 5)[0]
        self.assertAlmostEqual(left, right, delta=12)     # the two halves mirror each other

    def test_fit_keeps_the_aspect_inside_the_output(self):
        # A square red picture fitted into a wide output: red in the middle, the background
        # (transparent) left and right.
        fit = self.after("fitTOP", self.constant(1, 0, 0, size=(32, 32)))
        self.sized(fit, 64, 32)
        self.assertEqual(self.at(fit, 32, 16)[:3], (255, 0, 0))
        self.assertEqual(self.at(fit, 4, 16)[3], 0)

    def test_hsv_adjust_turns_the_hue(self):
        hsv = self.after("hsvadjustTOP", self.constant(1, 0, 0))
        hsv.par.hueoffset = 120                           # red turned a third round: green
        r, g, b, _a = self.at(hsv, 1, 1)
        self.assertGreater(g, 240)
        self.assertLess(max(r, b), 10)

    def test_inputs_are_sampled_linearly_at_their_own_resolution(self):
        # A 2-pixel black|white picture stretched to 64 pixels: a smooth ramp in the middle,
        # not a hard step (TouchDesigner filters linearly by default).
        two = self.sized(self.create("rampTOP"), 2, 1)
        two.par.type = "horizontal"
        step = self.after("thresholdTOP", two)
        big = self.sized(self.after("resolutionTOP", step), 64, 32)
        values = [self.at(big, x, 5)[0] for x in (16, 28, 32, 36, 48)]
        self.assertEqual(values, sorted(values))
        self.assertTrue(any(20 < v < 235 for v in values), values)
        step.par.inputfiltertype = "nearest"
        big.par.inputfiltertype = "nearest"
        self.assertIn(self.at(big, 28, 5)[0], (0, 255))

    def test_chop_to_top_lays_channels_in_rows(self):
        # Two channels of three samples: the bottom row ramps black to red (0, 0.5, 1), the top
        # row is red throughout.
        from tdsim import inject_channels  # noqa: E402
        chop = self.create("constantCHOP")
        inject_channels(chop, {"a": [0.0, 0.5, 1.0], "b": [1.0, 1.0, 1.0]})
        top = self.sized(self.create("choptoTOP"), 3, 2)
        top.par.chop = chop
        self.assertEqual([self.at(top, x, 0)[0] for x in range(3)], [0, 128, 255])
        self.assertEqual([self.at(top, x, 1)[0] for x in range(3)], [255, 255, 255])

    def test_senders_show_their_input_and_points_transform(self):
        # An NDI Out TOP shows what it sends: its input. A Point Transform TOP moves the
        # positions held in RGB: 0.25 red plus 0.5 along x is 0.75.
        ndi = self.after("ndioutTOP", self.constant(0.2, 0.4, 0.6))
        self.assertEqual(self.at(ndi, 1, 1)[:3], (51, 102, 153))
        move = self.after("pointtransformTOP", self.constant(0.25, 0.0, 0.0))
        move.par.tx = 0.5
        r, g, b, _a = self.at(move, 1, 1)
        self.assertAlmostEqual(r, 191, delta=1)
        self.assertEqual((g, b), (0, 0))
