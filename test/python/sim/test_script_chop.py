"""The Script CHOP: onCook builds its channels on the frame loop."""

from .support import SteadySimTestCase, td, tdsim

COUNTER = """
def onCook(scriptOp):
    scriptOp.clear()
    n = op('counter').fetch('n', 0) + 1
    op('counter').store('n', n)
    c = scriptOp.appendChan('cooks')
    c[0] = n
    scriptOp.appendChan('twice')[0] = scriptOp['cooks'][0] * 2
"""


class ScriptCHOPTest(SteadySimTestCase):
    def script(self, text):
        cb = self.create("textDAT", "script1_callbacks")
        cb.text = text
        self.create("baseCOMP", "counter")
        s = self.create("scriptCHOP")
        s.par.callbacks = cb
        return s, cb

    def test_on_cook_runs_once_a_frame_and_reads_its_own_channels(self):
        s, _cb = self.script(COUNTER)
        self.assertEqual([(c.name, c.eval()) for c in s.chans()], [("cooks", 1.0), ("twice", 2.0)])
        self.assertEqual(s["cooks"].eval(), 1.0)     # reads in the same frame do not cook it again
        tdsim.step(3)
        self.assertEqual((s["cooks"].eval(), s["twice"].eval()), (4.0, 8.0))

    def test_numpy_samples_rate_and_input_copy(self):
        s, _cb = self.script("""
import numpy
def onCook(scriptOp):
    scriptOp.rate = 30
    scriptOp.copyNumpyArray(numpy.array([[1, 2, 3], [4, 5, 6]], dtype=numpy.float32), baseName='v')
    scriptOp['v2'].vals = [7, 8, 9]
""")
        self.assertEqual(([c.name for c in s.chans()], s["v2"].vals, s.numSamples, s.rate),
                         (["v1", "v2"], [7.0, 8.0, 9.0], 3, 30.0))
        lfo = self.create("lfoCHOP")
        copier, _ = self.script("def onCook(scriptOp):\n    scriptOp.copy(scriptOp.inputs[0])\n")
        copier.inputConnectors[0].connect(lfo)
        self.assertEqual([c.name for c in copier.chans()], ["chan1"])

    def test_writing_outside_the_cook_and_errors(self):
        s, cb = self.script(COUNTER)
        with self.assertRaises(td.tdError):
            s["cooks"].vals = [5.0]
        with self.assertRaises(td.tdError):
            self.create("lfoCHOP")["chan1"][0] = 1.0
        s.par.modoutsidecook = True
        s["cooks"][0] = 42
        self.assertEqual(s["cooks"].eval(), 42.0)
        cb.text = "def onCook(scriptOp):\n    raise ValueError('no data')\n"
        tdsim.step()
        self.assertIn("onCook: ValueError: no data", s.errors())
