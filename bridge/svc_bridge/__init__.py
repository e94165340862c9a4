"""svc bridge: the REST API of svc inside TouchDesigner, behind a Web Server DAT.

Standard library only. `handle(request, response, webserver)` serves one request.
BRIDGE_VERSION changes with every change to the bridge's files (a test checks
bridge/VERSION_FINGERPRINT against the sources).
"""

BRIDGE_VERSION = "0.2.53"


def handle(request, response, webserver=None):
    from .app import handle as _handle
    return _handle(request, response, webserver)
