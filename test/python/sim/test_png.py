import struct
import zlib

from .support import SimTestCase, td, tdsim


def decode(data):
    """Independent PNG reader for the tests: 8-bit RGBA, filter type 0 rows (what tdsim writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, kind
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 6)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = w * 4
    rows = []
    for y in range(h):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        assert line[0] == 0
        rows.append(line[1:])
    return w, h, b"".join(rows)


def pixel(img, w, x, y):
    i = (y * w + x) * 4
    return tuple(img[i:i + 4])


class PngTest(SimTestCase):
    def constant(self, r, g, b, a=1.0, name=None):
        c = self.create("constantTOP", name)
        c.par.colorr, c.par.colorg, c.par.colorb, c.par.alpha = r, g, b, a
        return c

    def test_constant_colour_at_resolution(self):
        c = self.constant(1, 0.5, 0)
        c.par.outputresolution = "custom"
        c.par.resolutionw, c.par.resolutionh = 64, 32
        data = c.saveByteArray(".png")
        self.assertIsInstance(data, bytearray)
        w, h, img = decode(bytes(data))
        self.assertEqual((w, h), (64, 32))
        self.assertEqual((c.width, c.height), (64, 32))
        self.assertEqual(pixel(img, w, 0, 0), (255, 128, 0, 255))
        self.assertEqual(pixel(img, w, 63, 31), (255, 128, 0, 255))

    def test_ramp_gradient(self):
        r = self.create("rampTOP")
        r.par.type = "horizontal"
        w, h, img = decode(bytes(r.saveByteArray(".png")))
        left, right = pixel(img, w, 0, 5), pixel(img, w, w - 1, 5)
        self.assertEqual((left[0], right[0]), (0, 255))
        middle = pixel(img, w, w // 2, 5)[0]
        self.assertTrue(100 < middle < 160, middle)
        r.par.type = "vertical"
        w, h, img = decode(bytes(r.saveByteArray(".png")))
        # Position 0 (black) is at the bottom, as in TouchDesigner (textures start bottom left).
        self.assertGreater(pixel(img, w, 5, 0)[0], pixel(img, w, 5, h - 1)[0])

    def test_ramp_from_keys_table(self):
        keys = self.create("tableDAT", "keys")
        for row in (["pos", "r", "g", "b", "a"], [0, 1, 0, 0, 1], [1, 0, 0, 1, 1]):
            keys.appendRow(row)
        r = self.create("rampTOP")
        r.par.type, r.par.dat = "horizontal", keys
        w, h, img = decode(bytes(r.saveByteArray(".png")))
        self.assertEqual(pixel(img, w, 0, 0), (255, 0, 0, 255))
        self.assertEqual(pixel(img, w, w - 1, 0), (0, 0, 255, 255))

    def test_noise_depends_on_seed_and_is_deterministic(self):
        n = self.create("noiseTOP")
        n.par.amp, n.par.offset, n.par.alpha = 0.5, 0.5, "one"
        first = decode(bytes(n.saveByteArray(".png")))[2]
        self.assertEqual(first, decode(bytes(n.saveByteArray(".png")))[2])
        self.assertGreater(len(set(first[0::4])), 20)   # real variation, not a flat image
        n.par.seed = 42
        self.assertNotEqual(first, decode(bytes(n.saveByteArray(".png")))[2])
        n.par.seed = 0
        n.par.period = 4
        self.assertNotEqual(first, decode(bytes(n.saveByteArray(".png")))[2])
        n.par.mono = True
        w, h, img = decode(bytes(n.saveByteArray(".png")))
        self.assertEqual(img[0::4], img[1::4])

    def test_noise_moves_through_its_coordinates_as_its_type_allows(self):
        """The Noise TOP samples noise at the output's texture coordinates moved by Translate
        (x, y, z) and Translate 4D: a 4D type changes with t4d, a 3D type only with tz, a 2D type
        with neither (Noise TOP page: 2, 3 and 4 dimensional functions)."""
        n = self.create("noiseTOP")
        n.par.amp, n.par.offset, n.par.alpha, n.par.type = 0.5, 0.5, "one", "simplex4d"
        image = lambda: decode(bytes(n.saveByteArray(".png")))[2]
        still = image()
        n.par.t4d = 0.37
        moved = image()
        self.assertNotEqual(still, moved)
        self.assertGreater(len(set(moved[0::4])), 20)
        n.par.type = "simplex3d"
        self.assertEqual(image(), still)       # w is not a coordinate of 3D noise
        n.par.tz = 0.37
        self.assertNotEqual(image(), still)
        n.par.type = "simplex2d"
        self.assertEqual(image(), still)       # nor z of 2D noise
        n.par.tx = 0.25
        self.assertNotEqual(image(), still)

    def test_level_brightness_and_opacity(self):
        c = self.constant(0.4, 0.4, 0.4)
        lv = self.create("levelTOP")
        lv.inputConnectors[0].connect(c)
        lv.par.brightness1 = 2
        lv.par.opacity = 0.5
        w, h, img = decode(bytes(lv.saveByteArray(".png")))
        self.assertEqual((w, h), (256, 256))
        r, g, b, a = pixel(img, w, 3, 3)
        # 0.4 * 2 = 0.8, then opacity halves all four pre-multiplied channels: 0.4 and alpha 0.5.
        self.assertAlmostEqual(r, 102, delta=2)
        self.assertAlmostEqual(a, 128, delta=1)

    def test_over_and_add(self):
        top = self.constant(1, 0, 0, 0.5)
        bottom = self.constant(0, 0, 1, 1)
        over = self.create("overTOP")
        over.inputConnectors[0].connect(top)
        over.inputConnectors[1].connect(bottom)
        w, h, img = decode(bytes(over.saveByteArray(".png")))
        r, g, b, a = pixel(img, w, 0, 0)
        self.assertAlmostEqual(r, 128, delta=2)
        self.assertAlmostEqual(b, 128, delta=2)
        self.assertEqual(a, 255)
        add = self.create("addTOP")
        add.inputConnectors[0].connect(self.constant(0.6, 0.2, 0))
        add.inputConnectors[1].connect(self.constant(0.6, 0.2, 0))
        w, h, img = decode(bytes(add.saveByteArray(".png")))
        self.assertEqual(pixel(img, w, 1, 1)[:3], (255, 102, 0))

    def test_filter_follows_input_resolution_and_null_passes_through(self):
        c = self.constant(0, 1, 0)
        c.par.outputresolution = "custom"
        c.par.resolutionw, c.par.resolutionh = 40, 20
        null = self.create("nullTOP")
        null.inputConnectors[0].connect(c)
        self.assertEqual((null.width, null.height), (40, 20))
        w, h, img = decode(bytes(null.saveByteArray(".png")))
        self.assertEqual(pixel(img, w, 39, 19), (0, 255, 0, 255))
        null.par.outputresolution = "half"
        self.assertEqual((null.width, null.height), (20, 10))

    def test_unrendered_types_are_a_labelled_checkerboard(self):
        edge = self.create("cubemapTOP")
        edge.inputConnectors[0].connect(self.constant(1, 1, 1))
        self.assertIn("tdsim-not-rendered", edge.warnings())
        w, h, img = decode(bytes(edge.saveByteArray(".png")))
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))
        self.assertEqual(pixel(img, w, 16, 0), (110, 110, 110, 255))
        self.assertIn(255, img[0::4])   # the white label text is drawn

    def test_max_size_helper_and_big_frames(self):
        c = self.constant(0.2, 0.2, 0.2)
        c.par.outputresolution = "custom"
        c.par.resolutionw, c.par.resolutionh = 1280, 720
        w, h, img = decode(tdsim.render_png(c, max_size=128))
        self.assertEqual((w, h), (128, 72))
        w, h, img = decode(bytes(c.saveByteArray(".png")))
        self.assertEqual((w, h), (1280, 720))

    def test_only_png(self):
        with self.assertRaises(td.tdError):
            self.constant(0, 0, 0).saveByteArray(".jpg")
