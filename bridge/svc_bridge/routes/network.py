"""GET /api/network/{path}/errors, /topology and /performance.

Topology of a COMP: every descendant down to `depth` (default 1: the children) with type,
family, flags, tags, comment, colour, position, and the wires between them; with
`params=true` each node's non-default parameters with modes, `text=true` DAT text, and
`custom=true` custom pages. All walks are bounded (max_nodes, time budget) and say whether
they are complete.

`paged=true` reads a network of any size in pages: each page is bounded the same way, lists the
input wires of its own nodes (sources may sit on other pages), and gives `next_after`, the query
`after` of the next page (null on the last one, where `complete` is true).

The errors route pages the same way (`paged=true`, `after`): the COMP's own errors come on the first
page, each page the errors of its own nodes, so a caller reads a network of any size to the end.
SVC_BRIDGE_MAX_SCAN_NODES lowers the nodes one scan lists (config.scan_nodes_cap).
"""

from .. import config
from ..body import query_bool, query_int
from ..budget import from_query
from ..live import require_comp, require_op
from ..serialize import custom_pages, input_wires, node_meta, reported, par_state, text_lines
from ..walk import PagedWalk, Walk


def _max_nodes(ctx):
    cap = config.scan_nodes_cap()
    return min(query_int(ctx.query, "max_nodes", cap, 1, config.MAX_SCAN_NODES), cap)


def _walk(ctx, node, default_depth):
    depth = query_int(ctx.query, "depth", default_depth, 1, config.SEARCH_MAX_DEPTH)
    return Walk(node, from_query(ctx.query), depth, _max_nodes(ctx))


def _paged_walk(ctx, node, default_depth):
    depth = query_int(ctx.query, "depth", default_depth, 1, config.SEARCH_MAX_DEPTH)
    return PagedWalk(node, from_query(ctx.query), depth, _max_nodes(ctx), ctx.query.get("after") or None)


def _bounds(walk):
    return {"complete": walk.complete, "stopped_by": walk.stopped_by, "visited": walk.visited,
            "deeper": walk.deeper, "elapsed_ms": walk.budget.elapsed_ms()}


def topology(ctx):
    comp = require_comp(ctx.params["path"])
    with_params = query_bool(ctx.query, "params", False)
    with_text = query_bool(ctx.query, "text", False)
    with_custom = query_bool(ctx.query, "custom", False)
    paged = query_bool(ctx.query, "paged", False)
    if paged:
        walk = _paged_walk(ctx, comp, 1)
    else:
        walk = _walk(ctx, comp, 1)
    nodes, wires = [], []
    for node, depth in walk:
        entry = node_meta(node)
        entry["parent"] = node.parent().path
        entry["depth"] = depth
        if with_params:
            entry["params"] = {p.name: par_state(p, True) for p in node.pars() if reported(p)}
        if with_text and node.isDAT:
            entry["text"] = node.text
        if with_custom and node.isCOMP:
            entry["custom_pages"] = custom_pages(node)
        nodes.append(entry)
        wires.extend(input_wires(node))
    if paged:
        data = {"path": comp.path, "nodes": nodes, "wires": wires, "next_after": walk.next_after}
    else:
        listed = set(n["path"] for n in nodes)
        inside = [w for w in wires if w["source"] in listed]
        outside = [w for w in wires if w["source"] not in listed]
        nodes.sort(key=lambda n: n["path"])
        inside.sort(key=lambda w: (w["target"], w["target_input"]))
        data = {"path": comp.path, "nodes": nodes, "wires": inside, "external_inputs": outside}
    if with_custom and (not paged or ctx.query.get("after") in (None, "")):
        data["custom_pages"] = custom_pages(comp)
    data.update(_bounds(walk))
    return data


def network_errors(ctx):
    node = require_op(ctx.params["path"])
    paged = query_bool(ctx.query, "paged", False) and node.isCOMP
    items = []
    if not paged or not ctx.query.get("after"):
        for severity, text in (("error", node.errors()), ("warning", node.warnings())):
            items.extend({"path": node.path, "severity": severity, "message": m} for m in text_lines(text))
    walk = None
    if node.isCOMP:
        walk = _paged_walk(ctx, node, config.SEARCH_MAX_DEPTH) if paged else _walk(ctx, node, config.SEARCH_MAX_DEPTH)
        for child, _ in walk:
            for severity, text in (("error", child.errors()), ("warning", child.warnings())):
                items.extend({"path": child.path, "severity": severity, "message": m} for m in text_lines(text))
    data = {
        "path": node.path,
        "errors": [i for i in items if i["severity"] == "error"],
        "warnings": [i for i in items if i["severity"] == "warning"],
    }
    data["error_count"] = len(data["errors"])
    data["warning_count"] = len(data["warnings"])
    data.update(_bounds(walk) if walk is not None else {"complete": True, "stopped_by": None, "visited": 0})
    if paged:
        data["next_after"] = walk.next_after
    return data


def _cook(node):
    return {
        "path": node.path,
        "type": node.OPType,
        "cook_time_ms": float(node.cookTime),
        "cpu_cook_time_ms": float(node.cpuCookTime),
        "gpu_cook_time_ms": float(getattr(node, "gpuCookTime", 0.0) or 0.0),
        "total_cooks": int(node.totalCooks),
        "cook_frame": node.cookFrame,
    }


def performance(ctx):
    comp = require_op(ctx.params["path"])
    limit = query_int(ctx.query, "limit", 50, 1, config.SEARCH_MAX_LIMIT)
    rows = [_cook(comp)]
    walk = None
    if comp.isCOMP:
        walk = _walk(ctx, comp, config.SEARCH_MAX_DEPTH)
        rows.extend(_cook(child) for child, _ in walk)
    total = sum(r["cook_time_ms"] for r in rows[1:]) if len(rows) > 1 else rows[0]["cook_time_ms"]
    rows.sort(key=lambda r: -r["cook_time_ms"])
    data = {"path": comp.path, "nodes": rows[:limit], "node_count": len(rows), "total_cook_time_ms": total}
    data.update(_bounds(walk) if walk is not None else {"complete": True, "stopped_by": None, "visited": 0})
    return data


def register(router):
    router.add("GET", "/api/network/{path:path}/errors", network_errors)
    router.add("GET", "/api/network/{path:path}/topology", topology)
    router.add("GET", "/api/network/{path:path}/performance", performance)
