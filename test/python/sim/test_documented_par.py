"""Documented behaviour of parameters, each test citing the page (td-docs: td_docs/Python/Par_Class.md,
TDU_Class.md, td Module)."""
from .support import SimTestCase, td

import tdu  # noqa: E402


class MenuSourceTest(SimTestCase):
    """Par Class, menuSource: "an expression that returns an object with .menuItems .menuNames
    members ... another parameter with a menu, an object created by tdu.TableMenu"."""

    def setUp(self):
        super().setUp()
        self.comp = self.create(td.baseCOMP, "panel")
        self.comp.appendCustomPage("Setup").appendMenu("Choice")
        self.table = self.create(td.tableDAT, "choices")
        self.table.appendRows([["name", "label"], ["low", "Low"], ["high", "High"]])

    def test_a_table_menu_gives_the_entries(self):
        p = self.comp.par.Choice
        p.menuSource = "tdu.TableMenu(op('choices'), labelCol='label')"
        self.assertEqual(p.menuSource, "tdu.TableMenu(op('choices'), labelCol='label')")
        self.assertEqual(p.menuNames, ["low", "high"])      # the first row is skipped
        self.assertEqual(p.menuLabels, ["Low", "High"])
        p.val = "high"
        self.assertEqual(p.menuIndex, 1)
        with self.assertRaises(td.tdError):
            p.val = "medium"
        self.table.appendRow(["medium", "Medium"])         # the menu follows its source
        p.val = "medium"
        self.assertEqual(p.eval(), "medium")

    def test_another_menu_parameter_as_source(self):
        lfo = self.create(td.lfoCHOP, "lfo1")
        p = self.comp.par.Choice
        p.menuSource = "op('lfo1').par.wavetype"
        self.assertEqual(p.menuNames, lfo.par.wavetype.menuNames)
        self.assertEqual(tdu.ParMenu(["a", "b"]).menuLabels, ["a", "b"])  # "Defaults to menuNames"

    def test_menu_source_is_kept_by_undo_and_copy(self):
        p = self.comp.par.Choice
        p.menuSource = "tdu.TableMenu(op('choices'))"
        copy = self.project.copy(self.comp, name="panel2")
        self.assertEqual(copy.par.Choice.menuSource, "tdu.TableMenu(op('choices'))")

    def test_a_built_in_menu_takes_its_index(self):
        # Par Class, Menu Parameters: "op('geo1').par.xord = 'trs'" and "= 5" are equivalent.
        geo = self.create(td.geometryCOMP)
        geo.par.xord = 5
        self.assertEqual(geo.par.xord.eval(), geo.par.xord.menuNames[5])
        geo.par.xord.menuIndex = 0
        self.assertEqual(geo.par.xord.menuIndex, 0)


class BindReferencesTest(SimTestCase):
    def test_the_parameters_that_bind_to_one(self):
        # Par Class: "bindReferences - The (possibly empty) list of objects which bind to this parameter."
        master = self.create(td.noiseTOP, "master")
        a = self.create(td.noiseTOP, "a")
        b = self.create(td.noiseTOP, "b")
        self.assertEqual(master.par.seed.bindReferences, [])
        a.par.seed.bindExpr = "op('master').par.seed"
        b.par.seed.bindExpr = "op('master').par.seed"
        refs = master.par.seed.bindReferences
        self.assertEqual([(p.owner.name, p.name) for p in refs], [("a", "seed"), ("b", "seed")])
        self.assertTrue(refs[0].isSamePar(a.par.seed))
        b.par.seed.bindExpr = ""
        self.assertEqual(len(master.par.seed.bindReferences), 1)


class PassiveTest(SimTestCase):
    def test_a_passive_version_of_an_operator(self):
        # td Module: "passive(OP) -> OP: Returns a passive version of the operator"; OP Class: passive.
        noise = self.create(td.noiseTOP)
        p = td.passive(noise)
        self.assertTrue(p.passive)
        self.assertFalse(noise.passive)
        self.assertEqual(p, noise)
        self.assertEqual(hash(p), hash(noise))
        self.assertIsInstance(p, td.noiseTOP)
        p.par.seed = 7                                     # the same operator
        self.assertEqual(noise.par.seed.eval(), 7)
        self.assertEqual(p.path, noise.path)
        with self.assertRaises(td.tdError):
            td.passive("noise1")
