"""One HTTP connection of a Web Server DAT's server (webserver.py): turns requests into TouchDesigner's request dict, waits
for the main thread's response dict, and sends it; upgrades WebSocket requests.

The request dict (TouchDesigner's Web Server DAT keys):
- 'method' ('GET', ...), 'uri' (the path as sent, still percent-encoded, without the query; the
  docs say only "the client's requested URI path", so TDSIM_URI=decoded passes it decoded),
  'pars' (query parameters, decoded; a repeated name keeps its last value),
  'clientAddress' and 'serverAddress' (IP addresses without port), 'data' (the body as bytes;
  b'' when there is none). UNVERIFIED: the docs do not say whether 'data' is bytes or str or
  whether the addresses carry ports; tdsim gives bytes and bare IPs (a widely used TouchDesigner
  tool compares clientAddress to '127.0.0.1' / '::1' directly).
- every header as its own key with the name exactly as the client sent it ('Content-Type',
  'Authorization', or 'content-type' from clients that lowercase). The fixed keys above win over
  a header of the same name. Repeated headers are joined with ', '.
The response dict: 'statusCode' (404 when missing, as the template documents), 'statusReason',
'data' (str is sent as UTF-8, bytes as is), and every other key is sent as a header.
Content-Length is always computed by the host.

What the host refuses itself, before any callback runs, is answered as JSON in the bridge's
envelope shape ({"ok": false, "error": {"code", "message"}}), never an HTML page: a malformed
request line, header or body framing (400 `malformed_request`), a body over the host's cap (413
`payload_too_large`, decided from Content-Length before reading it), a URI over 65,536 bytes (414
`uri_too_long`), too many headers (431 `headers_too_large`), an unknown method (501
`unsupported_method`), a connection over the host's bound (503 `host_busy`). UNVERIFIED what
TouchDesigner's Web Server DAT answers in these cases.
"""
from __future__ import annotations

import http.server
import json
import socket
import urllib.parse

from . import websocket

# The connection's bounds (what TouchDesigner's Web Server DAT does here is UNVERIFIED; tdsim is
# strict): a body longer than MAX_BODY_BYTES is refused from its Content-Length before it is read
# (what follows is dropped as it arrives, up to DISCARD_BYTES), and a connection that sends
# nothing for READ_TIMEOUT seconds is closed. How many are served at once is the server's.
MAX_BODY_BYTES = 8 * 1024 * 1024
# After refusing a body, at most this much of it is read and dropped (never kept) so that the
# client can read the refusal; a longer body meets a closed connection.
DISCARD_BYTES = 32 * 1024 * 1024
READ_TIMEOUT = 30.0


def _client_ip(handler):
    host = handler.client_address[0]
    return host[7:] if host.startswith("::ffff:") else host


HOST_ERROR_CODES = {
    400: "malformed_request", 408: "request_timeout", 413: "payload_too_large", 414: "uri_too_long",
    431: "headers_too_large", 501: "unsupported_method", 503: "host_busy", 505: "unsupported_http_version",
}


class Malformed(Exception):
    """The request's framing cannot be read (bad Content-Length, bad chunk size)."""


def envelope(status, message):
    code = HOST_ERROR_CODES.get(status, "http_%d" % status)
    return json.dumps({"ok": False, "error": {"code": code, "message": message}}).encode("utf-8")


def refuse_busy(sock, bound):
    """Accept thread: answer a connection over the host's bound with a 503 and let it go."""
    body = envelope(503, "tdsim: %d connections are open, the most the host serves at once; retry later" % bound)
    head = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
            "Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body)).encode("ascii")
    try:
        sock.settimeout(1.0)
        sock.sendall(head + body)
    except OSError:
        pass


def _chunk_size(line):
    text = line.split(b";")[0].strip()
    if not text or any(c not in b"0123456789abcdefABCDEF" for c in text):
        raise Malformed("a chunk size is not a hexadecimal number")
    return int(text, 16)


def make_handler(host):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "tdsim"
        sys_version = ""

        timeout = READ_TIMEOUT  # seconds a read may wait (slow or silent clients)

        def log_message(self, format, *args):  # quiet: the bridge keeps its own log
            return

        def send_error(self, code, message=None, explain=None):
            """http.server's own refusals (414, 431, 400, 501...) as a JSON envelope, not HTML."""
            self.close_connection = True
            body = envelope(code, "tdsim: %s" % (message or explain or self.responses.get(code, ("",))[0]))
            self.send_response_only(code, None)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD" and code >= 200 and code not in (204, 304):
                self.wfile.write(body)

        def setup(self):
            super().setup()
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def _body(self):
            """The body, or None after answering a request whose body is refused or unreadable."""
            try:
                return self._read_body(MAX_BODY_BYTES)
            except Malformed as exc:
                self.send_error(400, str(exc))
            except OverflowError:
                self.send_error(413, "the body is over the host's cap of %d bytes; nothing was read" % MAX_BODY_BYTES)
                self._discard()
            return None

        def _discard(self):
            """After an early 413, reads and drops what the client is still sending (up to
            DISCARD_BYTES, never kept), so that a client that writes its whole body before reading
            gets the reply rather than a broken pipe; past that the connection is simply closed."""
            raw = (self.headers.get("Content-Length") or "0").strip()
            left = min(int(raw), DISCARD_BYTES) if raw.isdigit() else 0
            try:
                self.wfile.flush()
                while left > 0:
                    chunk = self.rfile.read1(min(left, 65536)) if hasattr(self.rfile, "read1") else self.rfile.read(min(left, 65536))
                    if not chunk:
                        break
                    left -= len(chunk)
            except OSError:
                pass

        def _read_body(self, cap):
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                parts, total = [], 0
                while True:
                    size = _chunk_size(self.rfile.readline(64))
                    if size == 0:
                        while self.rfile.readline(8192) not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(parts)
                    total += size
                    if total > cap:
                        raise OverflowError
                    part = self.rfile.read(size)
                    if len(part) < size:
                        raise Malformed("the connection closed inside a chunk")
                    parts.append(part)
                    self.rfile.readline(64)
            raw = (self.headers.get("Content-Length") or "0").strip()
            if not raw.isdigit():
                raise Malformed("Content-Length is not a whole number")
            length = int(raw)
            if length > cap:
                raise OverflowError
            body = self.rfile.read(length) if length > 0 else b""
            if len(body) < length:
                raise Malformed("the connection closed before the body's Content-Length was sent")
            return body

        def _request(self, body):
            split = urllib.parse.urlsplit(self.path)
            request = {}
            for name, value in self.headers.items():
                request[name] = f"{request[name]}, {value}" if name in request else value
            request.update({
                "method": self.command,
                "uri": urllib.parse.unquote(split.path or "/") if host.decode_uri else split.path or "/",
                "pars": dict(urllib.parse.parse_qsl(split.query, keep_blank_values=True)),
                "clientAddress": _client_ip(self),
                "serverAddress": self.server.server_address[0],
                "data": body,
            })
            return request

        def _handle(self):
            if self.headers.get("Upgrade", "").lower() == "websocket":
                return self._websocket()
            body = self._body()
            if body is None:
                return
            request = self._request(body)
            try:
                response = host.submit(lambda: host.dispatch_http(request))
            except Exception:
                response = {"statusCode": 503, "statusReason": "Service Unavailable",
                            "data": "tdsim: the main thread did not answer in time"}
            self._send(response)

        def _send(self, response):
            response = dict(response)
            try:
                code = int(response.pop("statusCode", 404))
            except (TypeError, ValueError):
                code = 500
            reason = response.pop("statusReason", None)
            data = response.pop("data", b"")
            if data is None:
                data = b""
            elif isinstance(data, str):
                data = data.encode("utf-8")
            elif not isinstance(data, (bytes, bytearray)):
                data = str(data).encode("utf-8")
            self.send_response_only(code, None if reason is None else str(reason))
            for name, value in response.items():
                if str(name).lower() not in ("content-length", "transfer-encoding"):
                    self.send_header(str(name), str(value))
            self.send_header("Content-Length", str(len(data)))
            # Head and body in one write: two small writes meet delayed ACKs and stall ~40 ms.
            self._headers_buffer.append(b"\r\n")
            if self.command != "HEAD":
                self._headers_buffer.append(bytes(data))
            self.wfile.write(b"".join(self._headers_buffer))
            self._headers_buffer = []

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = _handle

        # ---- WebSocket ------------------------------------------------------------------
        def _websocket(self):
            key = self.headers.get("Sec-WebSocket-Key")
            if not key:
                self.send_error(400, "Missing Sec-WebSocket-Key")
                return
            self.connection.settimeout(None)  # an open WebSocket may stay silent
            self.send_response_only(101, "Switching Protocols")
            self.send_header("Upgrade", "websocket")
            self.send_header("Connection", "Upgrade")
            self.send_header("Sec-WebSocket-Accept", websocket.accept_key(key))
            self.end_headers()
            self.wfile.flush()
            client = f"{_client_ip(self)}:{self.client_address[1]}"
            conn = websocket.Connection(client, self.wfile, self.connection)
            host.ws_register(conn)
            uri = urllib.parse.urlsplit(self.path).path or "/"
            loop = host.world.loop
            loop.post(lambda: host.call_logged("onWebSocketOpen", client, uri))
            names = {websocket.TEXT: "onWebSocketReceiveText", websocket.BINARY: "onWebSocketReceiveBinary",
                     websocket.PING: "onWebSocketReceivePing", websocket.PONG: "onWebSocketReceivePong"}
            try:
                while conn.open:
                    opcode, payload = websocket.read_message(self.rfile)
                    if opcode == websocket.CLOSE:
                        conn.close()
                        break
                    data = payload.decode("utf-8", "replace") if opcode == websocket.TEXT else payload
                    name = names.get(opcode)
                    if name:
                        loop.post(lambda n=name, d=data: host.call_logged(n, client, d))
            except (EOFError, OSError, websocket.ProtocolError):
                conn.close(1002)
            finally:
                host.ws_unregister(conn)
                loop.post(lambda: host.call_logged("onWebSocketClose", client))
                self.close_connection = True

    return Handler
