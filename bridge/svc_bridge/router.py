"""A small router: method + path patterns with captures, most specific pattern first.

Pattern syntax: literal segments, `{name}` for exactly one segment, `{name:path}` for one or
more segments (a node path such as `/project1/noise1`). Captures are percent-decoded strictly.

Node paths travel percent-encoded in one segment (`%2Fproject1%2Fnoise1`). Whether
TouchDesigner's Web Server DAT decodes the URI before the callback sees it is not documented, so
svc's client encodes node paths twice (`%252Fproject1%252Fnoise1`): decoded once by the host or
not, the path is still one segment and a `{name:path}` capture decodes what is left. A path sent
once encoded through a decoding host arrives split over several segments; a `{name:path}` capture
takes them all, and routes with more literal segments win, so `/api/nodes/{path:path}/errors` is
tried before `/api/nodes/{path:path}` (then a node named `errors` is reachable only encoded twice).
"""

from .errors import BridgeError
from .percent import percent_decode


class Route:
    def __init__(self, method, pattern, handler, mutating=False, exec_gated=False, undo_label=None,
                 takes_body=None, sheddable=True, token_required=False):
        self.method = method
        self.pattern = pattern
        self.handler = handler
        self.mutating = mutating
        self.exec_gated = exec_gated
        # False for constant-time answers a client needs to recover (health, receipts): never shed.
        self.sheddable = sheddable
        # Refused unless SVC_BRIDGE_TOKEN is set, even when other routes are zero-config (spec 5.1.7).
        self.token_required = token_required
        self.undo_label = undo_label or "svc: %s %s" % (method, pattern)
        self.takes_body = takes_body if takes_body is not None else method in ("POST", "PUT", "PATCH", "DELETE")
        self.tokens = _compile(pattern)
        literals = sum(1 for kind, _ in self.tokens if kind == "lit")
        greedy = sum(1 for kind, _ in self.tokens if kind == "path")
        # Most literal segments first; then fewer greedy captures; then longer patterns.
        self.rank = (-literals, greedy, -len(self.tokens))


def _compile(pattern):
    if not pattern.startswith("/"):
        raise ValueError("route pattern must start with '/': %r" % pattern)
    tokens = []
    for seg in pattern[1:].split("/"):
        if seg.startswith("{") and seg.endswith("}"):
            name, _, kind = seg[1:-1].partition(":")
            if kind not in ("", "path"):
                raise ValueError("unknown capture kind in %r" % pattern)
            tokens.append(("path" if kind == "path" else "seg", name))
        else:
            tokens.append(("lit", seg))
    return tokens


def _match_tokens(tokens, segs):
    """Raw (still encoded) captures, or None. Backtracks over greedy captures."""

    def walk(ti, si, caps):
        if ti == len(tokens):
            return caps if si == len(segs) else None
        kind, name = tokens[ti]
        if si >= len(segs):
            return None
        if kind == "lit":
            return walk(ti + 1, si + 1, caps) if segs[si] == name else None
        if kind == "seg":
            if segs[si] == "":
                return None
            return walk(ti + 1, si + 1, dict(caps, **{name: segs[si]}))
        # Greedy: leave enough segments for the tokens that follow.
        rest = len(tokens) - ti - 1
        for end in range(len(segs) - rest, si, -1):
            found = walk(ti + 1, end, dict(caps, **{name: segs[si:end]}))
            if found is not None:
                return found
        return None

    return walk(0, 0, {})


def _decode_capture(kind, raw):
    if kind == "seg":
        return percent_decode(raw, what="path segment")
    joined = "/".join(percent_decode(s, what="path segment") for s in raw)
    if "%" in joined:
        # Sent twice encoded (%252F), the path stays one segment even through a host that decodes
        # the URI once; operator paths never hold '%', so a second decode cannot misread one.
        joined = percent_decode(joined, what="path segment")
    if joined == "":
        return None
    # A node path always starts at the root, whether the client sent it encoded or split.
    if not joined.startswith("/"):
        joined = "/" + joined
    if len(joined) > 1 and joined.endswith("/"):
        raise BridgeError("invalid_path", "the operator path %r ends in '/'; write it without" % joined[:200])
    return joined


class Match:
    __slots__ = ("route", "params")

    def __init__(self, route, params):
        self.route = route
        self.params = params


class Router:
    def __init__(self):
        self.routes = []

    def add(self, method, pattern, handler, **options):
        route = Route(method.upper(), pattern, handler, **options)
        for existing in self.routes:
            if existing.method == route.method and existing.pattern == route.pattern:
                raise ValueError("route registered twice: %s %s" % (route.method, route.pattern))
        self.routes.append(route)
        self.routes.sort(key=lambda r: r.rank)
        return route

    def route(self, method, pattern, **options):
        def register(handler):
            self.add(method, pattern, handler, **options)
            return handler
        return register

    def match(self, method, raw_path):
        if not raw_path.startswith("/"):
            raise BridgeError("not_found", "no route for %r" % raw_path)
        segs = raw_path[1:].split("/")
        allowed = []
        for route in self.routes:
            caps = _match_tokens(route.tokens, segs)
            if caps is None:
                continue
            if route.method != method:
                if route.method not in allowed:
                    allowed.append(route.method)
                continue
            kinds = dict((name, kind) for kind, name in route.tokens if kind != "lit")
            params = {}
            for name, raw in caps.items():
                value = _decode_capture(kinds[name], raw)
                if value is None:
                    break
                params[name] = value
            else:
                return Match(route, params)
        if allowed:
            raise BridgeError(
                "method_not_allowed",
                "%s is not allowed on %s; allowed: %s" % (method, raw_path, ", ".join(sorted(allowed))),
                headers={"Allow": ", ".join(sorted(allowed))},
                allowed=sorted(allowed),
            )
        raise BridgeError("not_found", "no route for %s %s" % (method, raw_path))
