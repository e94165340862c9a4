"""The .tox export and round-trip jobs in-process, frame by frame: exports written beside the target
and moved into place, build gates, idempotent recovery, fail-closed cancels with verified cleanup;
round trips only on a quarantine bridge off port 9980, loaded into a scratch COMP that is destroyed
and checked gone."""

import json
import os
import tempfile

from test.python.bridge.support import SimTestCase, request, Reply


class _Par:
    def __init__(self, value):
        self.value = value

    def eval(self):
        return self.value


class _WebServer:
    """The Web Server DAT as the callbacks see it: only its port parameter is read."""

    def __init__(self, port):
        self.par = type("Pars", (), {"port": _Par(port)})()


class ArtifactJobsTest(SimTestCase):
    def setUp(self):
        super().setUp()
        from svc_bridge import ticker, tox_jobs
        ticker.reset()  # a fresh tdsim project: a run pending in the last one never comes
        tox_jobs.reset()
        self.addCleanup(tox_jobs.reset)
        self.dir = tempfile.mkdtemp()
        self.set_env(SVC_BRIDGE_EXPORT_DIR=self.dir)
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "create", "parent_path": "/project1", "type": "baseCOMP", "name": "kit"},
            {"action": "create", "parent_path": "/project1/kit", "type": "noiseTOP", "name": "noise1"},
            {"action": "create", "parent_path": "/project1", "type": "baseCOMP", "name": "broken"},
            {"action": "create", "parent_path": "/project1/broken", "type": "levelTOP", "name": "level1"},
        ]})
        self.target = os.path.join(self.dir, "kit.tox")

    def step(self, frames=2):
        import tdsim
        tdsim.step(frames)

    def files(self):
        return sorted(os.listdir(self.dir))

    def test_export_is_written_beside_the_target_then_moved_into_place(self):
        job = self.ok("POST", "/api/artifacts/tox/exports", {"path": "/project1/kit", "file_path": self.target})
        self.assertEqual(job["state"], "scheduled")
        self.assertEqual(self.files(), [])
        self.step()
        self.assertEqual(self.ok("GET", "/api/artifacts/tox/exports/" + job["operation_id"])["state"], "verifying")
        self.assertEqual(len(self.files()), 1)
        self.assertTrue(self.files()[0].endswith(".partial.tox"))
        self.step()
        done = self.ok("GET", "/api/artifacts/tox/exports/" + job["operation_id"])
        self.assertEqual(done["state"], "done")
        self.assertEqual(self.files(), ["kit.tox"])
        with open(self.target, encoding="utf-8") as handle:
            self.assertEqual(json.load(handle)["path"], "/project1/kit")
        self.assertTrue(done["evidence"].startswith("UNVERIFIED"))

    def test_a_cancel_before_the_write_cleans_up_and_a_cancel_after_it_is_refused(self):
        job = self.ok("POST", "/api/artifacts/tox/exports", {"path": "/project1/kit", "file_path": self.target})
        self.step()
        cancelled = self.ok("POST", "/api/artifacts/tox/exports/%s/cancel" % job["operation_id"], {})
        self.assertEqual((cancelled["state"], cancelled["cleanup"]), ("cancelled", "verified"))
        self.step(4)
        self.assertEqual(self.files(), [])
        finished = self.ok("POST", "/api/artifacts/tox/exports", {"path": "/project1/kit", "file_path": self.target})
        self.step(4)
        self.fails("POST", "/api/artifacts/tox/exports/%s/cancel" % finished["operation_id"], {}, code="job_finished", status=409)
        self.assertEqual(self.files(), ["kit.tox"])

    def test_build_gated_export_refuses_a_tree_with_errors(self):
        self.step()
        self.fails("POST", "/api/artifacts/tox/exports", {"path": "/project1/broken", "file_path": os.path.join(self.dir, "b.tox"),
                                                          "mode": "build_gated"}, code="build_gate_failed", status=409)
        self.step(4)
        self.assertEqual(self.files(), [])

    def test_an_export_is_found_again_by_its_key(self):
        body = {"path": "/project1/kit", "file_path": self.target, "idempotency_key": "export-1"}
        first = self.ok("POST", "/api/artifacts/tox/exports", body)
        again = self.ok("POST", "/api/artifacts/tox/exports", body)
        self.assertEqual((again["operation_id"], again["recovered"]), (first["operation_id"], True))
        self.assertEqual(self.ok("GET", "/api/artifacts/tox/exports/by-key/export-1")["operation_id"], first["operation_id"])
        self.fails("POST", "/api/artifacts/tox/exports", dict(body, overwrite=True), code="idempotency_key_reused")
        self.fails("GET", "/api/artifacts/tox/exports/by-key/unknown", code="operation_not_found", status=404)

    def roundtrip(self, body, port=9981):
        from svc_bridge import app
        response = {"statusCode": 404, "statusReason": "Not Found", "data": ""}
        app.handle(request("POST", "/api/artifacts/tox/roundtrip", body=body), response, webserver=_WebServer(port))
        return Reply(response)

    def test_a_round_trip_needs_a_quarantine_bridge_off_port_9980(self):
        self.ok("POST", "/api/nodes/%2Fproject1%2Fkit/save", {"file_path": self.target})
        self.assertEqual(self.roundtrip({"file_path": self.target}).code, "quarantine_required")
        self.set_env(SVC_PROJECT_RAG_QUARANTINE="1")
        refused = self.roundtrip({"file_path": self.target}, port=9980)
        self.assertEqual((refused.code, refused.status), ("quarantine_required", 403))
        link = os.path.join(self.dir, "link.tox")
        os.symlink(self.target, link)
        for path, code in ((link, "invalid_file_path"), ("kit.tox", "invalid_file_path"), (self.dir, "invalid_file_path"),
                           (os.path.join(self.dir, "missing.tox"), "invalid_file_path")):
            self.assertEqual(self.roundtrip({"file_path": path}).code, code, path)

    def test_a_round_trip_loads_inspects_and_cleans_up(self):
        self.ok("POST", "/api/nodes/%2Fproject1%2Fkit/save", {"file_path": self.target})
        self.set_env(SVC_PROJECT_RAG_QUARANTINE="1")
        started = self.roundtrip({"file_path": self.target})
        self.assertTrue(started.ok, started)
        operation_id = started.data["operation_id"]
        for _ in range(4):
            self.step()
        done = self.ok("GET", "/api/artifacts/tox/roundtrip/" + operation_id)
        self.assertEqual((done["state"], done["verdict"], done["cleanup"]), ("done", "PASS", "verified"))
        self.assertEqual(done["contract"]["children"], 1)
        self.assertEqual([c.name for c in self.td.op("/").children if c.name.startswith("svc_quarantine")], [])

    def test_a_round_trip_cancel_destroys_the_scratch_comp(self):
        self.ok("POST", "/api/nodes/%2Fproject1%2Fkit/save", {"file_path": self.target})
        self.set_env(SVC_PROJECT_RAG_QUARANTINE="1")
        operation_id = self.roundtrip({"file_path": self.target}).data["operation_id"]
        self.step()
        self.assertEqual(len([c for c in self.td.op("/").children if c.name.startswith("svc_quarantine")]), 1)
        cancelled = self.ok("POST", "/api/artifacts/tox/roundtrip/%s/cancel" % operation_id, {})
        self.assertEqual((cancelled["state"], cancelled["cleanup"]), ("cancelled", "verified"))
        self.assertEqual([c.name for c in self.td.op("/").children if c.name.startswith("svc_quarantine")], [])
