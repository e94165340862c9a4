"""connect and disconnect."""

from ..body import get_int, get_str
from ..exec_guard import check_wire
from ..live import check_path, require_op
from ..wires import connect, disconnect

CONNECT_FIELDS = ("source_path", "target_path", "source_output", "target_input")


def validate_connect(spec, where):
    check_path(get_str(spec, "source_path", required=True, where=where), "source_path")
    check_path(get_str(spec, "target_path", required=True, where=where), "target_path")
    get_int(spec, "source_output", where=where, minimum=0, maximum=9999)
    get_int(spec, "target_input", where=where, minimum=0, maximum=9999)


def apply_connect(spec, journal, env):
    source = require_op(spec["source_path"], "source_path")
    target = require_op(spec["target_path"], "target_path")
    check_wire(target, int(spec.get("target_input") or 0))
    return connect(source, target, int(spec.get("source_output") or 0), int(spec.get("target_input") or 0), journal)


DISCONNECT_FIELDS = ("to_path", "from_path", "to_input")


def validate_disconnect(spec, where):
    check_path(get_str(spec, "to_path", required=True, where=where), "to_path")
    from_path = get_str(spec, "from_path", where=where)
    if from_path is not None:
        check_path(from_path, "from_path")
    get_int(spec, "to_input", where=where, minimum=0, maximum=9999)


def apply_disconnect(spec, journal, env):
    target = require_op(spec["to_path"], "to_path")
    source = require_op(spec["from_path"], "from_path") if spec.get("from_path") is not None else None
    to_input = spec.get("to_input")
    removed = disconnect(target, journal, source=source, target_input=None if to_input is None else int(to_input))
    return {"removed": removed}


OPERATIONS = {
    "connect": (CONNECT_FIELDS, validate_connect, apply_connect),
    "disconnect": (DISCONNECT_FIELDS, validate_disconnect, apply_disconnect),
}
