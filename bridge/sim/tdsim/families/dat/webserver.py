"""The server behind a Web Server DAT: a real HTTP/WebSocket server whose requests are answered by
the callbacks module of the DAT's callbacks DAT, on the main thread, as in TouchDesigner.

Threads: server threads only parse requests and queue them (httphandler.py); the frame loop's main
thread runs onHTTPRequest(webServerDAT, request, response) and the WebSocket callbacks between
frames and hands the response back. The host's own /local/webserver1 (host/host.py) and each Web
Server DAT a script turns on (webservers.py) have one; they say which DAT it serves (`webserver`),
its callbacks DAT (`callbacks_dat`) and its callbacks module (`callbacks()`).
"""
from __future__ import annotations

import http.server
import os
import socketserver
import sys
import threading
import time
import traceback

from ...values.errors import tdError
from .httphandler import make_handler, refuse_busy

REQUEST_TIMEOUT = 60.0
# At most MAX_CONNECTIONS are served at once (more get a 503 and are closed at once;
# TDSIM_MAX_CONNECTIONS sets another bound). What TouchDesigner's Web Server DAT does here is
# UNVERIFIED; tdsim is strict. The other bounds are the connection's (httphandler.py).
MAX_CONNECTIONS = 32


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """The listening socket: one thread per connection, at most `max_connections` at once."""
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


class WebServer:
    def __init__(self, w, port, bind):
        self.world = w
        self.bind = bind
        # Whether TouchDesigner percent-decodes 'uri' is not documented: tdsim passes it as sent,
        # and TDSIM_URI=decoded passes it decoded (as a POCO URI's path would be, UNVERIFIED), so
        # callbacks can be tested against both.
        self.decode_uri = os.environ.get("TDSIM_URI", "").strip().lower() == "decoded"
        self._ws: dict = {}
        self._ws_lock = threading.Lock()
        self.server = Server((bind, port), make_handler(self))
        self.port = self.server.server_address[1]
        self._thread = None

    @property
    def url(self):
        return f"http://{self.bind}:{self.port}"

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

    def stop(self):
        """Stop serving; onServerStop runs on the calling (main) thread."""
        self.server.shutdown()
        self.server.server_close()
        with self._ws_lock:
            conns = list(self._ws.values())
        for conn in conns:
            conn.close(1001)
        self.call_logged("onServerStop")
