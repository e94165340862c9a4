"""Helpers shared by route modules."""

from .. import operations
from ..errors import BridgeError
from ..journal import Journal, run_atomically


def run_operation(spec, ctx, confirmation_policy=None):
    """Validates and applies one operation atomically (a failure changes nothing)."""
    operations.validate(spec)
    env = operations.Env(confirmation_policy=confirmation_policy, webserver=ctx.webserver)
    return run_atomically(Journal(), lambda journal: operations.apply(spec, journal, env))


def body_spec(ctx, action, fields, extra=None):
    """An operation spec from the request body: only the documented fields are accepted."""
    spec = {"action": action}
    for key, value in ctx.body.items():
        if key not in fields:
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: %s" % (key, ", ".join(sorted(fields))),
                              field=key)
        spec[key] = value
    spec.update(extra or {})
    return spec
