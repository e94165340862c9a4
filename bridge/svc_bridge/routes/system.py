"""GET /api/system, GET /api/optypes, POST /api/perform."""

import td

from ..body import get_bool
from ..errors import BridgeError
from ..live import FAMILIES


def _attr(obj, name, default=None):
    try:
        return getattr(obj, name)
    except Exception:
        return default


def _monitor(m):
    fields = ("index", "isPrimary", "displayName", "width", "height", "left", "top", "refreshRate", "dpiScale")
    return {name: _plain(_attr(m, name)) for name in fields}


def _plain(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def system(ctx):
    sysinfo = td.sysinfo
    gpu = {name: _plain(_attr(sysinfo, attr)) for name, attr in (("name", "GPUName"), ("id", "GPUID"))}
    monitors = [_monitor(m) for m in td.monitors]
    return {
        "gpu": gpu,
        "monitors": monitors,
        "performMode": bool(td.ui.performMode),
        "cpus": _plain(_attr(sysinfo, "numCPUs")),
        "ram": _plain(_attr(sysinfo, "ram")),
        "os": _plain(_attr(td.app, "osName")),
        "os_version": _plain(_attr(td.app, "osVersion")),
    }


def _type_name(item):
    if isinstance(item, str):
        return item
    return getattr(item, "__name__", None) or str(item)


def optypes(ctx):
    family = ctx.query.get("family") or None
    if family is not None and family not in FAMILIES:
        raise BridgeError("invalid_query", "query 'family' must be one of %s" % ", ".join(FAMILIES), field="family")
    families = {}
    for name, types in dict(td.families).items():
        if family is not None and name != family:
            continue
        families[str(name)] = sorted(_type_name(t) for t in types)
    return {"families": families, "count": sum(len(v) for v in families.values())}


def perform(ctx):
    for key in ctx.body:
        if key != "enabled":
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: enabled" % key, field=key)
    enabled = get_bool(ctx.body, "enabled", required=True)
    td.ui.performMode = enabled
    return {"performMode": bool(td.ui.performMode)}


def register(router):
    router.add("GET", "/api/system", system)
    router.add("GET", "/api/optypes", optypes)
    router.add("POST", "/api/perform", perform)
