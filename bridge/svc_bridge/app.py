"""The request entry point: security, routing, body parsing, undo block, envelope.

`handle(request, response)` is what the Web Server DAT callback calls. Nothing escapes it as
an exception: every outcome is an envelope with a stable code.
"""

import traceback
from urllib.parse import unquote

from . import logbook, owned, receipts
from .body import parse_json_body
from .envelope import write_error, write_ok
from .errors import BridgeError
from .request import parse_request
from .security import check_exec_gate, check_request, check_route_token
from .shedding import Admission, is_nested


class Context:
    """What a route handler sees."""

    __slots__ = ("request", "params", "query", "body", "webserver", "raw", "router", "handle")

    def __init__(self, request, params, body, webserver, raw=None, router=None):
        self.request = request
        # What the conformance suite needs, handed down so that no route imports this module: the
        # request dict as the host gave it, the router that matched, and this entry point.
        self.raw = raw
        self.router = router
        self.handle = handle
        self.params = params
        self.query = request.query
        self.body = body
        self.webserver = webserver


_default_router = None

# Refusals after which nothing ran and svc's client retries by itself (errors.py says so to the client).
SENT_AGAIN = ("overloaded",)


def readable_path(path):
    """A request path as a log line shows it: node paths travel percent-encoded twice, read them once decoded."""
    if path is None:
        return path
    route, sep, query = path.partition("?")
    return "/".join(unquote(unquote(segment)) for segment in route.split("/")) + sep + query

def default_router():
    global _default_router
    if _default_router is None:
        from .routes import build_router
        _default_router = build_router()
    return _default_router


def _run(route, ctx):
    if ctx.request.method == "GET":
        return route.handler(ctx)
    # The bridge's own operators must read the same after any request that may change something.
    with owned.Guard(ctx.webserver):
        if not route.mutating:
            data = route.handler(ctx)
        else:
            from .undo import UndoBlock
            with UndoBlock(route.undo_label) as block:
                data = route.handler(ctx)
            if isinstance(data, dict):
                data.update(block.receipt())
        owned.verify()
    return data


def _run_once(route, ctx, key, fingerprint):
    """Runs a keyed mutation unless it already ran: then its first receipt, marked replayed."""
    stored = receipts.lookup(key, fingerprint)
    if stored is not None:
        outcome, value = stored
        if outcome == "error":
            raise value
        return dict(value, replayed=True) if isinstance(value, dict) else value
    try:
        data = _run(route, ctx)
    except BridgeError as err:
        receipts.remember(key, fingerprint, ("error", err))
        raise
    receipts.remember(key, fingerprint, ("ok", data))
    return data


def handle(request, response, webserver=None, router=None):
    method = path = "?"
    admission = None
    try:
        req = parse_request(request)
        method, path = req.method, req.raw_path
        check_request(req)
        router = router or default_router()
        match = router.match(req.method, req.raw_path)
        check_exec_gate(match.route)
        check_route_token(match.route)
        admission = Admission(match.route)
        body = parse_json_body(req.body) if match.route.takes_body else {}
        ctx = Context(req, match.params, body, webserver, request, router)
        key = receipts.key_of(req) if match.route.mutating else None
        if key is None:
            data = _run(match.route, ctx)
        else:
            data = _run_once(match.route, ctx, key, receipts.fingerprint(req))
        if match.route.mutating and not is_nested():
            logbook.log("info", "%s %s done" % (method, readable_path(path)))
        return write_ok(response, data)
    except BridgeError as err:
        if is_nested() and err.status < 500:
            pass  # the conformance suite's refusals are its checks, not news
        elif err.code in SENT_AGAIN:
            # Nothing ran and the client sends it again: an ordinary moment of a busy frame, not a fault.
            logbook.log("info", "%s %s put off (%s): the client sends it again" % (method, readable_path(path), err.code),
                        code=err.code)
        else:
            logbook.log("error" if err.status >= 500 else "warning",
                        "%s %s failed: %s: %s" % (method, readable_path(path), err.code, err.message[:300]),
                        code=err.code)
        return write_error(response, err)
    except Exception as exc:  # a bug in the bridge or an environment surprise: report, never crash TD
        logbook.log("error", "%s %s failed: %s: %s" % (method, readable_path(path), type(exc).__name__, exc),
                    code="internal_error", trace=traceback.format_exc(limit=6))
        return write_error(response, BridgeError("internal_error", "%s: %s" % (type(exc).__name__, exc)))
    finally:
        if admission is not None:
            admission.done()
