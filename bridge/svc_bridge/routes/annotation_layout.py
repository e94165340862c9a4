"""POST /api/editor/annotation-layout/context and /apply: laying out a network's annotations and the
operators they frame together.

The context reads, for one COMP, every Annotate COMP's box and the operators whose node box lies
inside it, every other operator's placement (with docking) and the wires between them, and a
fingerprint of all of it. The apply takes one layout plan (annotation boxes and node positions)
with that fingerprint: if anything drifted since (a node moved, a wire or an annotation changed),
it fails before any change with 409 `stale_fingerprint`. Every box and position is read back;
a failure or a mismatch puts all back, and a rollback that fails is reported as `rollback_failed`.
"""

import hashlib
import json

from .. import config
from ..body import check_known_fields, get_list, get_number, get_str
from ..errors import BridgeError
from ..journal import Journal, run_atomically
from ..live import check_path, require_comp, require_op
from ..owned import check_writable
from ..serialize import input_wires
from .annotation import read_state, write_fields
from .reposition import MAX_NODES, _place


def _inside(place, box):
    return (box["x"] <= place["x"] and place["x"] + place["width"] <= box["x"] + box["width"]
            and box["y"] <= place["y"] and place["y"] + place["height"] <= box["y"] + box["height"])


def _geometry(parent):
    children = sorted(parent.children, key=lambda c: c.name)
    if len(children) > MAX_NODES:
        raise BridgeError("invalid_field", "%s has %d operators; layout works on networks of at most %d"
                          % (parent.path, len(children), MAX_NODES), field="parent")
    notes = [c for c in children if c.OPType == "annotateCOMP"]
    nodes = [_place(c) for c in children if c.OPType != "annotateCOMP"]
    annotations = []
    for note in notes:
        box = read_state(note)["bounds"]
        annotations.append({"path": note.path, "bounds": box,
                            "encloses": [n["path"] for n in nodes if _inside(n, box)]})
    edges = [{"source": w["source"], "source_output": w["source_output"], "target": w["target"],
              "target_input": w["target_input"]} for c in children for w in input_wires(c)]
    data = {"annotations": annotations, "nodes": nodes, "edges": edges}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    data["fingerprint"] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    return data


def context(ctx):
    check_known_fields(ctx.body, ("parent",))
    parent = require_comp(check_path(get_str(ctx.body, "parent", required=True), "parent"), "parent")
    return dict(_geometry(parent), parent=parent.path)


def _plan(body, geometry):
    notes = {a["path"] for a in geometry["annotations"]}
    nodes = {n["path"] for n in geometry["nodes"]}
    boxes = get_list(body, "annotations", default=[])
    places = get_list(body, "nodes", default=[])
    if not boxes and not places:
        raise BridgeError("missing_field", "a layout plan needs annotations or nodes", field="annotations")
    if len(boxes) + len(places) > MAX_NODES:
        raise BridgeError("invalid_field", "at most %d entries per plan" % MAX_NODES, field="nodes")
    seen = set()
    for field, entries, allowed, keys in (("annotations", boxes, notes, ("path", "x", "y", "width", "height")),
                                          ("nodes", places, nodes, ("path", "x", "y"))):
        for index, entry in enumerate(entries):
            where = "%s[%d]" % (field, index)
            if not isinstance(entry, dict):
                raise BridgeError("invalid_field", "%s must be an object" % where, field=field)
            check_known_fields(entry, keys, where)
            path = check_path(get_str(entry, "path", required=True, where=where))
            if path not in allowed or path in seen:
                raise BridgeError("invalid_field", "%s: %s is not %s of this network, or is named twice"
                                  % (where, path, "an annotation" if field == "annotations" else "an operator"),
                                  field=field)
            seen.add(path)
            for key in keys[1:]:
                required = field == "nodes"
                value = get_number(entry, key, required=required, where=where, bound=config.MAX_COORDINATE)
                if key in ("width", "height") and value is not None and value < 1:
                    raise BridgeError("number_out_of_range", "'%s' in %s must be at least 1" % (key, where), field=key)
    return boxes, places


def apply(ctx):
    body = ctx.body
    check_known_fields(body, ("parent", "fingerprint", "annotations", "nodes"))
    parent = require_comp(check_path(get_str(body, "parent", required=True), "parent"), "parent")
    expected = get_str(body, "fingerprint", required=True, allow_empty=False)
    geometry = _geometry(parent)
    if geometry["fingerprint"] != expected:
        raise BridgeError("stale_fingerprint", "the layout of %s drifted since the context was read; read it again"
                          % parent.path, field="fingerprint", fingerprint=geometry["fingerprint"])
    boxes, places = _plan(body, geometry)
    for entry in boxes + places:
        check_writable(entry["path"], ctx.webserver, "nodes")

    def work(journal):
        for box in boxes:
            bounds = {k: box[k] for k in ("x", "y", "width", "height") if box.get(k) is not None}
            if bounds:
                write_fields(require_op(box["path"]), {"bounds": bounds}, journal)
        for place in places:
            node = require_op(place["path"])
            before = (node.nodeX, node.nodeY)

            def restore(path=node.path, before=before):
                target = require_op(path)
                target.nodeX, target.nodeY = before
            journal.record("restore position of %s" % node.path, restore)
            node.nodeX, node.nodeY = int(round(place["x"])), int(round(place["y"]))
        wrong = []
        for box in boxes:
            got = read_state(require_op(box["path"]))["bounds"]
            wrong.extend("%s.%s" % (box["path"], k) for k in ("x", "y", "width", "height")
                         if box.get(k) is not None and got[k] != int(round(box[k])))
        for place in places:
            node = require_op(place["path"])
            if (node.nodeX, node.nodeY) != (int(round(place["x"])), int(round(place["y"]))):
                wrong.append(place["path"])
        if wrong:
            raise BridgeError("operation_failed", "the layout did not read back as planned: %s" % ", ".join(wrong[:5]),
                              fields=wrong[:50])
        after = _geometry(parent)
        return {"parent": parent.path, "annotations": after["annotations"], "fingerprint": after["fingerprint"],
                "applied": {"annotations": len(boxes), "nodes": len(places)}}

    return run_atomically(Journal(), work)


def register(router):
    router.add("POST", "/api/editor/annotation-layout/context", context)
    router.add("POST", "/api/editor/annotation-layout/apply", apply, mutating=True,
               undo_label="svc: apply annotation layout")
