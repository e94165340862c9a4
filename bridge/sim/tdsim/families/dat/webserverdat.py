"""Members of the Web Server DAT that talk to its server (webserver.py): WebSocket sends and
Basic auth."""
from __future__ import annotations

import base64

from ...values.errors import tdError
from .webservers import server_of


class WebServerDATMixin:
    def __init__(self, world, parent, name):
        super().__init__(world, parent, name)
        world.web_server_dats[self._id] = self  # a script's one serves from the frame loop (webservers.py)

    def _host(self):
        host = server_of(self)
        if host is None:
            raise tdError(f"{self.path}: the web server is not running")
        return host

    @property
    def webSocketConnections(self):
        host = server_of(self)
        return host.websocket_clients() if host is not None else []

    def webSocketSendText(self, client, data):
        self._host().ws_send(client, 0x1, str(data).encode("utf-8"))

    def webSocketSendBinary(self, client, data):
        self._host().ws_send(client, 0x2, bytes(data))

    def webSocketSendPing(self, client, data=None):
        self._host().ws_send(client, 0x9, bytes(data or b""))

    def webSocketSendPong(self, client, data=None):
        self._host().ws_send(client, 0xA, bytes(data or b""))

    def webSocketClose(self, client):
        self._host().ws_close(client)

    def authenticateBasic(self, token, userPasswords):
        """True when an 'Authorization: Basic ...' value names a user/password pair given."""
        if not isinstance(token, str) or not token.startswith("Basic "):
            return False
        try:
            user, _, password = base64.b64decode(token[6:]).decode("utf-8").partition(":")
        except Exception:
            return False
        if isinstance(userPasswords, dict):
            return userPasswords.get(user) == password
        return any(u == user and p == password for u, p in userPasswords)
