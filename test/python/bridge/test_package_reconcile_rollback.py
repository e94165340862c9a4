"""A package reconcile that fails on its second orphan undoes the first (the rollback branch of
POST /api/packages/reconcile/apply), so the project is as before: the artist deleted `a` through the
broker, kept `b`, and the request refused both."""

from test.python.bridge.test_broker import BrokerCase


class PackageReconcileRollbackTest(BrokerCase):
    def test_a_kept_orphan_after_a_deleted_one_rolls_the_delete_back(self):
        for name in ("a", "b"):
            self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": name})
            self.td.op("/project1/" + name).tags.add("svcpkg:lights")
        plan = self.ok("POST", "/api/packages/reconcile/check", {"package": "lights", "root": "/project1"})
        self.assertEqual([o["relative"] for o in plan["orphans"]], ["a", "b"])
        self.artist.script(["choose:Delete", "choose:Keep"])
        allow = self.ask(target="/project1/a")["id"]
        keep = self.ask(target="/project1/b")["id"]
        self.frames(6)  # one message box at a time
        self.assertEqual([self.state(r)["choice"] for r in (allow, keep)], ["Delete", "Keep"])
        self.fails("POST", "/api/packages/reconcile/apply",
                   {"plan_id": plan["plan_id"], "action": "delete",
                    "interaction_ids": {"/project1/a": allow, "/project1/b": keep}}, code="delete_kept")
        self.assertTrue(self.exists("/project1/a"), "the first orphan's delete was not undone")
        self.assertTrue(self.exists("/project1/b"))
        self.assertIn("svcpkg:lights", self.td.op("/project1/a").tags)
