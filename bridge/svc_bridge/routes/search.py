"""GET /api/nodes/search: bounded descendant search.

Walks breadth-first from `root`, and stops at whichever comes first: `max_depth`, `limit`
results, `max_scan` nodes looked at, or the time budget. The reply says whether the search
was complete and, if not, what stopped it.

Filters (all optional, all must match): `name` and `path` are globs when they contain * ? or
[, otherwise case-insensitive substrings; `type` is an exact operator type or a glob;
`family` is TOP, CHOP, SOP, DAT, MAT, COMP or POP.
"""

import fnmatch
from collections import deque

from .. import config
from ..body import query_int
from ..budget import from_query
from ..errors import BridgeError
from ..live import FAMILIES, require_comp
from ..serialize import node_summary


def _matcher(pattern):
    if pattern is None or pattern == "":
        return None
    if any(ch in pattern for ch in "*?["):
        return lambda text: fnmatch.fnmatchcase(text, pattern)
    lowered = pattern.lower()
    return lambda text: lowered in text.lower()


def search(ctx):
    q = ctx.query
    root = require_comp(q.get("root") or "/", "root")
    limit = query_int(q, "limit", config.SEARCH_DEFAULT_LIMIT, 1, config.SEARCH_MAX_LIMIT)
    max_depth = query_int(q, "max_depth", config.SEARCH_DEFAULT_DEPTH, 1, config.SEARCH_MAX_DEPTH)
    max_scan = query_int(q, "max_scan", config.SEARCH_DEFAULT_SCAN, 1, config.SEARCH_MAX_SCAN)
    budget = from_query(q)
    family = q.get("family") or None
    if family is not None and family not in FAMILIES:
        raise BridgeError("invalid_query", "query 'family' must be one of %s" % ", ".join(FAMILIES), field="family")
    by_name, by_path = _matcher(q.get("name")), _matcher(q.get("path"))
    type_pattern = q.get("type") or None
    by_type = (lambda t: fnmatch.fnmatchcase(t, type_pattern)) if type_pattern else None

    results = []
    scanned = 0
    stopped = None
    queue = deque((child, 1) for child in root.children)
    while queue:
        if scanned >= max_scan:
            stopped = "max_scan"
            break
        if budget.spent():
            stopped = "time"
            break
        node, depth = queue.popleft()
        scanned += 1
        if ((family is None or str(node.family) == family)
                and (by_type is None or by_type(node.OPType))
                and (by_name is None or by_name(node.name))
                and (by_path is None or by_path(node.path))):
            if len(results) >= limit:
                stopped = "limit"
                break
            results.append(node_summary(node))
        if node.isCOMP:
            kids = node.children
            if kids:
                if depth >= max_depth:
                    stopped = stopped or "max_depth"
                else:
                    queue.extend((child, depth + 1) for child in kids)
    return {
        "root": root.path,
        "results": results,
        "count": len(results),
        "scanned": scanned,
        "complete": stopped is None,
        "stopped_by": stopped,
        "elapsed_ms": budget.elapsed_ms(),
    }


def register(router):
    router.add("GET", "/api/nodes/search", search)
