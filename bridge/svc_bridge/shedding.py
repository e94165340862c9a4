"""Load shedding: the bridge's share of every frame.

TouchDesigner runs the Web Server DAT's callback on its main thread between frames, and answers
every request queued while a frame cooked before it starts the next one: twenty clients at once
hold a frame for as long as all their requests take. The bridge therefore spends at most a budget
of main-thread time per frame period (`SVC_BRIDGE_FRAME_BUDGET_MS`, 8 ms of each 1/cookRate s by
default), kept as a token bucket over the wall clock: the time requests take draws it down, the
passing of time refills it, never above one frame's budget. A request that arrives while the
bucket is empty is refused before any of its work (503 `overloaded`, `Retry-After`): nothing of it
ran, so it may be sent again, reads freely and writes with the same Idempotency-Key.

A request admitted runs to its end even when it takes longer than the budget (stopping it halfway
would leave a half change); its overrun is paid back by the frames after it, at most
MAX_DEBT_FRAMES of them, so one long request never shuts the bridge for longer than that.
"""

import math
import os
import time

from .errors import BridgeError

DEFAULT_FRAME_BUDGET_MS = 8.0
MAX_DEBT_FRAMES = 8
DEFAULT_COOK_RATE = 60.0


def frame_budget_ms(environ=None):
    """SVC_BRIDGE_FRAME_BUDGET_MS: milliseconds per frame, `off` for no shedding (None)."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_FRAME_BUDGET_MS", "").strip().lower()
    if value in ("off", "none"):
        return None
    try:
        ms = float(value)
    except ValueError:
        return DEFAULT_FRAME_BUDGET_MS
    return ms if math.isfinite(ms) and ms > 0 else DEFAULT_FRAME_BUDGET_MS


def frame_period_ms():
    """One frame at the project's cook rate (60 fps when the environment does not say)."""
    try:
        import td
        rate = float(td.project.cookRate)
    except Exception:
        rate = DEFAULT_COOK_RATE
    return 1000.0 / (rate if math.isfinite(rate) and rate > 0 else DEFAULT_COOK_RATE)


class FrameBudget:
    """The token bucket. `clock` returns seconds (tests give their own)."""

    def __init__(self, clock=time.perf_counter):
        self.clock = clock
        self.level_ms = None  # full on first use
        self.stamp = None

    def _refill(self, budget_ms, period_ms):
        now = self.clock()
        if self.level_ms is None:
            self.level_ms = budget_ms
        else:
            self.level_ms = min(budget_ms, self.level_ms + (now - self.stamp) * 1000.0 * budget_ms / period_ms)
        self.stamp = now

    def admit(self, budget_ms, period_ms):
        """Raises `overloaded` when the bucket is empty; otherwise the request may run."""
        self._refill(budget_ms, period_ms)
        if self.level_ms > 0:
            return
        wait_ms = -self.level_ms * period_ms / budget_ms + 1.0
        raise BridgeError(
            "overloaded",
            "the bridge has spent its share of TouchDesigner's frames (%g ms of every %.1f ms); nothing of this "
            "request ran: send it again after %d ms (a write with the same Idempotency-Key)"
            % (budget_ms, period_ms, math.ceil(wait_ms)),
            headers={"Retry-After": str(max(1, math.ceil(wait_ms / 1000.0)))},
            retry_after_ms=math.ceil(wait_ms),
        )

    def charge(self, elapsed_s, budget_ms, period_ms):
        """Draws the time an admitted request took; the debt is bounded by MAX_DEBT_FRAMES frames."""
        self._refill(budget_ms, period_ms)
        self.level_ms = max(-budget_ms * MAX_DEBT_FRAMES, self.level_ms - elapsed_s * 1000.0)


_bucket = FrameBudget()
_nested = 0


def is_nested():
    """True while a running request sends requests to the bridge in process (the conformance suite)."""
    return _nested > 0


class nested:
    """Requests a running request sends to the bridge in process (the conformance suite's) are paid
    for by that request: they are neither admitted nor charged on their own."""

    def __enter__(self):
        global _nested
        _nested += 1
        return self

    def __exit__(self, *exc):
        global _nested
        _nested -= 1
        return False


class Admission:
    """Admits one request (or raises `overloaded`), then charges what it took."""

    __slots__ = ("budget_ms", "period_ms", "start")

    def __init__(self, route, bucket=None):
        bucket = bucket or _bucket
        sheddable = getattr(route, "sheddable", True) and not _nested
        self.budget_ms = frame_budget_ms() if sheddable else None
        self.start = None
        if self.budget_ms is None:
            return
        self.period_ms = frame_period_ms()
        bucket.admit(self.budget_ms, self.period_ms)
        self.start = bucket.clock()

    def done(self, bucket=None):
        bucket = bucket or _bucket
        if self.start is not None:
            bucket.charge(bucket.clock() - self.start, self.budget_ms, self.period_ms)
            self.start = None
