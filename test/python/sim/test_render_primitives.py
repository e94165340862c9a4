"""The pixel primitives under tdsim's renderer: resampling maps, blurs and blends."""

import unittest

from tdsim.families.top import blur, images, warp


def row(values):
    """A one-row RGBA image whose red channel holds `values` (green, blue 0, alpha 255)."""
    return bytearray(b"".join(bytes((v, 0, 0, 255)) for v in values))


class WarpTest(unittest.TestCase):
    def test_identity_map_copies_the_image(self):
        img = bytearray(range(4 * 6 * 4))
        for mode in warp.EXTENDS:
            self.assertEqual(warp.affine(img, 6, 4, 6, 4, (1, 0, 0, 0, 1, 0), mode), img)

    def test_extend_modes_outside_the_source(self):
        src = row([10, 20, 30])
        # show source x from -3 to 5 (one output pixel per source pixel, shifted by 3)
        shifted = (1, 0, -3, 0, 1, 0)
        expect = {
            "hold": [10, 10, 10, 10, 20, 30, 30, 30, 30],
            "zero": [0, 0, 0, 10, 20, 30, 0, 0, 0],
            "repeat": [10, 20, 30, 10, 20, 30, 10, 20, 30],
            "mirror": [30, 20, 10, 10, 20, 30, 30, 20, 10],
        }
        for mode, reds in expect.items():
            out = warp.affine(src, 3, 1, 9, 1, shifted, mode)
            self.assertEqual(list(out[0::4]), reds, mode)
        zero = warp.affine(src, 3, 1, 9, 1, shifted, "zero", b"\x01\x02\x03\x04")
        self.assertEqual(bytes(zero[:4]), b"\x01\x02\x03\x04")   # the background colour

    def test_a_vanishing_scale_is_refused(self):
        self.assertIsNone(warp.affine(row([1, 2]), 2, 1, 4, 4, (1e7, 0, 0, 0, 1e7, 0), "hold"))

    def test_flip_and_transpose(self):
        img = row([1, 2, 3]) + row([4, 5, 6])
        self.assertEqual(list(warp.flip(img, 3, 2, True, False)[0::4]), [3, 2, 1, 6, 5, 4])
        self.assertEqual(list(warp.flip(img, 3, 2, False, True)[0::4]), [4, 5, 6, 1, 2, 3])
        self.assertEqual(list(warp.transpose(img, 3, 2)[0::4]), [1, 4, 2, 5, 3, 6])


class BlurTest(unittest.TestCase):
    def test_box_spreads_an_impulse_evenly(self):
        out = blur.blur(row([0, 0, 0, 255, 0, 0, 0]), 7, 1, 1, 0, "box", "hold")
        self.assertEqual(list(out[0::4]), [0, 0, 85, 85, 85, 0, 0])
        self.assertEqual(list(out[3::4]), [255] * 7)          # a flat channel stays flat

    def test_gaussian_is_symmetric_and_peaked(self):
        out = list(blur.blur(row([0] * 8 + [255] + [0] * 8), 17, 1, 6, 0)[0::4])
        self.assertEqual(out, out[::-1])
        self.assertEqual(max(out), out[8])
        self.assertTrue(all(a <= b for a, b in zip(out[:8], out[1:9])))

    def test_edges_follow_the_extend_mode(self):
        src = row([255, 0, 0, 0, 0, 0])
        hold = blur.blur(src, 6, 1, 2, 0, "box", "hold")[0::4]
        repeat = blur.blur(src, 6, 1, 2, 0, "box", "repeat")[0::4]
        self.assertEqual(hold[0], 153)                        # three of five samples are 255
        self.assertEqual(repeat[5], 51)                       # the left edge wraps to the right


class BlendTest(unittest.TestCase):
    def test_over_with_varying_alpha(self):
        fg = bytes((200, 100, 0, 255, 200, 100, 0, 128, 200, 100, 0, 0))
        bg = bytes((0, 0, 200, 255)) * 3
        out = images.over(fg, bg)
        self.assertEqual(list(out[0:4]), [200, 100, 0, 255])
        self.assertEqual(list(out[4:8]), [100, 50, 100, 255])
        self.assertEqual(list(out[8:12]), [0, 0, 200, 255])

    def test_saturating_arithmetic(self):
        a, b = bytes((250, 10, 128, 0)), bytes((10, 20, 128, 255))
        self.assertEqual(list(images.add_saturate(a, b)), [255, 30, 255, 255])
        self.assertEqual(list(images.subtract_saturate(a, b)), [240, 0, 0, 0])
        self.assertEqual(list(images.multiply(a, b)), [10, 1, 64, 0])
