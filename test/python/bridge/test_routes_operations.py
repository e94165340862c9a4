"""The operation core's live boundary: outside the environments its adapter is verified on, a commit
fails closed with `unverified_live_boundary` before anything changes (spec 7). The test stands in
for TouchDesigner by naming another product on td.app; tdsim itself is not changed."""

from unittest import mock

from test.python.bridge.support import SimTestCase

TOKEN = "operations-token"
AUTH = {"Authorization": "Bearer " + TOKEN}


class LiveBoundaryTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN)
        self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": "noise1",
                                       "parameters": {"seed": 1}}, headers=AUTH)
        self.operation = {"kind": "set_parameters", "path": "/project1/noise1", "parameters": {"seed": 4}}

    def test_commit_fails_closed_where_the_adapter_is_not_verified(self):
        preview = self.ok("POST", "/api/operations/preview", {"operation": self.operation}, headers=AUTH)
        self.assertTrue(preview["live_verified"])
        with mock.patch.object(type(self.td.app), "product", "TouchDesigner"):  # read-only to scripts: the class
            again = self.ok("POST", "/api/operations/preview", {"operation": self.operation}, headers=AUTH)
            self.assertFalse(again["live_verified"])
            self.fails("POST", "/api/operations/commit", {"operation": self.operation,
                                                          "state_fingerprint": again["state_fingerprint"]},
                       code="unverified_live_boundary", status=501, headers=AUTH)
        self.assertEqual(self.td.op("/project1/noise1").par.seed.eval(), 1)

    def test_commit_is_not_an_undo_step(self):
        preview = self.ok("POST", "/api/operations/preview", {"operation": self.operation}, headers=AUTH)
        data = self.ok("POST", "/api/operations/commit", {"operation": self.operation,
                                                          "state_fingerprint": preview["state_fingerprint"]}, headers=AUTH)
        self.assertEqual(data["status"], "committed")
        self.assertNotIn("undo_label", data)
        self.assertEqual(self.td.op("/project1/noise1").par.seed.eval(), 4)


class CommitRollbackTest(SimTestCase):
    """A commit whose parameters do not read back what was previewed is rolled back: every parameter
    returns to its value from before (the rollback branch of operation_core.commit)."""

    def setUp(self):
        super().setUp()
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN)
        self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "baseCOMP", "name": "panel"}, headers=AUTH)
        self.ok("POST", "/api/nodes/%2Fproject1%2Fpanel/custom_params", {"operations": [
            {"action": "add", "page": "Look", "name": "Gain", "style": "Float", "value": 0.5},
            {"action": "add", "page": "Look", "name": "Level", "style": "Float", "value": 0.25, "min": 0, "max": 1,
             "clamp_min": True, "clamp_max": True}]}, headers=AUTH)

    def test_a_value_that_does_not_hold_rolls_every_parameter_back(self):
        operation = {"kind": "set_parameters", "path": "/project1/panel", "parameters": {"Gain": 0.75, "Level": 5}}
        preview = self.ok("POST", "/api/operations/preview", {"operation": operation}, headers=AUTH)
        reply = self.fails("POST", "/api/operations/commit", {"operation": operation,
                                                               "state_fingerprint": preview["state_fingerprint"]},
                           code="operation_rolled_back", status=409, headers=AUTH)
        panel = self.td.op("/project1/panel")
        self.assertEqual((panel.par.Gain.eval(), panel.par.Level.eval()), (0.5, 0.25))
        self.assertEqual(reply.error["outcome"], "rolled_back")
