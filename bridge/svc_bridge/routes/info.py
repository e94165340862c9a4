"""GET /api/info and GET /api/health."""

import sys

import td

from ..version import BRIDGE_VERSION


def td_version():
    version = str(td.app.version)
    build = str(td.app.build)
    return "%s.%s" % (version, build) if build and build not in version else version


def info(ctx):
    from ..read_server import ensure
    from ..security import is_loopback_peer
    peer = ctx.request.client_address
    # The whole-read port listens on loopback only: a LAN client is not sent to it (it reads in pages).
    port = ensure() if peer is None or is_loopback_peer(peer) else None
    return {
        "python_version": sys.version.split()[0],
        "td_version": td_version(),
        "bridge_version": BRIDGE_VERSION,
        "product": str(getattr(td.app, "product", "")),
        "os": str(getattr(td.app, "osName", "")),
        # A whole network's state in one request, on loopback (read_server.py); null when off.
        "whole_read": None if port is None else {"port": port, "path": "/api/network/{path}/state"},
    }


def frame_stats():
    """Dropped-frame counters, only under tdsim, which offers them as `tdsim.stats()`.

    TouchDesigner has no such module, so the import fails there and the field is absent. This
    is the bridge's one reference to the emulation, and it only reads.
    """
    try:
        import tdsim
    except ImportError:
        return None
    stats = getattr(tdsim, "stats", None)
    if not callable(stats):
        return None
    try:
        data = stats()
    except Exception:
        return None
    return data if isinstance(data, dict) else None


def health(ctx):
    data = {
        "status": "ok",
        "bridge_version": BRIDGE_VERSION,
        "frame": td.absTime.frame,
        "seconds": td.absTime.seconds,
    }
    stats = frame_stats()
    if stats is not None:
        data["frame_stats"] = stats
    return data


def register(router):
    router.add("GET", "/api/info", info, sheddable=False)
    router.add("GET", "/api/health", health, sheddable=False)
