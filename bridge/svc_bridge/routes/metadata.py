"""PATCH /api/nodes/{path}/metadata: rename, move, position, colour, comment, tags and flags of one
operator in one atomic request, each field read back after the change.

The fields run through the same batch operations as /api/batch (set_position, set_meta, set_flags,
rename), so they validate and roll back the same way. A move has no TouchDesigner method of its own
(the OP Class has none): like the editor's cut and paste, it copies the operator into the new parent
and destroys the original, so wires to operators outside it are dropped (they are listed in
`wires_dropped`) and the operator gets a new id. The rollback re-creates the original with its wires.
"""

import math

from .. import config, operations
from ..body import check_known_fields, get_number, get_str
from ..errors import BridgeError
from ..exec_guard import check_not_running
from ..journal import Journal, run_atomically
from ..live import check_path, child_named, require_comp, require_op
from ..operations.nodes import check_deletable
from ..owned import check_new_paths, check_writable, subtree_paths
from ..serialize import color_of, flags_of, input_wires, output_wires
from ..snapshot import destroy_with_rollback

FIELDS = ("name", "parent_path", "node_x", "node_y", "color", "comment", "tags", "flags")


def _specs(path, body):
    """The batch operations the body asks for, validated before anything changes."""
    check_known_fields(body, FIELDS)
    if not any(body.get(key) is not None for key in FIELDS):
        raise BridgeError("missing_field", "give at least one of: %s" % ", ".join(FIELDS), field="name")
    specs = []
    if body.get("node_x") is not None or body.get("node_y") is not None:
        specs.append({"action": "set_position", "path": path, "node_x": body.get("node_x"), "node_y": body.get("node_y")})
    meta = {k: body[k] for k in ("comment", "color", "tags") if body.get(k) is not None}
    if meta:
        specs.append(dict(meta, action="set_meta", path=path))
    if body.get("flags") is not None:
        specs.append({"action": "set_flags", "path": path, "flags": body["flags"]})
    if body.get("name") is not None:
        specs.append({"action": "rename", "path": path, "name": body["name"]})
    for key in ("node_x", "node_y"):
        get_number(body, key, bound=config.MAX_COORDINATE)
    for spec in specs:
        if spec["action"] != "set_position":  # its coordinates are checked above; one may be missing
            operations.validate(spec)
    parent_path = get_str(body, "parent_path", allow_empty=False)
    if parent_path is not None:
        check_path(parent_path, "parent_path")
    return specs, parent_path


def _state(node):
    return {"path": node.path, "name": node.name, "parent_path": node.parent().path if node.parent() else None,
            "node_x": node.nodeX, "node_y": node.nodeY, "color": color_of(node), "comment": node.comment,
            "tags": sorted(str(t) for t in node.tags), "flags": flags_of(node)}


def _move(node, parent_path, env, journal):
    """Copies node into parent_path and destroys the original; returns (new node, wires dropped)."""
    parent = require_comp(parent_path, "parent_path")
    old_parent = node.parent()
    if old_parent is not None and parent.path == old_parent.path:
        return node, []
    if parent.path == node.path or parent.path.startswith(node.path.rstrip("/") + "/"):
        raise BridgeError("invalid_field", "%s cannot be moved into itself" % node.path, field="parent_path")
    check_writable(parent.path, env.webserver, "parent_path")
    check_deletable(node, env)
    check_new_paths(subtree_paths(node, parent.path.rstrip("/") + "/" + node.name), env.webserver)
    if child_named(parent, node.name) is not None:
        raise BridgeError("name_conflict", "%s already has a child named %r" % (parent.path, node.name),
                          path=parent.path, field="parent_path")
    dropped = input_wires(node) + output_wires(node)
    x, y = node.nodeX, node.nodeY
    try:
        copy = parent.copy(node, name=node.name)
    except Exception as exc:
        raise BridgeError("operation_failed", "cannot move %s into %s: %s" % (node.path, parent.path, exc))
    copy_path = copy.path
    journal.record("remove moved copy %s" % copy_path, lambda: _destroy(copy_path))
    copy.nodeX, copy.nodeY = x, y
    destroy_with_rollback(node, journal)
    check_not_running(require_op(copy_path))
    return require_op(copy_path), dropped


def _destroy(path):
    from ..live import find_op
    node = find_op(path)
    if node is not None:
        node.destroy()


def _read_back(node, body, parent_path):
    """Every field asked for must read back as asked; otherwise the request fails and rolls back."""
    state = _state(node)
    wrong = []
    for key in ("name", "node_x", "node_y", "comment"):
        if body.get(key) is not None and state[key] != (int(round(body[key])) if key.startswith("node_") else body[key]):
            wrong.append(key)
    if body.get("color") is not None and not all(
            math.isclose(a, b, abs_tol=1e-5) for a, b in zip(state["color"] or [], body["color"])):
        wrong.append("color")
    if body.get("tags") is not None and state["tags"] != sorted(set(body["tags"])):
        wrong.append("tags")
    for flag, value in (body.get("flags") or {}).items():
        if state["flags"].get(flag) != value:
            wrong.append("flags.%s" % flag)
    if parent_path is not None and state["parent_path"] != parent_path:
        wrong.append("parent_path")
    if wrong:
        raise BridgeError("operation_failed", "%s did not keep %s as asked" % (node.path, ", ".join(wrong)),
                          path=node.path, fields=wrong)
    return state


def patch_metadata(ctx):
    path = ctx.params["path"]
    specs, parent_path = _specs(path, ctx.body)
    env = operations.Env(webserver=ctx.webserver)

    def work(journal):
        node = require_op(path)
        before = _state(node)
        for spec in specs:
            spec["path"] = node.path
            if spec["action"] == "set_position":
                spec["node_x"] = node.nodeX if spec["node_x"] is None else spec["node_x"]
                spec["node_y"] = node.nodeY if spec["node_y"] is None else spec["node_y"]
            result = operations.apply(spec, journal, env)
            node = require_op(result["path"]) if spec["action"] == "rename" else node
        dropped = []
        if parent_path is not None:
            check_writable(node.path, env.webserver)
            node, dropped = _move(node, parent_path, env, journal)
        after = _read_back(node, ctx.body, parent_path)
        changed = {key: {"before": before[key], "after": after[key]}
                   for key in ("path",) + FIELDS if before.get(key) != after.get(key)}
        return {"path": node.path, "previous_path": path, "changed": changed, "state": after,
                "wires_dropped": dropped}

    return run_atomically(Journal(), work)


def register(router):
    router.add("PATCH", "/api/nodes/{path:path}/metadata", patch_metadata, mutating=True,
               undo_label="svc: edit node metadata")
