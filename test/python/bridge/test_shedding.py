"""The per-frame budget on a clock the test moves: admitted, shed with a wait, refilled, debt bounded."""

import os
import unittest

from test.python.bridge.support import BridgeTestCase
from svc_bridge import shedding
from svc_bridge.errors import BridgeError


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class FrameBudgetTest(unittest.TestCase):
    def setUp(self):
        self.clock = Clock()
        self.bucket = shedding.FrameBudget(self.clock)

    def run_request(self, ms, budget=8.0, period=1000.0 / 60):
        self.bucket.admit(budget, period)
        self.clock.now += ms / 1000.0
        self.bucket.charge(ms / 1000.0, budget, period)

    def test_sheds_once_a_frame_budget_is_spent_and_says_how_long_to_wait(self):
        self.run_request(6)  # a full bucket (8 ms) cannot hold more: 2 ms left
        self.run_request(6)  # admitted; 2 ms + 2.88 ms refilled meanwhile - 6 ms: 1.12 ms in debt
        with self.assertRaises(BridgeError) as caught:
            self.bucket.admit(8.0, 1000.0 / 60)
        err = caught.exception
        self.assertEqual((err.status, err.code), (503, "overloaded"))
        self.assertGreater(err.extra["retry_after_ms"], 0)
        self.assertEqual(err.headers["Retry-After"], "1")
        # After the wait it asked for, the same request is admitted.
        self.clock.now += err.extra["retry_after_ms"] / 1000.0
        self.bucket.admit(8.0, 1000.0 / 60)

    def test_the_debt_of_one_long_request_is_paid_back_within_eight_frames(self):
        self.run_request(733)
        with self.assertRaises(BridgeError) as caught:
            self.bucket.admit(8.0, 1000.0 / 60)
        self.assertLessEqual(caught.exception.extra["retry_after_ms"], 8 * 1000.0 / 60 + 2)
        self.clock.now += 8 / 60.0 + 0.002
        self.bucket.admit(8.0, 1000.0 / 60)

    def test_idle_time_refills_at_most_one_frame_budget(self):
        self.clock.now += 60.0  # a minute idle refills one frame's budget, not 3,600
        self.run_request(16)
        with self.assertRaises(BridgeError):
            self.bucket.admit(8.0, 1000.0 / 60)


class SettingTest(BridgeTestCase):
    def test_reads_the_budget_from_the_environment(self):
        for value, expected in (("off", None), ("2.5", 2.5), ("", 8.0), ("nonsense", 8.0), ("-1", 8.0), ("inf", 8.0)):
            os.environ["SVC_BRIDGE_FRAME_BUDGET_MS"] = value
            self.assertEqual(shedding.frame_budget_ms(), expected, value)


class BatchCostTest(BridgeTestCase):
    def test_cost_not_count_bounds_a_batch_and_one_operation_always_fits(self):
        from svc_bridge import batch_cost
        batch_cost.check(["create"] * 250)
        batch_cost.check(["update"] * 1000)
        batch_cost.check(["store"])
        with self.assertRaises(BridgeError) as caught:
            batch_cost.check(["create"] * 251)
        self.assertEqual((caught.exception.code, caught.exception.extra["cost"]), ("batch_too_costly", 1004))


if __name__ == "__main__":
    unittest.main()
