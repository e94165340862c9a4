"""Web Server DATs that a script creates and activates serve on their own port (Web Server DAT:
Active, Port, Callbacks DAT), as in TouchDesigner; the host's own /local/webserver1 is host.py's.

At the end of every frame tdsim starts a server for each Web Server DAT whose `active` is on and
stops it when `active` goes off, the port changes or the DAT is destroyed, calling onServerStart /
onServerStop of its callbacks DAT (the DAT its `callbacks` parameter names; its module is read
again when its text changes). Requests and WebSocket messages are answered on the main thread
exactly as for the host's DAT (webserver.py, httphandler.py). A DAT with no callbacks DAT answers 404.

UNVERIFIED: tdsim listens on the host's address (127.0.0.1 unless `--bind` says otherwise) where
TouchDesigner listens on every interface; a port that cannot be opened is an error on the DAT
("Cannot listen on port N: ..." wording is tdsim's) until the port or `active` changes.
"""
from __future__ import annotations

import sys
import types

from .webserver import WebServer


class DatServer(WebServer):
    """The server of one script-created Web Server DAT."""

    def __init__(self, dat, port, bind, w):
        self.callbacks_path = None
        super().__init__(w, port, bind)
        self.requested_port = port
        self.webserver = dat

    @property
    def callbacks_dat(self):
        p = self.webserver._pars.get("callbacks")
        try:
            found = p.eval() if p is not None else None
        except Exception:
            found = None
        found = found[0] if isinstance(found, list) and found else found
        return found if getattr(found, "family", None) == "DAT" and found._valid else None

    def callbacks(self):
        dat = self.callbacks_dat
        return dat.module if dat is not None else types.SimpleNamespace()


def _port(dat):
    try:
        return int(dat._pars["port"].eval())
    except Exception:
        return None


def sync(w):
    """End of a frame: start and stop script-created Web Server DATs' servers."""
    host = getattr(w, "host", None)
    servers = w.dat_servers
    for ident, dat in list(w.web_server_dats.items()):
        if not dat._valid:
            w.web_server_dats.pop(ident, None)
        if host is not None and host.webserver is dat:
            continue
        want = dat._valid and bool(_flag(dat, "active"))
        port = _port(dat) if want else None
        server = servers.get(ident)
        if server is not None and (not want or server.requested_port != port):
            servers.pop(ident).stop()
            server = None
        failed = w.dat_server_failures.get(ident)
        if not want or server is not None or port is None or failed == port:
            if not want:
                w.dat_server_failures.pop(ident, None)
            continue
        bind = host.bind if host is not None else "127.0.0.1"
        try:
            server = DatServer(dat, port, bind, w)
        except OSError as exc:
            w.dat_server_failures[ident] = port
            message = f"Cannot listen on port {port}: {exc.strerror or exc}"
            dat._script_errors.append(message)
            print(f"tdsim: {dat.path}: {message}", file=sys.stderr)
            continue
        servers[ident] = server
        server.start()


def _flag(dat, name):
    p = dat._pars.get(name)
    try:
        return p.eval() if p is not None else False
    except Exception:
        return False


def stop_all(w):
    """Stop every script-created server of w (tdsim.reset(), host shutdown)."""
    for ident in list(w.dat_servers):
        try:
            w.dat_servers.pop(ident).stop()
        except Exception:
            pass


def server_of(dat):
    """The running server of a Web Server DAT (the host's or its own), or None."""
    w = dat._world
    host = getattr(w, "host", None)
    if host is not None and host.webserver is dat:
        return host
    return w.dat_servers.get(dat._id)
