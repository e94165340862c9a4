from .support import SimTestCase, td


class UndoTest(SimTestCase):
    def test_block_undo_and_redo_everything(self):
        undo = td.ui.undo
        noise = self.create("noiseTOP")
        undo.startBlock("build")
        self.assertTrue(undo.state)
        level = self.create("levelTOP")
        level.inputConnectors[0].connect(noise)
        noise.par.seed = 9
        noise.par.period.expr = "absTime.frame"
        noise.nodeX = 300
        noise.comment = "hi"
        noise.tags = ["svc"]
        noise.name = "grain"
        undo.endBlock()
        self.assertEqual(undo.undoStack, ["build"])
        undo.undo()
        self.assertIsNone(td.op("/project1/level1"))
        noise = td.op("/project1/noise1")
        self.assertIsNotNone(noise)
        self.assertEqual((noise.par.seed.eval(), noise.par.period.mode), (1.0, td.ParMode.CONSTANT))  # kb default seed
        self.assertEqual((noise.nodeX, noise.comment, noise.tags), (0, "", set()))
        self.assertEqual(undo.redoStack, ["build"])
        undo.redo()
        grain = td.op("/project1/grain")
        level = td.op("/project1/level1")
        self.assertEqual(level.inputs, [grain])
        self.assertEqual((grain.par.seed.eval(), grain.par.period.expr, grain.nodeX), (9.0, "absTime.frame", 300))

    def test_destroy_is_undoable_with_wires(self):
        undo = td.ui.undo
        a, b, c = self.create("noiseTOP"), self.create("levelTOP"), self.create("nullTOP")
        b.inputConnectors[0].connect(a)
        c.inputConnectors[0].connect(b)
        b.par.brightness1 = 2
        undo.startBlock("delete")
        b.destroy()
        undo.endBlock()
        undo.undo()
        b = td.op("/project1/level1")
        self.assertEqual((b.inputs, c.inputs, b.par.brightness1.eval()), ([a], [b], 2.0))

    def test_custom_pars_undo(self):
        undo = td.ui.undo
        comp = self.create("baseCOMP")
        undo.startBlock("pars")
        comp.appendCustomPage("Look").appendFloat("Gain")
        comp.par.Gain = 3
        undo.endBlock()
        undo.undo()
        self.assertEqual(comp.customPages, [])
        undo.redo()
        self.assertEqual(comp.par.Gain.eval(), 3.0)

    def test_changes_outside_blocks_are_not_recorded(self):
        undo = td.ui.undo
        self.create("noiseTOP")
        self.assertEqual(undo.undoStack, [])
        undo.startBlock("empty")
        undo.endBlock()
        self.assertEqual(undo.undoStack, [])

    def test_nested_blocks_fold_and_undo_inside_block_fails(self):
        undo = td.ui.undo
        undo.startBlock("outer")
        undo.startBlock("inner")
        self.create("noiseTOP")
        undo.endBlock()
        with self.assertRaises(td.tdError):
            undo.undo()
        undo.endBlock()
        self.assertEqual(undo.undoStack, ["outer"])
        undo.undo()
        self.assertEqual(self.project.children, [])
