"""Parameter watches: POST /api/params/watch adds one, GET lists them, DELETE removes.

A watch remembers the last value it reported for each parameter. GET compares the live
values with them and returns the changes (coalesced: one entry per parameter, however many
times it changed between two reads), then remembers the new values. The event stream sends the
same changes as `param.changed` events (events.py), compared against values of its own, so reading
and subscribing do not take changes from each other.
"""

import itertools

from .. import config
from ..body import get_str, get_str_list
from ..errors import BridgeError
from ..live import check_path, find_op, require_op
from ..params_write import require_par
from ..serialize import value_json

_watches = {}
_ids = itertools.count(1)


def _read(watch):
    node = find_op(watch["path"])
    if node is None:
        return None
    values = {}
    for name in watch["params"]:
        par = None
        for candidate in node.pars(name):
            if candidate.name == name:
                par = candidate
        values[name] = value_json(par.eval()) if par is not None else None
    return values


def add_watch(ctx):
    for key in ctx.body:
        if key not in ("path", "params"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: params, path" % key, field=key)
    path = check_path(get_str(ctx.body, "path", required=True))
    names = get_str_list(ctx.body, "params", required=True)
    if not names or len(names) > config.MAX_WATCH_PARAMS:
        raise BridgeError("invalid_field", "'params' needs 1 to %d names" % config.MAX_WATCH_PARAMS, field="params")
    if len(_watches) >= config.MAX_WATCHES:
        raise BridgeError("too_many_watches", "at most %d watches; remove one first" % config.MAX_WATCHES)
    node = require_op(path)
    for name in names:
        require_par(node, name, "params")
    watch = {"id": "w%d" % next(_ids), "path": node.path, "params": list(dict.fromkeys(names))}
    watch["last"] = _read(watch)
    watch["event_last"] = dict(watch["last"] or {})
    _watches[watch["id"]] = watch
    return {"id": watch["id"], "path": watch["path"], "params": watch["params"], "values": watch["last"]}


def list_watches(ctx):
    out = []
    for watch in _watches.values():
        now = _read(watch)
        changes = []
        if now is None:
            state = "node_missing"
        else:
            state = "active"
            last = watch["last"] or {}
            changes = [{"param": k, "old": last.get(k), "new": v} for k, v in now.items() if last.get(k) != v]
            watch["last"] = now
        out.append({"id": watch["id"], "path": watch["path"], "params": watch["params"], "state": state,
                    "values": now, "changes": changes})
    return {"watches": out}


def changes_for_events():
    """One entry per watch whose parameters changed since the event stream last looked."""
    out = []
    for watch in _watches.values():
        now = _read(watch)
        if now is None:
            continue
        last = watch.get("event_last") or {}
        changes = [{"param": k, "old": last.get(k), "new": v} for k, v in now.items() if last.get(k) != v]
        watch["event_last"] = now
        if changes:
            out.append({"id": watch["id"], "path": watch["path"], "changes": changes})
    return out


def remove_watch(ctx):
    watch_id = ctx.query.get("id") or get_str(ctx.body, "id")
    if not watch_id:
        raise BridgeError("missing_field", "give the watch 'id' (query or body)", field="id")
    if watch_id not in _watches:
        raise BridgeError("watch_not_found", "no watch %r" % watch_id, field="id")
    del _watches[watch_id]
    return {"removed": watch_id}


def register(router):
    router.add("POST", "/api/params/watch", add_watch)
    router.add("GET", "/api/params/watch", list_watches)
    router.add("DELETE", "/api/params/watch", remove_watch)
