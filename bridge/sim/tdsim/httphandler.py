"""One HTTP connection of the host: turns requests into TouchDesigner's request dict, waits
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
"""
from __future__ import annotations

import http.server
import socket
import urllib.parse

from . import websocket


def _client_ip(handler):
    host = handler.client_address[0]
    return host[7:] if host.startswith("::ffff:") else host


def make_handler(host):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "tdsim"
        sys_version = ""

        def log_message(self, format, *args):  # quiet: the bridge keeps its own log
            return

        def setup(self):
            super().setup()
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def _body(self):
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                parts = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(parts)
                    parts.append(self.rfile.read(size))
                    self.rfile.readline()
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length > 0 else b""

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
