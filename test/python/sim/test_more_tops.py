"""More TOP types drawn on tdsim's renderer: text in a real font, image and SVG files, the frame
keepers (Cache, Cache Select, Texture 3D, Time Machine), Layout. Each test reads the picture back
at chosen pixels and says what a person sees there."""

import os
import tempfile

from .support import SteadySimTestCase, td, tdsim
from .test_png import decode, pixel


class MoreTopsTest(SteadySimTestCase):
    def sized(self, top, w=64, h=32):
        top.par.outputresolution = "custom"
        top.par.resolutionw, top.par.resolutionh = w, h
        return top

    def constant(self, r, g, b, a=1.0, size=(64, 32)):
        c = self.sized(self.create("constantTOP"), *size)
        c.par.colorr, c.par.colorg, c.par.colorb, c.par.alpha = r, g, b, a
        return c

    def image(self, top):
        return decode(bytes(top.saveByteArray(".png")))

    def at(self, top, x, y):
        w, h, img = self.image(top)
        return pixel(img, w, x, h - 1 - y)       # y up, as TouchDesigner counts

    def tmp(self, name):
        folder = tempfile.mkdtemp()
        self.addCleanup(lambda: [os.remove(os.path.join(folder, f)) for f in os.listdir(folder)] and None)
        return os.path.join(folder, name)

    # ---- Text ---------------------------------------------------------------------------------
    def test_text_is_set_in_a_real_font_centred(self):
        # White "Hi" in a 48-pixel font, centred on a transparent 200x100 image: two letters of
        # smooth (anti-aliased) strokes in the middle, nothing near the edges.
        t = self.sized(self.create("textTOP"), 200, 100)
        t.par.text = "Hi"
        t.par.fontsizex = 48
        w, h, img = self.image(t)
        inked = [(x, y) for y in range(h) for x in range(w) if pixel(img, w, x, y)[3] > 128]
        xs, ys = [p[0] for p in inked], [p[1] for p in inked]
        self.assertTrue(inked)
        self.assertAlmostEqual((min(xs) + max(xs)) / 2, 100, delta=6)      # centred across
        self.assertAlmostEqual((min(ys) + max(ys)) / 2, 50, delta=8)       # and up and down
        self.assertGreater(max(ys) - min(ys), 28)                          # capitals about 35 px high
        partial = [p for p in range(w * h) if 0 < img[p * 4 + 3] < 255]
        self.assertGreater(len(partial), 20)                               # anti-aliased edges
        self.assertEqual(pixel(img, w, 5, 5)[3], 0)
        self.assertEqual(t.warnings(), "")

    def test_text_colours_alignment_and_bold(self):
        # Red text on an opaque blue background, aligned left: blue everywhere but the ink, the
        # ink starting at the left edge; bold ink covers more pixels than regular.
        t = self.sized(self.create("textTOP"), 200, 60)
        t.par.text = "Wide"
        t.par.fontsizex = 40
        t.par.alignx = "left"
        t.par.fontcolorr, t.par.fontcolorg, t.par.fontcolorb = 1, 0, 0
        t.par.bgcolorr, t.par.bgcolorg, t.par.bgcolorb, t.par.bgalpha = 0, 0, 1, 1
        w, h, img = self.image(t)
        red = [(x, y) for y in range(h) for x in range(w) if pixel(img, w, x, y)[0] > 200]
        self.assertLess(min(x for x, _y in red), 8)
        self.assertEqual(pixel(img, w, 190, 5)[:3], (0, 0, 255))
        t.par.bold = True
        w, h, bold = self.image(t)
        bold_red = [p for p in range(w * h) if bold[p * 4] > 200]
        self.assertGreater(len(bold_red), len(red) * 1.1)

    # ---- files --------------------------------------------------------------------------------
    def test_movie_file_in_reads_an_image_at_its_size(self):
        # A 40x20 left-to-right black-to-white ramp saved as PNG, read back by a Movie File In:
        # the TOP takes the file's size and shows the ramp, dark at the left, light at the right.
        ramp = self.sized(self.create("rampTOP"), 40, 20)
        ramp.par.type = "horizontal"
        path = self.tmp("ramp.png")
        ramp.save(path)
        movie = self.create("moviefileinTOP")
        movie.par.file = path
        self.assertEqual((movie.width, movie.height), (40, 20))
        self.assertLess(self.at(movie, 1, 10)[0], 20)
        self.assertGreater(self.at(movie, 38, 10)[0], 230)
        self.assertEqual(movie.errors(), "")

    def test_movie_file_in_names_what_it_cannot_read(self):
        movie = self.create("moviefileinTOP")
        movie.par.file = self.tmp("missing.png")
        self.assertIn("Failed to open file", movie.errors())
        clip = self.tmp("clip.mp4")
        with open(clip, "wb") as f:
            f.write(b"\x00" * 64)
        movie.par.file = clip
        self.assertIn("no video decoder", movie.errors())

    def test_svg_draws_the_file_and_transforms_it(self):
        # A red disc on a transparent square, drawn by CairoSVG: red in the middle, clear in the
        # corners; scaled to half about the centre the disc shrinks, so a point at a third of the
        # way in is red before and clear after.
        path = self.tmp("disc.svg")
        with open(path, "w", encoding="utf-8") as f:
            f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                    '<circle cx="50" cy="50" r="45" fill="red"/></svg>')
        svg = self.sized(self.create("svgTOP"), 100, 100)
        svg.par.file = path
        self.assertEqual(self.at(svg, 50, 50)[:4], (255, 0, 0, 255))
        self.assertEqual(self.at(svg, 2, 2)[3], 0)
        self.assertEqual(self.at(svg, 20, 50)[0], 255)
        svg.par.sx = svg.par.sy = 0.5
        self.assertEqual(self.at(svg, 20, 50)[3], 0)
        self.assertEqual(self.at(svg, 50, 50)[0], 255)

    # ---- frames -------------------------------------------------------------------------------
    def brightening(self):
        """A constant whose red is the frame number modulo 10, over 10."""
        c = self.constant(0, 0, 0)
        c.par.colorr.expr = "(absTime.frame % 10) / 10"
        return c

    def test_cache_delays_and_cache_select_reaches_back(self):
        # A constant brightening by 0.1 a frame, cached five images deep: Output Index 0 shows
        # this frame's red, -2 the red of two frames ago; a Cache Select at -1 the one before.
        c = self.brightening()
        cache = self.create("cacheTOP")
        cache.inputConnectors[0].connect(c)
        cache.par.cachesize = 5
        for _ in range(6):
            tdsim.step(1)
            cache.cook()
        now = self.at(c, 1, 1)[0]
        self.assertEqual(self.at(cache, 1, 1)[0], now)
        cache.par.outputindex = -2
        self.assertAlmostEqual(self.at(cache, 1, 1)[0], now - 51, delta=1)
        sel = self.create("cacheselectTOP")
        sel.par.cachetop = cache
        sel.par.index = -1
        self.assertAlmostEqual(self.at(sel, 1, 1)[0], now - 26, delta=1)
        cache.par.outputindex = -0.5
        cache.par.interp = True                                  # halfway between two images
        self.assertAlmostEqual(self.at(cache, 1, 1)[0], now - 13, delta=2)
        cache.par.resetpulse.pulse()
        cache.par.outputindex = 0
        self.assertEqual(self.at(cache, 1, 1)[0], self.at(c, 1, 1)[0])   # refilled with the current image

    def test_time_machine_shows_older_frames_where_the_map_is_dark(self):
        # Eight frames of the brightening constant in a Texture 3D TOP, read by a Time Machine
        # through a left-to-right ramp: the left edge (black) shows the oldest frame's red, the
        # right edge (white) the newest; the middle lies between.
        c = self.brightening()
        t3 = self.create("texture3dTOP")
        t3.inputConnectors[0].connect(c)
        t3.par.cachesize = 8
        ramp = self.sized(self.create("rampTOP"))
        ramp.par.type = "horizontal"
        tm = self.create("timemachineTOP")
        tm.inputConnectors[0].connect(t3)
        tm.inputConnectors[1].connect(ramp)
        seen = []
        for _ in range(8):
            tdsim.step(1)
            seen.append(self.at(c, 1, 1)[0])
            tm.cook()
        self.assertAlmostEqual(self.at(tm, 0, 5)[0], seen[0], delta=3)
        self.assertAlmostEqual(self.at(tm, 63, 5)[0], seen[-1], delta=3)
        self.assertEqual(self.at(t3, 1, 1)[0], seen[-1])          # its own picture: the newest slice
        cache = self.create("cacheTOP")                          # "You must connect a Texture 3D TOP"
        cache.inputConnectors[0].connect(c)
        tm.inputConnectors[0].connect(cache)
        self.assertIn("must be a Texture 3D TOP", tm.errors())

    # ---- Layout -------------------------------------------------------------------------------
    def test_layout_places_inputs_in_a_grid_with_borders(self):
        # Red, green, blue and yellow 160x90 images in a 2x2 grid (Grid Rows) on a 320x180 frame
        # with 4-pixel white borders: red top left, green top right, blue bottom left, yellow
        # bottom right, white at the cell edges.
        colours = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0)]
        lay = self.sized(self.create("layoutTOP"), 320, 180)
        for i, rgb in enumerate(colours):
            lay.inputConnectors[i].connect(self.constant(*rgb, size=(160, 90)))
        lay.par.align = "gridrows"
        lay.par.bordersl = lay.par.bordersr = lay.par.bordersb = lay.par.borderst = 4
        lay.par.bcolorr = lay.par.bcolorg = lay.par.bcolorb = 1
        self.assertEqual(self.at(lay, 80, 135)[:3], (255, 0, 0))
        self.assertEqual(self.at(lay, 240, 135)[:3], (0, 255, 0))
        self.assertEqual(self.at(lay, 80, 45)[:3], (0, 0, 255))
        self.assertEqual(self.at(lay, 240, 45)[:3], (255, 255, 0))
        self.assertEqual(self.at(lay, 1, 135)[:3], (255, 255, 255))
        lay.par.align = "horizlr"                                 # one row: four tall, thin cells
        self.assertEqual(self.at(lay, 40, 90)[:3], (255, 0, 0))
        self.assertEqual(self.at(lay, 280, 90)[:3], (255, 255, 0))

    # ---- measuring, viewing, converting -----------------------------------------------------------
    def floats_of(self, top):
        import struct
        from tdsim.families.top.render import Render
        pic = Render().picture(top)
        raw = pic.floats
        return pic.w, pic.h, struct.unpack(f"{len(raw) // 4}f", raw)

    def test_analyze_reduces_an_image(self):
        # A left-to-right black-to-white ramp 256 wide: its average is mid grey in one pixel; its
        # brightest pixel white; by columns one pixel high, dark at the left and light at the right;
        # Sum a 32-bit float far above 1 (half of 256 x 16 pixels' worth a channel).
        ramp = self.sized(self.create("rampTOP"), 256, 16)
        ramp.par.type = "horizontal"
        a = self.create("analyzeTOP")
        a.inputConnectors[0].connect(ramp)
        self.assertEqual((a.width, a.height), (1, 1))
        self.assertAlmostEqual(self.at(a, 0, 0)[0], 128, delta=2)
        a.par.op = "maximum"
        self.assertEqual(self.at(a, 0, 0)[:3], (255, 255, 255))
        a.par.op = "sum"
        _w, _h, values = self.floats_of(a)
        self.assertAlmostEqual(values[0], 256 * 16 / 2, delta=40)
        a.par.op = "average"
        a.par.scope = "columns"
        self.assertEqual((a.width, a.height), (256, 1))
        self.assertLess(self.at(a, 2, 0)[0], 8)
        self.assertGreater(self.at(a, 253, 0)[0], 247)

    def test_op_viewer_shows_a_top_and_draws_a_chop(self):
        # Viewing a red constant: red. Viewing a CHOP of one rising ramp channel: a dark frame with
        # a coloured line from the bottom left to the top right.
        red = self.constant(1, 0, 0)
        v = self.create("opviewerTOP")
        v.par.opviewer = red
        self.assertEqual(self.at(v, 5, 5)[:3], (255, 0, 0))
        pat = self.create("patternCHOP")
        pat.par.length, pat.par.wavetype = 50, "ramp"
        graph = self.sized(self.create("opviewerTOP"), 200, 100)
        graph.par.opviewer = pat
        w, h, img = self.image(graph)

        def line_height(x):
            ys = [y for y in range(h) if pixel(img, w, x, h - 1 - y)[0] > 150]
            return sum(ys) / len(ys)
        self.assertLess(line_height(10), 30)
        self.assertGreater(line_height(190), 70)
        self.assertLess(self.at(graph, 100, 95)[0], 60)             # background away from the line

    def test_pack_round_trips_floats_through_bytes(self):
        # Three float values packed into 8-bit pixels four times as wide, then unpacked: the same
        # floats come back to the last bit.
        c = self.constant(0.3, 0.7, 0.123, size=(8, 4))
        c.par.format = "rgba32float"
        pk = self.create("packTOP")
        pk.inputConnectors[0].connect(c)
        self.assertEqual((pk.width, pk.height), (32, 4))
        un = self.create("packTOP")
        un.inputConnectors[0].connect(pk)
        un.par.packtype = "unpackrgbA"
        w, _h, values = self.floats_of(un)
        self.assertEqual(w, 8)
        import struct
        self.assertEqual(values[:3], struct.unpack("3f", struct.pack("3f", 0.3, 0.7, 0.123)))

    def test_projection_turns_an_equirectangular_image_into_a_fisheye(self):
        # An equirectangular image, red in its upper half (the sky), blue below: as a 180-degree
        # fish-eye looking up, the disc is red inside and black outside its circle.
        sky = self.constant(1, 0, 0, size=(128, 64))
        ground = self.constant(0, 0, 1, size=(128, 64))
        eq = self.create("compositeTOP")
        eq.inputConnectors[0].connect(ground)
        eq.inputConnectors[1].connect(sky)
        eq.par.operand, eq.par.swaporder = "over", True          # the sky (input 2) over the ground
        eq.par.sy, eq.par.ty = 0.5, 0.25                         # in the top half
        fish = self.sized(self.create("projectionTOP"), 64, 64)
        fish.inputConnectors[0].connect(eq)
        fish.par.input, fish.par.output = "equirectangular", "fisheye"
        self.assertEqual(self.at(fish, 32, 32)[:3], (255, 0, 0))
        self.assertEqual(self.at(fish, 1, 1)[3], 0)
        fish.par.input = "cubemap"                               # no cube maps in tdsim: labelled
        self.assertIn(self.at(fish, 0, 0), ((70, 70, 70, 255), (110, 110, 110, 255)))

    def test_pop_to_top_and_render_simple(self):
        # A grid POP's 400 points as a 20x20 float image whose first pixel is the first point's
        # position; Render Simple draws a torus POP lit orange in the middle of a black frame.
        grid = self.create("gridPOP")
        pt = self.create("poptoTOP")
        pt.par.pop = grid
        self.assertEqual((pt.width, pt.height), (20, 20))
        w, h, values = self.floats_of(pt)
        first = ((h - 1) * w) * 4                                # bottom row, stored last
        self.assertEqual(values[first:first + 4], (-0.5, -0.5, 0.0, 1.0))
        torus = self.create("torusPOP")
        rs = self.sized(self.create("rendersimpleTOP"), 160, 120)
        rs.par.pop = torus
        rs.par.diffuser, rs.par.diffuseg, rs.par.diffuseb = 1, 0.5, 0.2
        rs.par.georotatex = 60
        ring = self.at(rs, 80, 44)
        self.assertGreater(ring[0], 100)                         # the ring's near side, lit orange
        self.assertGreater(ring[0], ring[2] + 60)
        self.assertEqual(self.at(rs, 80, 60)[3], 0)               # the hole, and the background, clear
        self.assertEqual(self.at(rs, 3, 3)[3], 0)

    def test_spectrum_transforms_and_transforms_back(self):
        # An 8x4 constant of 0.5: its DFT has all its energy in the first pixel (0.5 x 32 pixels =
        # 16) and none elsewhere; the inverse gives the constant back.
        c = self.constant(0.5, 0, 0, size=(8, 4))
        sp = self.create("spectrumTOP")
        sp.inputConnectors[0].connect(c)
        w, h, values = self.floats_of(sp)
        first = (h - 1) * w * 4                                  # the bottom-left pixel
        self.assertAlmostEqual(values[first], 32 * 128 / 255, places=3)
        self.assertAlmostEqual(values[first + 4], 0.0, places=4)
        inv = self.create("spectrumTOP")
        inv.inputConnectors[0].connect(sp)
        inv.par.mode = "idft"
        _w, _h, back = self.floats_of(inv)
        self.assertAlmostEqual(back[0], 128 / 255, places=4)

    def test_ssao_darkens_where_a_sphere_meets_the_floor(self):
        # A sphere resting on a wide box, seen from above the front: the occlusion alone is white
        # on the open floor and the sphere's top, darker in the crease under the sphere.
        geo = self.create("geometryCOMP", "ball")
        for c in list(geo.children):
            c.destroy()
        geo.create("sphereSOP").render = True
        floor = self.create("geometryCOMP", "floor")
        for c in list(floor.children):
            c.destroy()
        box = floor.create("boxSOP")
        box.render = True
        box.par.sizex, box.par.sizey, box.par.sizez, box.par.ty = 6, 0.2, 6, -1.1
        cam = self.create("cameraCOMP")
        cam.par.tz, cam.par.ty, cam.par.rx = 5, 1.5, -15
        self.create("lightCOMP")
        render = self.sized(self.create("renderTOP"), 320, 240)
        render.par.camera = cam
        ao = self.create("ssaoTOP")
        ao.inputConnectors[0].connect(render)
        ao.par.combinewithcolor = False
        w, h, img = self.image(ao)
        grey = lambda x, y: pixel(img, w, x, h - 1 - y)[0]      # noqa: E731
        self.assertEqual(grey(160, 200), 255)                    # the sphere's top: open
        self.assertEqual(grey(20, 40), 255)                      # the open floor
        crease = min(grey(160, y) for y in range(20, 60))
        self.assertLess(crease, 225)

    def test_optical_flow_follows_a_moving_disc(self):
        # A soft disc moving 2 pixels right a frame: the flow's red is about 2 in bands about its
        # left and right edges (its median there) and 0 away from them.
        disc = self.sized(self.create("circleTOP"), 128, 64)
        disc.par.radiusx = disc.par.radiusy = 0.25
        disc.par.centerunit = "pixels"
        disc.par.centerx.expr = "absTime.frame * 2"
        soft = self.create("blurTOP")
        soft.inputConnectors[0].connect(disc)
        soft.par.size = 4
        flow = self.create("opticalflowTOP")
        flow.inputConnectors[0].connect(soft)
        for _ in range(3):
            tdsim.step(1)
            flow.cook()
        w, h, values = self.floats_of(flow)
        row = [values[((h - 1 - 32) * w + x) * 4] for x in range(w)]
        moving = sorted(v for v in row if abs(v) > 1e-3)           # the bands about the disc's two edges
        self.assertGreater(len(moving), 10)
        self.assertAlmostEqual(moving[len(moving) // 2], 2.0, delta=0.5)
        self.assertAlmostEqual(row[2], 0.0, places=3)
        self.assertGreater(min(row), -0.5)                      # nothing moves left

    def test_script_top_makes_its_image_in_oncook(self):
        # onCook copies a 40x20 numpy array, red in its lower half and blue in its upper half (numpy
        # rows from the bottom): the TOP is 40x20, red at the bottom and blue at the top. Calling
        # copyNumpyArray outside the cook is refused; an error in onCook is an error on the TOP.
        cb = self.create("textDAT", "cb")
        cb.text = ("import numpy\n"
                   "def onCook(scriptOp):\n"
                   "    a = numpy.zeros((20, 40, 4), numpy.float32)\n"
                   "    a[:10, :, 0] = 1.0\n"
                   "    a[10:, :, 2] = 1.0\n"
                   "    a[..., 3] = 1.0\n"
                   "    scriptOp.copyNumpyArray(a)\n")
        s = self.create("scriptTOP")
        s.par.callbacks = cb
        self.assertEqual((s.width, s.height), (40, 20))
        self.assertEqual(self.at(s, 5, 2), (255, 0, 0, 255))
        self.assertEqual(self.at(s, 5, 17), (0, 0, 255, 255))
        with self.assertRaises(td.tdError):
            s.copyNumpyArray([[1.0]])
        cb.text = "def onCook(scriptOp):\n    raise ValueError('bad value')\n"
        tdsim.step(1)
        self.image(s)
        self.assertIn("onCook: ValueError: bad value", s.errors())

    def test_point_file_in_and_select_read_a_csv(self):
        # Five points with x, y, z and intensity: a 3x2 float image whose first pixels hold the
        # first points' x y z intensity; a Select TOP puts the intensity in red.
        path = self.tmp("points.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("x,y,z,intensity\n0.1,0.2,0.3,0.9\n1,2,3,0.5\n-1,-2,-3,0.25\n4,5,6,1\n5,5,5,0\n")
        pf = self.create("pointfileinTOP")
        pf.par.file = path
        self.assertEqual((pf.width, pf.height), (3, 2))
        w, h, values = self.floats_of(pf)
        first = (h - 1) * w * 4
        self.assertEqual([round(v, 3) for v in values[first + 4:first + 8]], [1.0, 2.0, 3.0, 0.5])
        sel = self.create("pointfileselectTOP")
        sel.par.pointfileintop = pf
        sel.par.red = "intensity"
        _w, _h, picked = self.floats_of(sel)
        self.assertAlmostEqual(picked[first + 8], 0.25)
        pf.par.file = self.tmp("cloud.exr")
        self.assertIn("Failed to open file", pf.errors())

    def test_web_render_draws_a_page_with_chromium(self):
        # An HTML page from a DAT: a dark blue page with a red 100x50 box at its top left, drawn by
        # headless Chromium at 320x240: blue at the right, red in the box.
        page = self.create("textDAT")
        page.text = ('<html><body style="margin:0;background:#204080">'
                     '<div style="width:100px;height:50px;background:red"></div></body></html>')
        web = self.sized(self.create("webrenderTOP"), 320, 240)
        web.par.source = "dat"
        web.par.dat = page
        self.assertEqual(self.at(web, 300, 120)[:3], (32, 64, 128))
        self.assertEqual(self.at(web, 50, 215)[:3], (255, 0, 0))
        self.assertEqual(web.warnings(), "")

    def test_blob_track_boxes_the_bright_regions(self):
        # A disc on the left and a bar on the right, white on transparent: two blobs, each framed
        # by a red box one pixel outside it; the middle, between them, untouched.
        disc = self.sized(self.create("circleTOP"), 320, 160)
        disc.par.radiusx = disc.par.radiusy = 0.15
        disc.par.centerx = -0.25
        bar = self.sized(self.create("rectangleTOP"), 320, 160)
        bar.par.sizex, bar.par.sizey, bar.par.centerx = 0.2, 0.3, 0.25
        both = self.create("addTOP")
        both.inputConnectors[0].connect(disc)
        both.inputConnectors[1].connect(bar)
        blobs = self.create("blobtrackTOP")
        blobs.inputConnectors[0].connect(both)
        self.assertEqual(self.at(blobs, 55, 80), (255, 0, 0, 255))       # the disc's box, left side
        self.assertEqual(self.at(blobs, 224, 80), (255, 0, 0, 255))      # the bar's box, left side
        self.assertEqual(self.at(blobs, 80, 80)[:3], (255, 255, 255))    # inside the disc: the picture
        self.assertEqual(self.at(blobs, 160, 80)[3], 0)                  # between them: nothing
        blobs.par.threshold = 1.5                                        # nothing that bright: no boxes
        self.assertEqual(self.at(blobs, 55, 80)[3], 0)

    def test_a_renderer_without_pillow_says_so(self):
        # The renderer reports its libraries when it starts; told Pillow is missing, a Text TOP
        # falls back to the bitmap font and says so, and a Movie File In says its picture is a
        # placeholder naming the package.
        from tdsim.families.top import glsl
        glsl.unavailable()                                        # the renderer has started
        self.assertTrue(glsl._worker.libraries.get("pillow"))
        self.addCleanup(glsl._worker.libraries.__setitem__, "pillow", True)
        glsl._worker.libraries["pillow"] = False
        t = self.sized(self.create("textTOP"), 120, 40)
        t.par.text = "HI"
        self.assertIn("tdsim-python-fallback", t.warnings())
        w, h, img = self.image(t)
        self.assertEqual({pixel(img, w, x, y)[3] for y in range(h) for x in range(w)}, {0, 255})   # hard edges
        movie = self.create("moviefileinTOP")
        self.assertIn("tdsim-not-rendered: moviefileinTOP needs python3-pil", movie.warnings())
