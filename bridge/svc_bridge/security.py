"""The checks every request passes before routing, in a fixed order (spec 5.1).

1. peer address loopback (unless SVC_BRIDGE_ALLOW_LAN, which needs a token)   -> 403
2. bearer token when SVC_BRIDGE_TOKEN is set, before the body is looked at    -> 401
3. Origin header, when present, is a loopback origin                          -> 403
4. Host header, when present, is a loopback host                              -> 403
5. POST/PATCH/PUT (and any request with a body) carry application/json       -> 415
6. body size within the cap                                                   -> 413
The exec gate is checked after routing, since it depends on the route.
"""

import hmac
import ipaddress

from . import config
from .errors import BridgeError

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
BODY_METHODS = ("POST", "PATCH", "PUT")


def _strip_port(host):
    """'127.0.0.1:9980' -> '127.0.0.1', '[::1]:80' -> '[::1]'; None when malformed."""
    host = host.strip()
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return None
        rest = host[end + 1:]
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return None
        return host[:end + 1]
    name, sep, port = host.rpartition(":")
    if sep and port.isdigit() and ":" not in name:
        return name
    if ":" in host:
        return None
    return host


def is_loopback_host(host):
    name = _strip_port(host)
    return name is not None and name.lower() in LOOPBACK_NAMES


def is_loopback_origin(origin):
    origin = origin.strip()
    scheme, sep, rest = origin.partition("://")
    if not sep or scheme.lower() not in ("http", "https"):
        return False
    if "/" in rest.rstrip("/") or "@" in rest:
        return False
    return is_loopback_host(rest.rstrip("/"))


def is_loopback_peer(address):
    text = address.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]  # IPv4 with a port
    text = text.partition("%")[0]  # IPv6 zone id
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text.lower() == "localhost"
    mapped = getattr(ip, "ipv4_mapped", None)
    return bool(ip.is_loopback or (mapped is not None and mapped.is_loopback))


def _check_peer(req, token):
    if config.lan_allowed():
        if token is None:
            raise BridgeError(
                "lan_requires_token",
                "SVC_BRIDGE_ALLOW_LAN is set without SVC_BRIDGE_TOKEN; set a token in TouchDesigner's "
                "environment (and the same in svc's) before allowing LAN peers",
            )
        return
    # Some builds do not expose the peer; then the Origin and Host guards are the defence.
    if req.client_address in (None, ""):
        return
    if not is_loopback_peer(req.client_address):
        raise BridgeError("forbidden_peer", "requests are accepted from loopback peers only (peer %s)" % req.client_address)


def _check_token(req, token):
    if token is None:
        return
    values = req.header("authorization")
    expected = ("Bearer " + token).encode("utf-8")
    if not values:
        raise BridgeError("unauthorized", "this bridge needs 'Authorization: Bearer <token>'",
                          headers={"WWW-Authenticate": "Bearer"})
    for value in values:
        scheme, _, credential = value.strip().partition(" ")
        given = ("Bearer " + credential.strip()).encode("utf-8") if scheme.lower() == "bearer" else b""
        if not hmac.compare_digest(given, expected):
            raise BridgeError("unauthorized", "the bearer token is wrong", headers={"WWW-Authenticate": "Bearer"})


def _check_origin(req):
    for origin in req.header("origin"):
        if not is_loopback_origin(origin):
            raise BridgeError("forbidden_origin", "requests from origin %r are refused" % origin[:200])


def _check_host(req):
    for host in req.header("host"):
        if not is_loopback_host(host):
            raise BridgeError("forbidden_host", "requests for host %r are refused" % host[:200])


def _check_content_type(req):
    if req.method not in BODY_METHODS and not req.body:
        return
    types = req.header("content-type")
    if not types:
        if not req.body:
            return  # an empty POST carries no content to mistype
        raise BridgeError("unsupported_media_type", "send the body with Content-Type: application/json")
    for value in types:
        media = value.split(";", 1)[0].strip().lower()
        if media != "application/json":
            raise BridgeError("unsupported_media_type",
                              "Content-Type %r is refused; send application/json" % value[:100])


def _check_size(req):
    if len(req.body) > config.MAX_BODY_BYTES:
        raise BridgeError("payload_too_large", "the body is %d bytes; the cap is %d bytes"
                          % (len(req.body), config.MAX_BODY_BYTES), limit=config.MAX_BODY_BYTES)


def check_route_token(route):
    """Routes that always need a token refuse a bridge that has none, before the body is read."""
    if getattr(route, "token_required", False) and config.env_token() is None:
        raise BridgeError("token_required", "this route needs SVC_BRIDGE_TOKEN set in TouchDesigner's environment "
                          "(and the same token sent as 'Authorization: Bearer <token>'), even on loopback",
                          headers={"WWW-Authenticate": "Bearer"})


def check_request(req):
    token = config.env_token()
    _check_peer(req, token)
    _check_token(req, token)
    _check_origin(req)
    _check_host(req)
    _check_content_type(req)
    _check_size(req)


class _Head:
    """A request's head alone (peer and headers), for checks made before its body is read."""

    def __init__(self, client_address, headers):
        self.client_address = client_address
        self._headers = headers

    def header(self, name):
        return self._headers.get(name.lower(), [])


def check_head(client_address, headers):
    """The checks that need no body (peer, token, Origin, Host), for a server that has not read it yet:
    headers maps lower-case names to every value sent."""
    head = _Head(client_address, headers)
    token = config.env_token()
    _check_peer(head, token)
    _check_token(head, token)
    _check_origin(head)
    _check_host(head)


def check_exec_gate(route):
    if route.exec_gated and not config.exec_allowed():
        raise BridgeError("exec_disabled",
                          "this route runs Python the client chooses and is closed; set SVC_BRIDGE_ALLOW_EXEC=1 in "
                          "TouchDesigner's environment to open it (a token alone never does)")
