"""The Execute DAT family fires its callbacks from the frame loop (issue #14: before, none did).
Callback names and arguments: the Execute, CHOP Execute, DAT Execute, Parameter Execute and
OP Execute DAT class pages and their default templates."""
import contextlib
import io

from .support import SimTestCase, td, tdsim


class ExecuteDatsTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.log = []
        td.op("/project1").store("log", self.log)

    def execute(self, kind, text, **pars):
        dat = self.project.create(getattr(td, kind))
        dat.text = "LOG = op('/project1').fetch('log')\n" + text
        for name, value in pars.items():
            setattr(dat.par, name, value)
        dat.par.active = True
        return dat

    def test_execute_dat_frame_start_and_end(self):
        self.execute("executeDAT", "def onFrameStart(frame):\n    LOG.append(('start', frame, me.name))\n"
                     "def onFrameEnd(frame):\n    LOG.append(('end', frame))\n", framestart=True, frameend=True)
        tdsim.step(2)
        self.assertEqual([e[0] for e in self.log], ["start", "end", "start", "end"])
        self.assertEqual(self.log[0][2], "execute1")
        # Start and end of one frame see the same frame; the next frame is later (by more than one
        # when a slow step drops frames, as absTime does on a busy machine).
        self.assertEqual(self.log[1][1], self.log[0][1])
        self.assertGreater(self.log[2][1], self.log[0][1])

    def test_toggles_and_active_gate_the_callbacks(self):
        dat = self.execute("executeDAT", "def onFrameStart(frame):\n    LOG.append(frame)\n", framestart=False)
        tdsim.step(1)
        dat.par.framestart = True
        dat.par.active = False
        tdsim.step(1)
        self.assertEqual(self.log, [])

    def test_play_state_change(self):
        self.execute("executeDAT", "def onPlayStateChange(state):\n    LOG.append(state)\n", playstatechange=True)
        tdsim.step(1)
        td.root.time.play = False
        tdsim.step(1)
        td.root.time.play = True
        tdsim.step(1)
        self.assertEqual(self.log, [False, True])

    def test_chop_execute_off_to_on_and_value_change(self):
        const = self.project.create(td.constantCHOP)
        const.par.const0name = "go"
        self.execute("chopexecuteDAT",
                     "def onOffToOn(channel, sampleIndex, val, prev):\n    LOG.append(('on', channel.name, val, prev))\n"
                     "def onValueChange(channel, sampleIndex, val, prev):\n    LOG.append(('change', val, prev))\n"
                     "def onOnToOff(channel, sampleIndex, val, prev):\n    LOG.append(('off', val))\n",
                     chop=const.name, offtoon=True, valuechange=True, ontooff=True)
        tdsim.step(1)
        const.par.const0value = 1
        tdsim.step(1)
        const.par.const0value = 0
        tdsim.step(1)
        self.assertEqual(self.log, [("on", "go", 1.0, 0.0), ("change", 1.0, 0.0), ("off", 0.0), ("change", 0.0, 1.0)])

    def test_dat_execute_table_and_cell_change(self):
        table = self.project.create(td.tableDAT)
        table.clear()
        table.appendRows([["a", "b"], ["1", "2"]])
        self.execute("datexecuteDAT",
                     "def onTableChange(dat):\n    LOG.append(('table', dat.name))\n"
                     "def onCellChange(dat, cells, prev):\n    LOG.append(('cells', [c.val for c in cells], prev))\n"
                     "def onSizeChange(dat):\n    LOG.append('size')\n",
                     dat=table.name, tablechange=True, cellchange=True, sizechange=True)
        tdsim.step(1)
        table[1, 1] = "9"
        tdsim.step(1)
        table.appendRow(["x", "y"])
        tdsim.step(1)
        self.assertEqual(self.log, [("table", table.name), ("cells", ["9"], ["2"]), ("table", table.name), "size"])

    def test_parameter_execute_value_change_and_pulse(self):
        comp = self.project.create(td.baseCOMP, "panel")
        page = comp.appendCustomPage("P")
        page.appendFloat("Gain")
        page.appendPulse("Go")
        self.execute("parameterexecuteDAT",
                     "def onValueChange(par, val, prev):\n    LOG.append((par.name, val, prev, type(par).__name__))\n"
                     "def onPulse(par):\n    LOG.append(('pulse', par.name))\n",
                     op="panel", pars="*", custom=True, valuechange=True, onpulse=True)
        tdsim.step(1)
        comp.par.Gain = 0.5
        comp.par.Go.pulse()
        tdsim.step(1)
        self.assertEqual(self.log, [("Gain", 0.5, 0.0, "Par"), ("pulse", "Go")])

    def test_parameter_execute_two_argument_template(self):
        comp = self.project.create(td.baseCOMP, "panel")
        comp.appendCustomPage("P").appendFloat("Gain")
        self.execute("parameterexecuteDAT", "def onValueChange(par, prev):\n    LOG.append((par.eval(), prev))\n",
                     op="panel", pars="Gain", custom=True, valuechange=True)
        tdsim.step(1)
        comp.par.Gain = 2
        tdsim.step(1)
        self.assertEqual(self.log, [(2.0, 0.0)])

    def test_op_execute_name_flag_wire_and_destroy(self):
        noise = self.project.create(td.noiseTOP)
        level = self.project.create(td.levelTOP, "watched")
        self.execute("opexecuteDAT",
                     "def onNameChange(changeOp):\n    LOG.append('name')\n"
                     "def onFlagChange(changeOp, flag):\n    LOG.append(('flag', flag))\n"
                     "def onWireChange(changeOp):\n    LOG.append('wire')\n"
                     "def onDestroy(changeOp):\n    LOG.append('destroy')\n",
                     op="watched", namechange=True, flagchange=True, wirechange=True, opdelete=True)
        tdsim.step(1)
        level.bypass = True
        tdsim.step(1)
        level.inputConnectors[0].connect(noise)
        tdsim.step(1)
        level.name = "renamed"  # the DAT's `op` still says "watched": it no longer watches it
        tdsim.step(1)
        self.assertEqual(self.log, [("flag", "bypass"), "wire"])

    def test_op_execute_destroy(self):
        level = self.project.create(td.levelTOP, "watched")
        self.execute("opexecuteDAT", "def onDestroy(changeOp):\n    LOG.append(changeOp.valid)\n",
                     op="watched", opdelete=True)
        tdsim.step(1)
        level.destroy()
        tdsim.step(1)
        self.assertEqual(self.log, [False])

    def test_a_failing_callback_does_not_stop_the_loop(self):
        self.execute("executeDAT", "def onFrameEnd(frame):\n    LOG.append(frame)\n    raise ValueError('boom')\n",
                     frameend=True)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            tdsim.step(2)
        self.assertEqual(len(self.log), 2)
        self.assertIn("ValueError: boom", err.getvalue())

    def test_on_start_and_on_exit_run_with_the_host(self):
        from tdsim.host.host import Host
        self.execute("executeDAT", "def onStart():\n    LOG.append('start')\ndef onExit():\n    LOG.append('exit')\n",
                     start=True, exit=True)
        host = Host(port=0, w=self.world)
        host.start()
        tdsim.step(1)
        host.stop()
        self.assertEqual(self.log, ["start", "exit"])
