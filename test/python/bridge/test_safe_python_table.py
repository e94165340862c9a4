"""The safe-expression allow-list (svc_bridge/safe_python.json) holds only what TouchDesigner documents, and
the exec table (svc_bridge/exec_pars.json) is what the operator facts give."""

import json
import math
import os
import subprocess
import sys
import unittest

from test.python.bridge import support



def _read(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as handle:
        return json.load(handle)


TABLE = _read(support.BRIDGE, "svc_bridge", "safe_python.json")
FACTS = _read(support.ROOT, "kb", "data", "python-classes.json")
PLAIN = ("str", "number", "bool", "value", "list:number", "list:str")


def documented(class_name, member_name):
    """The member as the facts document it on the class or a class it inherits from, or None."""
    todo = [class_name]
    while todo:
        cls = FACTS["classes"].get(todo.pop())
        if cls is None:
            continue
        for member in cls["members"]:
            if member["name"] == member_name:
                return member
        todo.extend(cls.get("inherits") or [])
    return None


class AllowListTest(unittest.TestCase):
    def test_every_member_is_a_documented_member_of_its_class(self):
        checked = 0
        for type_name, spec in TABLE["types"].items():
            for name, member in spec["members"].items():
                self.assertFalse(name.startswith("_"), (type_name, name))
                if member["class"] == "python":
                    self.assertTrue(callable(getattr(str, name, None)) or callable(getattr(list, name, None)),
                                    (type_name, name))
                    continue
                fact = documented(member["class"], name)
                self.assertIsNotNone(fact, "%s.%s is not documented on %s" % (type_name, name, member["class"]))
                if member["kind"] == "method":
                    self.assertEqual(fact["kind"], "method", (type_name, name))
                elif member["kind"] == "shortcut":
                    self.assertTrue(str(fact.get("type", "")).endswith("Shortcut"), (type_name, name, fact))
                else:
                    self.assertEqual(fact["kind"], "attribute", (type_name, name))
                    # Nothing is assigned in an expression; a writable attribute is only read, and then
                    # only when it holds a plain value, never an object to go on from.
                    if not fact.get("readOnly"):
                        self.assertIn(member["type"], PLAIN, "%s.%s is writable and not a plain value" % (type_name, name))
                checked += 1
        self.assertGreater(checked, 100)

    def test_member_types_are_types_of_the_table(self):
        known = set(TABLE["types"])
        for type_name, spec in TABLE["types"].items():
            for name, member in spec["members"].items():
                kind = member["type"]
                self.assertIn(kind[len("list:"):] if kind.startswith("list:") else kind, known, (type_name, name))

    def test_module_functions_exist_and_tdu_ones_are_documented_value_functions(self):
        for name in TABLE["modules"]["math"]["functions"]:
            self.assertTrue(callable(getattr(math, name)), name)
        for name in TABLE["modules"]["math"]["constants"]:
            self.assertIsInstance(getattr(math, name), float, name)
        tdu = {m["name"]: m for m in FACTS["modules"]["tdu"]["members"]}
        for name in TABLE["modules"]["tdu"]["functions"]:
            self.assertEqual(tdu[name]["kind"], "function", name)
        # tdu.split(eval=True) evaluates its items, tryExcept calls what it is given, forceCrash crashes
        for name in ("split", "tryExcept", "forceCrash", "expandPath", "debug"):
            self.assertNotIn(name, TABLE["modules"]["tdu"]["functions"])

    def test_nothing_listed_reaches_code_or_a_module(self):
        # Members that hand out a module, run text, or give back Python objects a script stored.
        reaching = {"module", "mod", "ext", "extensions", "run", "evalExpression", "locals", "storage", "fetch",
                    "loadTox", "save", "create", "copy", "destroy", "store", "pulse", "format", "format_map"}
        for type_name, spec in TABLE["types"].items():
            self.assertFalse(reaching & set(spec["members"]), (type_name, reaching & set(spec["members"])))
        self.assertFalse({"eval", "exec", "compile", "getattr", "__import__", "open", "range", "pow", "vars", "globals"}
                         & set(TABLE["functions"]))


class ExecTableTest(unittest.TestCase):
    def test_the_table_is_what_the_facts_give(self):
        script = os.path.join(support.ROOT, "scripts", "bridge-exec-table")
        result = subprocess.run([sys.executable, script, "--check"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_it_names_the_operators_that_run_code(self):
        table = _read(support.BRIDGE, "svc_bridge", "exec_pars.json")
        self.assertIn("executeDAT", table["execute_dats"])
        self.assertEqual(table["dat_pars"]["webserverDAT"], ["callbacks"])
        self.assertIn("ext*object", table["python_pars"]["baseCOMP"])
        self.assertEqual(table["code_inputs"]["evaluateDAT"], [0, 1])
        self.assertIn("file", table["file_writes"]["fileoutDAT"])


if __name__ == "__main__":
    unittest.main()
