"""The interaction broker's routes (broker.py): ask, poll, cancel, and the OAuth consent's consume."""

from .. import broker
from ..errors import BridgeError


def ask(ctx):
    return broker.create(ctx.body)


def status(ctx):
    return broker.status()


def one(ctx):
    return broker.status_of(broker.find(ctx.params["request_id"]))


def cancel(ctx):
    for key in ctx.body:
        raise BridgeError("invalid_field", "unknown field '%s'; cancel takes no fields" % key, field=key)
    return broker.cancel(ctx.params["request_id"])


def consume_oauth(ctx):
    body = ctx.body
    broker.refuse_oauth_secrets(body)
    for key in body:
        if key != "target":
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: target" % key, field=key)
    if "target" not in body:
        raise BridgeError("missing_field", "'target' is required ({client_name, redirect_uri})", field="target")
    choice = broker.consume(ctx.params["request_id"], "oauth_consent", body["target"])
    return {"id": ctx.params["request_id"], "choice": choice, "allowed": choice == "Allow"}


def register(router):
    router.add("POST", "/api/interactions", ask)
    router.add("GET", "/api/interactions/status", status)
    router.add("GET", "/api/interactions/{request_id}", one)
    router.add("POST", "/api/interactions/{request_id}/cancel", cancel)
    router.add("POST", "/api/oauth/consents/{request_id}/consume", consume_oauth)
