"""Bind mode: a bound parameter's constant value is its master's, in both directions."""

import unittest

from test.python.sim.support import SimTestCase, td


class BindWriteThroughTest(SimTestCase):
    def bound(self):
        comp = self.create("baseCOMP")
        comp.appendCustomPage("Controls").appendFloat("Gain")
        comp.par.Gain = 0.5
        n = comp.create("noiseTOP")
        n.par.amp.bindExpr = "parent().par.Gain"
        return comp, n

    def test_writing_a_bound_parameter_writes_its_master(self):
        comp, n = self.bound()
        n.par.amp = 0.8
        self.assertEqual(comp.par.Gain.eval(), 0.8)
        self.assertEqual(n.par.amp.mode, td.ParMode.BIND)
        self.assertEqual(n.par.amp.eval(), 0.8)

    def test_val_and_menu_writes_go_through_too(self):
        comp, n = self.bound()
        n.par.amp.val = 0.1
        self.assertEqual(comp.par.Gain.val, 0.1)
        comp.appendCustomPage("More").appendMenu("Kind")
        comp.par.Kind.menuNames = ["a", "b"]
        n.par.type.bindExpr = "parent().par.Kind"
        n.par.type = "b"
        self.assertEqual(comp.par.Kind.eval(), "b")

    def test_constant_mode_breaks_the_link(self):
        comp, n = self.bound()
        n.par.amp.mode = td.ParMode.CONSTANT
        n.par.amp = 0.9
        self.assertEqual(comp.par.Gain.eval(), 0.5)

    def test_undo_takes_back_the_master_write(self):
        comp, n = self.bound()
        td.ui.undo.startBlock("w")
        n.par.amp = 0.7
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertEqual(comp.par.Gain.eval(), 0.5)


if __name__ == "__main__":
    unittest.main()
