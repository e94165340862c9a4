"""Probes of documented behaviour: OP and COMP members and parameters, each citing the page it
comes from (td-docs: td_docs/Python/OP_Class.md, COMP_Class.md, Par_Class.md, ParGroup_Class.md)."""
from .support import SimTestCase, td, tdsim

import tdu  # noqa: E402


class OpProbes(SimTestCase):
    def test_digits_and_base_of_a_name(self):
        # OP Class: digits "The number attached to the end of the node name"; base "the beginning
        # portion of the name occurring before any digits".
        n = self.create(td.nullTOP, "arm123")
        self.assertEqual((n.digits, n.base), (123, "arm"))
        self.assertIsNone(self.create(td.nullTOP, "leg").digits)

    def test_renaming_changes_the_path(self):
        # OP Class: name "Get or set the operator name"; path "Full path to the operator".
        n = self.create(td.noiseTOP)
        n.name = "seed"
        self.assertEqual(n.path, "/project1/seed")
        self.assertIs(td.op("/project1/seed"), n)

    def test_a_destroyed_operator_is_invalid_and_refuses_members(self):
        # OP Class: valid "True if the referenced operator currently exists"; destroy().
        n = self.create(td.noiseTOP)
        n.destroy()
        self.assertFalse(n.valid)
        with self.assertRaises(Exception):
            n.par.seed.eval()

    def test_inputs_outputs_after_wiring(self):
        # OP Class: inputs / outputs "List of input/output operators (via left/right connectors)".
        a, b = self.create(td.noiseTOP), self.create(td.levelTOP)
        b.inputConnectors[0].connect(a)
        self.assertEqual(b.inputs, [a])
        self.assertEqual(a.outputs, [b])

    def test_eval_expression_with_the_operator_as_me(self):
        # OP Class: evalExpression(str) "Evaluate the expression from the context of this OP".
        n = self.create(td.noiseTOP, "probe")
        self.assertEqual(n.evalExpression("me.name"), "probe")

    def test_relative_path(self):
        # OP Class: relativePath(OP) "Returns the relative path from this operator to the OP given".
        comp = self.create(td.baseCOMP, "c")
        inner = comp.create(td.noiseTOP, "inner")
        out = self.create(td.nullTOP, "out")
        # Paths relative to an operator start inside it (OP Class, op(): "relative to the inside
        # of this operator"), so a sibling's child is one level up.
        self.assertEqual(out.relativePath(inner), "../c/inner")
        self.assertEqual(inner.relativePath(out), "../../out")

    def test_store_fetch_unstore(self):
        # OP Class: fetch(key, default) "Return an object from the OP storage dictionary. If the item
        # is not found, and a default it supplied, it will be returned instead"; unstore("*").
        n = self.create(td.baseCOMP)
        n.store("a", [1, 2])
        self.assertEqual(n.fetch("a"), [1, 2])
        self.assertEqual(n.fetch("missing", "fallback"), "fallback")
        n.unstore("*")
        self.assertEqual(n.fetch("a", None), None)

    def test_change_type_keeps_the_name(self):
        # OP Class: changeType(OPtype) "Change referenced operator to a new operator type... returns
        # the new OP".
        n = self.create(td.noiseTOP, "src")
        new = n.changeType(td.rampTOP)
        self.assertEqual((new.name, new.OPType), ("src", "rampTOP"))
        self.assertFalse(n.valid)

    def test_tags_comment_and_color(self):
        # OP Class: tags "Get or set a set of user defined strings"; comment; color (r, g, b).
        n = self.create(td.noiseTOP)
        n.tags = ["a", "b"]
        n.tags.add("c")
        self.assertEqual(n.tags, {"a", "b", "c"})
        n.comment = "hello"
        n.color = (0.5, 0.25, 0)
        self.assertEqual(n.comment, "hello")
        self.assertEqual(tuple(n.color), (0.5, 0.25, 0.0))

    def test_family_tests(self):
        # OP Class: isTOP / isCHOP / isCOMP ... and family.
        n = self.create(td.noiseCHOP)
        self.assertEqual((n.family, n.isCHOP, n.isTOP, n.isCOMP), ("CHOP", True, False, False))


class CompProbes(SimTestCase):
    def test_create_numbers_new_names(self):
        # COMP Class: create(OPtype, name) "Create a new node of the given type, inside this COMP";
        # without a name TouchDesigner names it after the type with the next free number.
        a, b = self.create(td.noiseTOP), self.create(td.noiseTOP)
        self.assertEqual((a.name, b.name), ("noise1", "noise2"))

    def test_find_children_by_type_and_depth(self):
        # COMP Class: findChildren(type=None, depth=None, ...) "Returns a list of operators
        # matching the criteria"; depth 1 is this COMP's children only.
        comp = self.create(td.baseCOMP)
        comp.create(td.noiseTOP, "n1")
        sub = comp.create(td.baseCOMP, "sub")
        sub.create(td.noiseTOP, "n2")
        self.assertEqual(sorted(o.name for o in comp.findChildren(type=td.noiseTOP)), ["n1", "n2"])
        self.assertEqual([o.name for o in comp.findChildren(type=td.noiseTOP, depth=1)], ["n1"])

    def test_copy_with_a_name(self):
        # COMP Class: copy(OP, name=None) "Copy the operator into this component".
        src = self.create(td.noiseTOP, "src")
        src.par.seed = 9
        dup = self.project.copy(src, name="dup")
        self.assertEqual((dup.name, dup.par.seed.eval()), ("dup", 9))

    def test_children_and_counts(self):
        # COMP Class: children, numChildren, numChildrenRecursive.
        comp = self.create(td.baseCOMP)
        comp.create(td.noiseTOP)
        comp.create(td.baseCOMP).create(td.noiseTOP)
        self.assertEqual((comp.numChildren, comp.numChildrenRecursive, len(comp.children)), (2, 3, 2))

    def test_custom_pages_and_destroy_custom_pars(self):
        # COMP Class: appendCustomPage(name), customPages, customPars, destroyCustomPars().
        comp = self.create(td.baseCOMP)
        page = comp.appendCustomPage("Look")
        page.appendFloat("Gain")
        page.appendRGB("Tint")
        self.assertEqual([p.name for p in comp.customPages], ["Look"])
        self.assertEqual([p.name for p in comp.customPars], ["Gain", "Tintr", "Tintg", "Tintb"])
        comp.destroyCustomPars()
        self.assertEqual(comp.customPars, [])

    def test_save_and_load_tox(self):
        # COMP Class: save(filepath) "Saves the component to disk"; loadTox(filepath) "Load the
        # component from the given file path into this COMP".
        import os
        import tempfile
        comp = self.create(td.baseCOMP, "kit")
        comp.create(td.noiseTOP, "inside").par.seed = 4
        with tempfile.TemporaryDirectory() as folder:
            path = comp.save(os.path.join(folder, "kit.tox"))
            loaded = self.create(td.baseCOMP, "host").loadTox(path)
        self.assertEqual(loaded.op("inside").par.seed.eval(), 4)


class ParProbes(SimTestCase):
    def test_assigning_sets_a_constant_and_leaves_expression_mode(self):
        # Par Class, val: "When setting this member, the parameter will also be placed in constant
        # mode"; "op('geo1').par.tx = 5 # equivalent to above".
        n = self.create(td.noiseTOP)
        n.par.seed.expr = "absTime.frame"
        self.assertEqual(n.par.seed.mode, td.ParMode.EXPRESSION)
        n.par.seed = 5
        self.assertEqual((n.par.seed.mode, n.par.seed.eval()), (td.ParMode.CONSTANT, 5))

    def test_vec_index_and_par_group(self):
        # Par Class: vecIndex "op('geo1').par.tz would have a value of 2"; parGroup.
        geo = self.create(td.geometryCOMP)
        self.assertEqual(geo.par.tz.vecIndex, 2)
        self.assertEqual(geo.par.tz.parGroup.name, "t")
        geo.par.tx, geo.par.ty, geo.par.tz = 1, 2, 3
        self.assertEqual(tuple(geo.parGroup.t.eval()), (1, 2, 3))

    def test_is_default_and_reset(self):
        # Par Class: isDefault "True when the parameter value, expression and mode are in their
        # default settings"; reset().
        n = self.create(td.noiseTOP)
        self.assertTrue(n.par.seed.isDefault)
        n.par.seed = 42
        self.assertFalse(n.par.seed.isDefault)
        n.par.seed.reset()
        self.assertTrue(n.par.seed.isDefault)

    def test_eval_file_gives_a_file_info(self):
        # Par Class: evalFile() "Evaluate the parameter as a file path. This returns a FileInfo
        # object with the full path": a.ext, a.baseName, a.exists.
        m = self.create(td.moviefileinTOP)
        m.par.file = "media/clip.MOV"
        info = m.par.file.evalFile()
        self.assertIsInstance(info, tdu.FileInfo)
        self.assertEqual((info.ext, info.baseName, info.exists), (".MOV", "clip.MOV", False))

    def test_copy_a_parameter(self):
        # Par Class: copy(Par) "Copy the specified parameter": its value, expression and mode.
        a, b = self.create(td.noiseTOP), self.create(td.noiseTOP)
        a.par.seed.expr = "3 + 4"
        b.par.seed.copy(a.par.seed)
        self.assertEqual((b.par.seed.mode, b.par.seed.expr, b.par.seed.eval()), (td.ParMode.EXPRESSION, "3 + 4", 7))

    def test_norm_val_of_a_custom_slider(self):
        # Par Class: normVal "Get or set the parameter's value as a normalized slider position".
        comp = self.create(td.baseCOMP)
        comp.appendCustomPage("P").appendFloat("Gain")
        p = comp.par.Gain
        p.normMin, p.normMax = 0, 10
        p.normVal = 0.25
        self.assertEqual(p.eval(), 2.5)
        self.assertEqual(p.normVal, 0.25)

    def test_a_pulse_of_a_value_parameter_restores_it(self):
        # Par Class: pulse(value, frames) "sets a parameter to the specific value, cooks the
        # operator, then restores the parameter to its previous value".
        n = self.create(td.noiseTOP)
        n.par.seed = 1
        n.par.seed.pulse(9, frames=2)
        self.assertEqual(n.par.seed.eval(), 9)
        tdsim.step(3)
        self.assertEqual(n.par.seed.eval(), 1)

    def test_built_in_parameters_are_not_hidden_nor_custom(self):
        # Par Class: hidden "When True the parameter is considered obsolete"; isCustom.
        n = self.create(td.noiseTOP)
        self.assertFalse(n.par.seed.hidden)
        self.assertFalse(n.par.seed.isCustom)
