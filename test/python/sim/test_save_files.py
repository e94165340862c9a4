"""Saving operators to files: COMP .tox (tdsim's JSON), DAT text, TOP PNG; loading a .tox back."""
import json
import os
import shutil
import tempfile

from .support import SimTestCase, td  # sets the import path first
from tdsim.values.documented import set_internal


class FilesTestCase(SimTestCase):
    def setUp(self):
        super().setUp()
        self.folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.folder, True)

    def path(self, *parts):
        return os.path.join(self.folder, *parts)


class ComponentFileTest(FilesTestCase):
    def make_network(self):
        net = self.create("baseCOMP", "net")
        noise = net.create("noiseTOP", "noise1")
        noise.par.period = 3
        noise.par.amp.expr = "absTime.frame"
        level = net.create("levelTOP", "level1")
        level.inputConnectors[0].connect(noise)
        net.create("textDAT", "notes").text = "héllo\n"
        net.appendCustomPage("Controls").appendFloat("Gain")
        net.par.Gain = 0.25
        net.tags = {"svc"}
        return net

    def test_save_and_load_back(self):
        net = self.make_network()
        target = self.path("net.tox")
        self.assertEqual(net.save(target), target)
        with open(target, encoding="utf-8") as handle:
            document = json.load(handle)
        self.assertEqual((document["format"], document["version"], document["path"]), ("tdsim-tox", 1, "/project1/net"))
        loaded = self.project.loadTox(target)
        self.assertEqual(loaded.path, "/project1/net1")   # the saved name is taken: next numbered
        self.assertEqual(sorted(c.name for c in loaded.children), ["level1", "noise1", "notes"])
        self.assertEqual(loaded.op("noise1").par.period.eval(), 3)
        self.assertEqual(loaded.op("noise1").par.amp.expr, "absTime.frame")
        self.assertEqual(loaded.op("level1").inputs[0].path, "/project1/net1/noise1")   # rewired inside
        self.assertEqual(loaded.op("notes").text, "héllo\n")
        self.assertEqual((loaded.par.Gain.eval(), loaded.tags), (0.25, {"svc"}))

    def test_wires_from_outside_are_not_kept(self):
        source = self.create("noiseTOP", "outside")
        comp = self.create("baseCOMP", "fx")
        comp.create("inTOP", "in1")
        comp.inputConnectors[0].connect(source)
        loaded = self.create("baseCOMP", "elsewhere").loadTox(comp.save(self.path("fx.tox")))
        self.assertEqual(loaded.path, "/project1/elsewhere/fx")
        self.assertEqual(loaded.inputs, [])

    def test_load_is_one_undo_step(self):
        target = self.make_network().save(self.path("net.tox"))
        td.ui.undo.startBlock("load")
        self.project.loadTox(target)
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertIsNone(td.op("/project1/net1"))

    def test_byte_arrays(self):
        data = self.make_network().saveByteArray()
        self.assertIsInstance(data, bytearray)
        self.assertEqual(self.project.loadByteArray(data).op("noise1").par.period.eval(), 3)

    def test_default_path_and_folders(self):
        net = self.make_network()
        set_internal(td.project, "folder", self.folder)  # project.folder is read-only to scripts
        self.assertEqual(net.save(), self.path("net.tox"))
        with self.assertRaises(td.tdError):
            net.save(self.path("new", "net.tox"))
        self.assertFalse(os.path.exists(self.path("new")))
        self.assertTrue(os.path.isfile(net.save(self.path("new", "deeper", "net.tox"), createFolders=True)))

    def test_what_is_not_emulated_or_not_ours_is_refused(self):
        net = self.make_network()
        with self.assertRaises(td.tdError):
            net.save(self.path("net.tox"), password="secret")
        self.assertFalse(os.path.exists(self.path("net.tox")))
        target = net.save(self.path("net.tox"))
        with self.assertRaises(td.tdError):
            self.project.loadTox(target, pattern="noise1")
        binary = self.path("real.tox")
        with open(binary, "wb") as handle:
            handle.write(b"\x00\x01TOX\xff")
        for bad in (binary, self.path("missing.tox")):
            with self.subTest(bad=bad), self.assertRaisesRegex(td.tdError, "tdsim .tox|Cannot read"):
                self.project.loadTox(bad)
        before = len(self.project.children)
        with open(binary, "w", encoding="utf-8") as handle:
            json.dump({"format": "tdsim-tox", "version": 1, "path": "/x",
                       "op": {"name": "x", "type": "baseCOMP", "children": [{"name": "n", "type": "nosuchTOP"}]}}, handle)
        with self.assertRaises(td.tdError):
            self.project.loadTox(binary)
        self.assertEqual(len(self.project.children), before)   # nothing half-loaded stays


class DatFileTest(FilesTestCase):
    def test_text_and_table(self):
        text = self.create("textDAT", "notes")
        text.text = "one\ntwo ünicode\n"
        target = self.path("notes.txt")
        self.assertEqual(text.save(target), target)
        with open(target, encoding="utf-8") as handle:
            self.assertEqual(handle.read(), "one\ntwo ünicode\n")
        table = self.create("tableDAT", "t")
        table.appendRow(["a", "b"])
        table.appendRow(["1", "2"])
        table.save(self.path("t.tsv"))
        with open(self.path("t.tsv"), encoding="utf-8") as handle:
            self.assertEqual(handle.read(), "a\tb\n1\t2\n")

    def test_append_only_to_txt(self):
        dat = self.create("textDAT")
        dat.text = "x\n"
        dat.save(self.path("log.txt"))
        dat.save(self.path("log.txt"), append=True)
        dat.save(self.path("data.json"))
        dat.save(self.path("data.json"), append=True)
        with open(self.path("log.txt"), encoding="utf-8") as a, open(self.path("data.json"), encoding="utf-8") as b:
            self.assertEqual((a.read(), b.read()), ("x\nx\n", "x\n"))

    def test_folders_and_default_name(self):
        dat = self.create("textDAT", "notes")
        with self.assertRaises(td.tdError):
            dat.save(self.path("sub", "n.txt"))
        self.assertTrue(os.path.isfile(dat.save(self.path("sub", "n.txt"), createFolders=True)))
        set_internal(td.project, "folder", self.folder)  # project.folder is read-only to scripts
        self.assertEqual(dat.save(), self.path("notes.txt"))


class TopFileTest(FilesTestCase):
    def test_png(self):
        top = self.create("constantTOP")
        target = self.path("deep", "c.png")
        with self.assertRaises(td.tdError):
            top.save(target)
        self.assertEqual(top.save(target, createFolders=True), target)
        with open(target, "rb") as handle:
            self.assertEqual(handle.read(8), b"\x89PNG\r\n\x1a\n")
        with self.assertRaises(td.tdError):
            top.save(self.path("c.jpg"))
