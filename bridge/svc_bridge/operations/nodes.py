"""create, update, delete, set_flags, set_meta, set_position, store."""

import math

from .. import config
from ..body import get_bool, get_number, get_object, get_str, get_str_list
from ..errors import BridgeError
from ..exec_guard import check_not_running
from ..live import check_name, check_path, child_named, require_comp, require_op, resolve_op_type
from ..owned import check_new_paths, holds_owned, subtree_paths
from ..params_write import set_parameters
from ..serialize import FLAG_NAMES, flags_of, node_summary
from ..default_contents import remove_default_contents
from ..snapshot import destroy_with_rollback

# Nodes no request may delete: the root and TouchDesigner's own system COMPs.
PROTECTED = ("/", "/local", "/sys", "/ui", "/perform")

PLACEMENT_KEYS = ("x", "y", "right_of", "below")
GAP = 200


# -- create ---------------------------------------------------------------------------------------

CREATE_FIELDS = ("parent_path", "type", "name", "parameters", "placement", "node_x", "node_y", "viewer", "tags")


def validate_create(spec, where):
    check_path(get_str(spec, "parent_path", required=True, where=where), "parent_path")
    resolve_op_type(get_str(spec, "type", required=True, where=where))
    name = get_str(spec, "name", where=where)
    if name is not None:
        check_name(name)
    get_object(spec, "parameters", where=where)
    get_number(spec, "node_x", where=where, bound=config.MAX_COORDINATE)
    get_number(spec, "node_y", where=where, bound=config.MAX_COORDINATE)
    get_bool(spec, "viewer", where=where)
    get_str_list(spec, "tags", where=where)
    placement = spec.get("placement")
    if placement is None or placement == "auto":
        return
    if not isinstance(placement, dict) or not placement or any(k not in PLACEMENT_KEYS for k in placement):
        raise BridgeError("invalid_field", "'placement' must be \"auto\" or an object with x and y, right_of or below",
                          field="placement")
    if "right_of" in placement or "below" in placement:
        check_path(placement.get("right_of") or placement.get("below"), "placement")
    else:
        get_number(placement, "x", required=True, where="placement", bound=config.MAX_COORDINATE)
        get_number(placement, "y", required=True, where="placement", bound=config.MAX_COORDINATE)


def _place(node, parent, spec):
    placement = spec.get("placement")
    x, y = spec.get("node_x"), spec.get("node_y")
    if isinstance(placement, dict):
        anchor_path = placement.get("right_of") or placement.get("below")
        if anchor_path:
            anchor = require_op(anchor_path, "placement")
            if "right_of" in placement:
                x, y = (anchor.nodeX + GAP if x is None else x), (anchor.nodeY if y is None else y)
            else:
                x, y = (anchor.nodeX if x is None else x), (anchor.nodeY - GAP if y is None else y)
        else:
            x = placement["x"] if x is None else x
            y = placement["y"] if y is None else y
    elif placement == "auto" and x is None and y is None:
        siblings = [c for c in parent.children if c.path != node.path]
        if siblings:
            rightmost = max(siblings, key=lambda c: c.nodeX)
            x, y = rightmost.nodeX + GAP, rightmost.nodeY
    if x is not None:
        node.nodeX = int(round(x))
    if y is not None:
        node.nodeY = int(round(y))


def apply_create(spec, journal, env):
    parent = require_comp(spec["parent_path"], "parent_path")
    cls = resolve_op_type(spec["type"])
    name = spec.get("name")
    if name is not None and child_named(parent, name) is not None:
        raise BridgeError("name_conflict", "%s already has a child named %r" % (parent.path, name), field="name")
    try:
        node = parent.create(cls, name) if name is not None else parent.create(cls)
    except Exception as exc:
        raise BridgeError("operation_failed", "cannot create %s in %s: %s" % (spec["type"], parent.path, exc))
    path = node.path
    journal.record("destroy created %s" % path, lambda: _destroy_if_present(path))
    check_new_paths([path], env.webserver)  # the name TouchDesigner gave it, when none was asked for
    if node.isCOMP:
        remove_default_contents(node)
    _place(node, parent, spec)
    if spec.get("tags"):
        node.tags = set(spec["tags"])
    if spec.get("viewer") is not None:
        node.viewer = spec["viewer"]
    set_parameters(node, spec.get("parameters") or {}, journal)
    return node_summary(node)


def _destroy_if_present(path):
    from ..live import find_op
    node = find_op(path)
    if node is not None:
        node.destroy()


# -- update ---------------------------------------------------------------------------------------

UPDATE_FIELDS = ("path", "parameters")


def validate_update(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_object(spec, "parameters", required=True, where=where)


def apply_update(spec, journal, env):
    node = require_op(spec["path"])
    written = set_parameters(node, spec["parameters"], journal)
    return {"path": node.path, "updated": written}


# -- delete ---------------------------------------------------------------------------------------

DELETE_FIELDS = ("path", "mode", "confirmation_policy", "interaction_id")


def validate_delete(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    mode = get_str(spec, "mode", where=where)
    if mode not in (None, "bypass", "delete"):
        raise BridgeError("invalid_field", "'mode' must be \"bypass\" or \"delete\"", field="mode")
    policy = get_str(spec, "confirmation_policy", where=where)
    if policy not in (None, "yolo"):
        raise BridgeError("invalid_field", "'confirmation_policy' must be \"yolo\" when given", field="confirmation_policy")
    interaction = get_str(spec, "interaction_id", where=where)
    if interaction is not None and (mode is not None or policy is not None):
        raise BridgeError("invalid_field", "'interaction_id' carries the artist's decision: send it without 'mode' "
                          "or 'confirmation_policy'", field="interaction_id")


def check_deletable(node, env):
    if node.path in PROTECTED:
        raise BridgeError("protected_node", "%s cannot be deleted" % node.path, path=node.path)
    if holds_owned(node.path, env.webserver):
        raise BridgeError("protected_node", "%s is or holds one of the bridge's own operators" % node.path,
                          path=node.path)


def apply_delete(spec, journal, env):
    node = require_op(spec["path"])
    check_deletable(node, env)
    mode = spec.get("mode")
    if spec.get("interaction_id") is not None:
        # The artist's answer through the broker, used once, for this very operator.
        from ..broker import consume
        choice = consume(spec["interaction_id"], "node_delete", node.path)
        if choice == "Keep":
            raise BridgeError("delete_kept", "%s was kept: the artist chose Keep" % node.path, path=node.path,
                              decision="Keep")
        if choice == "Delete":
            return {"path": destroy_with_rollback(node, journal), "action": "delete", "decision": "Delete"}
        mode = "bypass"
    if mode == "bypass":
        before = node.bypass
        path = node.path
        journal.record("restore bypass of %s" % path, lambda: setattr(require_op(path), "bypass", before))
        node.bypass = True
        return {"path": path, "action": "bypass"}
    policy = spec.get("confirmation_policy") or env.confirmation_policy
    if policy != "yolo":
        raise BridgeError("delete_kept", "%s was kept: deleting needs mode \"bypass\" or confirmation_policy \"yolo\""
                          % node.path, path=node.path, decision="Keep")
    path = destroy_with_rollback(node, journal)
    return {"path": path, "action": "delete"}


# -- flags, metadata, position, storage ----------------------------------------------------------

FLAGS_FIELDS = ("path", "flags")


def validate_flags(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    flags = get_object(spec, "flags", required=True, where=where)
    for name, value in flags.items():
        if name not in FLAG_NAMES:
            raise BridgeError("invalid_field", "unknown flag %r; known: %s" % (name, ", ".join(FLAG_NAMES)), field="flags")
        if not isinstance(value, bool):
            raise BridgeError("invalid_field", "flag %r must be true or false" % name, field="flags")


def apply_flags(spec, journal, env):
    node = require_op(spec["path"])
    have = flags_of(node)
    for name in spec["flags"]:
        if name not in have:
            raise BridgeError("invalid_field", "%s (%s) has no %s flag" % (node.path, node.OPType, name), field="flags")
    path = node.path
    for name, value in spec["flags"].items():
        before = have[name]
        journal.record("restore %s flag of %s" % (name, path),
                       lambda name=name, before=before: setattr(require_op(path), name, before))
        setattr(node, name, value)
    return {"path": path, "flags": flags_of(node)}


META_FIELDS = ("path", "comment", "color", "tags")


def _check_color(value):
    if not (isinstance(value, list) and len(value) == 3 and all(
            isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) and 0 <= c <= 1 for c in value)):
        raise BridgeError("invalid_field", "'color' must be [r, g, b] with each from 0 to 1", field="color")


def validate_meta(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "comment", where=where)
    if spec.get("color") is not None:
        _check_color(spec["color"])
    get_str_list(spec, "tags", where=where)
    if all(spec.get(k) is None for k in ("comment", "color", "tags")):
        raise BridgeError("missing_field", "set_meta needs at least one of comment, color, tags", field="comment")


def apply_meta(spec, journal, env):
    node = require_op(spec["path"])
    path = node.path
    if spec.get("comment") is not None:
        before = node.comment
        journal.record("restore comment of %s" % path, lambda: setattr(require_op(path), "comment", before))
        node.comment = spec["comment"]
    if spec.get("color") is not None:
        before_color = tuple(node.color)
        journal.record("restore color of %s" % path, lambda: setattr(require_op(path), "color", before_color))
        node.color = tuple(float(c) for c in spec["color"])
    if spec.get("tags") is not None:
        before_tags = set(node.tags)
        journal.record("restore tags of %s" % path, lambda: setattr(require_op(path), "tags", set(before_tags)))
        node.tags = set(spec["tags"])
    return {"path": path, "comment": node.comment, "color": [float(c) for c in tuple(node.color)[:3]],
            "tags": sorted(node.tags)}


POSITION_FIELDS = ("path", "node_x", "node_y")


def validate_position(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_number(spec, "node_x", required=True, where=where, bound=config.MAX_COORDINATE)
    get_number(spec, "node_y", required=True, where=where, bound=config.MAX_COORDINATE)


def apply_position(spec, journal, env):
    node = require_op(spec["path"])
    path = node.path
    before = (node.nodeX, node.nodeY)

    def restore():
        target = require_op(path)
        target.nodeX, target.nodeY = before

    journal.record("restore position of %s" % path, restore)
    node.nodeX = int(round(spec["node_x"]))
    node.nodeY = int(round(spec["node_y"]))
    return {"path": path, "x": node.nodeX, "y": node.nodeY}


STORE_FIELDS = ("path", "key", "value")
_ABSENT = object()


def validate_store(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "key", required=True, where=where, allow_empty=False)
    if "value" not in spec:
        raise BridgeError("missing_field", "'value' is required (null removes the key)", field="value")


def apply_store(spec, journal, env):
    node = require_op(spec["path"])
    path, key = node.path, spec["key"]
    storage = node.storage
    before = storage[key] if key in storage else _ABSENT

    def restore():
        target = require_op(path)
        if before is _ABSENT:
            if key in target.storage:
                target.unstore(key)
        else:
            target.store(key, before)

    journal.record("restore storage %r of %s" % (key, path), restore)
    if spec["value"] is None:
        if key in storage:
            node.unstore(key)
    else:
        node.store(key, spec["value"])
    return {"path": path, "key": key, "stored": spec["value"] is not None}


# -- rename ---------------------------------------------------------------------------------------

RENAME_FIELDS = ("path", "name")


def validate_rename(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    check_name(get_str(spec, "name", required=True, where=where))


def apply_rename(spec, journal, env):
    node = require_op(spec["path"])
    check_deletable(node, env)  # the protected nodes keep their names as well
    old_name, new_name = node.name, spec["name"]
    if new_name == old_name:
        return {"path": node.path, "name": new_name, "renamed": False}
    parent = node.parent()
    if parent is not None:
        check_new_paths(subtree_paths(node, parent.path.rstrip("/") + "/" + new_name), env.webserver)
    if parent is not None and child_named(parent, new_name) is not None:
        raise BridgeError("name_conflict", "%s already has a child called %r" % (parent.path, new_name),
                          path=parent.path, field="name")
    node.name = new_name
    new_path = node.path
    journal.record("rename %s back to %s" % (new_path, old_name),
                   lambda: setattr(require_op(new_path), "name", old_name))
    check_not_running(node)  # a name a callbacks parameter looks for makes a DAT run
    return {"path": new_path, "name": new_name, "renamed": True}


OPERATIONS = {
    "rename": (RENAME_FIELDS, validate_rename, apply_rename),
    "create": (CREATE_FIELDS, validate_create, apply_create),
    "update": (UPDATE_FIELDS, validate_update, apply_update),
    "delete": (DELETE_FIELDS, validate_delete, apply_delete),
    "set_flags": (FLAGS_FIELDS, validate_flags, apply_flags),
    "set_meta": (META_FIELDS, validate_meta, apply_meta),
    "set_position": (POSITION_FIELDS, validate_position, apply_position),
    "store": (STORE_FIELDS, validate_store, apply_store),
}
