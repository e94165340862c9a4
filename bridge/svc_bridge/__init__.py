"""svc bridge: the REST API of svc inside TouchDesigner, behind a Web Server DAT.

Standard library only. `handle(request, response, webserver)` serves one request. The version is
in version.py (BRIDGE_VERSION, named here too for the callbacks and the reload route).
"""

from .version import BRIDGE_VERSION

__all__ = ["BRIDGE_VERSION", "handle"]


def handle(request, response, webserver=None):
    # the app is imported on the first request, not when the callbacks DAT imports the package
    from .app import handle as _handle
    return _handle(request, response, webserver)
