"""Idempotency keys: a mutating request sent with `Idempotency-Key` is applied at most once.

The bridge remembers the most recent keys with the request they came with and its outcome (the
receipt). The same key with the same request again (a client retrying after a timeout) gets the
first receipt back, marked `replayed`, and nothing is applied twice; the same key with another
request is refused. `GET /api/receipts/{key}` tells a client that gave up waiting what actually
happened. Bounded: the oldest receipts are forgotten first.

The receipts outlive a reload of the bridge's code (`POST /api/dev/reload`): a client that retries
a request after the reload must get the first receipt, not a second change. They are kept on the
`sys` module, which a reload leaves alone, as plain data (an error as its envelope fields, never an
exception object of the old code).
"""

import hashlib
import sys
from collections import OrderedDict

from .errors import BridgeError

HEADER = "Idempotency-Key"
MAX_RECEIPTS = 512
MAX_KEY_LENGTH = 128
_REGISTRY = "_svc_bridge_receipts"


def _store():
    store = getattr(sys, _REGISTRY, None)
    if not isinstance(store, OrderedDict):
        store = OrderedDict()
        setattr(sys, _REGISTRY, store)
    return store


_receipts = _store()


def key_of(req):
    """The request's key, checked; None when it has none."""
    key = req.first_header(HEADER)
    if key is None:
        return None
    if not (1 <= len(key) <= MAX_KEY_LENGTH) or not all(c.isalnum() or c in "-_.:" for c in key):
        raise BridgeError("invalid_field", "the %s header must be 1 to %d letters, digits, '-', '_', '.' or ':'"
                          % (HEADER, MAX_KEY_LENGTH), field=HEADER)
    return key


def fingerprint(req):
    digest = hashlib.sha256()
    for part in (req.method, req.raw_path, repr(sorted(req.query.items()))):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    digest.update(req.body)
    return digest.hexdigest()


def _error_of(stored):
    fields = dict(stored["error"])
    return BridgeError(fields.pop("code"), fields.pop("message"), status=stored["status"], **fields)


def lookup(key, request_fingerprint):
    """The stored receipt for key, or None; a key reused for another request is refused."""
    entry = _receipts.get(key)
    if entry is None:
        return None
    stored_fingerprint, (outcome, value) = entry
    if stored_fingerprint != request_fingerprint:
        raise BridgeError("idempotency_key_reused", "the %s %r was already used for a different request"
                          % (HEADER, key), field=HEADER)
    return outcome, (_error_of(value) if outcome == "error" else value)


def remember(key, request_fingerprint, receipt):
    """receipt: ("ok", data) or ("error", BridgeError)."""
    outcome, value = receipt
    if outcome == "error":
        value = {"error": value.to_error(), "status": value.status}
    _receipts[key] = (request_fingerprint, (outcome, value))
    _receipts.move_to_end(key)
    while len(_receipts) > MAX_RECEIPTS:
        _receipts.popitem(last=False)


def describe(key):
    """What GET /api/receipts/{key} answers."""
    entry = _receipts.get(key)
    if entry is None:
        raise BridgeError("receipt_not_found", "no request with the %s %r reached the bridge (or it was forgotten)"
                          % (HEADER, key), key=key)
    outcome, value = entry[1]
    if outcome == "ok":
        return {"key": key, "ok": True, "data": value}
    return {"key": key, "ok": False, "error": value["error"]}
