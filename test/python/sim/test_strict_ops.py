"""Operator members where TouchDesigner is strict (OP Class documentation)."""

import unittest

from test.python.sim.support import SimTestCase, td


class DestroyedOperatorTest(SimTestCase):
    def test_every_member_but_valid_raises(self):
        # OP Class: valid is "False if it has been deleted"; tdsim raises on everything else.
        n = self.create("noiseTOP")
        n.destroy()
        self.assertFalse(n.valid)
        for member in ("path", "id", "name", "par", "inputs", "errors", "OPType"):
            with self.assertRaises(td.tdError, msg=member):
                getattr(n, member)
        with self.assertRaises(td.tdError):
            n.destroy()


class SubTypeTest(SimTestCase):
    def test_components_say_panel_object_or_nothing(self):
        # OP Class: subType is implemented for components only: 'panel', 'object' or ''.
        cases = {"containerCOMP": ("panel", True, False), "buttonCOMP": ("panel", True, False),
                 "geometryCOMP": ("object", False, True), "cameraCOMP": ("object", False, True),
                 "baseCOMP": ("", False, False), "noiseTOP": ("", False, False)}
        for op_type, (sub, panel, obj) in cases.items():
            n = self.create(op_type)
            self.assertEqual((n.subType, n.isPanel, n.isObject), (sub, panel, obj), op_type)


class SetInputsTest(SimTestCase):
    def test_none_keeps_its_slot(self):
        # OP Class: setInputs entries "can be None to disconnect specific inputs".
        a, b = self.create("noiseTOP"), self.create("rampTOP")
        comp = self.create("compositeTOP")
        comp.setInputs([None, b])
        self.assertIsNone(comp.inputConnectors[0].connections[0] if comp.inputConnectors[0].connections else None)
        self.assertEqual([c.owner.path for c in comp.inputConnectors[1].connections], [b.path])
        cross = self.create("crossTOP")
        cross.setInputs([a, b])
        cross.setInputs([None, a])
        self.assertEqual(cross.inputConnectors[0].connections, [])
        self.assertEqual([c.owner.path for c in cross.inputConnectors[1].connections], [a.path])
        comp.setInputs([])
        self.assertEqual(comp.inputs, [])


class ChangeTypeTest(SimTestCase):
    def test_takes_a_class(self):
        # OP Class: changeType's argument "is not a string, but instead is a class".
        n = self.create("nullTOP")
        new = n.changeType(td.levelTOP)
        self.assertEqual(new.OPType, "levelTOP")
        with self.assertRaises(TypeError):
            new.changeType("nullTOP")


if __name__ == "__main__":
    unittest.main()


class DefaultContentsTest(SimTestCase):
    def test_geometry_and_animation_comps_come_with_their_contents(self):
        geo = self.create("geometryCOMP")
        torus = geo.op("torus1")
        self.assertEqual((torus.OPType, torus.display, torus.render), ("torusSOP", True, True))
        anim = self.create("animationCOMP")
        self.assertEqual(len(anim.outputConnectors), 1)
        self.assertEqual(anim.op("out1").inputs, [anim.op("keyframe1")])
        self.assertEqual(self.create("baseCOMP").children, [])

    def test_copies_and_undo_bring_their_own_children(self):
        geo = self.create("geometryCOMP")
        geo.op("torus1").destroy()
        geo.create("sphereSOP", "ball")
        copy = self.project.copy(geo)
        self.assertEqual([c.name for c in copy.children], ["ball"])
        td.ui.undo.startBlock("make")
        self.create("geometryCOMP", "geo9")
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        td.ui.undo.redo()
        self.assertEqual([c.name for c in td.op("/project1/geo9").children], ["torus1"])
