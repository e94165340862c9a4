"""Documented behaviour of cells, table edits, run() and the Execute DATs, each test citing the
documentation page it comes from (td-docs: td_docs/Python/<Class>.md, td_docs/DATs/<DAT>.md)."""
import builtins
import subprocess
import sys

from .support import ROOT, SIM, SimTestCase, td, tdsim


class CellAutocastTest(SimTestCase):
    """Cell Class, "Casting to a Value"."""

    def table(self, rows):
        t = self.create(td.tableDAT)
        for r in rows:
            t.appendRow(r)
        return t

    def test_a_numeric_cell_is_a_number_in_expressions(self):
        t = self.table([["3", "2.5", "a"]])
        n = t[0, 0]
        self.assertEqual(float(n), 3.0)
        self.assertEqual(int(n), 3)
        self.assertEqual(n + 1, 4)                # "n[1,2] + 1 # autocasted value plus 1"
        self.assertEqual(n + n, 6)                # "will return 6 since the contents "3" are numeric"
        self.assertEqual(n.val + n.val, "33")     # ".val is a string"
        self.assertEqual(1 + n, 4)
        self.assertAlmostEqual(t[0, 1] * 2, 5.0)
        self.assertEqual(-n, -3)
        self.assertTrue(n > 2)

    def test_a_text_cell_stays_a_string(self):
        t = self.table([["a"]])
        self.assertEqual(t[0, 0] + t[0, 0], "aa")  # "If n[1,2] contained ... "a" ... will return "aa""
        self.assertEqual(str(t[0, 0]), "a")
        with self.assertRaises(TypeError):
            t[0, 0] + 1
        with self.assertRaises(ValueError):
            float(t[0, 0])

    def test_a_cell_in_a_numeric_parameter_expression(self):
        t = self.table([["x", "0.25"]])
        lfo = self.create(td.lfoCHOP)
        lfo.par.amp.expr = "op('%s')[0, 1]" % t.name
        self.assertEqual(lfo.par.amp.eval(), 0.25)


class ReplaceRowTest(SimTestCase):
    """DAT Class: replaceRow / replaceCol / deleteRows / deleteCols."""

    def setUp(self):
        super().setUp()
        self.t = self.create(td.tableDAT)
        self.t.appendRows([["a", "b", "c", "d"], ["e", "f", "g", "h"], ["i", "j", "k", "l"]])

    def test_entire_row_false_overwrites_only_as_many_cells_as_given(self):
        # "n.replaceRow(2, [1,2,3], entireRow=False) # at row 2 the 3 items will replace the first 3"
        self.t.replaceRow(1, [1, 2], entireRow=False)
        self.assertEqual(self.t.row(1, val=True), ["1", "2", "g", "h"])

    def test_entire_row_replaces_the_row_and_no_vals_empties_it(self):
        self.t.replaceRow("e", ["e", 1])
        self.assertEqual(self.t.row(1, val=True), ["e", "1"])
        self.t.replaceRow(0)                      # "will empty all the cells in row 0"
        self.assertEqual(self.t.row(0, val=True), [])

    def test_replace_col_like_replace_row(self):
        self.t.replaceCol(1, ["x"], entireCol=False)
        self.assertEqual(self.t.col(1, val=True), ["x", "f", "j"])
        self.t.replaceCol(2, ["y", "z"])
        self.assertEqual(self.t.col(2, val=True), ["y", "z", ""])

    def test_delete_rows_and_cols_by_name_and_index(self):
        self.t.deleteRows(["e", 0])
        self.assertEqual(self.t.rows(val=True), [["i", "j", "k", "l"]])
        self.t.deleteCols([0, 2])
        self.assertEqual(self.t.rows(val=True), [["j", "l"]])
        self.t.deleteRows()                       # "If no vals is provided deleteRows does nothing"
        self.assertEqual(self.t.numRows, 1)


class RunArgsTest(SimTestCase):
    """td Module run() / DAT Class run(): args "made available to the script in a local tuple named args"."""

    def test_run_gives_a_tuple(self):
        self.project.store("seen", None)
        td.run("op('/project1').store('seen', args)", 42, "x")
        tdsim.step(1)
        self.assertEqual(self.project.fetch("seen"), (42, "x"))
        self.assertIsInstance(self.project.fetch("seen"), tuple)

    def test_dat_run_gives_a_tuple(self):
        script = self.create(td.textDAT)
        script.text = "op('/project1').store('seen', args)"
        script.run(1, 2)
        tdsim.step(1)
        self.assertEqual(self.project.fetch("seen"), (1, 2))


class ScriptGlobalsTest(SimTestCase):
    """td Module: "All td module members and methods are imported when the application launches and
    are automatically available in scripts, expressions, and the textport"."""

    def test_a_script_with_its_own_globals_sees_the_td_names(self):
        ns = {}
        exec("made = op('/project1').create(noiseTOP)\nhere = (root, project, parent, me, tdu)", ns)
        self.assertEqual(ns["made"].OPType, "noiseTOP")
        self.assertIs(ns["here"][0], td.root)
        self.assertIs(ns["here"][1], td.project)

    def test_me_is_the_operator_being_run_and_follows_reset(self):
        dat = self.create(td.textDAT)
        dat.text = "def who():\n    return me\n"
        with self.world.as_me(dat):
            self.assertIs(builtins.me, dat)
        self.assertIsNone(builtins.me)
        world = tdsim.reset()
        self.assertIs(builtins.root, world.root)

    def test_the_names_are_there_in_a_fresh_process_without_a_host(self):
        # The same script, in a new interpreter that only imports td: deterministic, no host needed.
        code = ("import sys; sys.path.insert(0, %r)\nimport td\n"
                "ns = {}\nexec('n = op(\"/project1\").create(noiseTOP); r = n.OPType', ns)\nprint(ns['r'])" % SIM)
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
            self.assertEqual(out.stdout.strip(), "noiseTOP")


class ExecuteDatActiveTest(SimTestCase):
    """CHOP Execute DAT page: "Active - While on, the DAT will respond to the CHOP that is referenced";
    a new one responds (its callbacks are created ready), as a new Execute DAT does."""

    def test_a_new_chop_execute_dat_is_active_and_hears_a_value_change(self):
        const = self.create(td.constantCHOP)
        const.par.const0name = "v"
        dat = self.create(td.chopexecuteDAT)
        self.assertTrue(dat.par.active.eval())
        for kind in ("datexecuteDAT", "opexecuteDAT", "parameterexecuteDAT", "panelexecuteDAT"):
            self.assertTrue(self.create(getattr(td, kind)).par.active.eval(), kind)
        self.project.store("log", [])
        dat.text = ("def onValueChange(channel, sampleIndex, val, prev):\n"
                    "    op('/project1').fetch('log').append(val)\n")
        dat.par.chop = const.name
        dat.par.valuechange = True
        tdsim.step(1)
        const.par.const0value = 2
        tdsim.step(1)
        self.assertEqual(self.project.fetch("log"), [2.0])
