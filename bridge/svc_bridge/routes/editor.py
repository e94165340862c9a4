"""The artist's editor: GET /api/editor/context and POST /api/editor/insert.

The context is what the artist is looking at: the project, the panes (at most 64), the active
network editor's COMP, viewport (`x`, `y`, `zoom`: NetworkEditor members), its selected and current
operators (at most 1000) and the rollover. It is read from `ui.panes` and the COMP's `selected`
flags, and carries a fingerprint of the active network and its selection. When the COMP the editor
shows has been deleted, `active_editor` is null and `editor_problem` says so
(`editor_network_deleted`); insert into a network that is gone is 409 `editor_network_deleted`.

Insert puts one operator on a wire, the way the editor's "insert operator" does: the wire
source -> target[input] becomes source -> new -> target[input]. The operator is one of a short
allowlist of single-input filters of the wire's family, placed halfway along the wire. It is a
compare-and-swap on the context: the fingerprint the caller read must still be current (the artist
has not changed the selection or the network since), and the wire must exist; otherwise 409
`stale_fingerprint` before any change. One request, one undo block, rolled back whole on a failure.

UNVERIFIED in TouchDesigner: which pane `ui.panes.current` is when several network editors are open
(the one under the mouse, or the last used), and that a NetworkEditor pane's `owner` is the COMP it
shows. To verify: open two editors, print `ui.panes.current.owner` from a Text DAT run by a key.
"""

import hashlib
import json

import td

from .. import operations
from ..body import check_known_fields, get_int, get_str
from ..errors import BridgeError
from ..journal import Journal, run_atomically
from ..live import check_name, check_path, child_named, find_op, require_op
from ..serialize import input_wires, node_summary

MAX_PANES = 64
MAX_SELECTION = 1000

# Single-input filters an insert may add, by family: common, cheap, harmless as a pass-through.
INSERTABLE = {
    "TOP": ("nullTOP", "levelTOP", "blurTOP", "hsvadjustTOP", "transformTOP", "cropTOP", "flipTOP", "edgeTOP",
            "monochromeTOP", "resolutionTOP", "cacheTOP", "selectTOP"),
    "CHOP": ("nullCHOP", "mathCHOP", "filterCHOP", "lagCHOP", "limitCHOP", "renameCHOP", "selectCHOP", "speedCHOP",
             "triggerCHOP"),
    "SOP": ("nullSOP", "transformSOP", "noiseSOP", "facetSOP", "sortSOP"),
    "DAT": ("nullDAT", "selectDAT", "sortDAT", "transposeDAT"),
    "POP": ("nullPOP", "transformPOP"),
    "MAT": (),
    "COMP": (),
}


def _editor_pane():
    try:
        pane = td.ui.panes.current
    except Exception:  # no UI (a headless build): no active editor
        return None
    if pane is None or str(getattr(pane, "type", "")).upper().split(".")[-1] != "NETWORKEDITOR":
        return None
    return pane


def live_owner(pane):
    """What a pane shows, or None when it shows nothing or what it showed has been deleted.

    OP Class: `valid` is False once an operator is deleted, and any other member then raises
    ("Operator has been deleted"); a pane keeps its owner after the COMP is deleted (tdsim; in
    TouchDesigner UNVERIFIED whether the editor moves to the parent instead: print
    `ui.panes.current.owner.valid` after deleting the COMP the editor shows)."""
    owner = getattr(pane, "owner", None)
    if owner is None:
        return None
    try:
        return owner if owner.valid else None
    except Exception:
        return None


def shows_deleted(pane):
    """True when the pane's owner was set and has been deleted since."""
    return getattr(pane, "owner", None) is not None and live_owner(pane) is None


def _network_state(comp):
    children = sorted(comp.children, key=lambda c: c.name)
    selected = [c.path for c in children if getattr(c, "selected", False)]
    current = getattr(comp, "currentChild", None)
    wires = [(w["source"], w["source_output"], w["target"], w["target_input"]) for c in children for w in input_wires(c)]
    return {"selected": selected, "current": current.path if current is not None else None,
            "nodes": [c.path for c in children], "wires": wires}


def fingerprint(comp):
    state = _network_state(comp)
    text = json.dumps({"network": comp.path, **state}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def context(ctx):
    panes = []
    try:
        for pane in list(td.ui.panes)[:MAX_PANES]:
            owner = live_owner(pane)
            entry = {"id": getattr(pane, "id", None), "name": getattr(pane, "name", None),
                     "type": str(getattr(pane, "type", "")).split(".")[-1],
                     "owner": owner.path if owner is not None else None}
            if owner is None and shows_deleted(pane):
                entry["owner_deleted"] = True
            panes.append(entry)
    except Exception:
        panes = []
    editor = _editor_pane()
    data = {"project": {"name": getattr(td.project, "name", None), "folder": getattr(td.project, "folder", None)},
            "panes": panes, "active_editor": None, "selection": [], "selection_complete": True, "current": None,
            "rollover": None, "fingerprint": None}
    rollover = getattr(td.ui, "rolloverOp", None)
    par = getattr(td.ui, "rolloverPar", None)
    if rollover is not None or par is not None:
        data["rollover"] = {"op": rollover.path if rollover is not None else None,
                            "par": par.name if par is not None else None}
    if editor is None or getattr(editor, "owner", None) is None:
        return data
    comp = live_owner(editor)
    if comp is None:
        # The COMP it showed was deleted: the rest of the context still holds; say what is wrong, coded.
        data["editor_problem"] = {"code": "editor_network_deleted", "pane": getattr(editor, "name", None),
                                  "message": "the network editor shows a COMP that has been deleted; open another "
                                             "network in it"}
        return data
    state = _network_state(comp)
    data["active_editor"] = {"pane": getattr(editor, "name", None), "network": comp.path,
                             "viewport": {"x": getattr(editor, "x", None), "y": getattr(editor, "y", None),
                                          "zoom": getattr(editor, "zoom", None)}}
    data["selection"] = state["selected"][:MAX_SELECTION]
    data["selection_complete"] = len(state["selected"]) <= MAX_SELECTION
    data["current"] = state["current"]
    data["fingerprint"] = fingerprint(comp)
    return data


INSERT_FIELDS = ("network", "fingerprint", "source_path", "target_path", "target_input", "type", "name")


def insert(ctx):
    body = ctx.body
    check_known_fields(body, INSERT_FIELDS)
    network_path = check_path(get_str(body, "network", required=True), "network")
    expected = get_str(body, "fingerprint", required=True, allow_empty=False)
    source_path = check_path(get_str(body, "source_path", required=True), "source_path")
    target_path = check_path(get_str(body, "target_path", required=True), "target_path")
    target_input = get_int(body, "target_input", default=0, minimum=0, maximum=9999)
    op_type = get_str(body, "type", required=True)
    name = get_str(body, "name")
    if name is not None:
        check_name(name)
    comp = find_op(network_path)
    if comp is None:
        raise BridgeError("editor_network_deleted", "the network %s is gone (deleted or renamed since the context was "
                          "read); read the context again" % network_path, field="network")
    if not comp.isCOMP:
        raise BridgeError("not_a_comp", "%s is not a COMP" % comp.path, field="network")
    current = fingerprint(comp)
    if current != expected:
        raise BridgeError("stale_fingerprint", "%s or its selection changed since the context was read; read it again"
                          % comp.path, field="fingerprint", fingerprint=current)
    source, target = require_op(source_path, "source_path"), require_op(target_path, "target_path")
    wire = [w for w in input_wires(target) if w["source"] == source.path and w["target_input"] == target_input]
    if not wire or target.parent().path != comp.path:
        raise BridgeError("invalid_connection", "there is no wire %s -> %s[%d] in %s"
                          % (source.path, target.path, target_input, comp.path), field="target_path")
    family = str(target.family)
    if op_type not in INSERTABLE.get(family, ()):
        raise BridgeError("invalid_field", "%s cannot be inserted on a %s wire; allowed: %s"
                          % (op_type, family, ", ".join(INSERTABLE.get(family, ())) or "none"), field="type")
    if name is not None and child_named(comp, name) is not None:
        raise BridgeError("name_conflict", "%s already has a child named %r" % (comp.path, name), field="name")
    env = operations.Env(webserver=ctx.webserver)
    x = int(round((source.nodeX + target.nodeX) / 2.0))
    y = int(round((source.nodeY + target.nodeY) / 2.0))
    source_output = wire[0]["source_output"]

    def work(journal):
        create = {"action": "create", "parent_path": comp.path, "type": op_type, "node_x": x, "node_y": y}
        if name is not None:
            create["name"] = name
        made = operations.apply(create, journal, env)
        for spec in ({"action": "connect", "source_path": source.path, "target_path": made["path"],
                      "source_output": source_output, "target_input": 0},
                     {"action": "connect", "source_path": made["path"], "target_path": target.path,
                      "source_output": 0, "target_input": target_input}):
            operations.validate(spec)
            operations.apply(spec, journal, env)
        node = require_op(made["path"])
        feeds = [w for w in input_wires(require_op(target.path)) if w["target_input"] == target_input]
        if [w["source"] for w in feeds] != [node.path] or [w["source"] for w in input_wires(node)] != [source.path]:
            raise BridgeError("operation_failed", "the wires around %s did not read back as asked" % node.path)
        return dict(node_summary(node), x=node.nodeX, y=node.nodeY, wires=input_wires(node) + feeds,
                    fingerprint=fingerprint(comp))

    return run_atomically(Journal(), work)


def register(router):
    router.add("GET", "/api/editor/context", context)
    router.add("POST", "/api/editor/insert", insert, mutating=True, undo_label="svc: insert operator")
