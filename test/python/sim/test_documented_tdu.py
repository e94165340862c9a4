"""tdu's definition classes and file types, as their pages document them (td-docs: td_docs/Python/
Vector_Class.md, Position_Class.md, Matrix_Class.md, Quaternion_Class.md, Color_Class.md,
TDU_Class.md)."""
import math

from .support import SimTestCase, td

import tdu  # noqa: E402  (importable once support has set the path)


def close(test, a, b, places=6):
    test.assertEqual(len(list(a)), len(list(b)))
    for x, y in zip(a, b):
        test.assertAlmostEqual(x, y, places=places)


class VectorPositionTest(SimTestCase):
    def test_vector_instantiators_and_list_access(self):
        # Vector Class: "tdu.Vector() # starts as (0, 0, 0)", (x, y, z), (f) -> (f, f, f), a list.
        self.assertEqual(list(tdu.Vector()), [0, 0, 0])
        self.assertEqual(list(tdu.Vector(2)), [2, 2, 2])
        v3 = tdu.Vector([0, 1, 0])
        self.assertEqual(v3[1], v3.y)
        v3[2] = 1
        self.assertEqual(v3.z, 1)

    def test_vector_methods(self):
        v = tdu.Vector(3, 4, 0)
        self.assertEqual(v.length(), 5)
        self.assertEqual(v.lengthSquared(), 25)
        self.assertAlmostEqual(tdu.Vector(1, 0, 0).angle(tdu.Vector(0, 1, 0)), 90)
        self.assertEqual(list(tdu.Vector(1, 0, 0).cross(tdu.Vector(0, 1, 0))), [0, 0, 1])  # self cross vec
        self.assertEqual(tdu.Vector(1, 2, 3).dot(tdu.Vector(4, 5, 6)), 32)
        close(self, tdu.Vector(0, 0, 0).lerp(tdu.Vector(2, 4, 6), 0.5), [1, 2, 3])
        close(self, tdu.Vector(1, 0, 0).slerp(tdu.Vector(0, 1, 0), 0.5), [math.sqrt(0.5), math.sqrt(0.5), 0])
        self.assertEqual(tdu.Vector(1, 1, 1).distance(tdu.Vector(1, 1, 4)), 3)
        v.normalize()
        self.assertAlmostEqual(v.length(), 1)
        w = tdu.Vector(1, 2, 3)
        w.scale(2, 1, 0)
        self.assertEqual(list(w), [2, 2, 0])
        c = w.copy()
        c.x = 9
        self.assertEqual(w.x, 2)

    def test_vector_arithmetic(self):
        v = tdu.Vector(1, -2, 3)
        self.assertEqual(list(v * 2.0), [2, -4, 6])
        self.assertEqual(list(2.0 * v), [2, -4, 6])
        self.assertEqual(list(v + 5.0), [6, 3, 8])
        self.assertEqual(list(1.5 - tdu.Vector(1, 1, 1)), [0.5, 0.5, 0.5])
        self.assertEqual(list(v / 0.5), [2, -4, 6])
        self.assertEqual(list(abs(v)), [1, 2, 3])
        self.assertEqual(list(-v), [-1, 2, -3])
        v *= tdu.Vector(2, 2, 2)  # component-wise
        self.assertEqual(list(v), [2, -4, 6])

    def test_position_and_vector_meet(self):
        p1, v = tdu.Position(1, 5, 0), tdu.Vector(1, 1, 1)
        self.assertIsInstance(v + p1, tdu.Position)        # "Vector + Position -> Position"
        self.assertIsInstance(p1 - v, tdu.Position)
        d = p1 - tdu.Position(0, 1, 0)                      # "Position - Position -> Vector"
        self.assertIsInstance(d, tdu.Vector)
        self.assertEqual(list(d), [1, 4, 0])
        with self.assertRaises(TypeError):
            v - p1                                          # "the reverse is not a legal operation"
        p1.translate(5, 2, 0)
        self.assertEqual(list(p1), [6, 7, 0])


class MatrixTest(SimTestCase):
    def test_values_are_given_column_by_column(self):
        m = tdu.Matrix(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        self.assertEqual(m.rows[0], [1, 5, 9, 13])         # the page's "matrix values" picture
        self.assertEqual(m[0, 3], 13)
        self.assertEqual(tdu.Matrix([1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]), m)
        self.assertEqual(m.cols[1], [5, 6, 7, 8])
        self.assertEqual(tdu.Matrix().rows, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        self.assertEqual(tdu.Matrix(zero=True).vals, [0.0] * 16)

    def test_translation_skips_vectors_and_moves_positions(self):
        m = tdu.Matrix()
        m.translate(5, 0, 10)
        self.assertEqual(list(m * tdu.Position(1, 1, 1)), [6, 1, 11])
        self.assertEqual(list(m * tdu.Vector(1, 1, 1)), [1, 1, 1])  # "the translate part ... does not get applied"
        p = tdu.Position(0, 0, 0)
        p *= m
        self.assertEqual(list(p), [5, 0, 10])

    def test_rotate_scale_inverse_decompose(self):
        m = tdu.Matrix()
        m.rotate(0, 0, 90)
        close(self, m * tdu.Vector(1, 0, 0), [0, 1, 0])
        m = tdu.Matrix()
        m.rotate(0, 0, 90, pivot=[0, 5, 0])
        close(self, m * tdu.Position(0, 5, 0), [0, 5, 0])  # the pivot stays
        m = tdu.Matrix()
        m.scale(2, 3, 4)
        m.rotate(10, 20, 30)
        m.translate(1, 2, 3)
        s, r, t = m.decompose()
        close(self, s, [2, 3, 4])
        close(self, r, [10, 20, 30])
        close(self, t, [1, 2, 3])
        self.assertAlmostEqual(m.determinant(), 24)
        close(self, (m * m.getInverse()).vals, tdu.Matrix().vals)
        close(self, m.getTranspose().rows[0], m.cols[0])

    def test_projection_and_fill_table(self):
        m = tdu.Matrix()
        m.projectionFovX(90, 16, 9, 1, 100)
        self.assertIsNone(m.projectAndClip(tdu.Position(0, 0, 1)))  # behind the camera
        near = m.projectAndClip(tdu.Position(0, 0, -1))
        self.assertAlmostEqual(near.z, 0)                             # "depth range ... [0,1]"
        self.assertAlmostEqual(m.projectAndClip(tdu.Position(0, 0, -100)).z, 1)
        quad = tdu.Matrix()
        quad.mapUnitSquareToQuad(0, 0, 2, 0, 0, 1, 3, 2)
        close(self, quad * tdu.Position(1, 1, 0), [3, 2, 0])
        table = self.create(td.tableDAT)
        tdu.Matrix().fillTable(table)
        self.assertEqual(table.row(0, val=True), ["1", "0", "0", "0"])
        self.assertEqual(table.numRows, 4)


class QuaternionColorTest(SimTestCase):
    def test_quaternion_instantiators(self):
        self.assertEqual(list(tdu.Quaternion()), [0, 0, 0, 1])
        q = tdu.Quaternion(90, tdu.Vector(0, 0, 1))        # angle and axis
        close(self, q.rotate(tdu.Vector(1, 0, 0)), [0, 1, 0])
        self.assertAlmostEqual(q.angle(), 90)
        close(self, q.axis(), [0, 0, 1])
        between = tdu.Quaternion(tdu.Vector(1, 0, 0), tdu.Vector(0, 1, 0))
        close(self, between, q)
        euler = tdu.Quaternion(30, 5, -5)
        close(self, euler.eulerAngles(), [30, 5, -5])
        m = tdu.Matrix()
        m.rotate(30, 5, -5)
        close(self, tdu.Quaternion(m), euler)              # from a matrix: the same rotation
        close(self, tdu.Matrix(euler).vals, m.vals)

    def test_quaternion_methods(self):
        q = tdu.Quaternion(0, 0, 90)
        half = tdu.Quaternion().slerp(q, 0.5)
        self.assertAlmostEqual(half.angle(), 45)
        self.assertAlmostEqual(q.length(), 1)
        inv = q.copy()
        inv.inverse()
        close(self, inv.rotate(q.rotate(tdu.Vector(1, 2, 3))), [1, 2, 3])
        q1 = tdu.Quaternion(0, 0, 45)
        q1 *= tdu.Quaternion(0, 0, 45)                      # "apply rotation of q2 to q1"
        self.assertAlmostEqual(q1.angle(), 90)
        close(self, tdu.Quaternion(1, 0, 0, 0).log().exp(), [1, 0, 0, 0])
        self.assertAlmostEqual(tdu.Quaternion().dot(q), q.w)

    def test_color(self):
        self.assertEqual(list(tdu.Color()), [0, 0, 0, 1])  # "black with full opacity"
        self.assertEqual(list(tdu.Color(0.5)), [0.5, 0.5, 0.5, 1])
        c = tdu.Color([0, 1, 0, 1])
        self.assertEqual(c[1], c.g)
        d = c.copy()
        d.r = 1
        self.assertEqual(c.r, 0)


class FileTypesTest(SimTestCase):
    def test_file_types_by_category(self):
        # TDU Class: "tdu.fileTypes['movie']", "['image']", "['audio']": extensions scripts test
        # with suffix.lower() and join with +.
        for category in ("image", "movie", "audio"):
            self.assertTrue(tdu.fileTypes[category])
            self.assertTrue(all(e == e.lower() and not e.startswith(".") for e in tdu.fileTypes[category]))
        self.assertIn("png", tdu.fileTypes["image"])
        self.assertIn("mov", tdu.fileTypes["movie"] + tdu.fileTypes["image"])
        self.assertEqual(tdu.FileInfo("clips/Intro.MOV").fileType, "movie")
