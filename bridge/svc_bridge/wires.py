"""Making and removing wires, and putting a node's inputs back exactly as they were.

Multi-input operators close gaps when an input goes away, so restoring one wire at its old
index is not enough: the whole input list of the target is recorded and rebuilt in order.
"""

from .errors import BridgeError
from .live import require_op


def inputs_snapshot(node):
    """[(input index, source path, source output)] in input order."""
    wires = []
    for connector in node.inputConnectors:
        for other in connector.connections:
            wires.append((connector.index, other.owner.path, other.index))
    return wires


def restore_inputs(path, wires):
    """Rebuilds node's inputs exactly: same sources, same indices, same empty slots between them.

    A free slot only exists after the last connected input, so an empty slot in the middle is
    made by wiring a placeholder there and removing it once the later inputs are in place.
    """
    node = require_op(path)
    for connector in sorted(node.inputConnectors, key=lambda c: -c.index):
        if connector.connections:
            connector.disconnect()
    wanted = {index: (source_path, source_output) for index, source_path, source_output in wires}
    if not wanted:
        return
    placeholders = []
    for index in range(max(wanted) + 1):
        if index in wanted:
            source_path, source_output = wanted[index]
        else:
            source_path, source_output = wanted[min(i for i in wanted if i > index)]
            placeholders.append(index)
        require_op(source_path).outputConnectors[source_output].connect(node.inputConnectors[index])
    for index in reversed(placeholders):
        node.inputConnectors[index].disconnect()


def record_inputs(node, journal):
    path = node.path
    wires = inputs_snapshot(node)
    journal.record("restore inputs of %s" % path, lambda: restore_inputs(path, wires))


def connect(source, target, source_output, target_input, journal):
    outs = source.outputConnectors
    ins = target.inputConnectors
    if source_output >= len(outs):
        raise BridgeError("invalid_connection", "%s has %d output(s); output %d does not exist"
                          % (source.path, len(outs), source_output), field="source_output")
    if target_input >= len(ins):
        raise BridgeError("invalid_connection", "%s has %d input(s); input %d does not exist"
                          % (target.path, len(ins), target_input), field="target_input")
    if source.path == target.path:
        raise BridgeError("invalid_connection", "a node cannot be wired to itself")
    record_inputs(target, journal)
    try:
        outs[source_output].connect(ins[target_input])
    except Exception as exc:
        raise BridgeError("invalid_connection", "cannot wire %s[%d] to %s[%d]: %s"
                          % (source.path, source_output, target.path, target_input, exc))
    return {"source": source.path, "source_output": source_output,
            "target": target.path, "target_input": target_input}


def disconnect(target, journal, source=None, target_input=None):
    """Removes the wire at target_input, the wires from source, or every input of target."""
    ins = target.inputConnectors
    if target_input is not None and target_input >= len(ins):
        raise BridgeError("invalid_connection", "%s has %d input(s); input %d does not exist"
                          % (target.path, len(ins), target_input), field="to_input")
    chosen = []
    for connector in ins:
        if target_input is not None and connector.index != target_input:
            continue
        for other in connector.connections:
            if source is None or other.owner.path == source.path:
                chosen.append((connector, other))
    if not chosen:
        what = "from %s" % source.path if source is not None else "at all"
        where = " at input %d" % target_input if target_input is not None else ""
        raise BridgeError("invalid_connection", "%s has no input wire%s %s" % (target.path, where, what))
    record_inputs(target, journal)
    removed = [{"source": other.owner.path, "source_output": other.index,
                "target": target.path, "target_input": connector.index} for connector, other in chosen]
    # Disconnect from the highest index down so the indices of the rest stay valid.
    for connector, _ in sorted(chosen, key=lambda pair: -pair[0].index):
        connector.disconnect()
    return removed
