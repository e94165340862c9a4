"""Probes of documented behaviour: DAT tables and text, cells, CHOP channels and TOP images, each
citing the page it comes from (td-docs: td_docs/Python/DAT_Class.md, Cell_Class.md,
CHOP_Class.md, Channel_Class.md, TOP_Class.md)."""
from .support import SimTestCase, td, tdsim


class DatProbes(SimTestCase):
    def table(self, rows):
        t = self.create(td.tableDAT)
        t.appendRows(rows)
        return t

    def test_cells_by_pattern(self):
        # DAT Class: cells(rowNameOrIndex, colNameOrIndex, caseSensitive=True, val=False) "a
        # (possibly empty) list of cells that match"; cell() supports Pattern Matching.
        t = self.table([["name", "qty"], ["apple", "3"], ["avocado", "5"], ["pear", "2"]])
        self.assertEqual(t.cells("a*", "qty", val=True), ["3", "5"])
        self.assertEqual([c.row for c in t.cells("*", 0)], [0, 1, 2, 3])
        self.assertEqual(t.cells("kiwi", 0), [])
        self.assertEqual(t.cell("A*", 1, caseSensitive=False, val=True), "3")

    def test_csv_keeps_commas_and_newlines(self):
        # DAT Class: csv "Get or set contents using csv file format. Unlike the text member, this
        # does support multi-line text in cells."
        t = self.table([["a", "b"]])
        t.csv = 'x,"one, two"\n"line1\nline2",z\n'
        self.assertEqual(t.rows(val=True), [["x", "one, two"], ["line1\nline2", "z"]])
        self.assertIn('"one, two"', t.csv)

    def test_copy_contents_of_another_dat(self):
        # DAT Class: copy(DAT) "Copy the text or table from the specified DAT operator".
        src = self.table([["k", "v"]])
        dst = self.create(td.tableDAT)
        dst.copy(src)
        self.assertEqual(dst.rows(val=True), [["k", "v"]])
        text = self.create(td.textDAT)
        text.text = "hello\n"
        other = self.create(td.textDAT)
        other.copy(text)
        self.assertEqual(other.text, "hello\n")

    def test_append_and_insert_return_the_index(self):
        # DAT Class: appendRow "Returns the integer index of the new row"; insertRow inserts
        # "to the beginning of the table".
        t = self.table([["b"]])
        self.assertEqual(t.appendRow(["c"]), 1)
        self.assertEqual(t.insertRow(["a"]), 0)
        self.assertEqual(t.col(0, val=True), ["a", "b", "c"])

    def test_subscript_is_exact_not_a_pattern(self):
        # DAT Class, [row, col]: "Pattern Matching is not supported".
        t = self.table([["apple", "3"]])
        self.assertIsNone(t["a*", 1])
        self.assertEqual(t["apple", 1].val, "3")

    def test_a_cell_runs_its_contents(self):
        # Cell Class: run(*args, delayFrames=0, ...) "Run the contents of the cell as a script";
        # "arg - Arguments that will be made available to the script in a local tuple named args".
        self.project.store("ran", None)
        t = self.table([["op('/project1').store('ran', args)"]])
        t[0, 0].run(5, delayFrames=1)
        tdsim.step(1)
        self.assertEqual(self.project.fetch("ran"), None)
        tdsim.step(1)
        self.assertEqual(self.project.fetch("ran"), (5,))


class ChopProbes(SimTestCase):
    def constant(self, names, value):
        # Constant CHOP: a channel for each name of the Name field, "expanded as a pattern".
        c = self.create(td.constantCHOP)
        c.par.const0name = names
        c.par.const0value = value
        return c

    def test_chan_and_chans(self):
        # CHOP Class: chan(*nameOrIndex) "a Channel... or None"; chans(pattern) "a list of channels".
        c = self.constant("tx ty sz", 1)
        self.assertEqual(c.chan("ty").name, "ty")
        self.assertIsNone(c.chan("nope"))
        self.assertEqual([ch.name for ch in c.chans("t*")], ["tx", "ty"])
        self.assertEqual((c.numChans, c.numSamples), (3, 1))

    def test_a_channel_reads_like_its_value(self):
        # Channel Class: "it can be treated as a number": op('c')['tx'] + 1; eval() the current sample.
        c = self.constant("tx", 1.5)
        self.assertEqual(c["tx"] + 1, 2.5)
        self.assertEqual(c["tx"].eval(), 1.5)
        self.assertEqual(list(c["tx"].vals), [1.5])

    def test_index_or_name(self):
        # CHOP Class: [nameOrIndex] "the Channel by name or index".
        c = self.constant("a b", 2)
        self.assertEqual(c[1].name, "b")
        self.assertEqual(c["a"].index, 0)


class TopProbes(SimTestCase):
    def test_size_follows_the_resolution(self):
        # TOP Class: width / height "Texture width/height, in pixels".
        n = self.create(td.constantTOP)
        n.par.outputresolution = "custom"
        n.par.resolutionw, n.par.resolutionh = 64, 32
        self.assertEqual((n.width, n.height), (64, 32))

    def test_sample_gives_rgba(self):
        # TOP Class: sample(x, y, u, v) "Returns a 4-tuple representing the color value at the
        # specified pixel"; one horizontal and one vertical coordinate.
        n = self.create(td.constantTOP)
        n.par.colorr, n.par.colorg, n.par.colorb, n.par.alpha = 1, 0, 0, 1
        rgba = n.sample(u=0.5, v=0.5)
        self.assertEqual(len(rgba), 4)
        self.assertAlmostEqual(rgba[0], 1.0, places=2)
        self.assertAlmostEqual(rgba[1], 0.0, places=2)
