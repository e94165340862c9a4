"""POST /api/operations/preview|commit|receipt: the structured operation core (operation_core.py).

Always token-gated (spec 5.1.7: the router refuses these routes when SVC_BRIDGE_TOKEN is unset,
before the body is read), outside the undo block (spec 4.3 rule 3: the family owns its journal),
and not exposed as an MCP tool or CLI command (rule 7).
"""

import hashlib

from .. import config, operation_core
from ..body import check_known_fields, get_str


def _principal():
    # The request passed the token check, so its bearer token is the configured one.
    return hashlib.sha256(config.env_token().encode("utf-8")).hexdigest()


def preview(ctx):
    check_known_fields(ctx.body, ("operation",))
    return operation_core.preview(ctx.body.get("operation"))


def commit(ctx):
    check_known_fields(ctx.body, ("operation", "state_fingerprint"))
    fingerprint = get_str(ctx.body, "state_fingerprint", required=True, allow_empty=False)
    return operation_core.commit(ctx.body.get("operation"), fingerprint, _principal())


def receipt(ctx):
    check_known_fields(ctx.body, ("operation_id", "receipt_capability", "bridge_instance"))
    operation_id = get_str(ctx.body, "operation_id", required=True, allow_empty=False)
    capability = get_str(ctx.body, "receipt_capability", required=True, allow_empty=False)
    instance = get_str(ctx.body, "bridge_instance", required=True, allow_empty=False)
    return operation_core.receipt(operation_id, capability, instance, _principal())


def register(router):
    router.add("POST", "/api/operations/preview", preview, token_required=True)
    router.add("POST", "/api/operations/commit", commit, token_required=True)
    router.add("POST", "/api/operations/receipt", receipt, token_required=True, sheddable=False)
