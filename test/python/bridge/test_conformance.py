"""The conformance suite (svc_bridge/conformance) through its route, on tdsim: every check passes
but those that need exec, the scratch COMP is always removed, and a run is served in steps."""

import json
import shutil
import tempfile
import unittest
from unittest import mock

from test.python.bridge.support import Reply, SimTestCase, request

TOKEN = "conformance-token"
NEEDS_EXEC = {"exec.exec_runs", "exec.method_runs"}
EXEC_CLOSED = {"exec.exec_closed", "exec.method_closed", "exec.reload_closed"}


class ConformanceCase(SimTestCase):
    def setUp(self):
        super().setUp()
        export = tempfile.mkdtemp(prefix="svc-verify-")
        self.addCleanup(shutil.rmtree, export, True)
        self.set_env(SVC_BRIDGE_TOKEN=TOKEN, SVC_BRIDGE_EXPORT_DIR=export)
        # The Web Server DAT that serves the suite's requests, with its callbacks DAT (the bridge's own
        # operators, which the safety checks try to change).
        home = self.td.op("/").create(self.td.baseCOMP, "svc_bridge")
        self.callbacks = home.create(self.td.textDAT, "callbacks")
        self.callbacks.text = "# callbacks"
        self.webserver = home.create(self.td.webserverDAT, "webserver")
        self.webserver.par.callbacks = self.callbacks.path
        self.webserver.par.active = True
        self.root_before = sorted(c.name for c in self.td.op("/").children)

    def post(self, uri, body):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        headers = {"Authorization": "Bearer " + TOKEN, "X-Svc-Verify": "conformance"}
        raw = request("POST", uri, body=body, headers=headers, pars={"probe": "a b/c"})
        app.handle(raw, response, self.webserver)
        return Reply(response)

    def run_suite(self, budget=50):
        results, steps, run, report = [], 0, None, None
        for _ in range(1000):
            body = {"time_budget_ms": budget}
            if run is not None:
                body["run"] = run
            reply = self.post("/api/conformance/run", body)
            self.assertTrue(reply.ok, reply)
            run = reply.data["run"]
            results.extend(reply.data["results"])
            steps += 1
            self.td_step()
            if reply.data["done"]:
                report = reply.data["report"]
                break
        else:
            self.fail("the run did not end")
        return results, steps, report

    def td_step(self):
        import tdsim
        tdsim.step(1)

    def by_status(self, results, status):
        return {r["id"] for r in results if r["status"] == status}


class FullRun(ConformanceCase):
    def test_every_check_passes_but_those_that_need_exec(self):
        results, steps, report = self.run_suite()
        failed = [r for r in results if r["status"] == "FAIL"]
        self.assertEqual(failed, [], json.dumps(failed, indent=1)[:3000])
        self.assertEqual(self.by_status(results, "UNVERIFIED"), NEEDS_EXEC)
        self.assertGreaterEqual(len(results), 150)
        self.assertEqual(report["checks"], len(results))
        self.assertEqual(report["counts"]["PASS"], len(results) - len(NEEDS_EXEC))
        self.assertEqual(report["build"]["version"], str(self.td.app.version))
        self.assertEqual(report["build"]["build"], str(self.td.app.build))
        self.assertEqual(report["build"]["osName"], str(self.td.app.osName))
        self.assertGreater(steps, 2)
        # every check ran once, and the scratch COMP is gone
        self.assertEqual(len({r["id"] for r in results}), len(results))
        self.assertEqual(sorted(c.name for c in self.td.op("/").children), self.root_before)
        self.assertIn("suite.scratch_removed", self.by_status(results, "PASS"))

    def test_with_exec_open_the_exec_checks_run(self):
        self.set_env(SVC_BRIDGE_ALLOW_EXEC="1")
        results, _, report = self.run_suite()
        self.assertEqual([r for r in results if r["status"] == "FAIL"], [])
        self.assertEqual(self.by_status(results, "UNVERIFIED"), EXEC_CLOSED)
        self.assertTrue(NEEDS_EXEC <= self.by_status(results, "PASS"))
        self.assertTrue(report["exec_open"])


class SafeMode(ConformanceCase):
    def test_in_the_safe_expression_mode_every_check_passes_too(self):
        self.set_env(SVC_BRIDGE_EXPRESSIONS="safe")
        results, _, report = self.run_suite()
        self.assertEqual([r for r in results if r["status"] == "FAIL"], [])
        self.assertEqual(self.by_status(results, "UNVERIFIED"), NEEDS_EXEC)
        self.assertEqual(report["expressions"], "safe")
        mode = next(r for r in results if r["id"] == "safety.expression_mode")
        self.assertEqual(mode["evidence"], {"mode": "safe"})


class Lifecycle(ConformanceCase):
    def scratch(self):
        return [c.name for c in self.td.op("/").children if c.name.startswith("svc_verify_")]

    def test_a_cancelled_run_leaves_nothing(self):
        reply = self.post("/api/conformance/run", {"time_budget_ms": 1})
        self.assertFalse(reply.data["done"])
        self.assertEqual(len(self.scratch()), 1)
        cancelled = self.post("/api/conformance/%s/cancel" % reply.data["run"], None)
        self.assertEqual(cancelled.data, {"run": reply.data["run"], "cancelled": True, "scratch_removed": True})
        self.assertEqual(self.scratch(), [])
        self.assertEqual(self.post("/api/conformance/run", {"run": reply.data["run"]}).code, "operation_not_found")

    def test_a_new_run_ends_the_one_still_open(self):
        first = self.post("/api/conformance/run", {"time_budget_ms": 1}).data
        second = self.post("/api/conformance/run", {"time_budget_ms": 1}).data
        self.assertNotEqual(first["scratch"], second["scratch"])
        self.assertEqual(self.scratch(), [second["scratch"].lstrip("/")])
        self.assertEqual(self.post("/api/conformance/run", {"run": first["run"]}).code, "operation_not_found")
        self.post("/api/conformance/%s/cancel" % second["run"], None)

    def test_an_idle_run_is_swept_by_the_next_request(self):
        from svc_bridge.conformance import runner
        first = self.post("/api/conformance/run", {"time_budget_ms": 1}).data
        later = runner.time.monotonic() + runner.IDLE_SECONDS + 1
        with mock.patch.object(runner.time, "monotonic", lambda: later):
            reply = self.post("/api/conformance/run", {"run": first["run"]})
        self.assertEqual(reply.code, "operation_not_found")
        self.assertEqual(self.scratch(), [])

    def test_a_step_that_breaks_removes_the_scratch_comp(self):
        from svc_bridge.conformance import registry
        first = self.post("/api/conformance/run", {"time_budget_ms": 1}).data
        with mock.patch.object(registry.Check, "run", side_effect=RuntimeError("boom")):
            reply = self.post("/api/conformance/run", {"run": first["run"]})
        self.assertEqual(reply.code, "internal_error")
        self.assertEqual(self.scratch(), [])

    def test_the_suites_own_requests_stay_out_of_the_bridge_log(self):
        from svc_bridge import logbook
        logbook.clear()
        self.run_suite()
        # its checks' requests and refusals are not the artist's news (the run's own requests are not mutating)
        self.assertEqual(logbook.recent(), [])

    def test_the_route_is_token_protected(self):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(request("POST", "/api/conformance/run", body={}), response, self.webserver)
        self.assertEqual(Reply(response).code, "unauthorized")
        self.assertEqual(self.scratch(), [])

    def test_unknown_fields_are_refused(self):
        self.assertEqual(self.post("/api/conformance/run", {"budget": 5}).code, "invalid_field")
        self.assertEqual(self.post("/api/conformance/run", {"time_budget_ms": 5000}).code, "invalid_field")


if __name__ == "__main__":
    unittest.main()


class Sensitivity(ConformanceCase):
    """TDSIM_DEVIATE makes tdsim deviate on purpose (bridge/sim/tdsim/process/deviations.py): the suite
    must report FAIL for exactly the checks of that behaviour, and pass the rest."""

    SEQUENCES = [("glslTOP", "vec"), ("glslTOP", "color"), ("glslTOP", "array"), ("constantCHOP", "const"),
                 ("tableDAT", "fills"), ("phongMAT", "rimlight")]
    UNDO = ["create", "update", "delete", "bypass", "text", "mode", "metadata", "batch", "connect",
            "custom_params", "duplicate"]

    def failed_with(self, deviation):
        self.set_env(TDSIM_DEVIATE=deviation)
        results, _, _ = self.run_suite()
        self.assertEqual(self.by_status(results, "UNVERIFIED"), NEEDS_EXEC)
        return self.by_status(results, "FAIL")

    def test_a_sequence_that_does_not_grow(self):
        expected = {"sequences.%s_%s_%s" % (t, s, kind) for t, s in self.SEQUENCES
                    for kind in ("grow", "block_write", "header_read")}
        self.assertEqual(self.failed_with("sequence_no_grow"), expected)

    def test_a_bind_that_does_not_write_through(self):
        self.assertEqual(self.failed_with("bind_no_write_through"), {"modes.bind_write_through"})

    def test_an_undo_item_missing(self):
        expected = {"undo.%s_%s" % (name, kind) for name in self.UNDO for kind in ("one_item", "undoes")}
        self.assertEqual(self.failed_with("undo_item_missing"), expected)

    def test_deviations_together_fail_the_union(self):
        both = self.failed_with("bind_no_write_through,sequence_no_grow")
        self.assertIn("modes.bind_write_through", both)
        self.assertIn("sequences.glslTOP_vec_grow", both)
        self.assertEqual(len(both), 1 + 3 * len(self.SEQUENCES))
