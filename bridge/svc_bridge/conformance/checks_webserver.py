"""The Web Server DAT's request dict as the bridge gets it (Web Server DAT: onHTTPRequest's `request`):
the keys, the headers as keys of their own, the client address. Read from the requests of this run
(svc verify sends them with a query value and a header of its own to look for)."""

import time

from ..security import is_loopback_peer
from .registry import Area, expect, passed, require, unverified

area = Area("webserver")
checks = area.checks


def _raw(ctx):
    raw = ctx.raw
    if not isinstance(raw, dict):
        raise unverified("the step's request dict is not available")
    return raw


def _key(name, kinds):
    def run(ctx):
        raw = _raw(ctx)
        require(name in raw, "the key %r" % name, sorted(str(k) for k in raw))
        require(isinstance(raw[name], kinds), "of type %s" % "/".join(k.__name__ for k in kinds),
                type(raw[name]).__name__)
        return passed({name: type(raw[name]).__name__})
    return run


for _name, _kinds in (("method", (str,)), ("uri", (str,)), ("pars", (dict,)), ("clientAddress", (str,)),
                      ("serverAddress", (str,)), ("data", (bytes, bytearray, str))):
    area.add("key_%s" % _name, "the request dict has %r" % _name, _key(_name, _kinds))


@area.check("uri_path_only", "uri is the path, without the query string")
def _uri(ctx):
    raw = _raw(ctx)
    expect("/api/conformance/run", str(raw["uri"]).split("?")[0])
    return passed({"uri": raw["uri"], "query_in_uri": "?" in str(raw["uri"])})


@area.check("pars_decoded", "pars holds the query values, percent-decoded")
def _pars(ctx):
    raw = _raw(ctx)
    pars = raw.get("pars") or {}
    if "probe" not in pars:
        return unverified("the client sent no ?probe= value (svc verify sends probe=a%20b%2Fc)")
    expect("a b/c", pars["probe"])


@area.check("header_keys", "headers arrive as keys of their own (Host, Content-Type)")
def _headers(ctx):
    raw = _raw(ctx)
    lower = {str(k).lower() for k in raw}
    expect(True, "host" in lower and "content-type" in lower, "Host and Content-Type keys")


@area.check("custom_header", "a client's own header arrives with its value (X-Svc-Verify)")
def _custom(ctx):
    values = [v for k, v in _raw(ctx).items() if str(k).lower() == "x-svc-verify"]
    if not values:
        return unverified("the client sent no X-Svc-Verify header (svc verify sends one)")
    expect(["conformance"], values)


@area.check("authorization_header", "the Authorization header reaches the callback when a token is set")
def _auth(ctx):
    from .. import config
    present = any(str(k).lower() == "authorization" for k in _raw(ctx))
    if config.env_token() is None:
        return unverified("no SVC_BRIDGE_TOKEN on this bridge: no token was sent to look for")
    expect(True, present)


@area.check("client_address_loopback", "clientAddress of a local client reads as loopback")
def _client(ctx):
    address = _raw(ctx).get("clientAddress")
    require(is_loopback_peer(str(address)), "a loopback address", address)
    return passed({"clientAddress": address, "has_port": ":" in str(address).replace("::1", "")})


@area.check("body_is_json", "data holds the body the client sent")
def _body(ctx):
    import json
    data = _raw(ctx).get("data")
    text = bytes(data).decode("utf-8") if isinstance(data, (bytes, bytearray)) else str(data)
    body = json.loads(text)
    require(isinstance(body, dict) and "time_budget_ms" in body, "the step's JSON body (svc verify sends time_budget_ms)",
            text[:100])


@area.check("same_shape_each_request", "every request of this run had the same keys", fresh_step=True)
def _same(ctx):
    shapes = [tuple(r["keys"]) for r in ctx.run.requests if r]
    require(len(shapes) >= 2, "two requests or more", len(shapes))
    expect(1, len(set(shapes)), "distinct key sets")
    return passed({"requests": len(shapes), "at": time.time()})
