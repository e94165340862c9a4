"""The Render TOP draws 3D scenes on tdsim's renderer (Mesa's OpenGL through OSMesa): Geometry COMPs
instanced from a CHOP, a camera, lights, Phong and GLSL MATs, depth. Each test reads the picture's
pixels where the scene puts things and says what a person sees there. Needs libosmesa6,
python3-opengl and python3-numpy (as GLSL TOPs do)."""

import math
import os

from .support import SimTestCase, td, tdsim
from .test_png import decode, pixel

W, H = 320, 240
PICTURES = os.environ.get("TDSIM_TEST_PICTURES")   # a folder to keep the pictures in, to look at them

GLSL_VERTEX = """out vec3 vWorld;
void main() {
    vec4 world = TDDeform(TDPos());
    vWorld = world.xyz;
    gl_Position = TDWorldToProj(world);
}
"""
GLSL_PIXEL = """uniform vec4 uTint;
in vec3 vWorld;
layout(location = 0) out vec4 fragColor;
void main() {
    // the tint, brighter to the right: x from -1 to 1 across the shape
    fragColor = TDOutputSwizzle(vec4(uTint.rgb * (0.5 + 0.25 * vWorld.x), 1.0));
}
"""


def project(x, y, z, cam_z=5.0, fov=45.0):
    """Where a world point lands in the picture (pixels from the top left) for the default camera
    at (0, 0, cam_z) looking down -z with a horizontal field of view of `fov` degrees."""
    f = 1 / math.tan(math.radians(fov) / 2)
    d = cam_z - z
    sx = x * f / d
    sy = y * f * (W / H) / d
    return round((sx + 1) / 2 * W), round((1 - sy) / 2 * H)


class Render3DTest(SimTestCase):
    def scene(self, instances=True):
        p = self.project
        geo = p.create(td.geometryCOMP, "boxes")
        for child in list(geo.children):
            child.destroy()
        box = geo.create(td.boxSOP, "box1")
        box.render = box.display = True
        box.par.sizex = box.par.sizey = box.par.sizez = 0.8
        if instances:
            inst = p.create(td.constantCHOP, "places")
            # four instances: red left, green middle, blue right, and a yellow one in front of
            # the green one, nearer the camera
            tdsim.inject_channels(inst, {"tx": [-1.5, 0, 1.5, 0.3], "ty": [0, 0, 0, 0.3], "tz": [0, 0, 0, 1.0],
                                         "r": [1, 0, 0, 1], "g": [0, 1, 0, 1], "b": [0, 0, 1, 0]})
            geo.par.instancing = True
            geo.par.instanceop = inst
            geo.par.instancetx, geo.par.instancety, geo.par.instancetz = "tx", "ty", "tz"
            geo.par.instancer, geo.par.instanceg, geo.par.instanceb = "r", "g", "b"
        mat = p.create(td.phongMAT, "phong1")
        geo.par.material = mat
        cam = p.create(td.cameraCOMP, "cam1")
        light = p.create(td.lightCOMP, "light1")
        light.par.tx, light.par.ty, light.par.tz = 0, 2, 6
        render = p.create(td.renderTOP, "render1")
        render.par.outputresolution = "custom"
        render.par.resolutionw, render.par.resolutionh = W, H
        render.par.camera = cam
        return geo, mat, light, render

    def image(self, top, name):
        data = bytes(top.saveByteArray(".png"))
        if PICTURES:
            with open(os.path.join(PICTURES, name + ".png"), "wb") as f:
                f.write(data)
        return decode(data)

    def test_instances_from_a_chop_in_their_colours_at_their_places_in_depth_order(self):
        # A person sees three lit boxes in a row on a transparent background (red left, green
        # in the middle, blue right) and a yellow box nearer the camera covering the green one's
        # top right corner.
        geo, mat, light, render = self.scene()
        w, h, img = self.image(render, "instances")
        self.assertEqual((w, h), (W, H))
        self.assertEqual(render.warnings(), "")
        red, green, blue = pixel(img, w, *project(-1.5, 0, 0.4)), pixel(img, w, *project(0, -0.25, 0.4)), pixel(img, w, *project(1.5, 0, 0.4))
        for seen, channel in ((red, 0), (green, 1), (blue, 2)):
            others = [seen[k] for k in range(3) if k != channel]
            self.assertGreater(seen[channel], 120, seen)
            self.assertGreater(seen[channel], max(others) + 60, seen)   # its own colour, lit
        # the yellow box (z = 1) is in front of the green one (z = 0) where they overlap
        yellow = pixel(img, w, *project(0.0, 0.0, 1.4))
        self.assertGreater(min(yellow[0], yellow[1]), 120)
        self.assertGreater(min(yellow[0], yellow[1]), yellow[2] + 60, yellow)
        self.assertEqual(pixel(img, w, 5, 5)[3], 0)          # nothing drawn in the corner
        # the instances move with the CHOP
        tdsim.inject_channels("/project1/places", {"tx": [0.0], "ty": [-1.2], "tz": [0.0], "r": [1.0], "g": [1.0], "b": [1.0]})
        tdsim.step(1)
        w, h, img = self.image(render, "instances_moved")
        self.assertEqual(pixel(img, w, *project(-1.5, 0, 0.4))[3], 0)
        self.assertGreater(min(pixel(img, w, *project(0, -1.2, 0.4))[:3]), 100)

    def test_lighting_falls_off_away_from_the_light(self):
        # A person sees a large grey square facing the camera, bright where a point light
        # with attenuation hangs just in front of its left half, fading to black on the right.
        geo, mat, light, render = self.scene(instances=False)
        box = geo.op("box1")
        box.par.sizex, box.par.sizey, box.par.sizez = 4, 3, 0.1
        light.par.tx, light.par.ty, light.par.tz = -1.5, 0, 0.6
        light.par.attenuated = True
        light.par.attenuationstart, light.par.attenuationend = 0.0, 3.0
        w, h, img = self.image(render, "falloff")
        lum = [sum(pixel(img, w, *project(x, 0, 0.05))[:3]) for x in (-1.5, -0.5, 0.5, 1.5)]
        self.assertGreater(lum[0], 300)
        self.assertEqual(lum, sorted(lum, reverse=True))     # darker step by step away from the light
        self.assertGreater(lum[0] - lum[2], 150)

    def test_glsl_mat_runs_its_own_shaders_with_touchdesigners_functions(self):
        # A person sees the three boxes in one teal tint, darker on the left and brighter on
        # the right (the shader scales the tint by the world x position).
        geo, mat, light, render = self.scene()
        glsl_mat = self.project.create(td.glslMAT, "shader1")
        vdat, pdat = self.project.create(td.textDAT, "vert"), self.project.create(td.textDAT, "pix")
        vdat.text, pdat.text = GLSL_VERTEX, GLSL_PIXEL
        glsl_mat.par.vdat, glsl_mat.par.pdat = vdat, pdat
        glsl_mat.par.vec0name = "uTint"
        glsl_mat.par.vec0valuex, glsl_mat.par.vec0valuey, glsl_mat.par.vec0valuez = 0.0, 0.8, 0.8
        geo.par.material = glsl_mat
        self.assertEqual(glsl_mat.errors(), "")
        w, h, img = self.image(render, "glsl_mat")
        left, right = pixel(img, w, *project(-1.5, -0.2, 0.4)), pixel(img, w, *project(1.5, -0.2, 0.4))
        self.assertEqual(left[0], 0)
        self.assertAlmostEqual(left[1], left[2], delta=2)
        self.assertGreater(right[1], left[1] + 60)           # x = 1.5 is brighter than x = -1.5

    def test_a_glsl_mat_that_does_not_compile_is_an_error_on_its_line(self):
        geo, mat, light, render = self.scene()
        glsl_mat = self.project.create(td.glslMAT, "broken")
        pdat = self.project.create(td.textDAT, "pix")
        pdat.text = "layout(location = 0) out vec4 fragColor;\nvoid main() {\n    fragColor = vec4(nope);\n}\n"
        glsl_mat.par.pdat = pdat
        geo.par.material = glsl_mat
        errors = glsl_mat.errors()
        self.assertIn("line 3", errors)
        self.assertIn("nope", errors)
        self.assertIn("/project1/pix", errors)

    def test_depth_top_gives_distances_from_the_camera(self):
        # A person sees the boxes as grey shapes: the yellow box's front, nearest the camera,
        # darker than the others; the empty background white (far away).
        geo, mat, light, render = self.scene()
        depth = self.project.create(td.depthTOP, "depth1")
        depth.par.rendertop = render
        depth.par.depthspace = "reranged"
        depth.par.rangefrom1, depth.par.rangefrom2 = 3.0, 6.0
        self.assertEqual((depth.width, depth.height), (W, H))
        w, h, img = self.image(depth, "depth")
        near = pixel(img, w, *project(0.3, 0.3, 1.4))[0]     # the front face at z = 1.4: 3.6 away
        far = pixel(img, w, *project(-1.5, 0, 0.4))[0]       # at z = 0.4: 4.6 away
        self.assertAlmostEqual(near, round((3.6 - 3) / 3 * 255), delta=12)
        self.assertAlmostEqual(far, round((4.6 - 3) / 3 * 255), delta=12)
        self.assertEqual(pixel(img, w, 5, 5)[0], 255)

    def test_too_many_instances_are_cut_off_with_a_warning(self):
        geo, mat, light, render = self.scene(instances=False)
        sphere = geo.create(td.sphereSOP, "ball")
        sphere.par.rows, sphere.par.cols = 40, 80
        geo.op("box1").render = False
        sphere.render = True
        geo.par.instancing = True
        geo.par.instancecountmode = "manual"
        geo.par.numinstances = 100000                    # 18,960 vertices each: far past the bound
        self.image(render, "capped")
        self.assertIn("tdsim-render-capped", render.warnings())


class GeometryTest(SimTestCase):
    """SOPs and POPs cook into one geometry store: counts and positions a script reads back."""

    def test_generators_make_their_documented_shapes(self):
        geo = self.project.create(td.geometryCOMP, "g")
        box = geo.create(td.boxSOP)
        self.assertEqual((box.numPoints, box.numPrims), (8, 6))
        self.assertEqual(max(p.x for p in box.points), 0.5)         # size 1, centred
        grid = geo.create(td.gridSOP)
        grid.par.rows, grid.par.cols = 3, 4
        self.assertEqual((grid.numPoints, grid.numPrims), (12, 6))
        line = geo.create(td.lineSOP)
        line.par.points = 5
        self.assertEqual((line.numPoints, line.numPrims, line.prims[0].closed), (5, 1, False))
        sphere = geo.create(td.sphereSOP)
        self.assertTrue(all(abs(math.sqrt(p.x ** 2 + p.y ** 2 + p.z ** 2) - 1.0) < 1e-6 for p in sphere.points))
        pop = geo.create(td.pointgeneratorPOP)
        pop.par.numpoints = 500
        self.assertEqual(pop.numPoints, 500)
        self.assertTrue(all(math.sqrt(p.x ** 2 + p.y ** 2 + p.z ** 2) <= 1.0 + 1e-6 for p in pop.points))

    def test_filters_transform_merge_copy_and_delete(self):
        geo = self.project.create(td.geometryCOMP, "g")
        box = geo.create(td.boxSOP)
        move = geo.create(td.transformSOP)
        move.inputConnectors[0].connect(box)
        move.par.tx, move.par.sy = 2, 3
        self.assertEqual(move.points[0].P, (1.5, -1.5, -0.5))
        merge = geo.create(td.mergeSOP)
        merge.inputConnectors[0].connect(box)
        merge.inputConnectors[1].connect(move)
        self.assertEqual((merge.numPoints, merge.numPrims), (16, 12))
        copy = geo.create(td.copySOP)
        copy.inputConnectors[0].connect(box)
        copy.par.ncy, copy.par.tx = 3, 2
        self.assertEqual(copy.numPrims, 18)
        self.assertEqual(max(p.x for p in copy.points), 4.5)        # the third copy moved twice
        delete = geo.create(td.deleteSOP)
        delete.inputConnectors[0].connect(box)
        delete.par.pattern = "0-1"
        self.assertEqual(delete.numPrims, 4)
        pop = geo.create(td.boxPOP)
        ptransform = geo.create(td.transformPOP)
        ptransform.inputConnectors[0].connect(pop)
        ptransform.par.ty = 1
        self.assertEqual(min(p.y for p in ptransform.points), 0.5)

    def test_chop_to_sop_places_a_point_per_sample(self):
        geo = self.project.create(td.geometryCOMP, "g")
        chop = self.project.create(td.constantCHOP, "pts")
        tdsim.inject_channels(chop, {"tx": [0, 1, 2], "ty": [0, 1, 4], "tz": [0, 0, 0]})
        sop = geo.create(td.choptoSOP)
        sop.par.chop = chop
        self.assertEqual([p.P for p in sop.points], [(0.0, 0.0, 0.0), (1.0, 1.0, 0.0), (2.0, 4.0, 0.0)])
        self.assertEqual(sop.warnings(), "")
        odd = geo.create(td.lsystemSOP)
        self.assertIn("tdsim-not-cooked", odd.warnings())


class FallbackTest(SimTestCase):
    """Without the renderer (TDSIM_RENDERER=python stands in for a machine without OpenGL), TOPs
    that have a pure-Python drawing say it is one; those that do not are placeholders, and say so."""

    def setUp(self):
        super().setUp()
        os.environ["TDSIM_RENDERER"] = "python"
        self.addCleanup(os.environ.pop, "TDSIM_RENDERER", None)

    def test_fallback_pictures_and_placeholders_are_labelled(self):
        level = self.project.create(td.levelTOP)
        level.inputConnectors[0].connect(self.project.create(td.constantTOP))
        self.assertIn("tdsim-python-fallback", level.warnings())
        edge = self.project.create(td.edgeTOP)
        edge.inputConnectors[0].connect(self.project.create(td.constantTOP))
        self.assertIn("tdsim-not-rendered", edge.warnings())
        w, h, img = decode(bytes(edge.saveByteArray(".png")))
        self.assertEqual(pixel(img, w, 0, 0), (70, 70, 70, 255))       # the grey checkerboard
