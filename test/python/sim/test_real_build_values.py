"""tdsim builds operators as the kb's real-build facts say (issue #48): the value a new operator
holds where the build reports another default, pages the build shares, styles it reports."""
from .support import SimTestCase, td


class CreationValueTest(SimTestCase):
    def test_a_new_file_in_pop_has_an_empty_file_and_reports_the_sample_as_default(self):
        f = self.create(td.fileinPOP)
        self.assertEqual(f.par.file.eval(), "")
        self.assertEqual(f.par.file.default, "$TT/Geo/defgeo.tog")
        self.assertFalse(f.par.file.isDefault)
        f.par.file.reset()
        self.assertEqual(f.par.file.eval(), "$TT/Geo/defgeo.tog")

    def test_copies_and_undo_keep_either_value(self):
        f = self.create(td.pointfileinPOP)
        self.assertEqual(self.project.copy(f, name="fresh").par.file.eval(), "")
        f.par.file.reset()
        self.assertEqual(self.project.copy(f, name="reset").par.file.eval(), f.par.file.default)


class SharedPagesTest(SimTestCase):
    def test_object_comps_instance(self):
        cam = self.create(td.cameraCOMP)
        self.assertIn("Instance", [p.name for p in cam.pages])
        cam.par.instancing = True
        cam.par.instancerottoorder = "rottoxform"
        self.assertEqual(cam.par.tz.style, "XYZW")
        self.assertEqual(self.create(td.moviefileoutTOP).par.file.style, "FileSave")
