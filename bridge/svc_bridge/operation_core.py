"""The structured operation core behind /api/operations/preview|commit|receipt (spec 4.2, 4.3 rule 7, 5.1.7).

One bounded operation kind, `set_parameters` on one operator, through an adapter that knows how to
preview it exactly, commit it and verify it. An adapter is live-verified only on the environments
its commit, verification and rollback were proven on (`verified_on`, matched against
`td.app.product`): tdsim, by the bridge's HTTP tests. Anywhere else the commit fails closed with
`unverified_live_boundary` before anything changes; running it in TouchDesigner is UNVERIFIED until
someone proves it there and adds the product to `verified_on`.

A commit runs inside one callback (the request's): preview recomputed, compared with the caller's
fingerprint, written through a journal, read back, rolled back on any difference, and recorded as
one journal item. Its terminal receipt is kept in memory for this bridge instance, behind a
256-bit capability of which only the SHA-256 is kept, bound to the principal (the bearer token's
SHA-256) that committed it.
"""

import hashlib
import hmac
import json
import secrets
from collections import OrderedDict

import td

from . import exec_guard, owned
from .body import check_known_fields, get_object, get_str
from .errors import BridgeError
from .journal import Journal
from .live import require_op
from .params_write import coerce, find_par, set_value, _writable
from .serialize import value_json

MAX_PARAMETERS = 32
MAX_RECEIPTS = 256
MAX_JOURNAL = 256

# A new id each time the bridge's modules are (re)loaded: receipts never outlive their instance.
INSTANCE = secrets.token_hex(16)

_receipts = OrderedDict()
_journal = []


def _normalize(operation):
    """The operation as the core reads it, checked: {kind, path, parameters}."""
    if not isinstance(operation, dict):
        raise BridgeError("invalid_field", "'operation' must be an object", field="operation")
    check_known_fields(operation, ("kind", "path", "parameters"), where="operation")
    kind = get_str(operation, "kind", required=True, where="operation")
    if kind not in ADAPTERS:
        raise BridgeError("invalid_field", "operation kind %r is unknown; known: %s" % (kind[:60], ", ".join(sorted(ADAPTERS))),
                          field="operation.kind")
    path = get_str(operation, "path", required=True, where="operation", allow_empty=False)
    parameters = get_object(operation, "parameters", required=True, where="operation")
    if not 1 <= len(parameters) <= MAX_PARAMETERS:
        raise BridgeError("invalid_field", "'operation.parameters' must name 1 to %d parameters" % MAX_PARAMETERS,
                          field="operation.parameters")
    return {"kind": kind, "path": path, "parameters": parameters}


def _par_state(par):
    return {"value": value_json(par.eval()), "mode": str(getattr(par.mode, "name", par.mode)).lower()}


def _preview_set_parameters(op):
    node = require_op(op["path"])
    owned.check_writable(node.path, owned.serving())
    changes = []
    for name in sorted(op["parameters"]):
        par = find_par(node, name)
        if par is None:
            raise BridgeError("unknown_param", "%s has no parameter %r" % (node.path, name[:60]), path=node.path, param=name)
        _writable(par)
        before = _par_state(par)
        if before["mode"] != "constant":
            raise BridgeError("invalid_param_value", "%s.%s is in %s mode; the operation writes constant values only"
                              % (node.path, name, before["mode"]), path=node.path, param=name)
        value = coerce(par, op["parameters"][name])
        exec_guard.check_value(par, value)  # refused at the preview, not only when committed
        after = value_json(value)
        changes.append({"param": par.name, "before": before["value"], "after": after})
    return node, changes


def _commit_set_parameters(node, changes, journal):
    for change in changes:
        set_value(find_par(node, change["param"]), change["after"], journal)


def _observe_set_parameters(op):
    node = require_op(op["path"])
    return dict((name, value_json(find_par(node, name).eval())) for name in sorted(op["parameters"]))


class Adapter:
    def __init__(self, preview, commit, observe, verified_on):
        self.preview = preview
        self.commit = commit
        self.observe = observe
        self.verified_on = verified_on


ADAPTERS = {"set_parameters": Adapter(_preview_set_parameters, _commit_set_parameters, _observe_set_parameters, ("tdsim",))}


def live_verified(kind):
    return str(getattr(td.app, "product", "")) in ADAPTERS[kind].verified_on


def _fingerprint(op, node, changes):
    data = json.dumps({"op": op, "id": getattr(node, "id", None), "changes": changes}, sort_keys=True, default=str)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def preview(operation):
    op = _normalize(operation)
    node, changes = ADAPTERS[op["kind"]].preview(op)
    return {"operation": op, "changes": changes, "state_fingerprint": _fingerprint(op, node, changes),
            "live_verified": live_verified(op["kind"]), "bridge_instance": INSTANCE}


def _remember(receipt, capability, principal):
    _receipts[receipt["operation_id"]] = (hashlib.sha256(capability.encode("ascii")).hexdigest(), principal, receipt)
    while len(_receipts) > MAX_RECEIPTS:
        _receipts.popitem(last=False)


def _journal_item(receipt):
    item = {"operation_id": receipt["operation_id"], "kind": receipt["operation"]["kind"], "path": receipt["operation"]["path"],
            "status": receipt["status"], "frame": int(td.absTime.frame)}
    _journal.append(item)
    del _journal[:-MAX_JOURNAL]
    return item


def commit(operation, state_fingerprint, principal):
    op = _normalize(operation)
    if not live_verified(op["kind"]):
        raise BridgeError("unverified_live_boundary", "the %s adapter is not verified on %s; nothing was changed (it is "
                          "verified on: %s)" % (op["kind"], str(getattr(td.app, "product", "?"))[:60],
                                                ", ".join(ADAPTERS[op["kind"]].verified_on)))
    adapter = ADAPTERS[op["kind"]]
    node, changes = adapter.preview(op)
    if not hmac.compare_digest(str(state_fingerprint), _fingerprint(op, node, changes)):
        raise BridgeError("stale_fingerprint", "%s changed since the preview: preview again" % node.path)
    operation_id = "op-" + secrets.token_hex(12)
    capability = secrets.token_hex(32)  # 256 bits; only its SHA-256 is kept
    journal = Journal()
    status, problem, rollback_failures = "committed", None, []
    try:
        adapter.commit(node, changes, journal)
        owned.verify()
        observed = adapter.observe(op)
        wrong = [c for c in changes if observed[c["param"]] != c["after"]]
        if wrong:
            problem = "%s.%s reads %r after the commit, not %r" % (node.path, wrong[0]["param"], observed[wrong[0]["param"]], wrong[0]["after"])
    except BridgeError as err:
        problem = "%s: %s" % (err.code, err.message)
    if problem is not None:
        rollback_failures = journal.rollback()
        restored = adapter.observe(op) if not rollback_failures else {}
        if not rollback_failures and any(restored[c["param"]] != c["before"] for c in changes):
            rollback_failures = ["a parameter does not read back its value from before the commit"]
        status = "rollback_failed" if rollback_failures else "rolled_back"
    else:
        journal.commit()
    receipt = {"operation_id": operation_id, "status": status, "operation": op, "changes": changes,
               "problem": problem, "rollback_failures": rollback_failures, "bridge_instance": INSTANCE}
    receipt["journal_item"] = _journal_item(receipt)
    _remember(receipt, capability, principal)
    if status != "committed":
        raise BridgeError("rollback_failed" if rollback_failures else "operation_rolled_back",
                          "the operation was %s: %s" % (status.replace("_", " "), problem),
                          operation_id=operation_id, receipt_capability=capability, bridge_instance=INSTANCE, outcome=status)
    return dict(receipt, receipt_capability=capability)


def receipt(operation_id, capability, instance, principal):
    if instance != INSTANCE:
        raise BridgeError("operation_not_found", "that receipt belongs to another bridge instance (this one is %s); "
                          "receipts do not survive a reload" % INSTANCE)
    entry = _receipts.get(operation_id)
    given = hashlib.sha256(str(capability).encode("utf-8")).hexdigest()
    # One answer for an unknown id, a wrong capability and another principal: nothing to probe.
    if entry is None or not hmac.compare_digest(given, entry[0]) or not hmac.compare_digest(principal, entry[1]):
        raise BridgeError("operation_not_found", "no receipt for that operation id, capability and principal")
    stored = entry[2]
    try:
        observed = ADAPTERS[stored["operation"]["kind"]].observe(stored["operation"])
    except BridgeError as err:
        observed = {"error": err.code}
    return dict(stored, observation={"values": observed, "frame": int(td.absTime.frame),
                                     "journal": [j for j in _journal if j["operation_id"] == operation_id]})
