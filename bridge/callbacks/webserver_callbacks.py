"""svc bridge: callbacks for a Web Server DAT.

onHTTPRequest hands every request to the svc_bridge package, and the WebSocket callbacks hand the
event stream (/api/events/stream) to svc_bridge.events.

`svc install-bridge` stages this file next to the svc_bridge package; installing inside
TouchDesigner copies it into a Text DAT with SVC_BRIDGE_DIR set to the staged folder, so the
package is found again when the project is reopened.
"""

import os
import sys

SVC_BRIDGE_DIR = ""  # filled in by svc_bridge.install; empty means "next to this file"


def _bridge_dir():
    if SVC_BRIDGE_DIR:
        return SVC_BRIDGE_DIR
    here = globals().get("__file__")
    if isinstance(here, str) and os.path.isfile(here):
        return os.path.dirname(os.path.dirname(os.path.abspath(here)))
    return None


_dir = _bridge_dir()
if _dir and _dir not in sys.path:
    sys.path.insert(0, _dir)

import svc_bridge  # noqa: E402  (needs the path above)

if getattr(svc_bridge, "__file__", None) is None:
    # A svc_bridge folder without __init__.py (a copy caught half-way) imports as an empty
    # namespace package, which Python would keep for the life of the process. Forget it, so the
    # next load of this module imports the real package once the folder is complete.
    sys.modules.pop("svc_bridge", None)
    raise ImportError("svc_bridge under %s is incomplete (no __init__.py): stage the bridge again"
                      % ", ".join(getattr(svc_bridge, "__path__", [])))


def onHTTPRequest(webServerDAT, request, response):
    return svc_bridge.handle(request, response, webServerDAT)


def onWebSocketOpen(webServerDAT, client, uri):
    from svc_bridge import events
    events.on_open(webServerDAT, client, uri)


def onWebSocketClose(webServerDAT, client):
    from svc_bridge import events
    events.on_close(webServerDAT, client)


def onWebSocketReceiveText(webServerDAT, client, data):
    from svc_bridge import events
    events.on_text(webServerDAT, client, data)


def onWebSocketReceiveBinary(webServerDAT, client, data):
    return


def onWebSocketReceivePing(webServerDAT, client, data):
    webServerDAT.webSocketSendPong(client, data=data)


def onWebSocketReceivePong(webServerDAT, client, data):
    return


def onServerStart(webServerDAT):
    return


def onServerStop(webServerDAT):
    return
