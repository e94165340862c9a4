"""DATs as modules (MOD Class): `import datName`, `mod.datName`, `mod(path)` and the search path,
and the td names as `__main__` globals (issue #14: none of these worked in tdsim)."""
import types

from .support import SimTestCase, td


class DatModulesTest(SimTestCase):
    def text(self, parent, name, text):
        dat = parent.create(td.textDAT, name)
        dat.text = text
        return dat

    def test_import_finds_a_dat_in_the_current_component(self):
        self.text(self.project, "helpers", "def add(a, b):\n    return a + b\n")
        user = self.text(self.project, "user", "import helpers\nfrom helpers import add\nRESULT = (helpers.add(2, 3), add(1, 1))\n")
        self.assertEqual(user.module.RESULT, (5, 2))

    def test_import_searches_local_modules_of_each_parent(self):
        local = self.project.create(td.baseCOMP, "local")
        modules = local.create(td.baseCOMP, "modules")
        self.text(modules, "shared", "VALUE = 'from local/modules'\n")
        inner = self.project.create(td.baseCOMP, "inner")
        user = self.text(inner, "user", "import shared\nVALUE = shared.VALUE\nVIA_MOD = mod.shared.VALUE\n")
        self.assertEqual((user.module.VALUE, user.module.VIA_MOD), ("from local/modules", "from local/modules"))

    def test_a_dat_wins_over_the_file_system_and_the_rest_falls_back(self):
        self.text(self.project, "json", "WHO = 'the DAT'\n")
        user = self.text(self.project, "user", "import json\nimport math\nWHO = json.WHO\nPI = math.pi\n")
        self.assertEqual(user.module.WHO, "the DAT")
        self.assertAlmostEqual(user.module.PI, 3.14159, places=4)

    def test_missing_module_raises_like_python(self):
        user = self.text(self.project, "user", "import no_such_dat_or_module\n")
        with self.assertRaises(ImportError):
            user.module

    def test_mod_by_name_and_by_path_and_none_when_missing(self):
        self.text(self.project, "helpers", "X = 4\n")
        user = self.text(self.project, "user",
                         "A = mod.helpers.X\nB = mod('helpers').X\nC = mod.nothing_here\nD = mod('/project1/helpers').X\n")
        m = user.module
        self.assertEqual((m.A, m.B, m.C, m.D), (4, 4, None, 4))
        self.assertIs(td.mod, m.mod)

    def test_a_module_importing_itself_gets_the_module_being_made(self):
        me_too = self.text(self.project, "selfish", "import selfish\nSAME = selfish\n")
        self.assertIs(me_too.module.SAME, me_too.module)

    def test_td_names_are_main_globals(self):
        from tdsim.host.textport import install_main_globals
        main = types.ModuleType("__main__")
        install_main_globals(main)
        for name in ("op", "me", "parent", "ui", "project", "root", "app", "tdu", "mod", "absTime", "ParMode"):
            self.assertIn(name, vars(main), name)
        self.assertEqual(main.op("/project1"), self.project)
