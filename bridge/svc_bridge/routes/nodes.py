"""Nodes: create, list, detail, update, delete, errors, save, duplicate."""

import os

from .. import config
from ..body import get_bool, get_number, get_str, query_bool, query_int
from ..errors import BridgeError
from ..exec_guard import check_copy
from ..journal import Journal, run_atomically
from ..live import check_name, check_path, child_named, find_op, require_comp, require_op
from ..operations.nodes import CREATE_FIELDS
from ..owned import check_new_paths, check_writable, holds_owned, is_owned, subtree_paths
from ..save_path import check_save_path
from ..serialize import node_detail, node_meta, node_summary, text_lines
from .common import body_spec, run_operation


def create_node(ctx):
    return run_operation(body_spec(ctx, "create", CREATE_FIELDS), ctx)


def list_children(ctx):
    parent_path = ctx.query.get("parent") or "/"
    parent = require_comp(parent_path, "parent")
    detailed = query_bool(ctx.query, "detail", False)
    limit = query_int(ctx.query, "limit", config.LIST_DEFAULT_LIMIT, 1, config.LIST_MAX_LIMIT)
    children = sorted(parent.children, key=lambda c: c.name)
    return {
        "parent": parent.path,
        "children": [node_meta(c) if detailed else node_summary(c) for c in children[:limit]],
        "total": len(children),
        "complete": len(children) <= limit,
    }


def get_node(ctx):
    return node_detail(require_op(ctx.params["path"]))


def update_node(ctx):
    return run_operation(body_spec(ctx, "update", ("parameters",), {"path": ctx.params["path"]}), ctx)


def delete_node(ctx):
    spec = body_spec(ctx, "delete", ("mode", "confirmation_policy", "interaction_id"), {"path": ctx.params["path"]})
    # DELETE bodies are unusual; the same choices may come in the query string.
    for key in ("mode", "confirmation_policy", "interaction_id"):
        if key in ctx.query and key not in spec:
            spec[key] = ctx.query[key]
    return run_operation(spec, ctx)


def node_errors(ctx):
    node = require_op(ctx.params["path"])
    return {
        "path": node.path,
        "errors": text_lines(node.errors()),
        "warnings": text_lines(node.warnings()),
    }


SAVE_EXTENSIONS = {"COMP": (".tox",), "DAT": (".txt", ".dat", ".py", ".json", ".csv", ".tsv", ".glsl", ".xml",
                                               ".html", ".md"),
                   "TOP": (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".exr", ".dds", ".bmp")}


def save_node(ctx):
    node = require_op(ctx.params["path"])
    body = ctx.body
    file_path = get_str(body, "file_path", required=True, allow_empty=False)
    overwrite = get_bool(body, "overwrite", default=False)
    family = str(node.family)
    allowed = SAVE_EXTENSIONS.get(family)
    if allowed is None:
        raise BridgeError("invalid_field", "%s operators cannot be saved to a file; COMP, DAT and TOP can" % family)
    file_path = check_save_path(file_path, allowed, overwrite)
    try:
        node.save(file_path, createFolders=True)
    except Exception as exc:
        raise BridgeError("save_failed", "cannot save %s to %s: %s" % (node.path, file_path, exc))
    if not os.path.isfile(file_path):
        raise BridgeError("save_failed", "saving %s reported success but %s does not exist" % (node.path, file_path))
    return {"path": node.path, "file_path": file_path, "bytes": os.path.getsize(file_path)}


def duplicate(ctx):
    body = ctx.body
    for key in body:
        if key not in ("source_path", "parent_path", "name", "node_x", "node_y"):
            raise BridgeError("invalid_field", "unknown field '%s'" % key, field=key)
    source = require_op(check_path(get_str(body, "source_path", required=True), "source_path"), "source_path")
    parent_path = get_str(body, "parent_path")
    parent = require_comp(parent_path, "parent_path") if parent_path is not None else source.parent()
    name = get_str(body, "name")
    if name is not None:
        check_name(name)
        if child_named(parent, name) is not None:
            raise BridgeError("name_conflict", "%s already has a child named %r" % (parent.path, name), field="name")
    x = get_number(body, "node_x", bound=config.MAX_COORDINATE)
    y = get_number(body, "node_y", bound=config.MAX_COORDINATE)
    if parent.path == source.path or parent.path.startswith(source.path.rstrip("/") + "/"):
        raise BridgeError("invalid_field", "a node cannot be copied into itself", field="parent_path")
    check_writable(parent.path, ctx.webserver, "parent_path")
    if holds_owned(source.path, ctx.webserver) or is_owned(source.path, ctx.webserver):
        # a copy of the bridge's server and callbacks would be a second door into TouchDesigner
        raise BridgeError("bridge_read_only", "%s is or holds the bridge's own operators; no request may copy them"
                          % source.path, path=source.path, field="source_path")
    check_new_paths(subtree_paths(source, parent.path.rstrip("/") + "/" + (name or source.name)), ctx.webserver)
    check_copy(source)

    def work(journal):
        try:
            copy = parent.copy(source, name=name) if name is not None else parent.copy(source)
        except Exception as exc:
            raise BridgeError("operation_failed", "cannot copy %s into %s: %s" % (source.path, parent.path, exc))
        path = copy.path
        journal.record("destroy copy %s" % path, lambda: _destroy(path))
        copy.nodeX = int(round(x)) if x is not None else source.nodeX + 200
        copy.nodeY = int(round(y)) if y is not None else source.nodeY
        return node_summary(copy)

    return run_atomically(Journal(), work)


def _destroy(path):
    node = find_op(path)
    if node is not None:
        node.destroy()


def register(router):
    router.add("POST", "/api/nodes", create_node, mutating=True, undo_label="svc: create node")
    router.add("GET", "/api/nodes", list_children)
    router.add("GET", "/api/nodes/{path:path}", get_node)
    router.add("PATCH", "/api/nodes/{path:path}", update_node, mutating=True, undo_label="svc: update node")
    router.add("DELETE", "/api/nodes/{path:path}", delete_node, mutating=True, undo_label="svc: delete node")
    router.add("GET", "/api/nodes/{path:path}/errors", node_errors)
    router.add("POST", "/api/nodes/{path:path}/save", save_node)
    router.add("POST", "/api/duplicate", duplicate, mutating=True, undo_label="svc: duplicate")
