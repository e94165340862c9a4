"""Exact node placement: POST /api/editor/reposition/context and POST /api/editor/reposition.

The context reads the placement of the operators of one network (position, size, dock host and
docked operators) and a fingerprint of it; it changes nothing and is not an undo step. The apply
takes exact coordinates and the fingerprint the caller planned against: when the network's
placement has moved since (a node dragged, added, removed, docked), it fails before any change
(409 `stale_fingerprint`). Docked operators follow their host: an operator docked to a host that
is moved is moved by the host's offset, and a position asked for it is not used (`dock_overridden`).
Each position is read back; a mismatch or a failure puts every node back (one request, one undo
block). Replaying a request with the same `Idempotency-Key` returns its first receipt.
"""

import hashlib
import json

from .. import config
from ..body import check_known_fields, get_list, get_number, get_str
from ..errors import BridgeError
from ..journal import Journal, run_atomically
from ..live import check_path, require_comp, require_op
from ..owned import check_writable

MAX_NODES = 5000


def _place(node):
    dock = node.dock
    return {"path": node.path, "x": node.nodeX, "y": node.nodeY, "width": node.nodeWidth, "height": node.nodeHeight,
            "dock": dock.path if dock is not None else None,
            "docked": sorted(d.path for d in node.docked)}


def fingerprint(places):
    text = json.dumps(sorted(places, key=lambda p: p["path"]), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _network(parent_path):
    parent = require_comp(check_path(parent_path, "parent"), "parent")
    children = sorted(parent.children, key=lambda c: c.name)
    if len(children) > MAX_NODES:
        raise BridgeError("invalid_field", "%s has %d operators; placement works on networks of at most %d"
                          % (parent.path, len(children), MAX_NODES), field="parent")
    return parent, [_place(c) for c in children]


def context(ctx):
    check_known_fields(ctx.body, ("parent",))
    parent, places = _network(get_str(ctx.body, "parent", required=True))
    return {"parent": parent.path, "nodes": places, "count": len(places), "fingerprint": fingerprint(places)}


def _positions(body):
    positions = get_list(body, "positions", required=True)
    if not positions or len(positions) > MAX_NODES:
        raise BridgeError("invalid_field", "'positions' holds 1 to %d entries" % MAX_NODES, field="positions")
    seen = set()
    for index, entry in enumerate(positions):
        where = "positions[%d]" % index
        if not isinstance(entry, dict):
            raise BridgeError("invalid_field", "%s must be an object" % where, field="positions")
        check_known_fields(entry, ("path", "x", "y"), where)
        path = check_path(get_str(entry, "path", required=True, where=where))
        get_number(entry, "x", required=True, where=where, bound=config.MAX_COORDINATE)
        get_number(entry, "y", required=True, where=where, bound=config.MAX_COORDINATE)
        if path in seen:
            raise BridgeError("invalid_field", "%s names %s a second time" % (where, path), field="positions")
        seen.add(path)
    return positions


def apply(ctx):
    body = ctx.body
    check_known_fields(body, ("parent", "positions", "fingerprint"))
    parent_path = get_str(body, "parent", required=True)
    expected = get_str(body, "fingerprint", required=True, allow_empty=False)
    positions = _positions(body)
    parent, places = _network(parent_path)
    current = fingerprint(places)
    if current != expected:
        raise BridgeError("stale_fingerprint", "the placement in %s changed since the context was read; read it again"
                          % parent.path, field="fingerprint", fingerprint=current)
    by_path = {p["path"]: p for p in places}
    outside = [p["path"] for p in positions if p["path"] not in by_path]
    if outside:
        raise BridgeError("invalid_field", "not operators of %s: %s" % (parent.path, ", ".join(outside[:5])),
                          field="positions")
    wanted = {p["path"]: (int(round(p["x"])), int(round(p["y"]))) for p in positions}
    overridden = []
    # Dock hosts decide where their docked operators go: by the host's own offset.
    for path, (x, y) in list(wanted.items()):
        place = by_path[path]
        dx, dy = x - place["x"], y - place["y"]
        for docked in place["docked"]:
            if docked in wanted and docked not in overridden:
                overridden.append(docked)
            wanted[docked] = (by_path[docked]["x"] + dx, by_path[docked]["y"] + dy)

    for path in wanted:
        check_writable(path, ctx.webserver, "positions")

    def work(journal):
        moved = []
        for path, (x, y) in sorted(wanted.items()):
            node = require_op(path)
            before = (node.nodeX, node.nodeY)
            if before == (x, y):
                continue

            def restore(path=path, before=before):
                target = require_op(path)
                target.nodeX, target.nodeY = before
            journal.record("restore position of %s" % path, restore)
            node.nodeX, node.nodeY = x, y
            moved.append(path)
        wrong = [p for p, xy in wanted.items() if (require_op(p).nodeX, require_op(p).nodeY) != xy]
        if wrong:
            raise BridgeError("operation_failed", "positions did not read back as asked: %s" % ", ".join(wrong[:5]),
                              fields=wrong[:50])
        after = [_place(c) for c in sorted(parent.children, key=lambda c: c.name)]
        return {"parent": parent.path, "moved": moved, "dock_overridden": sorted(overridden),
                "positions": {p: {"x": xy[0], "y": xy[1]} for p, xy in sorted(wanted.items())},
                "fingerprint": fingerprint(after)}

    return run_atomically(Journal(), work)


def register(router):
    router.add("POST", "/api/editor/reposition/context", context)
    router.add("POST", "/api/editor/reposition", apply, mutating=True, undo_label="svc: reposition nodes")
