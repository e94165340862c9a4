"""The mutating operations, shared by the single routes and by POST /api/batch.

Each action has a validator (shape and types only; touches nothing, so a whole batch is
checked before the first change) and an apply function that records its own rollback in the
journal. bridge/README.md "Batch operation schema" documents the fields.
"""

from ..body import check_known_fields, get_str
from ..errors import BridgeError
from ..owned import check_writable
from . import nodes, params, wiring

# Fields that name the operator an action changes (a wire changes its target, a create its parent).
TARGET_FIELDS = ("path", "target_path", "to_path", "parent_path")

OPERATIONS = {}
for _module in (nodes, wiring, params):
    OPERATIONS.update(_module.OPERATIONS)


def validate(spec, where=None):
    if not isinstance(spec, dict):
        raise BridgeError("invalid_field", "%s must be an object" % (where or "the operation"))
    action = get_str(spec, "action", required=True, where=where)
    if action not in OPERATIONS:
        raise BridgeError("invalid_field", "unknown action %r%s; known: %s"
                          % (action, " in %s" % where if where else "", ", ".join(sorted(OPERATIONS))),
                          field="action")
    fields, validator, _ = OPERATIONS[action]
    check_known_fields(spec, fields + ("action",), where)
    validator(spec, where)
    return action


def apply(spec, journal, env):
    _, _, applier = OPERATIONS[spec["action"]]
    for field in TARGET_FIELDS:
        check_writable(spec.get(field), env.webserver, field)
    return applier(spec, journal, env)


class Env:
    """What an operation may need beyond its own fields."""

    def __init__(self, confirmation_policy=None, webserver=None):
        self.confirmation_policy = confirmation_policy
        self.webserver = webserver
