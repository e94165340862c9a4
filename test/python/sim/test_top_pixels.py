"""TOP.sample() and TOP.numpyArray() (TOP Class), read from tdsim's rendered pixels; both were
missing before issue #14. Textures start at the bottom left, as in TouchDesigner."""
from .support import SimTestCase, td

try:
    import numpy
except ImportError:  # numpyArray needs numpy, as in TouchDesigner
    numpy = None


class TopPixelsTest(SimTestCase):
    def ramp(self):
        top = self.project.create(td.rampTOP)
        top.par.resolutionw, top.par.resolutionh = 8, 4
        return top

    def test_sample_a_constant_colour_by_pixel_and_by_uv(self):
        c = self.project.create(td.constantTOP)
        c.par.resolutionw, c.par.resolutionh = 16, 16
        c.par.colorr, c.par.colorg, c.par.colorb = 1.0, 0.0, 0.0
        r, g, b, a = c.sample(x=3, y=5)
        self.assertEqual((r, g, b, a), (1.0, 0.0, 0.0, 1.0))
        self.assertEqual(c.sample(u=0.5, v=0.5), (r, g, b, a))

    def test_the_vertical_ramp_starts_at_the_bottom(self):
        top = self.ramp()  # keys: position 0 black, position 1 white
        # Each row shows the ramp at its pixel centre: 4 rows give 1/8, 3/8, 5/8, 7/8.
        self.assertAlmostEqual(top.sample(x=0, y=0)[0], 0.125, delta=0.01)
        self.assertAlmostEqual(top.sample(u=0.0, v=0.99)[0], 0.875, delta=0.01)
        self.assertEqual(top.sample(x=25, v=0.0), top.sample(x=7, y=0))  # x clamped to the last column

    def test_one_horizontal_and_one_vertical_coordinate_are_required(self):
        top = self.ramp()
        for kwargs in ({"x": 1}, {"v": 0.5}, {"x": 1, "u": 0.5, "y": 0}, {}):
            with self.assertRaises(td.tdError, msg=kwargs):
                top.sample(**kwargs)

    def test_numpy_array_is_float_rows_from_the_bottom(self):
        if numpy is None:
            self.skipTest("numpy is not installed")
        top = self.ramp()
        image = top.numpyArray()
        self.assertEqual((image.shape, image.dtype), ((4, 8, 4), numpy.float32))
        self.assertEqual(tuple(image[0, 0]), top.sample(x=0, y=0))
        self.assertEqual(tuple(image[3, 7]), top.sample(x=7, y=3))
        image[0, 0] = 5.0  # writing to the array never changes the TOP
        self.assertAlmostEqual(float(top.numpyArray()[0, 0, 0]), 0.125, delta=0.01)

    def test_delayed_gives_the_previous_call_image(self):
        if numpy is None:
            self.skipTest("numpy is not installed")
        top = self.ramp()
        self.assertIsNone(top.numpyArray(delayed=True))
        self.assertEqual(top.numpyArray(delayed=True).shape, (4, 8, 4))
