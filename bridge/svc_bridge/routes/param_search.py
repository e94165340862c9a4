"""POST /api/params/search: parameters of one operator, or of every operator below a COMP, by name,
value, expression, mode and non-default state.

The filters travel in the body (a value or an expression may be long, and has no business in a URL
or an access log). The search is point-in-time: it runs in one request between two frames, and the
reply names that frame. It is bounded by depth, operators, parameters scanned, results and time,
and says which bound stopped it. Operators are visited in path order (depth first, children by
name; `/` sorts before every name character) and each operator's matches by parameter name, so a
search cut short still gives the first matches in order.

Credentials (sensitive.py) are never shown, and value or expression filters never look at them; a
parameter that cannot be read is skipped and counted, without the exception's text.
"""

import td

from .. import config
from ..body import check_known_fields, get_bool, get_int, get_str
from ..budget import Budget
from ..errors import BridgeError
from ..live import check_path, require_comp, require_op
from ..sensitive import is_sensitive, redact
from ..serialize import par_state
from ..text_match import matcher, value_text
from ..walk import PagedWalk

FIELDS = ("path", "root", "node_type", "name", "value", "expression", "mode", "non_default", "limit", "max_depth",
          "max_nodes", "max_params", "time_budget_ms")
MODES = ("constant", "expression", "bind", "export")
DEFAULT_MAX_PARAMS = 200000
MAX_PARAMS = 2000000


def _filters(body):
    mode = get_str(body, "mode")
    if mode is not None and mode not in MODES:
        raise BridgeError("invalid_field", "'mode' must be one of %s, not %r" % (", ".join(MODES), mode), field="mode")
    for key in ("node_type", "name", "value", "expression"):
        text = get_str(body, key)
        if text is not None and not 1 <= len(text) <= 1000:
            raise BridgeError("invalid_field", "'%s' must be 1 to 1000 characters" % key, field=key)
    return {"node_type": matcher(body.get("node_type")), "name": matcher(body.get("name")),
            "value": matcher(body.get("value")), "expression": matcher(body.get("expression")), "mode": mode,
            "non_default": get_bool(body, "non_default")}


def _driving(state):
    if state.get("mode") == "expression":
        return state.get("expr") or ""
    if state.get("mode") == "bind":
        return state.get("bindExpr") or ""
    return None


def _match(f, par, state, sensitive, counters):
    if f["name"] and not f["name"](state["name"]):
        return False
    if f["mode"] is not None and state.get("mode", "constant") != f["mode"]:
        return False
    if f["non_default"] is not None:
        at_default = state["isDefault"] and state.get("mode", "constant") == "constant"
        if at_default == f["non_default"]:
            return False
    if f["value"] or f["expression"]:
        if sensitive:
            counters["sensitive_skipped"] += 1
            return False
        if f["value"] and not f["value"](value_text(state["value"])):
            return False
        if f["expression"]:
            expr = _driving(state)
            if expr is None or not f["expression"](expr):
                return False
    return True


def _shown(node, state, sensitive, counters):
    out = {"path": node.path, "type": node.OPType, "name": state["name"], "style": state["style"],
           "mode": state.get("mode", "constant"), "isDefault": state["isDefault"], "redacted": sensitive}
    if sensitive:
        out.update({"value": None, "expr": "", "bindExpr": ""})
        return out
    value = state["value"]
    masked = 0
    if isinstance(value, str):
        value, masked = redact(value)
    expr, n_expr = redact(state.get("expr") or "")
    bind, n_bind = redact(state.get("bindExpr") or "")
    masked += n_expr + n_bind
    if masked:
        counters["masked"] += 1
    out.update({"value": value, "expr": expr, "bindExpr": bind, "redacted": masked > 0})
    return out


def search_params(ctx):
    body = ctx.body
    check_known_fields(body, FIELDS)
    path, root_path = get_str(body, "path"), get_str(body, "root")
    if (path is None) == (root_path is None):
        raise BridgeError("missing_field" if path is None else "invalid_field",
                          "give either 'path' (one operator) or 'root' (a COMP to search below)", field="path")
    check_path(path or root_path, "path" if path else "root")
    f = _filters(body)
    limit = get_int(body, "limit", default=config.SEARCH_DEFAULT_LIMIT, minimum=1, maximum=config.SEARCH_MAX_LIMIT)
    max_depth = get_int(body, "max_depth", default=config.SEARCH_DEFAULT_DEPTH, minimum=1,
                        maximum=config.SEARCH_MAX_DEPTH)
    max_nodes = get_int(body, "max_nodes", default=config.SEARCH_DEFAULT_SCAN, minimum=1, maximum=config.SEARCH_MAX_SCAN)
    max_params = get_int(body, "max_params", default=DEFAULT_MAX_PARAMS, minimum=1, maximum=MAX_PARAMS)
    budget_ms = get_int(body, "time_budget_ms", default=int(config.DEFAULT_TIME_BUDGET_S * 1000), minimum=1,
                        maximum=int(config.MAX_TIME_BUDGET_S * 1000))
    budget = Budget(budget_ms / 1000.0)

    if path is not None:
        nodes, walk = [require_op(path)], None
    else:
        walk = PagedWalk(require_comp(root_path, "root"), budget, max_depth, max_nodes)
        nodes = (node for node, _ in walk)

    matches = []
    counters = {"nodes_scanned": 0, "params_scanned": 0, "unreadable": 0, "sensitive_skipped": 0, "masked": 0}
    stopped = None
    for node in nodes:
        if f["node_type"] and not f["node_type"](node.OPType):
            continue
        counters["nodes_scanned"] += 1
        found = []
        for par in node.pars():
            if counters["params_scanned"] >= max_params:
                stopped = "max_params"
                break
            counters["params_scanned"] += 1
            try:
                state = par_state(par, True)
                sensitive = is_sensitive(par)
            except Exception:  # a parameter the environment cannot read now: counted, never explained
                counters["unreadable"] += 1
                continue
            if _match(f, par, state, sensitive, counters):
                found.append(_shown(node, state, sensitive, counters))
        matches.extend(sorted(found, key=lambda m: m["name"]))
        if len(matches) > limit:
            stopped = "limit"
        if stopped is not None:
            break
    if stopped is None and walk is not None:
        # The walk stops itself on max_nodes and on time (after at least one operator).
        stopped = walk.stopped_by or ("max_depth" if walk.deeper else None)
    matches = matches[:limit]
    data = {"matches": matches, "count": len(matches), "complete": stopped is None, "stopped_by": stopped,
            "frame": td.absTime.frame, "elapsed_ms": budget.elapsed_ms()}
    data.update(counters)
    return data


def register(router):
    router.add("POST", "/api/params/search", search_params)
