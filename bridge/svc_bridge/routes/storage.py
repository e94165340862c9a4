"""GET /api/nodes/{path}/storage: what a node keeps in its storage (svc keeps its last-applied record there)."""

from ..errors import BridgeError
from ..live import require_op
from ..serialize import value_json


def get_storage(ctx):
    node = require_op(ctx.params["path"])
    key = ctx.query.get("key")
    storage = node.storage
    if key is None:
        return {"path": node.path, "keys": sorted(str(k) for k in storage.keys())}
    if not isinstance(key, str) or key == "":
        raise BridgeError("invalid_field", "'key' must be a non-empty string", field="key")
    present = key in storage
    return {"path": node.path, "key": key, "present": present, "value": value_json(storage[key]) if present else None}


def register(router):
    router.add("GET", "/api/nodes/{path:path}/storage", get_storage)
