"""The batch actions plan/apply needs beyond building: rename, reset_param, clear_custom_pars, and
reading storage. Each does its work and rolls back exactly when a later operation fails."""

import unittest

from test.python.bridge.support import enc
from test.python.bridge.test_batch import BatchFixture

FAIL = {"action": "update", "path": "/project1/net/ghost", "parameters": {"a": 1}}


class PlanActionCase(BatchFixture):
    def assert_rolls_back(self, operations, index, cause, rolled_back=True):
        before = self.snapshot()
        reply = self.fails("POST", "/api/batch", {"operations": operations}, code="batch_failed", status=400)
        self.assertEqual((reply.error["index"], reply.error["cause"]["code"], reply.error["rolled_back"]),
                         (index, cause, rolled_back))
        self.assertEqual(self.snapshot(), before)


class RenameTest(PlanActionCase):
    def test_rename_keeps_wires_and_parameters(self):
        self.ok("POST", "/api/batch", {"operations": [{"action": "rename", "path": "/project1/net/noise1", "name": "seed"}]})
        self.assertIsNone(self.td.op("/project1/net/noise1"))
        seed = self.td.op("/project1/net/seed")
        self.assertEqual(seed.par.period.eval(), 2)
        comp_inputs = [c.owner.path for c in self.td.op("/project1/net/comp1").inputConnectors[0].connections]
        self.assertEqual(comp_inputs, ["/project1/net/seed"])

    def test_rename_onto_a_sibling_is_refused(self):
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "rename", "path": "/project1/net/noise1", "name": "noise2"}]}, code="batch_failed")
        self.assertEqual(reply.error["cause"]["code"], "name_conflict")

    def test_rename_rolls_back(self):
        self.assert_rolls_back([{"action": "rename", "path": "/project1/net/noise1", "name": "seed"}, FAIL],
                               1, "node_not_found")
        self.assertIsNotNone(self.td.op("/project1/net/noise1"))

    def test_an_invalid_name_is_refused_before_anything_runs(self):
        self.assert_rolls_back([{"action": "rename", "path": "/project1/net/noise1", "name": "2bad"}],
                               0, "invalid_name", rolled_back=False)


class ResetParamTest(PlanActionCase):
    def test_reset_returns_a_constant_to_its_default(self):
        par = self.td.op("/project1/net/noise1").par.period
        self.assertFalse(par.isDefault)
        data = self.ok("POST", "/api/batch", {"operations": [
            {"action": "reset_param", "path": "/project1/net/noise1", "param": "period"}]})
        self.assertTrue(par.isDefault)
        self.assertTrue(data["results"][0]["data"]["isDefault"])

    def test_reset_leaves_expression_mode_and_keeps_the_bind_master(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "reset_param", "path": "/project1/net/noise1", "param": "amp"},
            {"action": "reset_param", "path": "/project1/net/level1", "param": "brightness1"}]})
        amp = self.td.op("/project1/net/noise1").par.amp
        self.assertEqual(amp.mode, self.td.ParMode.CONSTANT)
        self.assertTrue(amp.isDefault)
        self.assertEqual(self.td.op("/project1/net/level1").par.brightness1.mode, self.td.ParMode.CONSTANT)
        self.assertEqual(self.td.op("/project1/net").par.Gain.eval(), 0.5)

    def test_reset_rolls_back_to_the_expression(self):
        self.assert_rolls_back([{"action": "reset_param", "path": "/project1/net/noise1", "param": "amp"}, FAIL],
                               1, "node_not_found")
        self.assertEqual(self.td.op("/project1/net/noise1").par.amp.mode, self.td.ParMode.EXPRESSION)

    def test_an_unknown_parameter_is_named(self):
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "reset_param", "path": "/project1/net/noise1", "param": "nope"}]}, code="batch_failed")
        self.assertEqual(reply.error["cause"]["code"], "unknown_param")


class ClearCustomParsTest(PlanActionCase):
    def test_clear_removes_pages_and_parameters(self):
        data = self.ok("POST", "/api/batch", {"operations": [{"action": "clear_custom_pars", "path": "/project1/net"}]})
        net = self.td.op("/project1/net")
        self.assertEqual(list(net.customPages), [])
        self.assertEqual(list(net.customPars), [])
        self.assertEqual(data["results"][0]["data"]["removed"], ["Gain"])

    def test_clear_then_re_add_in_one_batch(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "clear_custom_pars", "path": "/project1/net"},
            {"action": "add_custom_par", "path": "/project1/net", "page": "Controls", "name": "Gain",
             "style": "Float", "default": 0.25, "value": 0.25}]})
        self.assertEqual(self.td.op("/project1/net").par.Gain.eval(), 0.25)

    def test_clear_rolls_back_pages_values_and_binds(self):
        self.td.op("/project1/net/sub").par.Tintr = 0.75
        self.assert_rolls_back([{"action": "clear_custom_pars", "path": "/project1/net/sub"},
                                {"action": "clear_custom_pars", "path": "/project1/net"}, FAIL],
                               2, "node_not_found")
        self.assertEqual(self.td.op("/project1/net/sub").par.Tintr.eval(), 0.75)

    def _add_artist_page(self):
        """An artist's page after svc's: a page re-made at the end must go back before it."""
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "add_custom_par", "path": "/project1/net", "page": "Artist", "name": "Mine",
             "style": "Float", "default": 0.25}]})
        return self.td.op("/project1/net")

    def test_clear_of_named_pages_keeps_the_others(self):
        net = self._add_artist_page()
        svc_pages = [p.name for p in net.customPages if p.name != "Artist"]
        data = self.ok("POST", "/api/batch", {"operations": [
            {"action": "clear_custom_pars", "path": "/project1/net", "pages": svc_pages}]})
        self.assertEqual([p.name for p in net.customPages], ["Artist"])
        self.assertEqual([p.name for p in net.customPars], ["Mine"])
        self.assertEqual(data["results"][0]["data"]["removed"], ["Gain"])

    def test_clear_of_named_pages_rolls_back_in_page_order(self):
        net = self._add_artist_page()
        order = [p.name for p in net.customPages]
        self.assert_rolls_back([{"action": "clear_custom_pars", "path": "/project1/net",
                                 "pages": order[:-1]}, FAIL], 1, "node_not_found")
        self.assertEqual([p.name for p in net.customPages], order)

    def test_pages_must_be_names(self):
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "clear_custom_pars", "path": "/project1/net", "pages": "Controls"}]}, code="batch_failed")
        self.assertEqual(reply.error["cause"]["code"], "invalid_field")

    def test_only_comps_have_custom_parameters(self):
        reply = self.fails("POST", "/api/batch", {"operations": [
            {"action": "clear_custom_pars", "path": "/project1/net/noise1"}]}, code="batch_failed")
        self.assertEqual(reply.error["cause"]["code"], "not_a_comp")


class StorageReadTest(PlanActionCase):
    def test_reads_one_key_and_lists_keys(self):
        data = self.ok("GET", "/api/nodes/%s/storage?key=svc_state" % enc("/project1/net"))
        self.assertEqual(data, {"path": "/project1/net", "key": "svc_state", "present": True, "value": {"applied": 1}})
        missing = self.ok("GET", "/api/nodes/%s/storage?key=nothing" % enc("/project1/net"))
        self.assertEqual((missing["present"], missing["value"]), (False, None))
        self.assertIn("svc_state", self.ok("GET", "/api/nodes/%s/storage" % enc("/project1/net"))["keys"])

    def test_unknown_node(self):
        self.fails("GET", "/api/nodes/%s/storage?key=a" % enc("/project1/nope"), code="node_not_found", status=404)


if __name__ == "__main__":
    unittest.main()
