"""iop/ipar (Internal Operators/Parameters), extensions (ext, extensions, promotion) and COMP-to-COMP
connectors: missing from tdsim before issue #14 (AttributeError on every one)."""
from .support import SimTestCase, td, tdsim

EXTENSION = """
class Player:
    def __init__(self, owner):
        self.owner = owner
        self.Speed = 2
        self.hidden = 1

    def Double(self, x):
        return 2 * x
"""


class InternalShortcutsTest(SimTestCase):
    def make(self):
        fx = self.project.create(td.baseCOMP, "fx")
        holder = fx.create(td.baseCOMP, "iparEffect")
        holder.appendCustomPage("P").appendFloat("Size")
        # Internal Parameters page, manual procedure: shortcut Effect, Internal OP ./iparEffect.
        fx.par.iop0shortcut = "Effect"
        fx.par.iop0op = "./iparEffect"
        inner = fx.create(td.baseCOMP, "inner")
        return fx, holder, inner.create(td.textDAT, "script")

    def test_ipar_and_iop_search_up_the_parents(self):
        fx, holder, script = self.make()
        self.assertEqual(script.iop.Effect, holder)
        script.ipar.Effect.Size = 1.7
        self.assertEqual(holder.par.Size.eval(), 1.7)
        self.assertTrue(script.ipar.Effect.Size.isSamePar(holder.par.Size))
        script.text = "ipar.Effect.Size = 0.5\n"
        script.run()
        tdsim.step(1)
        self.assertEqual(holder.par.Size.eval(), 0.5)

    def test_an_expression_reads_ipar(self):
        _fx, holder, script = self.make()
        level = script.parent().create(td.levelTOP)
        level.par.opacity.expr = "ipar.Effect.Size * 2"
        holder.par.Size = 0.25
        self.assertEqual(level.par.opacity.eval(), 0.5)

    def test_unknown_shortcuts_raise(self):
        _fx, _holder, script = self.make()
        with self.assertRaises(AttributeError):
            script.iop.Nothing
        with self.assertRaises(AttributeError):
            self.project.ipar.Effect  # /project1 is above fx: its shortcut is not visible there


class ExtensionsTest(SimTestCase):
    def make(self, promote=False, name=""):
        comp = self.project.create(td.baseCOMP, "player")
        code = comp.create(td.textDAT, "PlayerExt")
        code.text = EXTENSION
        comp.par.ext0object = "op('./PlayerExt').module.Player(me)"
        comp.par.ext0name = name
        comp.par.ext0promote = promote
        return comp

    def test_ext_finds_the_extension_from_inside_and_outside(self):
        comp = self.make()
        inner = comp.create(td.textDAT, "user")
        self.assertEqual(inner.ext.Player.Double(4), 8)
        self.assertIs(comp.ext.Player, inner.ext.Player)
        self.assertIs(comp.ext.Player.owner, comp)
        self.assertEqual(comp.extensions, [comp.ext.Player])
        with self.assertRaises(AttributeError):
            self.project.ext.Player  # extensions are searched upwards, never down

    def test_the_name_parameter_renames_and_promotion_reaches_members(self):
        comp = self.make(promote=True, name="Game")
        self.assertEqual(comp.ext.Game.Speed, 2)
        self.assertEqual((comp.Speed, comp.Double(3)), (2, 6))
        with self.assertRaises(AttributeError):
            comp.hidden  # only capitalised members are promoted
        unpromoted = self.project.create(td.baseCOMP)
        with self.assertRaises(AttributeError):
            unpromoted.Speed

    def test_changing_the_parameters_rebuilds_and_initialize_makes_a_new_object(self):
        comp = self.make()
        first = comp.ext.Player
        self.assertIs(comp.initializeExtensions(0).owner, comp)
        self.assertIsNot(comp.ext.Player, first)
        comp.par.ext0object = ""
        self.assertEqual(comp.extensions, [])

    def test_a_failing_object_raises(self):
        comp = self.project.create(td.baseCOMP)
        comp.par.ext0object = "op('./missing').module.X(me)"
        with self.assertRaises(AttributeError):
            comp.extensions


class COMPConnectorsTest(SimTestCase):
    def test_wire_parent_and_children(self):
        a, b, c = (self.project.create(td.geometryCOMP) for _ in range(3))
        a.outputCOMPConnectors[0].connect(b)
        c.inputCOMPConnectors[0].connect(a.outputCOMPConnectors[0])
        self.assertEqual((b.inputCOMPs, sorted(x.name for x in a.outputCOMPs)), ([a], sorted([b.name, c.name])))
        self.assertEqual(b.inputCOMPConnectors[0].connections[0].owner, a)
        with self.assertRaises(td.tdError):
            b.outputCOMPConnectors[0].connect(a)  # a loop
        b.inputCOMPConnectors[0].disconnect()
        self.assertEqual((b.inputCOMPs, a.outputCOMPs), ([], [c]))

    def test_only_siblings_connect(self):
        a = self.project.create(td.baseCOMP)
        inner = a.create(td.baseCOMP)
        with self.assertRaises(td.tdError):
            a.outputCOMPConnectors[0].connect(inner)
