from .support import SimTestCase, td


class CookModelTest(SimTestCase):
    def test_filter_without_required_input_errors_until_wired(self):
        level = self.create("levelTOP")
        self.assertIn("Not enough sources specified.", level.errors())
        self.assertIn("/project1/level1", level.errors())
        level.inputConnectors[0].connect(self.create("noiseTOP"))
        self.assertEqual(level.errors(), "")

    def test_generator_has_no_input_error(self):
        self.assertEqual(self.create("noiseTOP").errors(), "")

    def test_missing_minimum_in_kb_is_permissive(self):
        # antialiasTOP: the kb knows a maximum of inputs but not the minimum
        self.assertIsNone(td.antialiasTOP._spec.inputs_min)
        self.assertEqual(self.create("antialiasTOP").errors(), "")

    def test_dangling_and_wrong_family_references(self):
        sel = self.create("selectTOP")
        sel.par.top = "nothere"
        self.assertIn("cannot find operator 'nothere'", sel.errors())
        self.create("noiseCHOP", "nothere")
        self.assertIn("is not a TOP", sel.errors())
        sel.par.top = ""
        self.assertEqual(sel.errors(), "")

    def test_bypass_hides_rule_errors(self):
        level = self.create("levelTOP")
        level.bypass = True
        self.assertEqual(level.errors(), "")

    def test_recurse_collects_children(self):
        comp = self.create("baseCOMP")
        comp.create("levelTOP")
        self.assertEqual(comp.errors(), "")
        self.assertIn("/project1/base1/level1", comp.errors(recurse=True))

    def test_script_errors(self):
        n = self.create("noiseTOP")
        n.addScriptError("custom failure")
        self.assertIn("custom failure", n.errors())
        n.clearScriptErrors()
        self.assertEqual(n.errors(), "")

    def test_add_error_and_warning_only_while_cooking(self):
        # OP Class: addError/addWarning are "only valid if added while the operator is cooking".
        n = self.create("noiseTOP")
        with self.assertRaises(td.tdError):
            n.addError("outside a cook")
        with self.assertRaises(td.tdError):
            n.addWarning("outside a cook")
        n.par.seed.expr = "(me.addError('bad seed'), me.addWarning('heads up'), 1)[2]"
        n.cook(force=True)
        self.assertIn("bad seed", n.errors())
        self.assertIn("heads up", n.warnings())
        n.par.seed.expr = "2"
        n.cook(force=True)
        self.assertNotIn("bad seed", n.errors())

    def test_cook_counts(self):
        n = self.create("noiseTOP")
        before = n.totalCooks
        n.cook(force=True)
        self.assertEqual(n.totalCooks, before + 1)
        self.assertGreaterEqual(n.cookTime, 0.0)
