"""Parameters: read (with modes), set a mode, batch read of modes."""

from .. import config
from ..body import get_str_list, query_bool, query_list
from ..budget import Budget
from ..errors import BridgeError
from ..live import require_op
from ..params_write import find_par
from ..serialize import custom_pages, par_detail, par_state, reported
from .common import run_operation


def read_params(ctx):
    node = require_op(ctx.params["path"])
    modes = query_bool(ctx.query, "modes", False)
    non_default_only = query_bool(ctx.query, "non_default_only", False)
    keys = query_list(ctx.query, "keys")
    if keys is not None:
        pars, missing = [], []
        for key in keys:
            par = find_par(node, key)
            (pars.append(par) if par is not None else missing.append(key))
        if missing:
            raise BridgeError("unknown_param", "%s has no parameter%s %s" % (node.path, "s" if len(missing) > 1 else "",
                              ", ".join(repr(m) for m in missing)), path=node.path, param=missing[0])
    else:
        pars = list(node.pars())
    out = []
    for par in pars:
        if non_default_only and not reported(par):
            continue
        out.append(par_detail(par, modes))
    data = {"path": node.path, "type": node.OPType, "params": out}
    if node.isCOMP:
        data["custom_pages"] = custom_pages(node)
    return data


def set_param_mode(ctx):
    spec = {"action": "set_mode", "path": ctx.params["path"], "param": ctx.params["param"]}
    for key, value in ctx.body.items():
        if key not in ("mode", "expr", "value"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: expr, mode, value" % key, field=key)
        spec[key] = value
    return run_operation(spec, ctx)


def param_modes_batch(ctx):
    """{paths: [...], keys?: [...]} -> modes of every non-constant or non-default parameter, or of keys."""
    paths = get_str_list(ctx.body, "paths", required=True)
    keys = get_str_list(ctx.body, "keys")
    for key in ctx.body:
        if key not in ("paths", "keys"):
            raise BridgeError("invalid_field", "unknown field '%s'; allowed: keys, paths" % key, field=key)
    if len(paths) > config.MAX_SCAN_NODES:
        raise BridgeError("invalid_field", "at most %d paths per call" % config.MAX_SCAN_NODES, field="paths")
    budget = Budget()
    nodes = []
    missing = []
    complete = True
    for path in paths:
        if budget.spent():
            complete = False
            break
        node = _maybe_op(path)
        if node is None:
            missing.append(path)
            continue
        if keys is not None:
            pars = [p for p in (find_par(node, k) for k in keys) if p is not None]
        else:
            pars = [p for p in node.pars() if reported(p)]
        nodes.append({"path": node.path, "params": [par_state(p, True) for p in pars]})
    return {"nodes": nodes, "missing": missing, "complete": complete, "elapsed_ms": budget.elapsed_ms()}


def _maybe_op(path):
    from ..live import find_op
    return find_op(path, "paths")


def register(router):
    router.add("GET", "/api/nodes/{path:path}/params", read_params)
    router.add("PATCH", "/api/nodes/{path:path}/params/{param}/mode", set_param_mode, mutating=True,
               undo_label="svc: set parameter mode")
    router.add("POST", "/api/param_modes/batch", param_modes_batch)
