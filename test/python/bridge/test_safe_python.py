"""The safe expression grammar (svc_bridge/safe_python.py): what networks are made of passes, every way
out of the grammar is refused with the place and the reason."""

import os
import unittest

from test.python.bridge import support
from svc_bridge import safe_python
from svc_bridge.safe_python import Unsafe, check_data_text, check_expression


class ExpressionTest(unittest.TestCase):
    def test_what_networks_are_made_of_passes(self):
        for expr in (
            "absTime.seconds * 0.5",
            "math.sin(absTime.frame / 60) + op('n').par.period.eval()",
            "me.time.frame % 2 == 0 and 1 or 2",
            "tdu.clamp(me.par.tx.eval(), 0, 1)",
            "op('chop1')['chan1'].eval() if op('chop1') else 0",
            "op('table1')[1, 2].val",
            "op('table1').cell(1, 'value').val.strip().lower() == 'on'",
            "parent().par.Speed * 2",
            "parent(2).name + '_' + str(me.digits)",
            "ipar.Settings.Gain.eval()",
            "iop.Out.numChans",
            "f'{me.name}: {absTime.frame:.1f}'",
            "max(op('a').par.tx.eval(), 0.5) ** 2",
            "-1 if me.inputCell.val == '' else len(me.inputCell.val)",
            "[c.name for c in []] if False else 0".split(" if")[1] if False else "1",
            "math.pi * 2",
            "me.par.tx.eval() if not me.par.tx.isDefault else 0",
            "op('c').chan('x').vals[0]",
            "sum(op('c').chans()[0].vals)",
        ):
            check_expression(expr)

    def refused(self, expr, words):
        with self.assertRaises(Unsafe, msg=expr) as caught:
            check_expression(expr)
        self.assertIn(words, str(caught.exception), expr)

    def test_modules_are_reached_only_through_their_listed_members(self):
        self.refused("tdu.builtins.eval('1')", "tdu.builtins is not one of the safe members of tdu")
        self.refused("tdu.shlex.os.replace('a', 'b')", "tdu.shlex is not one of the safe members")
        self.refused("math.__dict__", "never start with an underscore")
        self.refused("tdu", "is not a value")
        self.refused("str(math)", "is not a value")
        self.refused("tdu.split('a b', True)", "tdu.split is not one of the safe members")

    def test_attributes_are_the_documented_members_of_the_receivers_type(self):
        self.refused("op('ex').module", "'module' is not a safe member of an OP")
        self.refused("me.mod.helpers", "'mod' is not a safe member")
        self.refused("parent().ext.Tools", "'ext' is not a safe member")
        self.refused("op('t').run()", "'run' is not a safe member")
        self.refused("op('t')[0, 0].run()", "'run' is not a safe member")
        self.refused("me.storage['x']", "'storage' is not a safe member")
        self.refused("me.fetch('x')", "'fetch' is not a safe member")
        self.refused("me.par.tx.eval().replace('a', 'b')", "a value of unknown type")
        self.refused("me.par.tx.eval()[0]", "cannot be subscripted")
        self.refused("op('x').__class__", "never start with an underscore")
        self.refused("'{0.__class__}'.format(me)", "'format' is not a safe member of a string")

    def test_calls_go_to_the_safe_functions_and_listed_methods_only(self):
        for expr, words in (
            ("eval('1')", "'eval' is not one of the safe names"),
            ("__import__('os')", "never start with an underscore"),
            ("getattr(me, 'par')", "'getattr' is not one of the safe names"),
            ("(lambda: 1)()", "lambda is not allowed"),
            ("[c for c in 'ab']", "a list comprehension is not allowed"),
            ("(x := 1)", "an assignment (:=) is not allowed"),
            ("max(*[1, 2])", "*arguments are not allowed"),
            ("max(**{})", "**arguments are not allowed"),
            ("op.TDResources", "op is only called"),
            ("me.par.tx()", "cannot be called"),
            ("sorted([1], key=str)", "is not a value"),
            ("range(10)", "'range' is not one of the safe names"),
            ("{**{}}", "**unpacking is not allowed"),
        ):
            self.refused(expr, words)

    def test_work_stays_bounded(self):
        check_expression("2 ** 10")
        check_expression("me.par.tx.eval() ** -0.5")
        self.refused("9 ** 9 ** 9", "exponent must be a number literal")
        self.refused("2 ** me.digits", "exponent must be a number literal")
        self.refused("'a' * 1000000000", "repeating a string or list")
        self.refused("[0] * 1000000000", "repeating a string or list")
        self.refused("1 << 100000", "<< is not allowed")

    def test_a_message_says_where(self):
        with self.assertRaises(Unsafe) as caught:
            check_expression("1 + op('x').module")
        self.assertTrue(str(caught.exception).startswith("col 5: "), caught.exception)


class DataTextTest(unittest.TestCase):
    def test_data_passes(self):
        for text in ('{"a": true, "b": null, "c": [1, 2]}', "uniform float uTime;\nvoid main() {}\n", "a, b\n1, 2\n",
                     "name\tvalue\nspeed\t1\n", "# only a comment\n", "hello", "Some notes about the show."):
            check_data_text(text)

    def test_code_is_refused(self):
        for text, words in (
            ("import os\n", "Import is a statement"),
            ("def onFrameStart(frame):\n    return\n", "FunctionDef is a statement"),
            ("x = 1\n", "Assign is a statement"),
            ("print('x')\n", "cannot be called"),
            ("os.system('id')\n", "a value of unknown type"),
            ("name\tvalue\n__import__('os').getcwd()\t1\n", "row 2, cell 1"),
            ("op('b').text = 'x'\n", "Assign is a statement"),
        ):
            with self.assertRaises(Unsafe, msg=text) as caught:
                check_data_text(text)
            self.assertIn(words, str(caught.exception), text)


class TableFileTest(unittest.TestCase):
    def test_the_table_is_the_packages_json(self):
        self.assertEqual(safe_python.TABLE_FILE, os.path.join(support.BRIDGE, "svc_bridge", "safe_python.json"))

    def test_a_missing_table_refuses_every_expression(self):
        saved, path = safe_python._table, safe_python.TABLE_FILE
        safe_python._table, safe_python.TABLE_FILE = None, path + ".missing"
        try:
            with self.assertRaises(Unsafe) as caught:
                check_expression("1")
            self.assertIn("cannot be read", str(caught.exception))
        finally:
            safe_python._table, safe_python.TABLE_FILE = saved, path


if __name__ == "__main__":
    unittest.main()
