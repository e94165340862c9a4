"""The whole-read port: an HTTP server in a Python thread whose replies wait on main-thread slices.

It serves one route, `POST /api/network/{path}/state` without `after` (whole_read.py says why it
needs its own port). Its threads only move bytes and check a request's head: the peer, the token,
Origin and Host are checked before the body is read (a client without the token gets its 401 and
the connection closed, its body never read), then the request becomes the dict a Web Server DAT
gives its callback, is queued for the main thread, and the thread waits for the reply the main
thread writes; the full checks and every operator read run on the main thread. A connection that
sends nothing for SVC_BRIDGE_READ_IDLE_SECONDS (default 5) is closed, so idle sockets cannot hold
the MAX_CONNECTIONS slots. It listens on
loopback only (a LAN client reads in pages through the Web Server DAT), on
`SVC_BRIDGE_READ_PORT` (default 0: a free port the system picks; `off`: no server), and
`GET /api/info` names the port as `whole_read.port`. Started by the first `/api/info`, it lives
as long as TouchDesigner's Python; a reloaded bridge (a newer version pasted in) stops the old one.

UNVERIFIED in real TouchDesigner: that a Python thread may serve a socket for the life of the
process (the Thread Manager page says threads may not touch operators, which this one does not),
and that `td.run` of a callable keeps the ticker called (ticker.py). To verify: run
bench/reapply.bench.mjs against TouchDesigner (SVC_BRIDGE_URL) and expect one state read for the
no-op re-apply, with the frame time (Performance Monitor) under 16.7 ms while it runs.
"""

import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from . import config, security, ticker, whole_read
from .version import BRIDGE_VERSION
from .envelope import write_error
from .errors import BridgeError

MAX_CONNECTIONS = 8
IDLE_SECONDS = 5.0
# Longer than whole_read.MAX_SECONDS, so the main thread's own timeout answers first.
WAIT_SECONDS = whole_read.MAX_SECONDS + 10
# A read the main thread has not picked up in this time means its frames are not running.
PICKUP_SECONDS = 10
# Kept on the sys module so that a reloaded bridge finds (and stops) the server of the one before.
_REGISTRY = "_svc_bridge_read_server"


def port_setting(environ=None):
    """SVC_BRIDGE_READ_PORT: None for `off`, else the port (0: any free one)."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_READ_PORT", "").strip().lower()
    if value in ("off", "none", "no", "false"):
        return None
    if value.isdigit() and int(value) < 65536:
        return int(value)
    return 0


def idle_seconds(environ=None):
    """SVC_BRIDGE_READ_IDLE_SECONDS: how long a connection may send nothing (0.05 to 300; default 5)."""
    value = (environ if environ is not None else os.environ).get("SVC_BRIDGE_READ_IDLE_SECONDS", "").strip()
    try:
        seconds = float(value)
    except ValueError:
        return IDLE_SECONDS
    return min(max(seconds, 0.05), 300.0) if seconds == seconds else IDLE_SECONDS


def _reply(handler, response):
    data = response.get("data", "")
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    status = int(response.get("statusCode", 500))
    handler.send_response(status, response.get("statusReason"))
    for name, value in response.items():
        if name not in ("statusCode", "statusReason", "data"):
            handler.send_header(name, str(value))
    handler.send_header("Content-Length", str(len(payload)))
    handler.end_headers()
    handler.wfile.write(payload)


def _refuse(handler, error, close=False):
    response = {}
    write_error(response, error)
    if close:
        response["Connection"] = "close"
        handler.close_connection = True
    _reply(handler, response)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS

    def setup(self):
        self.timeout = idle_seconds()  # each wait for bytes, head or body, is bounded by it
        super().setup()

    def log_message(self, format, *args):  # the bridge keeps its own log
        return

    def _serve(self):
        headers = {}
        for name, value in self.headers.items():
            headers.setdefault(name.lower(), []).append(value)
        try:
            security.check_head(self.client_address[0], headers)
        except BridgeError as err:
            return _refuse(self, err, close=True)  # before the body is read
        if self.headers.get("Transfer-Encoding"):
            return _refuse(self, BridgeError("invalid_body", "send the body with a Content-Length"), close=True)
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return _refuse(self, BridgeError("invalid_body", "Content-Length is not a number"), close=True)
        if length < 0 or length > config.MAX_BODY_BYTES:
            return _refuse(self, BridgeError("payload_too_large", "the body is over %d bytes" % config.MAX_BODY_BYTES),
                           close=True)
        try:
            body = self.rfile.read(length) if length else b""
        except OSError:  # the client went quiet mid-body (the idle timeout) or away: drop the connection
            self.close_connection = True
            return
        if len(body) < length:
            self.close_connection = True
            return
        parts = urlsplit(self.path)
        raw = {"method": self.command, "uri": parts.path, "clientAddress": self.client_address[0],
               "serverAddress": "%s:%d" % self.server.server_address[:2], "data": body,
               "pars": dict((k, v[0]) for k, v in parse_qs(parts.query, keep_blank_values=True).items())}
        fixed = set(raw)
        for name, value in self.headers.items():  # as the Web Server DAT: fixed keys win, repeats joined
            if name not in fixed:
                raw[name] = value if name not in raw else "%s, %s" % (raw[name], value)
        job = whole_read.submit(raw)
        if not job.picked.wait(PICKUP_SECONDS):
            job.abandoned = True
            return _refuse(self, BridgeError("overloaded", "TouchDesigner's main thread did not take the read within "
                                             "%d s; nothing ran" % PICKUP_SECONDS, retry_after_ms=1000))
        if not job.done.wait(WAIT_SECONDS):
            job.abandoned = True
            return _refuse(self, BridgeError("read_timeout", "the read did not finish within %d s" % WAIT_SECONDS))
        _reply(self, job.response)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address):
        super().__init__(address, _Handler)
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):
            self.shutdown_request(request)  # over the bound: the client reads in pages instead
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def _stop(server):
    def run():
        server.shutdown()
        server.server_close()
    # Off the main thread: shutdown() waits for the serving loop's next poll.
    thread = threading.Thread(target=run, name="svc-read-server-stop", daemon=True)
    thread.start()
    return thread


def stop():
    """Main thread: stops the whole-read port and its per-frame hook (a reload; the setting turned off).
    Reads still open are answered with an error; the next /api/info starts a new one."""
    current = getattr(sys, _REGISTRY, None)
    stopping = None
    if current is not None:
        stopping = _stop(current["server"])
        setattr(sys, _REGISTRY, None)
    ticker.drop("whole_read")
    whole_read.reset()
    return stopping


def idle():
    """True when no whole read is queued or open: the port's per-frame hook holds no client's work."""
    return whole_read.open_jobs() == 0 and whole_read.queued() == 0


def ensure():
    """Main thread: the port reads are served on (starting the server), or None when off or failed."""
    wanted = port_setting()
    current = getattr(sys, _REGISTRY, None)
    if current is not None and (current.get("owner") is not whole_read.submit or wanted is None
                                or (wanted and current["port"] != wanted)):
        stop()  # another bridge load's, or the setting changed
        current = None
    if wanted is None:
        return None
    if current is None:
        try:
            server = _Server(("127.0.0.1", wanted))
        except OSError as exc:
            from . import logbook
            logbook.log("warning", "the whole-read port %d could not be opened (%s): reads go in pages" % (wanted, exc))
            return None
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                         name="svc-read-server", daemon=True).start()
        current = {"server": server, "port": server.server_address[1], "owner": whole_read.submit,
                   "version": BRIDGE_VERSION}
        setattr(sys, _REGISTRY, current)
    ticker.keep("whole_read", whole_read.tick)
    return current["port"]
