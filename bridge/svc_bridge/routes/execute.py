"""POST /api/exec and POST /api/nodes/{path}/method: arbitrary Python, closed by default.

Both are exec-gated (SVC_BRIDGE_ALLOW_EXEC=1 opens them; the token never does). They run in
one undo block like any mutation. A script's own exception is reported as `exec_error` with
its last traceback lines.
"""

import contextlib
import io
import re
import traceback

import td

from ..body import get_bool, get_list, get_object, get_str
from ..errors import BridgeError
from ..live import require_op
from ..serialize import value_json

METHOD_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
MAX_OUTPUT = 64 * 1024


def _failure(exc):
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return BridgeError("exec_error", "%s: %s" % (type(exc).__name__, exc), traceback="".join(lines[-4:])[-4000:])


def run_exec(ctx):
    for key in ctx.body:
        if key not in ("script", "return_output"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: return_output, script" % key, field=key)
    script = get_str(ctx.body, "script", required=True)
    return_output = get_bool(ctx.body, "return_output", default=True)
    try:
        code = compile(script, "<svc exec>", "exec")
    except SyntaxError as exc:
        raise BridgeError("exec_error", "SyntaxError: %s (line %s)" % (exc.msg, exc.lineno))
    namespace = {"td": td, "op": td.op, "root": td.root, "result": None}
    buffer = io.StringIO()
    try:
        if return_output:
            with contextlib.redirect_stdout(buffer):
                exec(code, namespace)
        else:
            exec(code, namespace)
    except Exception as exc:
        raise _failure(exc)
    output = buffer.getvalue()
    return {"result": value_json(namespace.get("result")), "output": output[-MAX_OUTPUT:] if return_output else None,
            "output_truncated": len(output) > MAX_OUTPUT}


def call_method(ctx):
    for key in ctx.body:
        if key not in ("method", "args", "kwargs"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: args, kwargs, method" % key, field=key)
    node = require_op(ctx.params["path"])
    name = get_str(ctx.body, "method", required=True)
    args = get_list(ctx.body, "args", default=[])
    kwargs = get_object(ctx.body, "kwargs", default={})
    if not METHOD_RE.match(name):
        raise BridgeError("unknown_method", "method names are public identifiers, not %r" % name[:100], field="method")
    target = getattr(node, name, None)
    if target is None or not callable(target):
        raise BridgeError("unknown_method", "%s (%s) has no method %r" % (node.path, node.OPType, name), field="method")
    try:
        result = target(*args, **kwargs)
    except Exception as exc:
        raise _failure(exc)
    return {"path": node.path, "method": name, "result": value_json(result)}


def register(router):
    router.add("POST", "/api/exec", run_exec, mutating=True, exec_gated=True, undo_label="svc: exec")
    router.add("POST", "/api/nodes/{path:path}/method", call_method, mutating=True, exec_gated=True,
               undo_label="svc: node method")
