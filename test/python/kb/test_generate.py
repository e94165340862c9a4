"""Unit tests of the kb/data generator's transforms on small hand-made facts."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "kb", "generate"))

from build_operators import OverlayError, apply_curated, build_operator, finish_inputs, index_entry  # noqa: E402
from build_params import convert_params, looks_like_group_listing  # noqa: E402
from build_releases import build_releases  # noqa: E402
from build_sequences import build_sequences  # noqa: E402
from fidelity import FidelityError, apply_real_build, infer_unit_menus, merge_common_pages  # noqa: E402


def fact_op(optype, family, params, pages=None, **extra):
    op = {"optype": optype, "family": family, "label": optype[: -len(family)].title(), "parameters": params,
          "pages": pages or [], "docs": {"snapshot": "docs-2026-02", "namespace": "main"}}
    op.update(extra)
    return op


class Fidelity(unittest.TestCase):
    def ops(self):
        return [
            fact_op("aDAT", "DAT", [{"name": "language", "page": "Common", "style": "Menu", "menuNames": ["input"]},
                                    {"name": "defaultreadencoding", "page": "Common", "style": "Menu", "menuNames": ["utf8"]}],
                    pages=["Common"], parNames=["language", "defaultreadencoding"]),
            fact_op("bDAT", "DAT", [{"name": "language", "page": "Common", "style": "Menu", "menuNames": ["input", "node"]}],
                    pages=["Common"], parNames=["language"]),
            fact_op("oldCHOP", "CHOP", [{"name": "lagunit", "page": "Lag", "style": "Menu"},
                                        {"name": "parameter", "page": "Source"}], pages=["Lag", "Source"],
                    parNames=["lagunit", "parameter"]),
        ]

    def test_family_common_page_is_merged_with_its_menus(self):
        ops = self.ops()
        self.assertEqual(merge_common_pages(ops), 1)
        b = {p["name"]: p for p in ops[1]["parameters"]}
        self.assertEqual(b["defaultreadencoding"]["addedFrom"], "family-common-page")
        a = {p["name"]: p for p in ops[0]["parameters"]}
        self.assertEqual(a["language"]["menuNames"], ["input", "node"])

    def test_real_build_renames_types_and_parameters(self):
        ops = apply_real_build(self.ops(), {
            "renames": [{"from": "oldCHOP", "to": "newinCHOP"}],
            "renameParams": [{"types": ["newinCHOP"], "from": "parameter", "to": "parameters"}],
            "menus": [{"families": ["DAT"], "param": "language", "add": ["python"], "incomplete": True}],
        })
        chop = [o for o in ops if o["optype"] == "newinCHOP"][0]
        self.assertEqual(chop["aliases"], ["oldCHOP"])
        self.assertEqual([p["name"] for p in chop["parameters"]], ["lagunit", "parameters"])
        self.assertTrue(ops[0]["parameters"][0]["menuIncomplete"])
        with self.assertRaises(FidelityError):
            apply_real_build(self.ops(), {"renames": [{"from": "nosuchTOP", "to": "x"}]})

    def test_empty_unit_menus_get_assumed_entries(self):
        ops = self.ops()
        self.assertEqual(infer_unit_menus(ops), 1)
        unit = ops[2]["parameters"][0]
        self.assertEqual((unit["menuNames"], unit["menuAssumed"]), (["samples", "frames", "seconds"], True))


class SequenceTemplates(unittest.TestCase):
    def test_block_template_from_the_listed_blocks(self):
        params = convert_params({"pages": ["V"], "parameters": [
            {"name": "vec", "page": "V", "style": "Sequence", "isSequenceHeader": True, "label": "Vector"},
            {"name": "vec0name", "page": "V", "sequence": "vec", "blockIndex": 0},
            {"name": "vec0value", "page": "V", "sequence": "vec", "blockIndex": 0, "style": "XYZW",
             "components": ["vec0valuex", "vec0valuey", "vec0valuez", "vec0valuew"]},
            {"name": "vec1extra", "page": "V", "sequence": "vec", "blockIndex": 1},
            {"name": "other", "page": "V"},
        ]})
        [seq] = build_sequences(params)
        self.assertEqual(seq["name"], "vec")
        self.assertEqual([t["suffix"] for t in seq["blockParams"]], ["name", "value", "extra"])
        self.assertEqual(seq["blockParams"][1]["componentSuffixes"], ["valuex", "valuey", "valuez", "valuew"])
        # Two blocks listed, none seen live: the count is an assumption.
        self.assertEqual((seq["defaultBlocks"], seq["defaultBlocksSource"]), (2, "assumed"))

    def test_block_seen_live_makes_the_count_a_fact(self):
        params = convert_params({"pages": ["A"], "parameters": [
            {"name": "attr", "page": "A", "style": "Sequence", "isSequenceHeader": True},
            {"name": "attr0name", "page": "A", "sequence": "attr", "blockIndex": 0, "style": "Str",
             "default": "", "defaultSource": "td-live"},
        ]})
        [seq] = build_sequences(params)
        self.assertEqual((seq["defaultBlocks"], seq["defaultBlocksSource"]), (1, "td-live"))


class ParamTransforms(unittest.TestCase):
    def test_group_listing_posing_as_menu_becomes_a_group(self):
        p = {"name": "attr0name", "menuNames": ["attr0name", "attr0customname"], "style": "Menu",
             "default": "custom", "defaultSource": "td-live", "page": "A"}
        self.assertTrue(looks_like_group_listing(p))
        [out] = convert_params({"parameters": [p], "pages": ["A"]})
        self.assertNotIn("menuNames", out)
        self.assertEqual(out["groupMembers"], ["attr0name", "attr0customname"])

    def test_real_menu_containing_its_own_name_stays_a_menu(self):
        p = {"name": "cycle", "menuNames": ["all", "each", "cycle"], "menuLabels": ["All", "Each", "Cycle"], "page": "A"}
        self.assertFalse(looks_like_group_listing(p))
        [out] = convert_params({"parameters": [p], "pages": ["A"]})
        self.assertEqual(out["menuNames"], ["all", "each", "cycle"])

    def test_tuplet_defaults_and_page_order(self):
        params = [
            {"name": "late", "page": "Common", "style": "Float"},
            {"name": "t", "page": "Xform", "components": ["tx", "ty"], "style": "XY",
             "componentDefaults": [0.0, 1.0], "defaultSource": "td-live"},
            {"name": "orphan", "page": None, "style": "Int"},
        ]
        out = convert_params({"parameters": params, "pages": ["Xform", "Common"]})
        self.assertEqual([p["name"] for p in out], ["t", "late", "orphan"])
        self.assertEqual(out[0]["default"], [0.0, 1.0])
        self.assertEqual(out[0]["defaultSource"], "td-live")
        self.assertIsNone(out[1]["default"])
        self.assertIsNone(out[1]["defaultSource"])

    def test_live_default_outside_documented_menu_marks_menu_incomplete(self):
        p = {"name": "mode", "page": "A", "style": "Menu", "menuNames": ["a", "b"], "menuLabels": ["A", "B"],
             "default": "c", "defaultSource": "td-live"}
        [out] = convert_params({"parameters": [p], "pages": ["A"]})
        self.assertTrue(out["menuIncomplete"])


class OperatorTransforms(unittest.TestCase):
    def ops(self):
        return {
            "noiseTOP": build_operator(fact_op("noiseTOP", "TOP", [
                {"name": "resolution", "page": "Common", "components": ["resolutionw", "resolutionh"], "style": "Int"},
            ], inputsDocumented={"count": 2, "labels": ["a", "b"]}), {}),
            "boxPOP": build_operator(fact_op("boxPOP", "POP", [], connectorsLive={"inputs": 0, "outputs": 1}), {}),
            "fooCOMP": build_operator(fact_op("fooCOMP", "COMP", []), {"fooCOMP": "Does foo."}),
        }

    def test_inputs_are_derived_then_overlaid(self):
        ops = self.ops()
        curated = {"inputs": [{"status": "assumption", "types": ["noiseTOP"], "min": 0}],
                   "outputs": [{"families": ["TOP"], "outputs": 1}],
                   "params": [{"status": "assumption", "types": ["noiseTOP"], "param": "resolution", "default": [256, 256]},
                              {"status": "assumption", "families": ["TOP"], "param": "resolution", "min": 1, "clampMin": True}]}
        apply_curated(ops, curated)
        for op in ops.values():
            finish_inputs(op)
        noise = ops["noiseTOP"]
        self.assertEqual(noise["inputs"], {"min": 0, "max": 2})
        self.assertEqual(noise["inputsSource"], {"min": "curated", "max": "docs-listed-inputs"})
        self.assertTrue(noise["isGenerator"])
        self.assertEqual(noise["outputs"], 1)
        res = noise["params"][0]
        self.assertEqual((res["default"], res["defaultSource"], res["min"], res["clampMin"]), ([256, 256], "curated", 1, True))
        box = ops["boxPOP"]
        self.assertEqual(box["inputs"], {"min": 0, "max": 0})
        self.assertEqual(box["outputsSource"], "td-live-connectors")
        foo = ops["fooCOMP"]
        self.assertIsNone(foo["inputs"])
        self.assertIsNone(foo["isGenerator"])
        self.assertEqual(index_entry(foo, ["widget"])["keywords"], ["foo", "comp", "widget"])
        self.assertTrue(index_entry(foo, [])["common"])

    def test_overlay_naming_unknown_things_is_an_error(self):
        ops = self.ops()
        with self.assertRaises(OverlayError):
            apply_curated(ops, {"inputs": [{"status": "assumption", "types": ["nosuchTOP"], "min": 0}], "outputs": [], "params": []})
        with self.assertRaises(OverlayError):
            apply_curated(ops, {"inputs": [], "outputs": [], "params": [
                {"status": "assumption", "types": ["noiseTOP"], "param": "nosuchpar", "default": 1}]})
        with self.assertRaises(OverlayError):
            apply_curated(ops, {"inputs": [], "outputs": [], "params": [
                {"status": "assumption", "types": ["noiseTOP"], "param": "resolution", "default": [1, 2, 3]}]})
        with self.assertRaises(OverlayError):
            apply_curated(ops, {"inputs": [{"types": ["noiseTOP"], "min": 0}], "outputs": [], "params": []})


class Releases(unittest.TestCase):
    def test_profiles_record_what_is_known_only(self):
        facts = [
            fact_op("noiseTOP", "TOP", [], docs={"snapshot": "docs-2026-02", "namespace": "main", "olderSnapshotPage": "Noise_TOP"}),
            fact_op("oldTOP", "TOP", [], docs={"snapshot": "docs-2025-05", "namespace": "main", "page": "Old_TOP"}),
            fact_op("boxPOP", "POP", [], connectorsLive={"inputs": 0, "outputs": 1},
                    docs={"snapshot": "docs-2026-02", "namespace": "main", "olderSnapshotPage": "Experimental_Box_POP"}),
        ]
        rel = build_releases(facts)
        by_id = {p["id"]: p for p in rel["profiles"]}
        self.assertEqual(by_id["docs-2026-02"]["operatorTypes"], ["boxPOP", "noiseTOP"])
        self.assertEqual(by_id["docs-2025-05"]["operatorTypes"], ["boxPOP", "noiseTOP", "oldTOP"])
        self.assertEqual(by_id["docs-2025-05"]["experimentalTypes"], ["boxPOP"])
        self.assertEqual(by_id["td-2025.32460"]["operatorTypes"], ["boxPOP"])
        self.assertIsNone(by_id["td-2025.33070"]["operatorTypes"])
        self.assertEqual(by_id["td-2025.33070"]["operatorTypeCount"], 685)


if __name__ == "__main__":
    unittest.main()
