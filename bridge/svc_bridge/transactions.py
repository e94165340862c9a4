"""Transactions across requests: a plan too large for one request stays all-or-nothing.

A batch sent with `transaction: <id>` keeps its rollback journal here instead of dropping it
when it succeeds. If a later request of the same apply fails, the client asks for the whole
transaction to be rolled back: the kept journals run in reverse, newest request first, which
puts the project back as it was before the first request. Committing drops the journals.

Bounded: a few transactions open at once, each with a limited number of requests; one left
open and idle (its client died) is committed when it expires, so memory never grows.
A rollback request undoes as many requests as its time budget allows and says how many remain.
"""

import time

from .errors import BridgeError

MAX_OPEN = 8
MAX_REQUESTS = 20000
IDLE_EXPIRY_S = 15 * 60

_open = {}


class _Transaction:
    __slots__ = ("journals", "used")

    def __init__(self):
        self.journals = []
        self.used = time.monotonic()


def check_id(value, field="transaction"):
    if not isinstance(value, str) or not (1 <= len(value) <= 64) or not all(c.isalnum() or c in "-_." for c in value):
        raise BridgeError("invalid_field", "'%s' must be 1 to 64 letters, digits, '-', '_' or '.'" % field, field=field)
    return value


def _expire(now):
    for key in [k for k, t in _open.items() if now - t.used > IDLE_EXPIRY_S]:
        del _open[key]


def keep(transaction_id, journal):
    """Keeps a succeeded request's journal in the transaction (opened on first use)."""
    now = time.monotonic()
    _expire(now)
    tx = _open.get(transaction_id)
    if tx is None:
        if len(_open) >= MAX_OPEN:
            raise BridgeError("too_many_transactions", "%d transactions are open; commit or roll one back" % MAX_OPEN)
        tx = _open[transaction_id] = _Transaction()
    if len(tx.journals) >= MAX_REQUESTS:
        raise BridgeError("too_many_operations", "a transaction holds at most %d requests" % MAX_REQUESTS)
    tx.journals.append(journal)
    tx.used = now


def check_room(transaction_id):
    """Refuses a request that could not be kept, before it changes anything."""
    _expire(time.monotonic())
    if transaction_id not in _open and len(_open) >= MAX_OPEN:
        raise BridgeError("too_many_transactions", "%d transactions are open; commit or roll one back" % MAX_OPEN)


def commit(transaction_id):
    tx = _open.pop(transaction_id, None)
    return {"transaction": transaction_id, "committed_requests": 0 if tx is None else len(tx.journals)}


def rollback(transaction_id, budget):
    """Undoes kept requests newest first until done or the budget is spent."""
    tx = _open.get(transaction_id)
    if tx is None:
        return {"transaction": transaction_id, "rolled_back_requests": 0, "remaining": 0, "failures": []}
    undone, failures = 0, []
    while tx.journals and (undone == 0 or not budget.spent()):
        failures.extend(tx.journals.pop().rollback())
        undone += 1
    tx.used = time.monotonic()
    if not tx.journals:
        del _open[transaction_id]
    return {"transaction": transaction_id, "rolled_back_requests": undone, "remaining": len(tx.journals),
            "failures": failures[:20]}
