"""The event stream's HTTP side: a ticket for the WebSocket, and the recent events."""

from .. import events
from ..body import query_int
from ..errors import BridgeError


def ticket(ctx):
    for key in ctx.body:
        raise BridgeError("invalid_field", "unknown field '%s'; this route takes no fields" % key, field=key)
    return events.issue_ticket(ctx.request.client_address)


def recent(ctx):
    after = query_int(ctx.query, "after", 0, 0, 2 ** 53)
    limit = query_int(ctx.query, "limit", 100, 1, events.RECENT_EVENTS)
    rows = events.recent(after, limit)
    return {"events": rows, "seq": events._state["seq"], "subscribers": sum(1 for e in events._clients.values() if e.get("live"))}


def register(router):
    router.add("POST", "/api/events/ticket", ticket)
    router.add("GET", "/api/events", recent)
