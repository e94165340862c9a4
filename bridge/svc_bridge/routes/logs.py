"""GET /api/logs: the bridge's recent lines and the live cook errors/warnings under `scope`.

`severity` is the lowest severity shown (info, warning, error; default info), `max_lines`
the most lines returned (newest last), `scope` a COMP path whose cook errors are included
(default /; `scope=bridge` gives bridge lines only).
"""

from .. import config, logbook
from ..body import query_int
from ..budget import Budget
from ..errors import BridgeError
from ..live import require_op
from ..serialize import text_lines
from ..walk import Walk

RANK = {name: i for i, name in enumerate(logbook.SEVERITIES)}


def logs(ctx):
    q = ctx.query
    severity = q.get("severity") or "info"
    if severity not in RANK:
        raise BridgeError("invalid_query", "query 'severity' must be info, warning or error", field="severity")
    max_lines = query_int(q, "max_lines", config.LOGS_DEFAULT_LINES, 1, config.LOGS_MAX_LINES)
    scope = q.get("scope") or "/"
    lines = [e for e in logbook.recent() if RANK[e["severity"]] >= RANK[severity]]
    complete = True
    if scope != "bridge":
        root = require_op(scope, "scope")
        cook = []
        nodes = [root]
        walk = None
        if root.isCOMP:
            walk = Walk(root, Budget(), config.SEARCH_MAX_DEPTH)
        for node in nodes + ([n for n, _ in walk] if walk is not None else []):
            if RANK["error"] >= RANK[severity]:
                cook.extend({"severity": "error", "source": "cook", "path": node.path, "message": m}
                            for m in text_lines(node.errors()))
            if RANK["warning"] >= RANK[severity]:
                cook.extend({"severity": "warning", "source": "cook", "path": node.path, "message": m}
                            for m in text_lines(node.warnings()))
        complete = walk is None or walk.complete
        lines = lines + cook
    truncated = len(lines) > max_lines
    return {"lines": lines[-max_lines:], "truncated": truncated, "complete": complete, "scope": scope,
            "severity": severity}


def register(router):
    router.add("GET", "/api/logs", logs)
