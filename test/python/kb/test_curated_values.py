"""The curated overlay's style corrections and default values: applied where named, refused when wrong."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "kb", "generate"))

from build_operators import OverlayError, apply_curated, build_operator  # noqa: E402


def ops():
    def op(optype, family, params):
        fact = {"optype": optype, "family": family, "label": optype, "parameters": params, "pages": ["A"],
                "docs": {"snapshot": "docs-2026-02", "namespace": "main"}}
        return build_operator(fact, {})

    return {
        "noiseTOP": op("noiseTOP", "TOP", [
            {"name": "seed", "page": "A", "style": "Float", "styleSource": "wiki"},
            {"name": "harmon", "page": "A", "style": "Int", "styleSource": "wiki"},
            {"name": "mono", "page": "A", "style": "Toggle", "styleSource": "wiki"},
            {"name": "alpha", "page": "A", "style": "Menu", "menuNames": ["zero", "one"], "styleSource": "wiki"},
            {"name": "unit", "page": "A", "style": "Menu", "styleSource": "wiki"},
            {"name": "s", "page": "A", "style": "XYZ", "components": ["sx", "sy", "sz"], "styleSource": "wiki"},
            {"name": "gradient", "page": "A", "style": None},
        ]),
        "baseCOMP": op("baseCOMP", "COMP", [
            {"name": "opshortcut", "page": "A", "style": "COMP", "styleSource": "wiki"},
            {"name": "parentxformsrc", "page": "A", "style": "Object", "menuNames": ["hierarchy", "specify"],
             "styleSource": "wiki"},
        ]),
        "boxPOP": op("boxPOP", "POP", [
            {"name": "sizex", "page": "A", "style": "Float", "default": 2.0, "defaultSource": "td-live"},
        ]),
    }


def overlay(styles=(), defaults=()):
    return {"inputs": [], "outputs": [], "params": [], "styles": list(styles), "defaults": list(defaults)}


def entry(values, types=("noiseTOP",)):
    return {"status": "assumption", "why": "test", "types": list(types), "values": values}


def par(op, name):
    return next(p for p in op["params"] if p["name"] == name)


class CuratedDefaults(unittest.TestCase):
    def test_values_land_marked_curated_and_never_replace_live_ones(self):
        got = ops()
        apply_curated(got, overlay(defaults=[
            entry({"seed": 1, "harmon": 2, "mono": True, "alpha": "one", "s": [1, 1, 1]}),
            entry({"sizex": 5.0}, types=["boxPOP"]),
        ]))
        noise = got["noiseTOP"]
        self.assertEqual([par(noise, n)["default"] for n in ("seed", "harmon", "mono", "alpha", "s")],
                         [1, 2, True, "one", [1, 1, 1]])
        self.assertEqual({par(noise, n)["defaultSource"] for n in ("seed", "harmon", "mono", "alpha", "s")},
                         {"curated"})
        self.assertIsNone(par(noise, "gradient")["default"])
        self.assertEqual((par(got["boxPOP"], "sizex")["default"], par(got["boxPOP"], "sizex")["defaultSource"]),
                         (2.0, "td-live"))

    def test_wrong_values_are_refused(self):
        wrong = [
            {"seed": "1"},            # a string for a Float
            {"harmon": 2.5},          # not whole for an Int
            {"mono": 1},              # a number for a Toggle
            {"alpha": "One"},         # a label, not a menu name
            {"unit": "pixels"},       # a Menu whose entries are unknown cannot be checked
            {"s": [1, 1]},            # wrong number of components
            {"gradient": 0},          # unknown style
            {"nosuch": 0},            # no such parameter
        ]
        for values in wrong:
            with self.subTest(values=values), self.assertRaises(OverlayError):
                apply_curated(ops(), overlay(defaults=[entry(values)]))
        with self.assertRaises(OverlayError):
            apply_curated(ops(), overlay(defaults=[dict(entry({"seed": 1}), status="fact")]))


class CuratedStyles(unittest.TestCase):
    def test_a_correction_changes_style_and_source_before_defaults_are_checked(self):
        got = ops()
        apply_curated(got, overlay(
            styles=[{"status": "assumption", "why": "a name", "families": ["COMP"], "param": "opshortcut", "style": "Str"},
                    {"status": "assumption", "why": "a menu", "families": ["COMP"], "param": "parentxformsrc",
                     "style": "Menu"}],
            defaults=[entry({"parentxformsrc": "hierarchy", "opshortcut": ""}, types=["baseCOMP"])]))
        comp = got["baseCOMP"]
        self.assertEqual((par(comp, "opshortcut")["style"], par(comp, "opshortcut")["styleSource"]), ("Str", "curated"))
        self.assertEqual(par(comp, "parentxformsrc")["style"], "Menu")
        self.assertEqual(par(comp, "parentxformsrc")["default"], "hierarchy")

    def test_impossible_corrections_are_refused(self):
        for style in ("Menu", "Colour"):  # a Menu without entries; a style that does not exist
            with self.subTest(style=style), self.assertRaises(OverlayError):
                apply_curated(ops(), overlay(styles=[
                    {"status": "assumption", "why": "x", "types": ["noiseTOP"], "param": "seed", "style": style}]))


if __name__ == "__main__":
    unittest.main()
