import base64

from .support import SimTestCase, td, tdsim

import tdu  # noqa: E402  (importable once support has set the path)


class TdModuleTest(SimTestCase):
    def test_app_says_it_is_tdsim(self):
        self.assertEqual(td.app.product, "tdsim")
        self.assertTrue(td.app.tdsim)
        # Issue #14: the version and build say tdsim, so no one takes them for a real build.
        self.assertRegex(td.app.version, r"^tdsim-\d{4}$")
        self.assertRegex(td.app.build, r"^tdsim-\d+$")
        self.assertRegex(td.project.saveBuild, r"^tdsim-")
        with self.assertRaises(ValueError):
            int(td.app.build)

    def test_sysinfo_and_monitors_are_honest(self):
        self.assertGreaterEqual(td.sysinfo.numCPUs, 1)
        self.assertGreater(td.sysinfo.ram, 0)
        self.assertIn("tdsim", td.sysinfo.GPUName)
        self.assertEqual((list(td.monitors), td.monitors.primary), ([], None))

    def test_project_and_ui(self):
        self.assertTrue(td.project.name)
        self.assertTrue(td.project.folder)
        self.assertEqual(td.ui.panes.current.owner, self.project)
        self.assertEqual(td.ui.panes[0].type, "NETWORKEDITOR")
        self.assertEqual(len(td.ui.panes), 1)
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
        tdsim.step()
        self.assertEqual(td.absTime.frame, frame + 1)
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
        seen = []
        dep = tdu.Dependency(1)
        dep.callbacks.append(lambda d: seen.append(d.val))
        dep.val = 2
        self.assertEqual(seen, [2])
