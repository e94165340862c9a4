"""A time budget for work done on TouchDesigner's main thread.

A request runs between two frames; a scan that checks its budget as it goes stops in time and
says so, instead of dropping frames.
"""

import time

from . import config


class Budget:
    def __init__(self, seconds=None):
        self.seconds = config.DEFAULT_TIME_BUDGET_S if seconds is None else min(seconds, config.MAX_TIME_BUDGET_S)
        self.start = self.began = time.perf_counter()

    def restart(self):
        """Counts the budget from now (work before it, such as finding a resume point, is not listing)."""
        self.start = time.perf_counter()

    def spent(self):
        return time.perf_counter() - self.start >= self.seconds

    def elapsed_ms(self):
        return round((time.perf_counter() - self.began) * 1000.0, 3)


def from_query(query):
    """Budget from ?time_budget_ms= (capped at the maximum)."""
    from .body import query_int
    ms = query_int(query, "time_budget_ms", int(config.DEFAULT_TIME_BUDGET_S * 1000), 1,
                   int(config.MAX_TIME_BUDGET_S * 1000))
    return Budget(ms / 1000.0)
