import base64

from .support import SimTestCase, td, tdsim

import tdu  # noqa: E402  (importable once support has set the path)


class TdModuleTest(SimTestCase):
    def test_app_says_it_is_tdsim(self):
        self.assertEqual(td.app.product, "tdsim")
        self.assertTrue(td.app.tdsim)
        self.assertEqual((td.app.emulatedVersion, td.app.emulatedBuild), (td.app.version, td.app.build))
        self.assertIn("tdsim", repr(td.app))

    def test_app_version_reads_as_touchdesigners(self):
        # App Class: version and build are str holding numbers; code written for TouchDesigner
        # compares them as numbers (issue #48: tdsim's identity is product, not the version).
        self.assertGreaterEqual(int(td.app.version), 2025)
        self.assertGreater(int(td.app.build), 0)
        self.assertEqual(td.project.saveBuild, td.app.build)

    def test_sysinfo_and_monitors_are_honest(self):
        self.assertGreaterEqual(td.sysinfo.numCPUs, 1)
        self.assertGreater(td.sysinfo.ram, 0)
        self.assertIn("tdsim", td.sysinfo.GPUName)
        self.assertEqual((list(td.monitors), td.monitors.primary), ([], None))

    def test_project_and_ui(self):
        self.assertTrue(td.project.name)
        self.assertTrue(td.project.folder)
        self.assertEqual(td.ui.panes.current.owner, self.project)
        self.assertEqual(td.ui.panes[0].type, td.PaneType.NETWORKEDITOR)
        self.assertEqual(len(td.ui.panes), 1)

    def test_panes_split_change_type_and_close(self):
        editor = td.ui.panes[0]
        right = editor.splitRight()
        left = editor.splitLeft()
        self.assertEqual([p.name for p in td.ui.panes], [left.name, "pane1", right.name])
        self.assertEqual((right.type, right.owner, right.ratio), (td.PaneType.NETWORKEDITOR, editor.owner, 0.5))
        viewer = right.changeType(td.PaneType.TOPVIEWER)
        self.assertEqual((viewer.id, viewer.type, right.open), (right.id, td.PaneType.TOPVIEWER, False))
        with self.assertRaises(td.tdError):  # the object changeType replaced is no longer valid
            right.close()
        with self.assertRaises(td.tdError):
            viewer.changeType("TOPVIEWER")
        self.assertIs(td.ui.panes[viewer.name], viewer)
        viewer.close()
        left.close()
        self.assertEqual((len(td.ui.panes), viewer.open, editor.ratio), (1, False, 1.0))
        with self.assertRaises(td.tdError):  # the last pane stays
            editor.close()
        self.assertIs(td.ui.panes.current, editor)
        self.assertIs(td.ui.undo, self.world.undo)

    def test_me_and_parent_follow_context(self):
        self.assertIsNone(td.me)
        n = self.create("noiseTOP")
        with self.world.as_me(n):
            self.assertIs(td.me, n)
            self.assertIs(td.parent(), self.project)
            self.assertIs(td.op("noise1"), n)       # relative to me's network
        self.assertIsNone(td.op("noise1"))          # from the root without a `me`

    def test_shortcuts(self):
        comp = self.create("baseCOMP")
        comp.par.opshortcut = "Fx"
        comp.par.parentshortcut = "Panel"
        inner = comp.create("noiseTOP")
        self.assertEqual(comp.par.opshortcut.style, "Str")
        self.assertEqual(comp.errors(), "")        # a shortcut is a name, not a reference
        self.assertIs(td.op.Fx, comp)
        self.assertIs(inner.parent.Panel, comp)
        with self.assertRaises(AttributeError):
            td.op.Nothing

    def test_absTime_and_main_thread(self):
        frame = td.absTime.frame
        tdsim.reset_stats()
        tdsim.step()
        # A step that overruns its 1/60 s slot drops frames, as TouchDesigner in real time does
        # (the first step of a process imports modules): the frame moves by one plus those.
        dropped = tdsim.stats()["droppedFrames"]
        self.assertEqual(td.absTime.frame, frame + 1 + dropped)
        self.assertAlmostEqual(td.absTime.seconds, (td.absTime.frame - 1) / 60)  # frame 1 is 0 seconds
        self.assertTrue(td.isMainThread())

    def test_basic_auth(self):
        server = self.create("webserverDAT")
        token = "Basic " + base64.b64encode(b"ann:secret").decode()
        self.assertTrue(server.authenticateBasic(token, {"ann": "secret"}))
        self.assertFalse(server.authenticateBasic(token, {"ann": "other"}))
        self.assertFalse(server.authenticateBasic("Bearer x", {"ann": "secret"}))
        with self.assertRaises(td.tdError):   # no host is running this DAT
            server.webSocketSendText("127.0.0.1:1", "x")


class TduTest(SimTestCase):
    def test_functions(self):
        self.assertEqual((tdu.base("noise12"), tdu.digits("noise12")), ("noise", 12))
        self.assertIsNone(tdu.digits("noise"))
        self.assertEqual(tdu.validName("my node-1"), "my_node_1")
        self.assertEqual(tdu.validName("1st"), "_1st")
        self.assertEqual(tdu.clamp(5, 0, 2), 2)
        self.assertEqual(tdu.remap(5, 0, 10, 0, 1), 0.5)
        self.assertEqual(tdu.split('a "b c" 3'), ["a", "b c", "3"])
        self.assertEqual(tdu.split('a 3 2.5', eval=True), ["a", 3, 2.5])
        self.assertEqual(tdu.match("n*", ["noise", "level", "null"]), ["noise", "null"])
        self.assertEqual(tdu.tryExcept(lambda: 1 / 0, 7), 7)
        self.assertEqual(tdu.rand(3), tdu.rand(3))
        self.assertEqual(tdu.rand(self.project), tdu.rand("/project1"))  # an OP counts as its path

    def test_functions_search_after_the_last_slash(self):
        # TDU Class examples.
        self.assertEqual(tdu.base("arm123/leg456"), "leg")
        self.assertEqual(tdu.digits("arm123/leg456"), 456)
        self.assertIsNone(tdu.digits("arm123/leg"))
        self.assertEqual(tdu.digits("arm123/456leg"), 456)
        self.assertEqual(tdu.validName("a#bc def"), "a_bc_def")
        self.assertEqual(tdu.validName("a/b"), "a_b")
        self.assertEqual(tdu.validPath("/a#bc d/ef"), "/a_bc_d/ef")
        self.assertEqual(tdu.expand("A[1-3] B[xyz]"), ["A1", "A2", "A3", "Bx", "By", "Bz"])

    def test_undocumented_helpers_are_absent(self):
        # tdu.legalName is not in the TDU Class page: a script using it must fail here too.
        self.assertFalse(hasattr(tdu, "legalName"))
        with self.assertRaises(AttributeError):
            tdu.Dependency(1).ops

    def test_paths_expand_and_collapse_with_project_paths(self):
        import os
        td.project.paths["movies"] = "/media/show"
        try:
            self.assertEqual(tdu.expandPath("movies:/test.bmp"), "/media/show/test.bmp")
            self.assertEqual(tdu.collapsePath("/media/show/test.bmp"), "movies:/test.bmp")
            self.assertEqual(tdu.expandPath("a.png"), os.path.join(td.project.folder, "a.png"))
            self.assertEqual(tdu.collapsePath(os.path.join(td.project.folder, "a.png")), "a.png")
            self.assertEqual(tdu.collapsePath("/media/show/x", asExpression=True), "'movies:/x'")
        finally:
            del td.project.paths["movies"]

    def test_dependency_callbacks_get_the_documented_dict(self):
        seen = []
        dep = tdu.Dependency({"fred": 33})
        self.assertEqual(dep["fred"], 33)

        def cb(info):
            seen.append((info["dependency"] is dep, info["prevVal"], info["callback"] is cb))
        dep.callbacks.append(cb)
        dep.val = 2
        dep.setVal(3)
        self.assertEqual((dep.peekVal, seen), (3, [(True, {"fred": 33}, True), (True, 2, True)]))

    def test_menus_and_file_info(self):
        table = self.create("tableDAT")
        table.clear()
        table.appendRows([["names", "labels"], ["a", "Alpha"], ["b", "Beta"]])
        menu = tdu.TableMenu(table, nameCol="names", labelCol=1)
        self.assertEqual((menu.menuNames, menu.menuLabels), (["a", "b"], ["Alpha", "Beta"]))
        self.assertEqual(tdu.ParMenu(["x", "y"]).menuLabels, ["x", "y"])
        info = tdu.FileInfo("/no/such/clip.mov")
        self.assertIsInstance(info, str)
        self.assertEqual((info.ext, info.baseName, info.dir, info.exists), (".mov", "clip.mov", "/no/such", False))


class DocumentedMembersOnly(SimTestCase):
    """td's module-level objects refuse members their class does not document, as TouchDesigner's
    built-in types do (values/documented.py)."""

    def test_an_undocumented_member_is_an_attribute_error_read_or_written(self):
        for obj, name in ((td.project, "play"), (td.app, "foo"), (td.ui, "bar"), (td.ui.undo, "items"),
                          (td.absTime, "paused"), (td.sysinfo, "gpu")):
            with self.assertRaises(AttributeError, msg=name):
                getattr(obj, name)
            with self.assertRaises(AttributeError, msg=name):
                setattr(obj, name, 1)

    def test_read_only_members_are_not_written_and_documented_ones_are(self):
        with self.assertRaises(AttributeError):
            td.project.folder = "/tmp"
        with self.assertRaises(AttributeError):
            td.app.version = "1"
        td.project.cookRate = 30
        td.ui.performMode = True
        self.assertEqual((td.project.cookRate, td.ui.performMode), (30, True))
        # tdsim's own members stay readable, and its private state is not checked
        self.assertTrue(td.app.tdsim)
        self.assertIsNone(td.project._savePath)


class OperatorMembers(SimTestCase):
    def test_an_operator_refuses_a_member_its_class_does_not_document(self):
        n = td.op("/project1").create(td.noiseTOP)
        with self.assertRaises(AttributeError):
            n.play = False
        with self.assertRaises(AttributeError):
            n.id = 3  # documented read-only
        n.nodeX, n.comment, n.bypass = 40, "kept", True  # documented and writable
        self.assertEqual((n.nodeX, n.comment, n.bypass), (40, "kept", True))
