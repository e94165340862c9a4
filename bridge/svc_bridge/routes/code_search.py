"""POST /api/code/search: DAT text and parameter expressions below a COMP, ranked by BM25.

The documents are each DAT's text and each parameter's expression or bind expression. Words are
identifiers and numbers, lower-cased; an identifier with underscores or capitals also counts as its
parts (`noise_amp` and `noiseAmp` are found by `noise` and by `amp`). Ranking is Okapi BM25 (k1 1.2,
b 0.75) over the documents read. Nothing is run: the text is only read, so this works with exec
closed and has no Python fallback.

Bounded by depth, operators, documents, parameters scanned, bytes of text read and time; the reply
names the bound that stopped it (`max_depth`, `max_nodes`, `max_documents`, `max_params`,
`max_bytes`, `time`). Excerpts are single lines around the first match with credentials masked
(sensitive.py); expressions of credential parameters are not read at all.
"""

import math
import re

from .. import config
from ..body import check_known_fields, get_int, get_str, get_str_list
from ..budget import Budget
from ..errors import BridgeError
from ..live import check_path, require_comp
from ..sensitive import is_sensitive, redact
from ..serialize import mode_name
from ..walk import PagedWalk

FIELDS = ("query", "root", "kinds", "limit", "max_depth", "max_nodes", "max_documents", "max_params", "max_bytes",
          "excerpt_chars", "time_budget_ms")
KINDS = ("dat", "expression")
K1, B = 1.2, 0.75

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?")
_PART = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def words(text):
    """Lower-cased words of text, identifiers also split at underscores and case changes."""
    out = []
    for word in _WORD.findall(text):
        lowered = word.lower()
        out.append(lowered)
        parts = [p.lower() for p in _PART.findall(word)]
        if len(parts) > 1:
            out.extend(p for p in parts if p != lowered)
    return out


def _excerpt(text, terms, width):
    """(1-based line, the line around the first matching word, redacted, clipped to width)."""
    lines = text.splitlines() or [text]
    for number, line in enumerate(lines, 1):
        if any(t in words(line) for t in terms):
            line, _ = redact(line)
            line = line.strip()
            if len(line) > width:
                lower = line.lower()
                at = min((lower.find(t) for t in terms if lower.find(t) >= 0), default=0)
                start = max(0, at - width // 3)
                line = ("…" if start else "") + line[start:start + width] + ("…" if start + width < len(line) else "")
            return number, line
    return None, ""


def search_code(ctx):
    body = ctx.body
    check_known_fields(body, FIELDS)
    query = get_str(body, "query", required=True)
    if not 1 <= len(query) <= 1000:
        raise BridgeError("invalid_field", "'query' must be 1 to 1000 characters", field="query")
    terms = sorted(set(w for w in words(query)))
    if not terms:
        raise BridgeError("invalid_field", "'query' has no words to search for (identifiers or numbers)", field="query")
    root = require_comp(check_path(get_str(body, "root", default="/"), "root"), "root")
    kinds = get_str_list(body, "kinds", default=list(KINDS))
    if not kinds or any(k not in KINDS for k in kinds):
        raise BridgeError("invalid_field", "'kinds' lists dat and/or expression", field="kinds")
    limit = get_int(body, "limit", default=20, minimum=1, maximum=200)
    max_depth = get_int(body, "max_depth", default=config.SEARCH_DEFAULT_DEPTH, minimum=1,
                        maximum=config.SEARCH_MAX_DEPTH)
    max_nodes = get_int(body, "max_nodes", default=config.SEARCH_DEFAULT_SCAN, minimum=1, maximum=config.SEARCH_MAX_SCAN)
    max_documents = get_int(body, "max_documents", default=5000, minimum=1, maximum=50000)
    max_params = get_int(body, "max_params", default=200000, minimum=1, maximum=2000000)
    max_bytes = get_int(body, "max_bytes", default=4 * 1024 * 1024, minimum=1, maximum=32 * 1024 * 1024)
    width = get_int(body, "excerpt_chars", default=160, minimum=20, maximum=400)
    budget_ms = get_int(body, "time_budget_ms", default=int(config.DEFAULT_TIME_BUDGET_S * 1000), minimum=1,
                        maximum=int(config.MAX_TIME_BUDGET_S * 1000))
    budget = Budget(budget_ms / 1000.0)

    walk = PagedWalk(root, budget, max_depth, max_nodes)
    docs = []  # (kind, path, param, text, word counts, length)
    df = {}
    read = {"nodes_scanned": 0, "documents": 0, "params_scanned": 0, "bytes": 0, "sensitive_skipped": 0}
    stopped = None

    def add(kind, path, param, text):
        nonlocal stopped
        if read["documents"] >= max_documents:
            stopped = "max_documents"
            return False
        size = len(text.encode("utf-8"))
        if read["bytes"] + size > max_bytes:
            stopped = "max_bytes"
            return False
        read["documents"] += 1
        read["bytes"] += size
        counts = {}
        found = words(text)
        for w in found:
            counts[w] = counts.get(w, 0) + 1
        for t in terms:
            if t in counts:
                df[t] = df.get(t, 0) + 1
        docs.append((kind, path, param, text, counts, len(found)))
        return True

    for node, _ in walk:
        read["nodes_scanned"] += 1
        if "dat" in kinds and node.isDAT:
            try:
                text = node.text
            except Exception:
                text = ""
            if text and not add("dat", node.path, None, text):
                break
        if "expression" in kinds:
            for par in node.pars():
                if read["params_scanned"] >= max_params:
                    stopped = "max_params"
                    break
                read["params_scanned"] += 1
                try:
                    mode = mode_name(par.mode)
                    expr = par.expr if mode == "expression" else par.bindExpr if mode == "bind" else ""
                    sensitive = is_sensitive(par) if expr else False
                except Exception:
                    continue
                if sensitive:
                    read["sensitive_skipped"] += 1
                    continue
                if expr and not add("expression", node.path, par.name, expr):
                    break
        if stopped is not None:
            break
    if stopped is None:
        stopped = walk.stopped_by or ("max_depth" if walk.deeper else None)

    total = len(docs)
    avg = (sum(d[5] for d in docs) / float(total)) if total else 0.0
    scored = []
    for kind, path, param, text, counts, length in docs:
        score = 0.0
        for t in terms:
            tf = counts.get(t, 0)
            if not tf:
                continue
            idf = math.log(1.0 + (total - df[t] + 0.5) / (df[t] + 0.5))
            score += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / (avg or 1.0)))
        if score > 0:
            scored.append((score, path, param or "", kind, text, counts))
    scored.sort(key=lambda s: (-s[0], s[1], s[2]))
    results = []
    for score, path, param, kind, text, counts in scored[:limit]:
        line, excerpt = _excerpt(text, [t for t in terms if t in counts], width)
        results.append({"kind": kind, "path": path, "param": param or None, "score": round(score, 4),
                        "line": line, "excerpt": excerpt, "matched": sorted(t for t in terms if t in counts)})
    data = {"query": query, "terms": terms, "results": results, "count": len(results), "matching": len(scored),
            "complete": stopped is None, "stopped_by": stopped, "elapsed_ms": budget.elapsed_ms()}
    data.update(read)
    return data


def register(router):
    router.add("POST", "/api/code/search", search_code)
