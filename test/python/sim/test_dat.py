from .support import SimTestCase, td


class DatTest(SimTestCase):
    def test_text(self):
        t = self.create("textDAT")
        t.text = "hello\nworld"
        self.assertEqual((t.text, t.isText, t.numRows), ("hello\nworld", True, 2))
        t.write("!")
        self.assertEqual(t.text, "hello\nworld!")

    def test_table_cells_rows_cols(self):
        t = self.create("tableDAT")
        self.assertTrue(t.isTable)
        t.appendRow(["name", "value"])
        t.appendRow(["gain", 2])
        t.appendRow(["speed", "5"])
        self.assertEqual((t.numRows, t.numCols), (3, 2))
        self.assertEqual(t[1, 1].val, "2")
        self.assertEqual(t["speed", "value"].val, "5")
        self.assertIsNone(t[9, 9])
        t[1, 1] = 3
        self.assertEqual(t.cell("gain", "value", val=True), "3")
        self.assertEqual(t.row("gain", val=True), ["gain", "3"])
        self.assertEqual(t.col("value", val=True), ["value", "3", "5"])
        self.assertEqual(t.text, "name\tvalue\ngain\t3\nspeed\t5\n")
        t.deleteRow("gain")
        self.assertEqual(t.numRows, 2)
        t.appendCol(["extra", "x"])
        self.assertEqual(t[1, 2].val, "x")
        self.assertEqual(t.findCell("spe*").row, 1)
        t.setSize(1, 1)
        self.assertEqual(t.text, "name\n")
        t.clear()
        self.assertEqual(t.numRows, 0)

    def test_text_dat_read_as_table(self):
        t = self.create("textDAT")
        t.text = "a\tb\nc\td\n"
        self.assertEqual(t[1, 1].val, "d")

    def test_module_runs_text_with_td_globals(self):
        t = self.create("textDAT", "helpers")
        t.text = "VALUE = me.name\ndef where():\n    return parent().path\n"
        self.assertEqual(t.module.VALUE, "helpers")
        self.assertEqual(t.module.where(), "/project1")
        t.text = "VALUE = 2"
        self.assertEqual(t.module.VALUE, 2)

    def test_text_undo(self):
        t = self.create("textDAT")
        td.ui.undo.startBlock("edit")
        t.text = "changed"
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertEqual(t.text, "")
