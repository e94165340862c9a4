"""POST /api/batch: many operations, all or nothing.

Every operation is validated first (shape and types; nothing is touched). Then they run in
order; each records its rollback. If one fails, the batch's journal is rolled back and the
reply names the failing operation's index, action and cause. With `transaction`, a batch that
succeeds keeps its journal so a later failure can roll back every request of the apply. A delete without
`mode: "bypass"` or `confirmation_policy: "yolo"` (on the operation or the batch) fails the
batch closed: the node is kept and nothing else the batch did remains.
"""

from .. import batch_cost, config, operations, owned, transactions
from ..body import get_list, get_str
from ..errors import BridgeError
from ..journal import Journal


def _fail(index, action, cause, rolled_back, rollback_errors=None):
    cause_error = cause.to_error() if isinstance(cause, BridgeError) else {
        "code": "internal_error", "message": "%s: %s" % (type(cause).__name__, cause)}
    where = "operation %d%s" % (index, " (%s)" % action if action else "")
    if rollback_errors:
        return BridgeError("rollback_failed", "%s failed (%s) and %d rollback step(s) failed; the project may be "
                           "changed" % (where, cause_error["message"], len(rollback_errors)),
                           index=index, action=action, cause=cause_error, rolled_back=False,
                           rollback_errors=rollback_errors[:20])
    return BridgeError("batch_failed", "%s failed: %s" % (where, cause_error["message"]),
                       index=index, action=action, cause=cause_error, rolled_back=rolled_back)


def batch(ctx):
    body = ctx.body
    for key in body:
        if key not in ("operations", "confirmation_policy", "transaction"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: confirmation_policy, operations, "
                              "transaction" % key, field=key)
    ops = get_list(body, "operations", required=True)
    policy = get_str(body, "confirmation_policy")
    if policy not in (None, "yolo"):
        raise BridgeError("invalid_field", "'confirmation_policy' must be \"yolo\" when given", field="confirmation_policy")
    transaction = body.get("transaction")
    if transaction is not None:
        transactions.check_id(transaction)
        transactions.check_room(transaction)
    if len(ops) > config.MAX_BATCH_OPERATIONS:
        raise BridgeError("too_many_operations", "%d operations; at most %d per batch — send smaller chunks"
                          % (len(ops), config.MAX_BATCH_OPERATIONS), limit=config.MAX_BATCH_OPERATIONS)
    actions = []
    for index, spec in enumerate(ops):
        try:
            actions.append(operations.validate(spec, "operation %d" % index))
        except BridgeError as err:
            action = spec.get("action") if isinstance(spec, dict) and isinstance(spec.get("action"), str) else None
            raise _fail(index, action, err, rolled_back=False)
    batch_cost.check(actions)

    env = operations.Env(confirmation_policy=policy, webserver=ctx.webserver)
    journal = Journal()
    results = []
    for index, spec in enumerate(ops):
        try:
            data = operations.apply(spec, journal, env)
        except Exception as exc:
            failures = journal.rollback()
            raise _fail(index, actions[index], exc, rolled_back=True, rollback_errors=failures)
        results.append({"index": index, "action": actions[index], "data": data})
    try:
        owned.verify()
    except BridgeError as err:
        failures = journal.rollback()
        raise _fail(len(ops) - 1, actions[-1] if actions else None, err, rolled_back=True, rollback_errors=failures)
    if transaction is None:
        journal.commit()
    else:
        transactions.keep(transaction, journal)
    return {"results": results, "count": len(results)}


def register(router):
    router.add("POST", "/api/batch", batch, mutating=True, undo_label="svc: batch")
