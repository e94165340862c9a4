"""Probes of documented behaviour: delayed runs, tdu's functions, ui.undo and the project, each
citing the page it comes from (td-docs: td_docs/Python/Run_Class.md, TDU_Class.md, UI_Class.md,
Undo_Class.md, Project_Class.md, td Module)."""
from .support import SimTestCase, td, tdsim

import tdu  # noqa: E402


class RunProbes(SimTestCase):
    def test_a_delayed_run_waits_its_frames(self):
        # td Module run(..., delayFrames): Run Class remainingFrames "the remaining number of frames
        # before the execution will occur".
        self.project.store("hits", 0)
        r = td.run("op('/project1').store('hits', op('/project1').fetch('hits') + 1)", delayFrames=2)
        self.assertEqual(r.remainingFrames, 2)
        self.assertTrue(r.isString)
        tdsim.step(1)
        self.assertEqual(self.project.fetch("hits"), 0)
        tdsim.step(2)
        self.assertEqual(self.project.fetch("hits"), 1)

    def test_kill_and_active(self):
        # Run Class: kill() "Kill this run before it executes"; active "Get or set whether or not
        # this script will execute once its target frame is reached".
        self.project.store("hits", [])
        killed = td.run("op('/project1').fetch('hits').append('killed')", delayFrames=1)
        paused = td.run("op('/project1').fetch('hits').append('paused')", delayFrames=1)
        killed.kill()
        paused.active = False
        tdsim.step(2)
        self.assertEqual(self.project.fetch("hits"), [])

    def test_remaining_frames_can_be_set(self):
        # Run Class: remainingFrames "Get or set".
        self.project.store("hits", 0)
        r = td.run("op('/project1').store('hits', 1)", delayFrames=10)
        r.remainingFrames = 1
        tdsim.step(2)
        self.assertEqual(self.project.fetch("hits"), 1)

    def test_a_callable_with_arguments(self):
        # td Module run(scriptOrCallable, *args): a callable is called with the arguments.
        seen = []
        td.run(lambda a, b: seen.append((a, b)), 1, "two", delayFrames=0)
        tdsim.step(1)
        self.assertEqual(seen, [(1, "two")])

    def test_the_source_of_dat_and_cell_runs(self):
        # Run Class: source "It will be either a DAT, cell, or string"; isDAT, isCell.
        script = self.create(td.textDAT)
        script.text = "pass"
        r = script.run(delayFrames=5)
        self.assertTrue(r.isDAT)
        self.assertIs(r.source, script)
        table = self.create(td.tableDAT)
        table.appendRow(["pass"])
        c = table[0, 0].run(delayFrames=5)
        self.assertTrue(c.isCell)
        self.assertFalse(c.isString)

    def test_groups_in_runs(self):
        # Run Class: group "Get or set the group label"; td.runs holds the pending runs.
        r = td.run("pass", delayFrames=5, group="fade")
        self.assertIn(r, td.runs)
        self.assertEqual([x.group for x in td.runs if x.group == "fade"], ["fade"])
        r.kill()
        self.assertNotIn(r, td.runs)


class TduProbes(SimTestCase):
    def test_split_with_eval(self):
        # TDU Class: split(string, eval=True) "convert any valid Python literal structures".
        self.assertEqual(tdu.split("1 2.3 None fred \"one '2'\" \"[1,2]\"", True),
                         [1, 2.3, None, "fred", "one '2'", [1, 2]])
        self.assertEqual(tdu.split('a "b c"'), ["a", "b c"])

    def test_expand_and_match(self):
        # TDU Class: expand('A[1-3] B[xyz]'); match('foo*', ['foo', 'bar']); match('ba?', ...).
        self.assertEqual(tdu.expand("A[1-3] B[xyz]"), ["A1", "A2", "A3", "Bx", "By", "Bz"])
        self.assertEqual(tdu.match("foo*", ["foo", "bar"]), ["foo"])
        self.assertEqual(tdu.match("ba?", ["foo", "bar"]), ["bar"])

    def test_names_and_digits(self):
        # TDU Class: base / digits / validName / validPath examples.
        self.assertEqual((tdu.base("arm123"), tdu.base("arm123/leg456")), ("arm", "leg"))
        self.assertEqual((tdu.digits("arm123"), tdu.digits("arm123/leg"), tdu.digits("arm123/456leg")), (123, None, 456))
        self.assertEqual(tdu.validName("a#bc def"), "a_bc_def")
        self.assertEqual(tdu.validPath("/a#bc d/ef"), "/a_bc_d/ef")

    def test_remap_clamp_rand_try_except(self):
        # TDU Class: remap(0.5, 0, 1, -180, 180); clamp; rand(seed) in [0, 1) and the same for the
        # same seed; tryExcept(lambda: 1/0, 0.0).
        self.assertEqual(tdu.remap(0.5, 0, 1, -180, 180), 0)
        self.assertEqual((tdu.clamp(5, 0, 3), tdu.clamp("b", "c", "d")), (3, "c"))
        self.assertEqual(tdu.rand(5), tdu.rand(5))
        self.assertTrue(0 <= tdu.rand("seed") < 1)
        self.assertEqual(tdu.tryExcept(lambda: 1 / 0, 0.0), 0.0)
        self.assertEqual(tdu.tryExcept(lambda: 1 / 0, lambda: "called"), "called")

    def test_expand_path_with_project_paths(self):
        # TDU Class: expandPath('movies:/test.bmp') "looks at project.paths for 'movies' entry";
        # Project Class: paths "A dictionary which can be used to define URL-syntax path prefixes".
        td.project.paths["movies"] = "/media/movies"
        try:
            self.assertEqual(tdu.expandPath("movies:/test.bmp"), "/media/movies/test.bmp")
            self.assertEqual(tdu.collapsePath("/media/movies/test.bmp"), "movies:/test.bmp")
        finally:
            del td.project.paths["movies"]


class UiProjectProbes(SimTestCase):
    def test_an_undo_block_reverts_together(self):
        # Undo Class: startBlock(name) ... endBlock(); undo() "Undo the last block".
        n = self.create(td.noiseTOP)
        td.ui.undo.startBlock("two changes")
        n.par.seed = 4
        n.par.period = 9
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertEqual((n.par.seed.eval(), n.par.period.eval()), (n.par.seed.default, n.par.period.default))
        td.ui.undo.redo()
        self.assertEqual((n.par.seed.eval(), n.par.period.eval()), (4, 9))

    def test_the_current_pane_shows_a_network(self):
        # UI Class: panes; Panes Class: current "The currently selected pane".
        self.assertEqual(td.ui.panes.current.owner, td.op("/project1"))

    def test_project_names_its_file_and_folder(self):
        # Project Class: name "The filename under which the project is saved"; folder.
        self.assertTrue(td.project.name.endswith(".toe"))
        self.assertTrue(td.project.folder)
