"""The event stream: a WebSocket on the bridge's Web Server DAT that pushes what happens in the
project (bridge/README.md, "Events").

TouchDesigner gives the WebSocket callbacks only the client ("ip:port") and the URI: no headers.
So the peer is checked on open, and Origin, Host, token and Content-Type are checked by the one
HTTP request a subscriber must make first, `POST /api/events/ticket`, which passes the whole
security chain of every route. Its single-use ticket, bound to the peer's address and valid for
10 seconds, is the WebSocket's first message (`hello`). A browser page cannot get one: its POST is
refused by the Origin check, and it could not read the reply anyway. Until a valid hello the
connection receives nothing; a wrong one, or none within 5 seconds, closes it.

What is sent is found by a sweep of the project every SWEEP_FRAMES frames, bounded by a time
budget per frame (a large project is swept over several frames): nodes that appeared or went
(`node.created`, `node.deleted`), nodes whose cook errors started or stopped (`node.error`, edge
triggered), parameter watches that changed (`param.changed`, one event per watch and sweep with
one entry per parameter), and, only for subscribers that asked, `timeline.frame` every frame and
`node.cook` per sweep. `project.saved` comes from the save route. The sweep runs only while a
subscriber is connected.
"""

import collections
import hmac
import json
import secrets
import time

import td

from . import config, logbook, ticker
from .security import is_loopback_peer
from .version import BRIDGE_VERSION

STREAM_PATH = "/api/events/stream"
TICKET_TTL_S = 10.0
HELLO_TIMEOUT_S = 5.0
MAX_SUBSCRIBERS = 16
MAX_TICKETS = 64
MAX_MESSAGE_CHARS = 4096
SWEEP_FRAMES = 6
SWEEP_BUDGET_S = 0.004
RECENT_EVENTS = 256
MAX_ERROR_LINES = 5
SKIPPED_ROOTS = ("/sys", "/ui", "/perform", "/local")
HIGH_FREQUENCY = ("timeline.frame", "node.cook")
EVENT_TYPES = ("node.created", "node.deleted", "node.error", "project.saved", "param.changed") + HIGH_FREQUENCY

_tickets = {}
_clients = collections.OrderedDict()
_recent = collections.deque(maxlen=RECENT_EVENTS)
_state = {"seq": 0, "server": None, "frames": 0}


def now():
    return time.monotonic()


# ---- tickets (HTTP) -----------------------------------------------------------------------------

def _address(text):
    """A request's clientAddress as a bare address (a port after an IPv4 address is dropped)."""
    text = str(text or "").strip()
    if text.startswith("["):
        return text[1:].partition("]")[0]
    return text.partition(":")[0] if text.count(":") == 1 else text


def peer_of(client):
    """A WebSocket client id ('ip:port', UNVERIFIED) as a bare address: '127.0.0.1:5000' ->
    '127.0.0.1', '[::1]:5000' or '::1:5000' -> '::1'."""
    text = str(client or "").strip()
    if text.startswith("["):
        return text[1:].partition("]")[0]
    host, sep, port = text.rpartition(":")
    return host if sep and port.isdigit() else text


def _peer_allowed(peer):
    if config.lan_allowed():
        return config.env_token() is not None
    return peer == "" or is_loopback_peer(peer)


def issue_ticket(client_address):
    t = now()
    for key in [k for k, v in _tickets.items() if v["expires"] <= t]:
        del _tickets[key]
    while len(_tickets) >= MAX_TICKETS:
        _tickets.pop(next(iter(_tickets)))
    ticket = secrets.token_urlsafe(32)
    _tickets[ticket] = {"peer": _address(client_address), "expires": t + TICKET_TTL_S}
    return {"ticket": ticket, "expires_in_s": TICKET_TTL_S, "stream_path": STREAM_PATH,
            "events": list(EVENT_TYPES), "high_frequency": list(HIGH_FREQUENCY)}


def _redeem(ticket, peer):
    if not isinstance(ticket, str):
        return False
    found = None
    for key in list(_tickets):
        if hmac.compare_digest(key.encode("utf-8"), ticket.encode("utf-8", "replace")):
            found = key
    if found is None:
        return False
    entry = _tickets.pop(found)  # single use, even when the rest does not match
    return entry["expires"] > now() and (entry["peer"] in ("", peer) or peer == "")


# ---- WebSocket callbacks ------------------------------------------------------------------------

def _send(client, message):
    server = _state["server"]
    try:
        server.webSocketSendText(client, json.dumps(message, separators=(",", ":")))
        return True
    except Exception:
        _clients.pop(client, None)
        return False


def _close(client, code=None, message=None):
    if message is not None:
        _send(client, {"type": "error", "code": code, "message": message})
    _clients.pop(client, None)
    try:
        _state["server"].webSocketClose(client)
    except Exception:
        pass


def on_open(webserver, client, uri):
    _state["server"] = webserver
    path = str(uri or "").partition("?")[0]
    peer = peer_of(client)
    if path != STREAM_PATH:
        return _close(client, "not_found", "the event stream is at %s" % STREAM_PATH)
    if not _peer_allowed(peer):
        logbook.log("warning", "event stream refused for peer %s" % peer, code="forbidden_peer")
        return _close(client, "forbidden_peer", "the event stream accepts loopback peers only")
    if len(_clients) >= MAX_SUBSCRIBERS:
        return _close(client, "too_many_subscribers", "at most %d event subscribers" % MAX_SUBSCRIBERS)
    _clients[client] = {"authed": False, "opened": now(), "peer": peer, "high": set()}
    ticker.keep("events", _tick)


def on_close(webserver, client):
    _clients.pop(client, None)


def _subscriptions(message):
    wanted = message.get("high_frequency", [])
    if not isinstance(wanted, list) or any(w not in HIGH_FREQUENCY for w in wanted):
        return None
    return set(wanted)


def on_text(webserver, client, data):
    _state["server"] = webserver
    entry = _clients.get(client)
    if entry is None:
        return _close(client, "unauthorized", "open the stream again and send hello first")
    try:
        message = json.loads(data) if isinstance(data, str) and len(data) <= MAX_MESSAGE_CHARS else None
    except ValueError:
        message = None
    if not isinstance(message, dict):
        if not entry["authed"]:
            return _close(client, "unauthorized", "the first message must be a JSON hello with a ticket")
        return _send(client, {"type": "error", "code": "invalid_message",
                              "message": "messages are JSON objects of at most %d characters" % MAX_MESSAGE_CHARS})
    high = _subscriptions(message)
    if not entry["authed"]:
        if message.get("type") != "hello" or not _redeem(message.get("ticket"), entry["peer"]):
            logbook.log("warning", "event stream hello refused (peer %s)" % entry["peer"], code="unauthorized")
            return _close(client, "unauthorized", "hello needs a fresh ticket from POST /api/events/ticket")
        entry["authed"] = True
        entry["high"] = high or set()
        return None  # welcomed at the end of the next complete sweep: events are relative to it
    if message.get("type") == "subscribe" and high is not None:
        entry["high"] = high
        return _send(client, {"type": "subscribed", "high_frequency": sorted(high)})
    return _send(client, {"type": "error", "code": "invalid_message",
                          "message": "send {type: 'subscribe', high_frequency: [%s]}" % ", ".join(HIGH_FREQUENCY)})


# ---- emitting -----------------------------------------------------------------------------------

def _subscribers(event):
    return [c for c, e in _clients.items() if e.get("live") and (event not in HIGH_FREQUENCY or event in e["high"])]


def _welcome_new():
    for client, entry in list(_clients.items()):
        if entry["authed"] and not entry.get("live"):
            entry["live"] = True
            _send(client, {"type": "welcome", "bridge_version": BRIDGE_VERSION, "seq": _state["seq"],
                           "high_frequency": sorted(entry["high"]), "sweep_frames": SWEEP_FRAMES})


def emit(event, data):
    """Sends one event to every subscriber that takes it; kept in the recent list unless high-frequency."""
    _state["seq"] += 1
    message = {"type": "event", "event": event, "seq": _state["seq"], "frame": int(td.absTime.frame),
               "time": round(time.time(), 3), "data": data}
    if event not in HIGH_FREQUENCY:
        _recent.append(message)
    for client in _subscribers(event):
        _send(client, message)
    return message


def recent(after=0, limit=100):
    rows = [m for m in _recent if m["seq"] > after]
    return rows[-limit:] if limit else rows


def reset():
    """Forget subscribers, tickets, the sweep and recent events (tests; a reloaded bridge)."""
    _tickets.clear()
    _clients.clear()
    _recent.clear()
    _state.update(seq=0, frames=0)
    _sweep.__init__()
    ticker.reset()


# ---- the sweep ----------------------------------------------------------------------------------

def _error_lines(node):
    try:
        text = node.errors()
    except Exception:
        return []
    return [line for line in str(text or "").splitlines() if line.strip()][:MAX_ERROR_LINES]


def _walk():
    stack = [c for c in reversed(td.root.children) if c.path not in SKIPPED_ROOTS]
    while stack:
        node = stack.pop()
        try:
            path = node.path
            kids = list(node.children) if node.isCOMP else []
        except Exception:  # deleted since it was queued
            continue
        yield node, path
        stack.extend(reversed(kids))


class _Sweep:
    def __init__(self):
        self.walk = None
        self.seen = {}
        self.known = None     # path -> type, after the first complete pass
        self.erroring = {}    # path -> error lines, for nodes erroring now
        self.cooks = {}

    def step(self, budget_s, want_cooks):
        if self.walk is None:
            self.walk = _walk()
            self.seen = {}
        deadline = time.perf_counter() + budget_s
        for node, path in self.walk:
            try:
                kind = node.OPType
            except Exception:
                continue
            self.seen[path] = kind
            if self.known is not None and path not in self.known:
                emit("node.created", {"path": path, "type": kind})
            self._errors(node, path, kind)
            if want_cooks:
                self._cooks(node, path)
            if time.perf_counter() >= deadline:
                return
        self._finish()

    def _errors(self, node, path, kind):
        lines = _error_lines(node)
        before = self.erroring.get(path)
        if lines and before is None:
            self.erroring[path] = lines
            if self.known is not None:
                emit("node.error", {"path": path, "type": kind, "erroring": True, "errors": lines})
        elif not lines and before is not None:
            del self.erroring[path]
            if self.known is not None:
                emit("node.error", {"path": path, "type": kind, "erroring": False, "errors": []})

    def _cooks(self, node, path):
        try:
            total = int(node.totalCooks)
        except Exception:
            return
        if self.cooks.get(path, total) != total:
            emit("node.cook", {"path": path, "total_cooks": total})
        self.cooks[path] = total

    def _finish(self):
        self.walk = None
        if self.known is not None:
            for path in sorted(set(self.known) - set(self.seen)):
                emit("node.deleted", {"path": path, "type": self.known[path]})
        for path in [p for p in self.erroring if p not in self.seen]:
            del self.erroring[path]
        for path in [p for p in self.cooks if p not in self.seen]:
            del self.cooks[path]
        self.known = self.seen


_sweep = _Sweep()


def _timeline_frame():
    try:
        t = td.root.time
        return {"frame": float(t.frame), "seconds": float(t.seconds), "playing": bool(t.play)}
    except Exception:
        return {"frame": float(td.absTime.frame)}


def _tick():
    t = now()
    for client, entry in list(_clients.items()):
        if not entry["authed"] and t - entry["opened"] > HELLO_TIMEOUT_S:
            _close(client, "unauthorized", "no hello within %d seconds" % HELLO_TIMEOUT_S)
    if not _clients:
        _sweep.__init__()
        return False
    if not any(e["authed"] for e in _clients.values()):
        return True
    if _subscribers("timeline.frame"):
        emit("timeline.frame", _timeline_frame())
    _state["frames"] += 1
    syncing = any(e["authed"] and not e.get("live") for e in _clients.values())
    if _sweep.walk is not None or syncing or _state["frames"] % SWEEP_FRAMES == 0:
        _sweep.step(SWEEP_BUDGET_S, bool(_subscribers("node.cook")))
        if _sweep.walk is None:
            _welcome_new()
            from .routes import watch
            for change in watch.changes_for_events():
                emit("param.changed", change)
    return True
