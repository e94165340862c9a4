"""What a batch costs on the main thread, so that its size is bounded by work, not by count.

A batch runs, and when one operation fails is rolled back, inside one request between two frames:
a thousand operators made and then taken down again held a frame for more than a second. The
units are svc's client's (runtime/engine/apply/plan-operations.ts operationCost): a simple operation is
1, making or deleting an operator 4 (a delete may also restore a subtree), a custom parameter 2.
Payloads (DAT text, stored values) are bounded by the body cap instead, so that one large record
still travels in one operation.
"""

from . import config
from .errors import BridgeError

_COSTS = {"create": 4, "delete": 4, "add_custom_par": 2, "clear_custom_pars": 2}


def operation_cost(action):
    return _COSTS.get(action, 1)


def check(actions):
    """Refuses (before anything runs) a batch of more than one operation costing over the limit."""
    cost = sum(operation_cost(a) for a in actions)
    if len(actions) > 1 and cost > config.MAX_BATCH_COST:
        raise BridgeError(
            "batch_too_costly",
            "the batch costs %d units of main-thread work (an operator made or deleted is 4, a custom parameter 2, "
            "anything else 1); at most %d per request — send it in smaller chunks, with a transaction to keep it "
            "all-or-nothing" % (cost, config.MAX_BATCH_COST),
            cost=cost, limit=config.MAX_BATCH_COST)
