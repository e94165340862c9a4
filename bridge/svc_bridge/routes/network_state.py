"""POST /api/network/{path}/state: everything a plan needs about a network, in bounded pages.

One page answers what used to take four reads (the root node, the topology with parameters,
text and custom pages, the modes of named parameters, the stored record). Each node's entry
(its metadata, non-default parameters, DAT text, custom pages, input wires, and the parameters
the client names in `wanted` even at their defaults) gets a digest: sha256 of its canonical JSON.
A node whose digest the client lists in `known` is answered with its path and digest only, so a
client that keeps the entries it has seen receives the details of the nodes that changed.

Body: `after` (null: first page), `depth` (1-64, default 64), `max_nodes`, `time_budget_ms`,
`known` (digests), `wanted` (parameter names reported on every node that has them, even at their
defaults), `storage_key` (a key of the root's storage). The first page also carries `root` (the root's metadata, non-default parameters and
custom pages) and `stored`: the value under `storage_key`; when that value is an object whose
`pieces` is a list of storage keys, each piece (a string) is listed with its digest, and its
text only when the digest is not in `known`. Pages resume by name (walk.PagedWalk).
"""

import hashlib
import json

from .. import config
from ..body import check_known_fields, get_int, get_str, get_str_list
from ..budget import Budget
from ..envelope import json_safe
from ..errors import BridgeError
from ..live import require_comp
from ..serialize import custom_pages, input_wires, node_meta, par_state, reported
from ..walk import PagedWalk

FIELDS = ("after", "depth", "max_nodes", "time_budget_ms", "known", "wanted", "storage_key")
# Bounds of what a client may send: as many digests as a network we read has nodes, and names.
MAX_KNOWN = 50000
MAX_WANTED_NAMES = 4096


def digest(entry):
    """sha256 of the entry's canonical JSON (sorted keys, no spaces), 32 hex digits."""
    return digest_and_size(entry)[0]


def digest_and_size(entry):
    """The digest and the length of the canonical JSON it was taken from (a reply's size bound)."""
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32], len(text)


def _params(node, wanted):
    """The non-default parameters by name, and the `wanted` ones at their defaults: one pass."""
    params, extra = {}, []
    for par in node.pars():
        if reported(par):
            params[par.name] = par_state(par, True)
        elif par.name in wanted:
            extra.append(par_state(par, True))
    return params, extra


def node_entry(node, depth, wanted):
    entry = node_meta(node)
    entry["parent"] = node.parent().path
    entry["depth"] = depth
    params, extra = _params(node, wanted)
    entry["params"] = params
    if extra:
        entry["source_params"] = extra
    if node.isDAT:
        entry["text"] = node.text
    if node.isCOMP:
        entry["custom_pages"] = custom_pages(node)
    entry["inputs"] = input_wires(node)
    return entry


def _wanted(body):
    names = get_str_list(body, "wanted", default=[])
    if len(names) > MAX_WANTED_NAMES:
        raise BridgeError("invalid_field", "'wanted' names at most %d parameters" % MAX_WANTED_NAMES, field="wanted")
    return frozenset(names)


def _stored(comp, key, known):
    storage = comp.storage
    if key not in storage:
        return {"key": key, "present": False, "value": None}
    value = storage[key]
    out = {"key": key, "present": True, "value": json_safe(value)}
    keys = value.get("pieces") if isinstance(value, dict) else None
    if isinstance(keys, list) and all(isinstance(k, str) for k in keys):
        pieces = []
        for piece_key in keys:
            text = storage[piece_key] if piece_key in storage else None
            if not isinstance(text, str):
                pieces.append({"key": piece_key, "present": False})
                continue
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
            piece = {"key": piece_key, "present": True, "digest": sha}
            if sha not in known:
                piece["text"] = text
            pieces.append(piece)
        out["pieces"] = pieces
    return out


class StateQuery:
    """What a state read asks for, checked: the COMP, depth, node bound, known digests, wanted names."""

    def __init__(self, path, body, max_nodes_default, max_nodes_limit):
        self.comp = require_comp(path)
        self.depth = get_int(body, "depth", default=config.SEARCH_MAX_DEPTH, minimum=1, maximum=config.SEARCH_MAX_DEPTH)
        self.max_nodes = get_int(body, "max_nodes", default=max_nodes_default, minimum=1, maximum=max_nodes_limit)
        known_list = get_str_list(body, "known", default=[])
        if len(known_list) > MAX_KNOWN:
            raise BridgeError("invalid_field", "'known' lists at most %d digests" % MAX_KNOWN, field="known")
        self.known = set(known_list)
        self.wanted = _wanted(body)
        self.storage_key = get_str(body, "storage_key", allow_empty=False)

    def listed(self, node, level):
        """A node as a page lists it, and the size of its canonical JSON."""
        entry = node_entry(node, level, self.wanted)
        sha, size = digest_and_size(entry)
        if sha in self.known:
            return {"path": entry["path"], "digest": sha}, 80
        return dict(entry, digest=sha), size

    def listed_json(self, node, level):
        """The JSON text of the node as a page lists it (what `listed` gives, serialized): the
        canonical text the digest was taken from is reused, so a whole read never serializes its
        reply in one go on the main thread."""
        entry = node_entry(node, level, self.wanted)
        text = json.dumps(entry, sort_keys=True, separators=(",", ":"), default=str)
        sha = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
        if sha in self.known:
            return json.dumps({"path": entry["path"], "digest": sha}, separators=(",", ":"))
        if "NaN" in text or "Infinity" in text:  # not JSON: sent as the envelope sends it (as null)
            text = json.dumps(json_safe(entry), sort_keys=True, separators=(",", ":"), allow_nan=False)
        return '%s,"digest":"%s"}' % (text[:-1], sha)

    def head(self, comp):
        """What the first page adds: the root and, when asked, the stored record."""
        root_params, root_extra = _params(comp, self.wanted)
        root = node_meta(comp)
        root.update({"params": root_params, "custom_pages": custom_pages(comp)})
        if root_extra:
            root["source_params"] = root_extra
        data = {"root": root}
        if self.storage_key is not None:
            data["stored"] = _stored(comp, self.storage_key, self.known)
        return data


def check_after(comp, after):
    prefix = comp.path.rstrip("/") + "/"
    if after is not None and (not after.startswith(prefix) or after == prefix):
        raise BridgeError("invalid_field", "'after' must be a path inside %s (the last path of the page before)"
                          % comp.path, field="after")


def network_state(ctx):
    body = ctx.body
    check_known_fields(body, FIELDS)
    query = StateQuery(ctx.params["path"], body, config.MAX_SCAN_NODES, config.MAX_SCAN_NODES)
    comp = query.comp
    after = get_str(body, "after") or None
    check_after(comp, after)
    budget_ms = get_int(body, "time_budget_ms", default=int(config.DEFAULT_TIME_BUDGET_S * 1000), minimum=1,
                        maximum=int(config.MAX_TIME_BUDGET_S * 1000))
    budget = Budget(budget_ms / 1000.0)
    walk = PagedWalk(comp, budget, query.depth, query.max_nodes, after)
    nodes = [query.listed(node, level)[0] for node, level in walk]
    data = {"path": comp.path, "nodes": nodes, "next_after": walk.next_after, "complete": walk.complete,
            "stopped_by": walk.stopped_by, "visited": walk.visited, "elapsed_ms": budget.elapsed_ms()}
    if after is None:
        data.update(query.head(comp))
    return data


def register(router):
    router.add("POST", "/api/network/{path:path}/state", network_state)
