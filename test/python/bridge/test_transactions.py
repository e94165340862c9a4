"""Multi-request applies (transactions) and idempotency keys, through the bridge's entry point."""

import unittest

from test.python.bridge.support import SimTestCase, enc


class TransactionTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "baseCOMP", "net")
        self.make("/project1/net", "noiseTOP", "noise1", period=2)
        self.make("/project1/net", "levelTOP", "level1")
        self.wire("/project1/net/noise1", "/project1/net/level1")

    def batch(self, tx, *operations):
        return self.call("POST", "/api/batch", {"transaction": tx, "operations": list(operations)})

    def test_rollback_undoes_every_kept_request_newest_first(self):
        before = self.snapshot("/project1/net")
        self.assertTrue(self.batch("tx-a", {"action": "create", "parent_path": "/project1/net", "type": "blurTOP",
                                            "name": "blur1"}).ok)
        self.assertTrue(self.batch("tx-a", {"action": "connect", "source_path": "/project1/net/noise1",
                                            "target_path": "/project1/net/blur1"},
                                   {"action": "delete", "path": "/project1/net/level1",
                                    "confirmation_policy": "yolo"}).ok)
        self.assertTrue(self.batch("tx-a", {"action": "set_mode", "path": "/project1/net/noise1",
                                            "param": "period", "mode": "constant", "value": 9}).ok)
        failed = self.batch("tx-a", {"action": "set_mode", "path": "/project1/net/nothing", "param": "x",
                                     "mode": "constant", "value": 1})
        self.assertEqual(failed.code, "batch_failed")
        self.assertNotEqual(self.snapshot("/project1/net"), before)
        data = self.ok("POST", "/api/transactions/tx-a/rollback?time_budget_ms=200")
        self.assertEqual((data["rolled_back_requests"], data["remaining"], data["failures"]), (3, 0, []))
        self.assertEqual(self.snapshot("/project1/net"), before)

    def test_a_spent_budget_still_undoes_one_request_per_call(self):
        for name in ("b1", "b2", "b3"):
            self.batch("tx-b", {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": name})
        calls = []
        while True:
            data = self.ok("POST", "/api/transactions/tx-b/rollback?time_budget_ms=1")
            calls.append(data["rolled_back_requests"])
            if data["remaining"] == 0:
                break
        self.assertEqual(sum(calls), 3)
        self.assertTrue(all(n >= 1 for n in calls))
        self.assertEqual([c.name for c in self.td.op("/project1/net").children if c.name.startswith("b")], [])

    def test_commit_keeps_everything(self):
        self.batch("tx-c", {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "kept"})
        self.assertEqual(self.ok("POST", "/api/transactions/tx-c/commit")["committed_requests"], 1)
        self.assertEqual(self.ok("POST", "/api/transactions/tx-c/rollback")["rolled_back_requests"], 0)
        self.assertIsNotNone(self.td.op("/project1/net/kept"))

    def test_bad_transaction_id_is_refused_before_anything_changes(self):
        reply = self.batch("no spaces", {"action": "create", "parent_path": "/project1/net", "type": "blurTOP",
                                         "name": "x"})
        self.assertEqual(reply.code, "invalid_field")
        self.assertIsNone(self.td.op("/project1/net/x"))


class IdempotencyTest(SimTestCase):
    def create(self, key, name="once"):
        return self.call("POST", "/api/batch", {"operations": [
            {"action": "create", "parent_path": "/project1", "type": "noiseTOP", "name": name}]},
            headers={"Idempotency-Key": key})

    def test_a_retry_returns_the_first_receipt_and_applies_nothing(self):
        first = self.create("k-retry-1")
        self.assertTrue(first.ok, first)
        again = self.create("k-retry-1")
        self.assertTrue(again.ok, again)
        self.assertTrue(again.data["replayed"])
        self.assertEqual(again.data["results"], first.data["results"])
        self.assertEqual([c.name for c in self.td.op("/project1").children if c.name.startswith("once")], ["once"])

    def test_a_failed_request_replays_its_failure(self):
        self.create("k-fail-0", name="dup")
        first = self.create("k-fail-1", name="dup")
        self.assertEqual(first.code, "batch_failed")
        self.td.op("/project1/dup").destroy()
        again = self.create("k-fail-1", name="dup")
        self.assertEqual(again.code, "batch_failed")
        self.assertIsNone(self.td.op("/project1/dup"))

    def test_the_same_key_for_another_request_is_refused(self):
        self.create("k-reuse", name="r1")
        self.assertEqual(self.create("k-reuse", name="r2").code, "idempotency_key_reused")
        self.assertIsNone(self.td.op("/project1/r2"))

    def test_receipt_tells_what_happened(self):
        self.create("k-receipt")
        data = self.ok("GET", "/api/receipts/k-receipt")
        self.assertTrue(data["ok"])
        self.assertEqual(data["data"]["results"][0]["action"], "create")
        self.fails("GET", "/api/receipts/%s" % enc("never-sent"), code="receipt_not_found", status=404)

    def test_a_malformed_key_is_refused(self):
        self.assertEqual(self.create("bad key").code, "invalid_field")


if __name__ == "__main__":
    unittest.main()


class TransactionEndTest(SimTestCase):
    def test_a_rolled_back_transaction_is_closed(self):
        # Fully rolled back transactions must not count against the limit of open ones.
        self.make("/project1", "baseCOMP", "net")
        from svc_bridge import transactions
        for i in range(transactions.MAX_OPEN + 2):
            tx = "tx-%d" % i
            self.assertTrue(self.call("POST", "/api/batch", {"transaction": tx, "operations": [
                {"action": "create", "parent_path": "/project1/net", "type": "blurTOP", "name": "b%d" % i}]}).ok)
            self.assertEqual(self.ok("POST", "/api/transactions/%s/rollback" % tx)["remaining"], 0)

    def test_a_malformed_id_is_refused_by_rollback_and_commit(self):
        for end in ("rollback", "commit"):
            self.fails("POST", "/api/transactions/%s/%s" % ("a%20b", end), code="invalid_field")
