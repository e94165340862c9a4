"""Full snapshot of an operator subtree, and its re-creation: how a batch undoes a delete.

Recorded per node: type, name, position, size, flags, comment, colour, tags, storage, DAT
text, custom pages, every parameter that is not a plain default, and the children of a COMP.
Wires are recorded as the complete input lists of every node inside the subtree and of every
node outside it that the subtree feeds, and rebuilt once all nodes exist again.

What cannot come back: the operator ids (new nodes get new ids), exports driven by a CHOP,
locked content of non-DAT operators, and anything a node's own scripts did when created.
"""

import td

from . import config, custom_pars, sequences
from .errors import BridgeError
from .journal import Journal
from .live import require_op
from .params_write import par_snapshot_plain, restore_par
from .serialize import FLAG_NAMES, mode_name
from .wires import inputs_snapshot, restore_inputs


def count_nodes(node, limit):
    """Nodes in the subtree (node included), counting stops just above limit."""
    total = 1
    stack = [node]
    while stack and total <= limit:
        current = stack.pop()
        if current.isCOMP:
            kids = current.children
            total += len(kids)
            stack.extend(k for k in kids if k.isCOMP)
    return total


def _node_record(node):
    record = {
        "type": node.OPType,
        "name": node.name,
        "x": node.nodeX, "y": node.nodeY,
        "width": node.nodeWidth, "height": node.nodeHeight,
        "comment": node.comment,
        "color": tuple(node.color),
        "tags": list(node.tags),
        "storage": dict(node.storage),
        "flags": {},
        "pars": [],
        "blocks": sequences.block_counts(node),
        "custom": custom_pars.snapshot(node) if node.isCOMP else [],
        "inputs": inputs_snapshot(node),
        "children": [],
    }
    for name in FLAG_NAMES:
        try:
            value = getattr(node, name)
        except Exception:
            continue
        if isinstance(value, bool):
            record["flags"][name] = value
    for par in node.pars():
        if par.isPulse or par.isMomentary or sequences.header_sequence(par) is not None:
            continue
        if par.isCustom or not par.isDefault or mode_name(par.mode) != "constant":
            record["pars"].append(par_snapshot_plain(par))
    if node.isDAT:
        record["text"] = node.text
    return record


def snapshot_subtree(node):
    """Snapshot of node and its descendants, plus the input lists of outside nodes it feeds."""
    if count_nodes(node, config.MAX_ROLLBACK_NODES) > config.MAX_ROLLBACK_NODES:
        raise BridgeError("rollback_limit", "%s has more than %d nodes; a request cannot delete it and still be "
                          "able to restore it" % (node.path, config.MAX_ROLLBACK_NODES), path=node.path)
    inside = set()
    outside_targets = {}

    def walk(current):
        inside.add(current.path)
        record = _node_record(current)
        if current.isCOMP:
            record["children"] = [walk(child) for child in current.children]
        return record

    tree = walk(node)

    def collect_targets(current):
        for connector in current.outputConnectors:
            for other in connector.connections:
                target = other.owner
                if target.path not in inside and target.path not in outside_targets:
                    outside_targets[target.path] = inputs_snapshot(target)
        if current.isCOMP:
            for child in current.children:
                collect_targets(child)

    collect_targets(node)
    parent = node.parent()
    return {"parent": parent.path, "tree": tree, "outside_inputs": outside_targets}


def _empty(node):
    """Empties a COMP just re-made from a snapshot: the snapshot says what it held, default contents
    included (an Animation COMP's keyframe network is in the snapshot as it was)."""
    for child in list(node.children):
        child.destroy()


def _create(parent, record, created):
    cls = getattr(td, record["type"])
    node = parent.create(cls, record["name"])
    created.append(node.path)
    if node.isCOMP:
        # A COMP may come with default contents; the snapshot says what it held.
        _empty(node)
        for child in record["children"]:
            _create(node, child, created)
    return node


def _restore_fields(record, path):
    node = require_op(path)
    throwaway = Journal()
    if record["custom"]:
        custom_pars.recreate(node, record["custom"], throwaway)
    for name, count in record.get("blocks", {}).items():
        getattr(node.seq, name).numBlocks = count
    for state in record["pars"]:
        restore_par(state)
    node.nodeX, node.nodeY = record["x"], record["y"]
    node.nodeWidth, node.nodeHeight = record["width"], record["height"]
    node.comment = record["comment"]
    node.color = record["color"]
    node.tags = set(record["tags"])
    for key, value in record["storage"].items():
        node.store(key, value)
    if "text" in record and node.text != record["text"]:
        node.text = record["text"]
    for name, value in record["flags"].items():
        if getattr(node, name) != value:
            setattr(node, name, value)
    for child in record["children"]:
        _restore_fields(child, path.rstrip("/") + "/" + child["name"])


def _restore_wires(record, path):
    restore_inputs(path, record["inputs"])
    for child in record["children"]:
        _restore_wires(child, path.rstrip("/") + "/" + child["name"])


def restore_subtree(snap):
    """Re-creates a deleted subtree from snapshot_subtree()."""
    parent = require_op(snap["parent"])
    tree = snap["tree"]
    created = []
    _create(parent, tree, created)
    path = parent.path.rstrip("/") + "/" + tree["name"]
    _restore_fields(tree, path)
    _restore_wires(tree, path)
    for target_path, wires in snap["outside_inputs"].items():
        restore_inputs(target_path, wires)
    return path


def destroy_with_rollback(node, journal):
    """Destroys node after recording how to bring it back."""
    snap = snapshot_subtree(node)
    path = node.path
    node.destroy()
    journal.record("re-create %s" % path, lambda: restore_subtree(snap))
    return path
