import json
import os
import tempfile

from .support import SimTestCase, td, tdsim


class StateTest(SimTestCase):
    def test_save_and_load_round_trip(self):
        noise = self.create("noiseTOP")
        noise.par.seed = 3
        noise.par.period.expr = "absTime.frame / 60"
        noise.par.type = "sparse"
        noise.display = True
        noise.nodeX, noise.nodeY = 120, -40
        noise.comment, noise.tags = "source", ["svc"]
        noise.store("owner", {"by": "svc"})
        level = self.create("levelTOP")
        level.inputConnectors[0].connect(noise)
        comp = self.create("baseCOMP", "ctl")
        comp.appendCustomPage("Look").appendFloat("Gain")
        comp.par.Gain = 0.5
        level.par.brightness1.bindExpr = "op('ctl').par.Gain"
        table = comp.create("tableDAT")
        table.appendRow(["a", "b"])
        text = self.create("textDAT")
        text.text = "print('hi')\n"
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "net.json")
            self.assertTrue(td.project.save(path))
            with open(path) as f:
                self.assertEqual(json.load(f)["format"], "tdsim-state")
            tdsim.reset(path)
            self.assertEqual(td.project.folder, folder)
        n = td.op("/project1/noise1")
        self.assertEqual((n.par.seed.eval(), n.par.period.expr, n.par.type.eval()), (3.0, "absTime.frame / 60", "sparse"))
        self.assertEqual((n.display, n.nodeX, n.nodeY, n.comment, n.tags), (True, 120, -40, "source", {"svc"}))
        self.assertEqual(n.fetch("owner"), {"by": "svc"})
        lv = td.op("/project1/level1")
        self.assertEqual(lv.inputs, [n])
        self.assertEqual((lv.par.brightness1.mode, lv.par.brightness1.eval()), (td.ParMode.BIND, 0.5))
        self.assertEqual(td.op("/project1/ctl/table1")[0, 1].val, "b")
        self.assertEqual(td.op("/project1/text1").text, "print('hi')\n")
        self.assertEqual(td.op("/project1/ctl").par.Gain.style, "Float")
        self.assertEqual(td.ui.undo.undoStack, [])

    def test_save_without_path_writes_back_to_the_loaded_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "net.json")
            td.project.save(path)
            tdsim.reset(path)
            td.op("/project1").create("nullTOP")
            td.project.save()
            tdsim.reset(path)
            self.assertIsNotNone(td.op("/project1/null1"))

    def test_not_a_state_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "x.json")
            with open(path, "w") as f:
                json.dump({"hello": 1}, f)
            with self.assertRaises(ValueError):
                tdsim.reset(path)
