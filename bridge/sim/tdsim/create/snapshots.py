"""Network state as plain data: snapshots of operator subtrees (for undo and copy) and the
JSON state file that `project.save()` writes and `run_host.py --state` loads.

One operator is {"name", "type", "blocks" (sequence block counts that differ from a fresh
operator's), "pars", "custom", "flags", "node", "comment", "color", "tags",
"storage", "content", "timeline", "inputs", "children"}: only non-default built-in parameters
are listed (value, mode, expression, bind expression); inputs are [source path, output index] or
null per input; DAT content is its text, or its rows for a Table DAT; a Time COMP's timeline
holds its current frame. The file is
{"format": "tdsim-state", "version": 1, "project": {...}, "root": <operator>}.
"""
from __future__ import annotations

import json
import os

from ..values import naming
from ..values.modes import ParMode
from ..process.runtime import world

FORMAT = "tdsim-state"
VERSION = 1


def _par_state(p):
    return {"val": p._val, "mode": p._mode.name, "expr": p._expr, "bindExpr": p._bind}


def snapshot_op(op, with_children=True) -> dict:
    from ..par.custompars import snapshot_custom
    from ..op.op import FLAG_DEFAULTS, DEFAULT_COLOR
    snap = {"name": op._name, "type": op.OPType}
    from ..par.sequence import default_counts
    blocks = {n: c for n, c in op._seq_counts.items() if c != default_counts(op).get(n)}
    if blocks:
        snap["blocks"] = blocks
    pars = {n: _par_state(p) for n, p in op._pars.items() if not p.isCustom and not p.isDefault}
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


def _apply(op, snap):
    from ..par.custompars import restore_custom
    from ..par.sequence import resize
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
            from ..families.dat.dat import _to_rows
            content = _to_rows(content)
        elif not op.isTable and isinstance(content, list):
            from ..families.dat.dat import _to_text
            content = _to_text(content)
        op._content_raw(content)


def _build(parent, snap, name=None, wires=None):
    from .create import _instantiate
    op = _instantiate(parent, snap["type"], name or snap["name"], exact_name=True)
    _apply(op, snap)
    if wires is not None:
        wires.append((op, snap.get("inputs") or []))
    for child in snap.get("children") or ():
        _build(op, child, wires=wires)
    return op


def _wire(pending, rename=None):
    from ..values import paths
    for op, links in pending:
        for index, link in enumerate(links):
            if not link:
                continue
            source_path = rename(link[0]) if rename else link[0]
            source = paths.resolve(None, source_path) if source_path else None
            if source is not None:
                op._set_input_raw(index, (source, int(link[1])))


def restore_subtree(parent, subtree, name=None):
    pending = []
    op = _build(parent, subtree["op"], name, pending)
    _wire(pending)
    from ..values import paths
    for target_path, index, source_path, out_index in subtree.get("outgoing", ()):
        target, source = paths.resolve(None, target_path), paths.resolve(None, source_path)
        if target is not None and source is not None:
            target._set_input_raw(index, (source, out_index))
    return op


def copy_into(comp, sources, name=None):
    """Copy operators into comp with free names; wires between the copied operators are kept."""
    w = world()
    created, renames, pending = [], {}, []
    for source in sources:
        snap = snapshot_op(source)
        wanted = naming.next_numbered(name if name and len(sources) == 1 else source._name,
                                      comp._children)
        new = _build(comp, snap, wanted, pending)
        renames[source.path] = new.path
        created.append(new)

    def rename(path):
        for old, new in renames.items():
            if path == old or path.startswith(old + "/"):
                return new + path[len(old):]
        return None  # wires from operators that were not copied are dropped
    _wire(pending, rename)
    for new in created:
        w.undo.record_create(new)
    return created


def _jsonable(value):
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def _clean(snap):
    """Drop what cannot be written as JSON (storage holding Python objects, Python pars)."""
    if "storage" in snap:
        snap["storage"] = {k: v for k, v in snap["storage"].items() if isinstance(k, str) and _jsonable(v)}
    for st in (snap.get("pars") or {}).values():
        if not _jsonable(st["val"]):
            st["val"] = None
    for child in snap.get("children") or ():
        _clean(child)
    return snap


def save_state(w, path):
    data = {"format": FORMAT, "version": VERSION,
            "project": {"name": w.project.name, "frame": w.loop.frame},
            "root": _clean(snapshot_op(w.root))}
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=False)
    os.replace(tmp, path)


def load_state(w, path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a tdsim state file")
    from ..process.default_project import make_root
    for op in list(w.ops.values()):
        op._valid = False
    w.ops.clear()
    w.live_pars.clear()
    root_snap = data["root"]
    root = make_root(w)
    _apply(root, root_snap)
    pending = [(root, root_snap.get("inputs") or [])]
    for child in root_snap.get("children") or ():
        _build(root, child, wires=pending)
    _wire(pending)
    w.project.name = data.get("project", {}).get("name", w.project.name)
    w.project.folder = os.path.dirname(os.path.abspath(path))
    w.project.savePath = os.path.abspath(path)
    w.undo.clear()
