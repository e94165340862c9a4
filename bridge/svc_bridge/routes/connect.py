"""POST /api/connect and POST /api/disconnect (same fields as the batch actions)."""

from ..operations.wiring import CONNECT_FIELDS, DISCONNECT_FIELDS
from .common import body_spec, run_operation


def connect(ctx):
    return run_operation(body_spec(ctx, "connect", CONNECT_FIELDS), ctx)


def disconnect(ctx):
    return run_operation(body_spec(ctx, "disconnect", DISCONNECT_FIELDS), ctx)


def register(router):
    router.add("POST", "/api/connect", connect, mutating=True, undo_label="svc: connect")
    router.add("POST", "/api/disconnect", disconnect, mutating=True, undo_label="svc: disconnect")
