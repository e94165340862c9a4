"""The Web Server DAT host: the server of the process's own Web Server DAT, whose callbacks are
the bridge's (or any module given), as TouchDesigner runs the svc bridge.

Setup: the host creates (or reuses, when a loaded state has them) a Web Server DAT
/local/webserver1 and a Text DAT /local/webserver1_callbacks whose text is the callbacks file
(its `file` parameter names that file). The callbacks DAT's module is the callbacks module:
it sees the td members as globals and `me` is the callbacks DAT. Because the DAT is synced to a
file, tdsim also sets the module's `__file__` (UNVERIFIED whether TouchDesigner does).

The host starts and stops with the process: its start runs the Execute DATs' onStart, its stop
their onExit and stops the servers of the Web Server DATs scripts turned on. Serving itself is the
Web Server DAT's (families/dat/webserver.py; the request dict is httphandler.py's).
"""
from __future__ import annotations

import os

from ..families.dat import executedats
from ..families.dat.dat import load_module
from ..families.dat.webserver import WebServer
from ..families.dat.webservers import stop_all
from ..process.current import world
from ..values import paths

DEFAULT_CALLBACKS = '''# tdsim's built-in callbacks: no callbacks module was given, so every request is 404.
def onHTTPRequest(webServerDAT, request, response):
    response['statusCode'] = 404
    response['statusReason'] = 'Not Found'
    response['data'] = 'tdsim: no callbacks module is loaded'
    return response
'''


class Host(WebServer):
    def __init__(self, port=9980, callbacks_path=None, bind="127.0.0.1", w=None):
        self.callbacks_path = os.path.abspath(callbacks_path) if callbacks_path else None
        super().__init__(w or world(), port, bind)
        self.webserver, self.callbacks_dat = self._install_dats()
        self.world.host = self

    # ---- operators in the project --------------------------------------------------------------
    def _install_dats(self):
        local = paths.resolve(self.world, None, "/local") or self.world.root
        make = self.world.factory.instantiate
        server = local._children.get("webserver1") or make(local, "webserverDAT", "webserver1", True)
        dat = local._children.get("webserver1_callbacks") or make(local, "textDAT", "webserver1_callbacks", True)
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
            path = dat._pars["file"].eval() if "file" in dat._pars else ""
            filename = path if path and os.path.isfile(path) else None
            dat._module = load_module(dat, dat.text, filename=filename)
        return dat._module

    # ---- life -----------------------------------------------------------------------------------
    def start(self):
        super().start()
        if getattr(self.world, "host", None) is self:
            # Execute DATs' onStart: the process starts with the host, not with a Web Server DAT a
            # script turns on (webservers.py), whose start is its own onServerStart
            self.world.loop.post(lambda: executedats.start(self.world))

    def stop(self):
        """Stop serving; onServerStop runs on the calling (main) thread."""
        super().stop()
        if getattr(self.world, "host", None) is self:
            stop_all(self.world)
            executedats.exit_(self.world)  # Execute DATs' onExit
        if getattr(self.world, "host", None) is self:
            self.world.host = None
