"""POST /api/dev/reload: import the bridge's modules again (see svc_bridge.dev).

A reload runs whatever Python the bridge's folder holds now, so it is exec: closed unless
SVC_BRIDGE_ALLOW_EXEC is set (the textport's `dev.reload_bridge()` is the artist's own way)."""

from ..body import check_known_fields, get_bool


def reload(ctx):
    from ..dev import reload_bridge
    body = ctx.body or {}
    check_known_fields(body, ("force",))
    return reload_bridge(force=get_bool(body, "force", default=False))


def register(router):
    # Not an undo block: it changes no operator. Never shed: it is how a stale bridge is recovered.
    router.add("POST", "/api/dev/reload", reload, sheddable=False, exec_gated=True)
