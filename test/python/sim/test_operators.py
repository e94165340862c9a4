from .support import SimTestCase, td


class CreateTest(SimTestCase):
    def test_default_project(self):
        self.assertEqual(td.root.path, "/")
        self.assertEqual([c.name for c in td.root.children], ["local", "perform", "project1"])
        self.assertEqual(td.op("/project1").OPType, "containerCOMP")
        self.assertEqual(td.op("/local/time").OPType, "timeCOMP")
        self.assertEqual(td.app.product, "tdsim")

    def test_create_by_class_and_by_string_auto_names(self):
        a = self.project.create(td.noiseTOP)
        b = self.project.create("noiseTOP")
        self.assertEqual((a.name, b.name), ("noise1", "noise2"))
        self.assertIsInstance(a, td.TOP)
        self.assertIs(type(a), td.noiseTOP)
        self.assertEqual((a.OPType, a.opType, a.type, a.family), ("noiseTOP", "noiseTOP", "noise", "TOP"))
        self.assertEqual(a.path, "/project1/noise1")

    def test_first_free_number_and_name_in_use(self):
        self.create("noiseTOP", "noise1")
        self.create("noiseTOP", "noise3")
        self.assertEqual(self.create("noiseTOP").name, "noise2")
        self.assertEqual(self.create("noiseTOP", "noise3").name, "noise4")
        self.assertEqual(self.create("noiseTOP", "grain").name, "grain")
        self.assertEqual(self.create("noiseTOP", "grain").name, "grain1")

    def test_unknown_type_fails(self):
        with self.assertRaises(td.tdError) as ctx:
            self.project.create("fooTOP")
        self.assertIn("fooTOP", str(ctx.exception))
        with self.assertRaises(AttributeError):
            td.notARealTOP
        self.assertEqual(self.project.children, [])

    def test_invalid_names_fail(self):
        for bad in ("has space", "9lives", "dash-name", ""):
            with self.assertRaises(td.tdError, msg=bad):
                self.project.create("nullTOP", bad)
        n = self.create("nullTOP", "ok_name2")
        with self.assertRaises(td.tdError):
            n.name = "bad name"

    def test_only_comps_hold_children(self):
        n = self.create("nullTOP")
        with self.assertRaises(AttributeError):  # create() is a COMP member only
            n.create("nullTOP")

    def test_rename_and_conflict(self):
        a, b = self.create("nullTOP"), self.create("nullTOP")
        a.name = "first"
        self.assertIs(td.op("/project1/first"), a)
        self.assertIsNone(td.op("/project1/null1"))
        with self.assertRaises(td.tdError):
            b.name = "first"

    def test_destroy_invalidates(self):
        n = self.create("nullTOP")
        n.destroy()
        self.assertFalse(n.valid)
        self.assertIsNone(td.op("/project1/null1"))
        with self.assertRaises(td.tdError):
            n.name
        with self.assertRaises(td.tdError):
            n.destroy()

    def test_destroy_comp_removes_subtree(self):
        comp = self.create("baseCOMP")
        inner = comp.create("nullTOP")
        comp.destroy()
        self.assertFalse(inner.valid)

    def test_copy_keeps_parameters_and_internal_wires(self):
        a = self.create("noiseTOP")
        a.par.seed = 7
        b = self.create("levelTOP")
        b.inputConnectors[0].connect(a)
        other = self.create("baseCOMP")
        single = other.copy(a)
        self.assertEqual((single.name, single.par.seed.eval()), ("noise1", 7.0))
        copies = other.copyOPs([a, b])
        self.assertEqual([c.name for c in copies], ["noise2", "level1"])
        self.assertEqual(copies[1].inputs, [copies[0]])
        self.assertEqual(self.project.copy(a, name="dup").name, "dup")

    def test_find_children(self):
        comp = self.create("baseCOMP")
        n = comp.create("noiseTOP")
        n.tags = ["svc", "fx"]
        deep = comp.create("baseCOMP").create("nullCHOP")
        self.assertEqual(self.project.findChildren(type=td.noiseTOP), [n])
        self.assertEqual(self.project.findChildren(name="null*"), [deep])
        self.assertEqual(self.project.findChildren(maxDepth=1), [comp])
        self.assertEqual(self.project.findChildren(depth=3), [deep])
        self.assertEqual(self.project.findChildren(tags=["svc"]), [n])
        self.assertEqual(self.project.findChildren(type=td.CHOP), [deep])
        self.assertEqual(self.project.findChildren(key=lambda o: o.isCOMP, depth=2), [deep.parent()])

    def test_op_and_ops_lookup(self):
        n = self.create("noiseTOP")
        self.assertIs(td.op("/project1/noise1"), n)
        self.assertIs(td.op(n.id), n)
        self.assertIs(self.project.op("noise1"), n)
        self.assertIs(n.op("../noise1"), n)
        self.assertEqual(td.ops("/project1/noise*"), [n])
        self.assertIsNone(td.op("/project1/nothing"))
        with self.assertRaises(td.tdError):
            td.opex("/project1/nothing")
        self.assertIs(n.parent(), self.project)
        self.assertIs(n.parent(2), td.root)

    def test_tags_storage_comment_color_positions(self):
        n = self.create("nullTOP")
        n.tags = ["svc"]
        n.tags.add("x")
        self.assertEqual(n.tags, {"svc", "x"})
        n.store("k", [1, 2])
        self.assertEqual(n.fetch("k"), [1, 2])
        self.project.store("up", 3)
        self.assertEqual(n.fetch("up"), 3)
        self.assertEqual(n.fetch("up", 0, search=False), 0)
        with self.assertRaises(KeyError):
            n.fetch("missing")
        n.unstore("k")
        self.assertEqual(n.fetch("k", None), None)
        n.comment, n.color = "hello", (1, 0, 0)
        n.nodeX, n.nodeY = 200, -100
        self.assertEqual((n.comment, n.color, n.nodeX, n.nodeY), ("hello", (1.0, 0.0, 0.0), 200, -100))
        with self.assertRaises(td.tdError):
            n.color = (1, 2)

    def test_flags(self):
        n = self.create("boxSOP")
        n.render = True
        n.display = True
        n.bypass = True
        self.assertTrue(n.render and n.display and n.bypass)
        with self.assertRaises(td.tdError):
            n.allowCooking = False
        comp = self.create("baseCOMP")
        comp.allowCooking = False
        self.assertFalse(comp.allowCooking)

    def test_families_and_catalog_classes(self):
        fams = td.families
        self.assertIn(td.noiseTOP, fams["TOP"])
        self.assertIn(td.baseCOMP, fams["COMP"])
        self.assertEqual(set(fams), {"TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"})

    def test_change_type_keeps_name_and_wires(self):
        src = self.create("noiseTOP")
        mid = self.create("levelTOP")
        out = self.create("nullTOP")
        mid.inputConnectors[0].connect(src)
        out.inputConnectors[0].connect(mid)
        new = mid.changeType(td.blurTOP)
        self.assertEqual((new.name, new.OPType), ("level1", "blurTOP"))
        self.assertEqual(new.inputs, [src])
        self.assertEqual(out.inputs, [new])
