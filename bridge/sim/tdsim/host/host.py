"""The Web Server DAT host: a real HTTP/WebSocket server whose requests are answered by the
callbacks module of a Web Server DAT, on the main thread, as in TouchDesigner.

Setup: the host creates (or reuses, when a loaded state has them) a Web Server DAT
/local/webserver1 and a Text DAT /local/webserver1_callbacks whose text is the callbacks file
(its `file` parameter names that file). The callbacks DAT's module is the callbacks module:
it sees the td members as globals and `me` is the callbacks DAT. Because the DAT is synced to a
file, tdsim also sets the module's `__file__` (UNVERIFIED whether TouchDesigner does).

Threads: server threads only parse requests and queue them; the frame loop's main thread runs
onHTTPRequest(webServerDAT, request, response) and the WebSocket callbacks between frames and
hands the response back. See httphandler.py for the request dict.
"""
from __future__ import annotations

import http.server
import os
import socketserver
import sys
import threading
import time
import traceback

from ..process.runtime import world

DEFAULT_CALLBACKS = '''# tdsim's built-in callbacks: no callbacks module was given, so every request is 404.
def onHTTPRequest(webServerDAT, request, response):
    response['statusCode'] = 404
    response['statusReason'] = 'Not Found'
    response['data'] = 'tdsim: no callbacks module is loaded'
    return response
'''

REQUEST_TIMEOUT = 60.0

# The host's own bounds (what TouchDesigner's Web Server DAT does here is UNVERIFIED; tdsim is
# strict): a body longer than MAX_BODY_BYTES is refused from its Content-Length before it is read
# (what follows is dropped as it arrives, up to DISCARD_BYTES),
# a connection that sends nothing for READ_TIMEOUT seconds is closed, and at most MAX_CONNECTIONS
# are served at once (more get a 503 and are closed at once; TDSIM_MAX_CONNECTIONS sets another bound).
MAX_BODY_BYTES = 8 * 1024 * 1024
# After refusing a body, at most this much of it is read and dropped (never kept) so that the
# client can read the refusal; a longer body meets a closed connection.
DISCARD_BYTES = 32 * 1024 * 1024
READ_TIMEOUT = 30.0
MAX_CONNECTIONS = 32


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = False
    request_queue_size = 64

    def __init__(self, *args, **kwargs):
        raw = os.environ.get("TDSIM_MAX_CONNECTIONS", "").strip()
        self.max_connections = int(raw) if raw.isdigit() and int(raw) > 0 else MAX_CONNECTIONS
        self._slots = threading.BoundedSemaphore(self.max_connections)
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):
            from ..families.dat.httphandler import refuse_busy
            refuse_busy(request, self.max_connections)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


class Host:
    def __init__(self, port=9980, callbacks_path=None, bind="127.0.0.1", w=None):
        from ..families.dat.httphandler import make_handler
        self.world = w or world()
        self.callbacks_path = os.path.abspath(callbacks_path) if callbacks_path else None
        self.bind = bind
        # Whether TouchDesigner percent-decodes 'uri' is not documented: tdsim passes it as sent,
        # and TDSIM_URI=decoded passes it decoded (as a POCO URI's path would be, UNVERIFIED), so
        # callbacks can be tested against both.
        self.decode_uri = os.environ.get("TDSIM_URI", "").strip().lower() == "decoded"
        self._ws: dict = {}
        self._ws_lock = threading.Lock()
        self.server = _Server((bind, port), make_handler(self))
        self.port = self.server.server_address[1]
        self.webserver, self.callbacks_dat = self._install_dats()
        self.world.host = self
        self._thread = None

    @property
    def url(self):
        return f"http://{self.bind}:{self.port}"

    # ---- operators in the project --------------------------------------------------------------
    def _install_dats(self):
        from ..values import paths
        from ..create.create import _instantiate
        local = paths.resolve(None, "/local") or self.world.root
        server = local._children.get("webserver1") or _instantiate(local, "webserverDAT", "webserver1", True)
        dat = local._children.get("webserver1_callbacks") or _instantiate(local, "textDAT", "webserver1_callbacks", True)
        if self.callbacks_path:
            with open(self.callbacks_path, encoding="utf-8") as f:
                dat._content_raw(f.read())
            dat._pars["file"]._val = self.callbacks_path
        elif not dat.text.strip():
            dat._content_raw(DEFAULT_CALLBACKS)
        server._pars["port"]._val = self.port
        server._pars["active"]._val = True
        server._pars["callbacks"]._val = dat.name
        server.nodeY = -200
        dat.nodeY = -320
        self.world.undo.clear()
        return server, dat

    def callbacks(self):
        """The callbacks module (reloaded when the callbacks DAT's text changed)."""
        dat = self.callbacks_dat
        if dat._module is None:
            from ..families.dat.dat import load_module
            path = dat._pars["file"].eval() if "file" in dat._pars else ""
            filename = path if path and os.path.isfile(path) else None
            dat._module = load_module(dat, dat.text, filename=filename)
        return dat._module

    def call(self, name, *args):
        """Run one callback on the main thread (missing callbacks are skipped, as in TD)."""
        fn = getattr(self.callbacks(), name, None)
        if fn is None:
            return None
        with self.world.as_me(self.callbacks_dat):
            return fn(self.webserver, *args)

    def call_logged(self, name, *args):
        try:
            return self.call(name, *args)
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return None

    # ---- HTTP -----------------------------------------------------------------------------------
    def dispatch_http(self, request):
        """Main thread: give the request to onHTTPRequest and return the response dict."""
        start = time.perf_counter()
        response: dict = {}
        try:
            result = self.call("onHTTPRequest", request, response)
            if isinstance(result, dict):
                response = result
        except Exception as exc:
            # UNVERIFIED: what TouchDesigner sends when the callback raises; tdsim answers 500.
            traceback.print_exc(file=sys.stderr)
            response = {"statusCode": 500, "statusReason": "Internal Server Error",
                        "data": f"tdsim: onHTTPRequest raised {type(exc).__name__}: {exc}"}
        self.world.loop.record_request((time.perf_counter() - start) * 1000.0)
        return response

    def submit(self, fn):
        """Server thread: run fn on the main thread and wait for its result."""
        return self.world.loop.post(fn).result(timeout=REQUEST_TIMEOUT)

    # ---- WebSockets -----------------------------------------------------------------------------
    def ws_register(self, conn):
        with self._ws_lock:
            self._ws[conn.client_id] = conn

    def ws_unregister(self, conn):
        with self._ws_lock:
            self._ws.pop(conn.client_id, None)

    def websocket_clients(self):
        with self._ws_lock:
            return [c for c, conn in self._ws.items() if conn.open]

    def ws_send(self, client, opcode, payload):
        from ..values.errors import tdError
        with self._ws_lock:
            conn = self._ws.get(client)
        if conn is None or not conn.open:
            raise tdError(f"No open WebSocket connection '{client}'")
        conn.send(opcode, payload)

    def ws_close(self, client):
        with self._ws_lock:
            conn = self._ws.get(client)
        if conn is not None:
            conn.close()

    # ---- life -----------------------------------------------------------------------------------
    def start(self):
        self._thread = threading.Thread(target=self.server.serve_forever, name="tdsim-http", daemon=True)
        self._thread.start()
        self.world.loop.post(lambda: self.call_logged("onServerStart"))
        if getattr(self.world, "host", None) is self:
            # Execute DATs' onStart: the process starts with the host, not with a Web Server DAT a
            # script turns on (DatServer, webservers.py), whose start is its own onServerStart
            from ..families.dat.executedats import start
            self.world.loop.post(lambda: start(self.world))

    def stop(self):
        """Stop serving; onServerStop runs on the calling (main) thread."""
        self.server.shutdown()
        self.server.server_close()
        with self._ws_lock:
            conns = list(self._ws.values())
        for conn in conns:
            conn.close(1001)
        self.call_logged("onServerStop")
        if getattr(self.world, "host", None) is self:
            from ..families.dat.executedats import exit_
            from ..families.dat.webservers import stop_all
            stop_all(self.world)
            exit_(self.world)  # Execute DATs' onExit
        if getattr(self.world, "host", None) is self:
            self.world.host = None
