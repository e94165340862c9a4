"""Network state as plain data: snapshots of operator subtrees, and operators built again from them
(undo, copies, .tox files and the state file, process/storage.py).

One operator is {"name", "type", "blocks" (sequence block counts that differ from a fresh
operator's), "pars", "custom", "flags", "node", "comment", "color", "tags",
"storage", "content", "timeline", "inputs", "children"}: only non-default built-in parameters
are listed (value, mode, expression, bind expression); inputs are [source path, output index] or
null per input; DAT content is its text, or its rows for a Table DAT; a Time COMP's timeline
holds its current frame.
"""
from __future__ import annotations

import json

from ..families.dat.dat import to_rows, to_text
from ..op.op import DEFAULT_COLOR, FLAG_DEFAULTS
from ..par.custompars import snapshot_custom
from ..par.pages import restore_custom
from ..par.sequence import default_counts, resize
from ..values import naming, paths
from ..values.modes import ParMode


def _par_state(p):
    return {"val": p._val, "mode": p._mode.name, "expr": p._expr, "bindExpr": p._bind}


def snapshot_op(op, with_children=True) -> dict:
    snap = {"name": op._name, "type": op.OPType}
    blocks = {n: c for n, c in op._seq_counts.items() if c != default_counts(op).get(n)}
    if blocks:
        snap["blocks"] = blocks
    # A parameter at its default is left out, unless a new operator starts elsewhere (kb creationValue).
    pars = {n: _par_state(p) for n, p in op._pars.items()
            if not p.isCustom and (not p.isDefault or p._val != p._def.initial)}
    if pars:
        snap["pars"] = pars
    if op._custom_pages:
        snap["custom"] = snapshot_custom(op)
    flags = {k: v for k, v in op._flags.items() if v != FLAG_DEFAULTS[k]}
    if flags:
        snap["flags"] = flags
    snap["node"] = list(op._node)
    if op._comment:
        snap["comment"] = op._comment
    if op._color != DEFAULT_COLOR:
        snap["color"] = list(op._color)
    if op._tags:
        snap["tags"] = sorted(op._tags)
    if op._storage:
        snap["storage"] = dict(op._storage)
    if op.isDAT:
        snap["content"] = op._content()
    if getattr(op, "_tl_frame", None) is not None:
        snap["timeline"] = {"frame": op._tl_frame}
    links = [[l[0].path, l[1]] if l else None for l in op._inputs]
    if any(links):
        snap["inputs"] = links
    if with_children and op.isCOMP and op._children:
        snap["children"] = [snapshot_op(c) for c in op._children.values()]
    return snap


def snapshot_subtree(op) -> dict:
    """Everything needed to bring op back after a destroy, including wires leaving it."""
    snap = snapshot_op(op)
    inside = op.path + "/"
    outgoing = []

    def collect(node):
        for target, index in node._out_links:
            if not (target.path == op.path or target.path.startswith(inside)):
                outgoing.append([target.path, index, node.path, target._inputs[index][1]])
        for child in getattr(node, "_children", {}).values():
            collect(child)
    collect(op)
    return {"op": snap, "outgoing": outgoing}


def apply_snapshot(op, snap):
    """Give op the state snap holds (its children and wires aside)."""
    for name, count in (snap.get("blocks") or {}).items():
        if name in op._seq_counts:
            resize(op, name, int(count), record=False)
    for name, st in (snap.get("pars") or {}).items():
        p = op._pars.get(name)
        if p is not None:
            p._apply_state((st.get("val", p._val), ParMode[st.get("mode", "CONSTANT")],
                            st.get("expr", ""), st.get("bindExpr", "")))
    if snap.get("custom"):
        restore_custom(op, snap["custom"])
    op._flags.update(snap.get("flags") or {})
    if snap.get("node"):
        op._node = [int(v) for v in snap["node"]]
    op._comment = snap.get("comment", "")
    if snap.get("color"):
        op._color = tuple(float(c) for c in snap["color"])
    op._tags = set(snap.get("tags") or ())
    op._storage = dict(snap.get("storage") or {})
    if "timeline" in snap and hasattr(op, "_tl_frame"):
        op._tl_frame = float(snap["timeline"]["frame"])
    if op.isDAT and "content" in snap:
        content = snap["content"]
        if op.isTable and isinstance(content, str):
            content = to_rows(content)
        elif not op.isTable and isinstance(content, list):
            content = to_text(content)
        op._content_raw(content)


def build(parent, snap, name=None, wires=None):
    """The operator snap holds, made in parent (by the world's factory) with its children; its
    wires are added to `wires` as (operator, inputs), for wire() once everything exists."""
    op = parent._world.factory.instantiate(parent, snap["type"], name or snap["name"], exact_name=True)
    apply_snapshot(op, snap)
    if wires is not None:
        wires.append((op, snap.get("inputs") or []))
    for child in snap.get("children") or ():
        build(op, child, wires=wires)
    return op


def wire(w, pending, rename=None):
    """Make the wires build() collected; rename(path) maps a source path (None drops the wire)."""
    for op, links in pending:
        for index, link in enumerate(links):
            if not link:
                continue
            source_path = rename(link[0]) if rename else link[0]
            source = paths.resolve(w, None, source_path) if source_path else None
            if source is not None:
                op._set_input_raw(index, (source, int(link[1])))


def restore_subtree(parent, subtree, name=None):
    w = parent._world
    pending = []
    op = build(parent, subtree["op"], name, pending)
    wire(w, pending)
    for target_path, index, source_path, out_index in subtree.get("outgoing", ()):
        target, source = paths.resolve(w, None, target_path), paths.resolve(w, None, source_path)
        if target is not None and source is not None:
            target._set_input_raw(index, (source, out_index))
    return op


def copy_into(comp, sources, name=None):
    """Copy operators into comp with free names; wires between the copied operators are kept."""
    w = comp._world
    created, renames, pending = [], {}, []
    for source in sources:
        snap = snapshot_op(source)
        wanted = naming.next_numbered(name if name and len(sources) == 1 else source._name,
                                      comp._children)
        new = build(comp, snap, wanted, pending)
        renames[source.path] = new.path
        created.append(new)

    def rename(path):
        for old, new in renames.items():
            if path == old or path.startswith(old + "/"):
                return new + path[len(old):]
        return None  # wires from operators that were not copied are dropped
    wire(w, pending, rename)
    for new in created:
        w.undo.record_create(new)
    return created


def _jsonable(value):
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def json_safe(snap):
    """Drop what cannot be written as JSON (storage holding Python objects, Python pars)."""
    if "storage" in snap:
        snap["storage"] = {k: v for k, v in snap["storage"].items() if isinstance(k, str) and _jsonable(v)}
    for st in (snap.get("pars") or {}).values():
        if not _jsonable(st["val"]):
            st["val"] = None
    for child in snap.get("children") or ():
        json_safe(child)
    return snap
