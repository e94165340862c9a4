"""Rendered pixels of tdsim's shape and text generators, labels, and the working-size scaling."""

from .support import SimTestCase, tdsim
from .test_png import decode, pixel

WHITE, CLEAR = (255, 255, 255, 255), (0, 0, 0, 0)


class GeneratorRenderTest(SimTestCase):
    def sized(self, op, w, h):
        op.par.outputresolution = "custom"
        op.par.resolutionw, op.par.resolutionh = w, h
        return op

    def image(self, top):
        return decode(bytes(top.saveByteArray(".png")))

    def test_circle_radius_centre_and_colours(self):
        c = self.sized(self.create("circleTOP"), 100, 100)
        c.par.radiusx = c.par.radiusy = 0.25
        c.par.radiusunit = "fraction"
        w, h, img = self.image(c)
        self.assertEqual(pixel(img, w, 50, 50), WHITE)
        self.assertEqual(pixel(img, w, 73, 50), WHITE)        # inside the radius of 25
        self.assertEqual(pixel(img, w, 77, 50), CLEAR)
        self.assertEqual(pixel(img, w, 68, 68), CLEAR)        # outside on the diagonal
        c.par.centerx, c.par.centery = 0.25, 0.25             # right and up
        c.par.fillcolorg, c.par.fillcolorb = 0, 0
        c.par.bgalpha = 1
        w, h, img = self.image(c)
        self.assertEqual(pixel(img, w, 75, 25), (255, 0, 0, 255))
        self.assertEqual(pixel(img, w, 50, 50)[3], 255)       # opaque black background
        self.assertEqual(pixel(img, w, 40, 60)[:3], (0, 0, 0))

    def test_circle_default_radius_is_an_assumed_fraction_of_the_height(self):
        c = self.sized(self.create("circleTOP"), 160, 100)
        w, h, img = self.image(c)
        self.assertEqual(pixel(img, w, 80 + 37, 50), WHITE)    # 0.4 of the height: radius 40
        self.assertEqual(pixel(img, w, 80 + 43, 50), CLEAR)
        self.assertEqual(pixel(img, w, 80, 50 - 37), WHITE)

    def test_polygon_circles_have_corners(self):
        # A square (4 sides, one flat at the top) inscribed in a circle of radius 24 pixels: its
        # corners touch the circle, its sides are 24 cos 45 = 17 pixels from the centre.
        c = self.sized(self.create("circleTOP"), 64, 64)
        c.par.radiusx = c.par.radiusy = 24
        c.par.radiusunit = "pixels"
        c.par.ispolygon, c.par.sides = True, 4
        w, h, img = self.image(c)
        self.assertEqual(pixel(img, w, 32 + 15, 31 - 15)[3], 255)   # near a corner: inside
        self.assertEqual(pixel(img, w, 32, 31 - 21)[3], 0)          # above the top side, inside the circle
        c.par.ispolygon = False
        self.assertEqual(pixel(self.image(c)[2], w, 32, 31 - 21)[3], 255)

    def test_rectangle_size_rotation_and_border(self):
        r = self.sized(self.create("rectangleTOP"), 100, 100)
        r.par.sizex, r.par.sizey, r.par.sizeunit = 0.6, 0.2, "fraction"
        w, h, img = self.image(r)
        self.assertEqual(pixel(img, w, 22, 50), WHITE)
        self.assertEqual(pixel(img, w, 18, 50), CLEAR)
        self.assertEqual(pixel(img, w, 50, 38), CLEAR)
        r.par.rotate = 90
        w, h, img = self.image(r)
        self.assertEqual(pixel(img, w, 50, 22), WHITE)
        self.assertEqual(pixel(img, w, 22, 50), CLEAR)
        r.par.rotate = 0
        r.par.borderwidth, r.par.borderwidthunit = 4, "pixels"
        r.par.borderalpha, r.par.borderr = 1, 1
        r.par.fillcolorr = 0
        w, h, img = self.image(r)
        self.assertEqual(pixel(img, w, 21, 50), (255, 0, 0, 255))
        self.assertEqual(pixel(img, w, 30, 50), (0, 255, 255, 255))

    def test_shape_composited_over_its_input(self):
        blue = self.sized(self.create("constantTOP"), 64, 64)
        blue.par.colorb = 1
        c = self.create("circleTOP")
        c.inputConnectors[0].connect(blue)
        c.par.radiusx = c.par.radiusy = 0.25
        c.par.compoverinput, c.par.operand = True, "over"
        w, h, img = self.image(c)
        self.assertEqual((w, h), (64, 64))
        self.assertEqual(pixel(img, w, 32, 32), WHITE)
        self.assertEqual(pixel(img, w, 2, 2), (0, 0, 255, 255))

    def test_text_is_drawn_in_its_colour_and_aligned(self):
        t = self.sized(self.create("textTOP"), 120, 40)
        t.par.text = "HI"
        t.par.fontcolorg = t.par.fontcolorb = 0
        w, h, img = self.image(t)
        inked = [(x, y) for y in range(h) for x in range(w) if pixel(img, w, x, y) == (255, 0, 0, 255)]
        self.assertTrue(inked)
        # Red ink, pre-multiplied, with anti-aliased edges (a real font): red equals alpha, no green or blue.
        self.assertTrue(all(p[1] == p[2] == 0 and p[0] == p[3] for p in
                            (pixel(img, w, x, y) for y in range(h) for x in range(w))))
        xs = [x for x, _ in inked]
        self.assertAlmostEqual((min(xs) + max(xs)) / 2, 60, delta=3)   # centred by default
        t.par.alignx = "left"
        w, h, img = self.image(t)
        xs = [x for y in range(h) for x in range(w) if pixel(img, w, x, y)[3]]
        self.assertLess(min(xs), 3)
        t.par.position = 20                                    # pixels to the right
        w, h, img = self.image(t)
        xs = [x for y in range(h) for x in range(w) if pixel(img, w, x, y)[3]]
        self.assertTrue(19 <= min(xs) <= 23, min(xs))
        t.par.text = ""
        self.assertEqual(set(self.image(t)[2]), {0})

    def test_glsl_is_labelled(self):
        g = self.sized(self.create("glslTOP"), 256, 128)
        w, h, img = self.image(g)
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))
        self.assertIn(255, img[0::4])                          # the label's letters

    def test_big_frames_are_computed_at_a_working_size(self):
        c = self.sized(self.create("constantTOP"), 1280, 720)
        c.par.colorg = 1
        t = self.create("transformTOP")
        t.inputConnectors[0].connect(c)
        t.par.extend = "zero"
        t.par.tunit, t.par.tx = "pixels", 320                  # pixel units follow the scaling
        w, h, img = self.image(t)
        self.assertEqual((w, h), (1280, 720))
        self.assertEqual(pixel(img, w, 310, 360), CLEAR)
        self.assertEqual(pixel(img, w, 330, 360), (0, 255, 0, 255))
        w, h, img = decode(tdsim.render_png(t, max_size=320))
        self.assertEqual((w, h), (320, 180))
        self.assertEqual(pixel(img, w, 78, 90), CLEAR)
        self.assertEqual(pixel(img, w, 82, 90), (0, 255, 0, 255))
