"""GET /api/projects/{path}/analysis: a bounded summary of a COMP's network.

Counts by family and type, depth, COMPs, wires, cook errors and warnings, nodes svc owns
(tagged `svc`) and nodes it does not, DATs with text, and the slowest cooks.
"""

from collections import Counter

from .. import config
from ..body import query_int
from ..budget import from_query
from ..live import require_comp
from ..serialize import text_lines
from ..walk import Walk

OWNER_TAG = "svc"


def analysis(ctx):
    comp = require_comp(ctx.params["path"])
    walk = Walk(comp, from_query(ctx.query),
                query_int(ctx.query, "max_depth", config.SEARCH_MAX_DEPTH, 1, config.SEARCH_MAX_DEPTH),
                query_int(ctx.query, "max_nodes", config.MAX_SCAN_NODES, 1, config.MAX_SCAN_NODES))
    families, types = Counter(), Counter()
    deepest = comps = wires = errors = warnings = owned = texts = 0
    slowest = []
    with_errors = []
    for node, depth in walk:
        families[str(node.family)] += 1
        types[node.OPType] += 1
        deepest = max(deepest, depth)
        comps += 1 if node.isCOMP else 0
        wires += sum(len(c.connections) for c in node.inputConnectors)
        node_errors = text_lines(node.errors())
        errors += len(node_errors)
        warnings += len(text_lines(node.warnings()))
        if node_errors and len(with_errors) < 50:
            with_errors.append({"path": node.path, "errors": node_errors[:5]})
        owned += 1 if OWNER_TAG in node.tags else 0
        if node.isDAT and node.text:
            texts += 1
        slowest.append((float(node.cookTime), node.path))
    slowest.sort(reverse=True)
    return {
        "path": comp.path,
        "node_count": walk.visited,
        "by_family": dict(sorted(families.items())),
        "by_type": dict(types.most_common(30)),
        "max_depth": deepest,
        "comp_count": comps,
        "wire_count": wires,
        "error_count": errors,
        "warning_count": warnings,
        "nodes_with_errors": with_errors,
        "owned_count": owned,
        "unowned_count": walk.visited - owned,
        "dats_with_text": texts,
        "slowest": [{"path": p, "cook_time_ms": t} for t, p in slowest[:10]],
        "complete": walk.complete,
        "stopped_by": walk.stopped_by,
        "elapsed_ms": walk.budget.elapsed_ms(),
    }


def register(router):
    router.add("GET", "/api/projects/{path:path}/analysis", analysis)
