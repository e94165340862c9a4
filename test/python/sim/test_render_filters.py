"""Rendered pixels of tdsim's filter TOPs: each test decodes the PNG tdsim writes."""

from .support import SimTestCase
from .test_png import decode, pixel


class FilterRenderTest(SimTestCase):
    def sized(self, op, w, h):
        op.par.outputresolution = "custom"
        op.par.resolutionw, op.par.resolutionh = w, h
        return op

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
        return decode(bytes(top.saveByteArray(".png")))

    # ---- transform ---------------------------------------------------------------------------

    def test_transform_translates_in_fractions_and_pixels(self):
        t = self.after("transformTOP", self.constant(1, 0, 0))
        t.par.extend = "zero"
        t.par.tx = 0.25                                   # a quarter of the width to the right
        w, h, img = self.image(t)
        self.assertEqual((w, h), (64, 32))
        self.assertEqual(pixel(img, w, 15, 16), (0, 0, 0, 0))
        self.assertEqual(pixel(img, w, 16, 16), (255, 0, 0, 255))
        self.assertEqual(pixel(img, w, 63, 16), (255, 0, 0, 255))
        t.par.tunit = "pixels"
        t.par.tx, t.par.ty = 8, 8                         # 8 pixels right and 8 up (y points up)
        w, h, img = self.image(t)
        self.assertEqual(pixel(img, w, 7, 0), (0, 0, 0, 0))
        self.assertEqual(pixel(img, w, 8, 31 - 8), (255, 0, 0, 255))
        self.assertEqual(pixel(img, w, 40, 31), (0, 0, 0, 0))   # the bottom rows were emptied

    def test_transform_rotates_counter_clockwise_about_the_centre(self):
        t = self.after("transformTOP", self.ramp(size=(64, 64)))
        t.par.rotate = 90
        w, h, img = self.image(t)
        top_middle, bottom_middle = pixel(img, w, 32, 2)[0], pixel(img, w, 32, 61)[0]
        self.assertGreater(top_middle, 230)               # the ramp's bright right end is now on top
        self.assertLess(bottom_middle, 25)
        left, right = pixel(img, w, 2, 32)[0], pixel(img, w, 61, 32)[0]
        self.assertLess(abs(left - right), 10)            # no left-right gradient any more

    def test_transform_scale_and_extend_modes(self):
        src = self.ramp(size=(64, 32))
        t = self.after("transformTOP", src)
        t.par.sx = t.par.sy = 0.5                         # the image shrinks to the middle half
        t.par.extend = "zero"
        t.par.bgcolorr, t.par.bgcolora = 1, 1
        w, h, img = self.image(t)
        self.assertEqual(pixel(img, w, 2, 2), (255, 0, 0, 255))   # background colour outside
        self.assertLess(pixel(img, w, 17, 16)[0], 20)     # the ramp's dark left end, now at x=16
        self.assertGreater(pixel(img, w, 46, 16)[0], 235)
        t.par.extend = "hold"
        w, h, img = self.image(t)
        self.assertLess(max(pixel(img, w, 2, 16)[:3]), 5)       # the left edge held (its pixel centre)
        self.assertGreater(min(pixel(img, w, 61, 16)[:3]), 250)
        t.par.extend = "repeat"
        w, h, img = self.image(t)
        self.assertGreater(pixel(img, w, 14, 16)[0], 200)  # the previous copy's bright end
        self.assertLess(pixel(img, w, 49, 16)[0], 30)      # the next copy starts dark
        t.par.extend = "mirror"
        w, h, img = self.image(t)
        self.assertLess(pixel(img, w, 14, 16)[0], 30)      # reflected: dark next to dark
        self.assertGreater(pixel(img, w, 49, 16)[0], 200)

    def test_transform_order_changes_the_result(self):
        t = self.after("transformTOP", self.constant(0, 1, 0, size=(64, 64)))
        t.par.extend = "zero"
        t.par.sx = t.par.sy = 0.5
        t.par.tx = 0.25
        t.par.xord = "srt"                                # scale, then move a quarter: x 32..63
        w, h, img = self.image(t)
        self.assertEqual(pixel(img, w, 33, 32)[1], 255)
        self.assertEqual(pixel(img, w, 20, 32)[3], 0)
        t.par.xord = "tsr"                                # move, then scale: x 24..55
        w, h, img = self.image(t)
        self.assertEqual(pixel(img, w, 26, 32)[1], 255)
        self.assertEqual(pixel(img, w, 58, 32)[3], 0)

    def test_images_pass_through_components(self):
        comp = self.create("containerCOMP")
        inside = comp.create("inTOP")
        lv = comp.create("levelTOP")
        lv.inputConnectors[0].connect(inside)
        lv.par.invert = 1
        comp.create("outTOP").inputConnectors[0].connect(lv)
        comp.inputConnectors[0].connect(self.constant(1, 0, 0, size=(40, 20)))
        after = self.after("nullTOP", comp)
        self.assertEqual((after.width, after.height), (40, 20))
        w, h, img = self.image(after)
        self.assertEqual((w, h), (40, 20))
        self.assertEqual(pixel(img, w, 3, 3), (0, 255, 255, 255))   # red through the inverting level
        lonely = comp.create("inTOP")
        self.assertEqual(pixel(self.image(lonely)[2], 256, 0, 0), (70, 70, 70, 255))

    def test_select_shows_the_named_top_at_its_resolution_and_labels_loops(self):
        sel = self.create("selectTOP")
        sel.par.top = self.constant(0, 1, 0, size=(30, 10))
        self.assertEqual((sel.width, sel.height), (30, 10))
        w, h, img = self.image(sel)
        self.assertEqual(pixel(img, w, 29, 9), (0, 255, 0, 255))
        after = self.after("nullTOP", sel)
        sel.par.top = after                                 # select -> null -> select
        w, h, img = self.image(after)
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))

    # ---- feedback ----------------------------------------------------------------------------

    def test_feedback_shows_its_input_as_after_a_reset(self):
        red, blue = self.constant(1, 0, 0), self.constant(0, 0, 1)
        fb = self.after("feedbackTOP", red)
        fb.par.top = blue
        w, h, img = self.image(fb)
        self.assertEqual(pixel(img, w, 5, 5), (255, 0, 0, 255))
        lonely = self.create("feedbackTOP")
        w, h, img = self.image(lonely)
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))   # labelled: nothing to show

    def test_feedback_loop_renders_like_the_loop_on_its_first_frame(self):
        def chain(second_input):
            comp = self.after("compositeTOP", noise, second_input)
            comp.par.operand = "add"
            t = self.after("transformTOP", comp)
            t.par.rotate, t.par.sx, t.par.sy = 10, 1.1, 1.1
            return self.after("levelTOP", t)

        noise = self.sized(self.create("noiseTOP"), 96, 54)
        fb = self.after("feedbackTOP", noise)
        looped = chain(fb)
        fb.par.top = looped
        w, h, img = self.image(looped)
        self.assertEqual((w, h), (96, 54))
        self.assertEqual(img, self.image(chain(noise))[2])   # the feedback passed its input on
        self.assertGreater(len(set(img[0::4])), 10)

    def test_feedback_shows_the_loop_from_the_previous_cooked_frame(self):
        import tdsim
        grey = self.constant(0.1, 0.1, 0.1)
        fb = self.after("feedbackTOP", grey)
        add = self.after("compositeTOP", grey, fb)
        add.par.operand = "add"
        fb.par.top = add
        reds = []
        for _ in range(4):
            w, h, img = self.image(add)
            reds.append(pixel(img, w, 3, 3)[0])
            tdsim.step(1)
        self.assertEqual(reds, [52, 78, 104, 130])      # one more grey every frame the loop cooks
        w, h, img = self.image(add)
        self.assertEqual(pixel(img, w, 3, 3)[0], 156)
        w, h, img = self.image(add)                     # cooked again in the same frame: no step
        self.assertEqual(pixel(img, w, 3, 3)[0], 156)
        fb.par.reset = True                             # reset held: the input again
        tdsim.step(1)
        w, h, img = self.image(add)
        self.assertEqual(pixel(img, w, 3, 3)[0], 52)

    # ---- colour and blur ---------------------------------------------------------------------

    def test_hsv_adjust_turns_hue_and_scales_saturation_and_value(self):
        hsv = self.after("hsvadjustTOP", self.constant(1, 0, 0))
        hsv.par.hueoffset = 120
        w, h, img = self.image(hsv)
        self.assertEqual(pixel(img, w, 3, 3), (0, 255, 0, 255))
        hsv.par.hueoffset = 0
        hsv.par.saturationmult, hsv.par.valuemult = 0, 0.5
        w, h, img = self.image(hsv)
        self.assertEqual(pixel(img, w, 3, 3), (128, 128, 128, 255))

    def test_blur_spreads_an_edge_and_keeps_flat_areas(self):
        rect = self.sized(self.create("rectangleTOP"), 64, 64)
        rect.par.sizex, rect.par.sizey, rect.par.sizeunit = 0.5, 0.5, "fraction"
        sharp = self.image(rect)[2]
        self.assertEqual(set(sharp[0::4]), {0, 255})
        b = self.after("blurTOP", rect)
        b.par.size = 6
        w, h, img = self.image(b)
        reds = [pixel(img, w, x, 32)[0] for x in range(64)]
        self.assertEqual(reds[0], 0)
        self.assertEqual(reds[32], 255)
        self.assertTrue(40 < reds[16] < 215, reds[10:22])  # the edge at x = 16 is softened
        self.assertTrue(all(a <= b for a, b in zip(reds[:32], reds[1:33])), reds)
        b.par.method = "vert"                              # vertical only: rows stay sharp
        w, h, img = self.image(b)
        self.assertIn(pixel(img, w, 16, 32)[0], (0, 255))

    def test_level_after_a_working_size_reduction_keeps_colours(self):
        c = self.constant(0.4, 0.4, 0.4, size=(1280, 720))
        lv = self.after("levelTOP", c)
        lv.par.brightness1 = 2
        w, h, img = self.image(lv)
        self.assertEqual((w, h), (1280, 720))
        self.assertEqual(set(img[0::4]), {204})

    # ---- geometry ----------------------------------------------------------------------------

    def test_flip(self):
        f = self.after("flipTOP", self.ramp())
        f.par.flipx = True
        w, h, img = self.image(f)
        self.assertGreater(pixel(img, w, 0, 5)[0], 250)
        self.assertLess(pixel(img, w, 63, 5)[0], 5)
        v = self.after("flipTOP", self.ramp("vertical"))
        v.par.flipy = True
        plain = self.image(self.ramp("vertical"))[2]
        w, h, img = self.image(v)
        self.assertEqual(pixel(img, w, 4, 0), pixel(plain, w, 4, 31))

    def test_crop_keeps_the_region_and_its_resolution(self):
        c = self.after("cropTOP", self.ramp(size=(64, 32)))
        c.par.cropleft, c.par.cropright = 0.25, 0.75
        c.par.croptop = 0.5                                # the lower half (y points up)
        self.assertEqual((c.width, c.height), (32, 16))
        w, h, img = self.image(c)
        self.assertEqual((w, h), (32, 16))
        self.assertAlmostEqual(pixel(img, w, 0, 8)[0], 64, delta=6)
        self.assertAlmostEqual(pixel(img, w, 31, 8)[0], 190, delta=6)

    def test_resolution_resamples(self):
        r = self.after("resolutionTOP", self.ramp(size=(64, 32)))
        r.par.outputresolution = "custom"
        r.par.resolutionw, r.par.resolutionh = 16, 8
        w, h, img = self.image(r)
        self.assertEqual((w, h), (16, 8))
        reds = [pixel(img, w, x, 4)[0] for x in range(16)]
        self.assertEqual(reds, sorted(reds))
        self.assertLess(reds[0], 20)
        self.assertGreater(reds[-1], 235)

    def test_tile_repeats_the_image(self):
        t = self.after("tileTOP", self.ramp(size=(64, 32)))
        t.par.repeatx = 2
        w, h, img = self.image(t)
        self.assertGreater(pixel(img, w, 31, 5)[0], 230)
        self.assertLess(pixel(img, w, 32, 5)[0], 25)

    # ---- choosing and mixing inputs ----------------------------------------------------------

    def test_switch_picks_and_blends_inputs(self):
        red, blue = self.constant(1, 0, 0), self.constant(0, 0, 1)
        s = self.after("switchTOP", red, blue)
        s.par.index = 1
        self.assertEqual(pixel(self.image(s)[2], 64, 1, 1), (0, 0, 255, 255))
        s.par.extend, s.par.index = "loop", 2
        self.assertEqual(pixel(self.image(s)[2], 64, 1, 1), (255, 0, 0, 255))
        s.par.extend, s.par.index, s.par.blend = "clamp", 0.25, True
        self.assertEqual(pixel(self.image(s)[2], 64, 1, 1), (191, 0, 64, 255))

    def test_cross_blends_two_inputs(self):
        x = self.after("crossTOP", self.constant(1, 0, 0), self.constant(0, 0, 1))
        x.par.cross = 0.75
        self.assertEqual(pixel(self.image(x)[2], 64, 2, 2), (64, 0, 191, 255))

    def test_composite_operations(self):
        a, b = self.constant(0.8, 0.2, 0.5), self.constant(0.4, 0.6, 0.5)
        comp = self.after("compositeTOP", a, b)
        expected = {"subtract": (102, 0, 0), "maximum": (204, 153, 128), "minimum": (102, 51, 128),
                    "difference": (102, 102, 0), "average": (153, 102, 128)}
        for operand, rgb in expected.items():
            comp.par.operand = operand
            got = pixel(self.image(comp)[2], 64, 3, 3)[:3]
            for g, e in zip(got, rgb):
                self.assertAlmostEqual(g, e, delta=1, msg=operand)
        # Hard light: 2ab where the first input is below 0.5, else 1 - 2(1-a)(1-b): red 0.8 over 0.4
        # gives 1 - 2 * 0.2 * 0.6 = 0.76, green 0.2 over 0.6 gives 2 * 0.2 * 0.6 = 0.24.
        comp.par.operand = "hardlight"
        r, g, _b, a = pixel(self.image(comp)[2], 64, 0, 0)
        self.assertAlmostEqual(r, 194, delta=2)
        self.assertAlmostEqual(g, 61, delta=2)
