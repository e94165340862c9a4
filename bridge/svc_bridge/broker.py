"""The interaction broker (spec 2.4, 3.2): the artist decides, svc never does.

A client asks (`POST /api/interactions`) whether a node may be deleted, a file overwritten, or an
OAuth client allowed. The request is pending at once and the reply returns; on the next frame the
bridge shows TouchDesigner's `ui.messageBox` with the choices, the safe one first. The request ends
in exactly one terminal state and never leaves it:

- the artist's choice, when made within the TTL (5 to 120 s);
- the safe choice (Keep, or Deny for OAuth) on timeout (the TTL passed before the prompt could be
  shown or before the artist answered), close (the box closed without a button), cancel
  (`POST .../cancel`), UI loss or Perform Mode (while pending or when the prompt is due), headless
  operation (no `ui.messageBox`), or a scheduling error (the frame callback or the box raised).

A terminal result is consumed once, by the route it authorizes (a delete with `interaction_id`,
`POST /api/project/save`, or `POST /api/oauth/consents/{id}/consume`), which recomputes the target
fingerprint from the live project and refuses when it changed. The fingerprint is computed here,
never sent by the client, and never shown. At most MAX_PENDING requests wait and MAX_RECORDS are
kept (terminal ones for RETENTION_S); beyond either, a new request is refused before anything
changes.

`ui.messageBox` is modal in TouchDesigner: while it is open the main thread waits, so requests to
the bridge wait too, and the TTL can only be enforced when the box returns (an answer after it is
the safe choice). UNVERIFIED: what messageBox returns when the box is closed without a button (the
bridge takes anything but a button index as close).
"""

import collections
import hashlib
import os
import secrets
import time
import urllib.parse

import td

from . import logbook, ticker
from .body import check_known_fields, get_int, get_str
from .errors import BridgeError
from .live import check_path, require_op

MIN_TTL_S = 5
MAX_TTL_S = 120
DEFAULT_TTL_S = 30
MAX_PENDING = 4
MAX_RECORDS = 64
RETENTION_S = 600
MAX_MESSAGE_CHARS = 500

# kind -> (choices, safe choice, prompt title). The safe choice is the first button, so a
# dismissal that TouchDesigner reports as button 0 is still the safe one.
KINDS = {
    "node_delete": (("Keep", "Bypass", "Delete"), "Keep", "Delete an operator?"),
    "file_overwrite": (("Keep", "Overwrite"), "Keep", "Replace a file?"),
    "oauth_consent": (("Deny", "Allow"), "Deny", "Allow an assistant to connect?"),
}
SAFE_REASONS = ("timeout", "closed", "cancelled", "ui_lost", "perform_mode", "headless", "scheduling_error")
OAUTH_SECRET_FIELDS = ("code", "code_verifier", "verifier", "state", "token", "access_token", "refresh_token",
                       "id_token", "client_secret", "authorization_code")

_records = collections.OrderedDict()


def now():
    return time.monotonic()


# ---- targets and fingerprints -------------------------------------------------------------------

def _digest(*parts):
    return hashlib.sha256("\x00".join(str(p) for p in parts).encode("utf-8")).hexdigest()


def _node_target(target):
    if not isinstance(target, str):
        raise BridgeError("invalid_field", "'target' of node_delete is the operator's path", field="target")
    node = require_op(check_path(target, "target"), "target")
    return node.path, _digest("node", node.id, node.path)


def _file_target(target):
    if not isinstance(target, str) or "\x00" in target or not os.path.isabs(target):
        raise BridgeError("invalid_file_path", "'target' of file_overwrite is an absolute file path", field="target")
    if ".." in target.replace("\\", "/").split("/"):
        raise BridgeError("invalid_file_path", "'target' must not contain '..'", field="target")
    path = os.path.normpath(target)
    return path, _digest("file", path)


def _printable(text, limit):
    return isinstance(text, str) and 0 < len(text) <= limit and all(c.isprintable() for c in text)


def refuse_oauth_secrets(obj):
    """Spec 5.1 rule 8: codes, verifiers, state and tokens never reach the bridge's consent routes."""
    secret = [k for k in obj if k.lower() in OAUTH_SECRET_FIELDS]
    if secret:
        raise BridgeError("oauth_secret_refused", "the bridge never takes OAuth codes, verifiers, state or tokens "
                          "(got %s)" % ", ".join(sorted(secret)))


def _oauth_target(target):
    if not isinstance(target, dict):
        raise BridgeError("invalid_field", "'target' of oauth_consent is {client_name, redirect_uri}", field="target")
    refuse_oauth_secrets(target)
    for key in target:
        if key not in ("client_name", "redirect_uri"):
            raise BridgeError("invalid_field", "unknown field 'target.%s'; allowed: client_name, redirect_uri" % key,
                              field="target")
    name, uri = target.get("client_name"), target.get("redirect_uri")
    if not _printable(name, 64):
        raise BridgeError("invalid_field", "'target.client_name' is 1 to 64 printable characters", field="target")
    parts = urllib.parse.urlsplit(uri) if isinstance(uri, str) and len(uri) <= 2048 else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise BridgeError("invalid_field", "'target.redirect_uri' is an http(s) URL without credentials", field="target")
    host = parts.hostname + (":%d" % parts.port if parts.port else "")
    display = "%s at %s://%s" % (name, parts.scheme, host)
    return display, _digest("oauth", display, parts.path)


TARGETS = {"node_delete": _node_target, "file_overwrite": _file_target, "oauth_consent": _oauth_target}


# ---- delivery -------------------------------------------------------------------------------------

def _ui():
    return getattr(td, "ui", None)


def _headless():
    ui = _ui()
    return ui is None or not callable(getattr(ui, "messageBox", None))


def _perform_mode():
    ui = _ui()
    return bool(getattr(ui, "performMode", False)) if ui is not None else False


def delivery():
    """How a prompt would reach the artist now: 'messageBox', or why it cannot."""
    if _headless():
        return "headless"
    if _perform_mode():
        return "perform_mode"
    return "messageBox"


# ---- records --------------------------------------------------------------------------------------

def _terminal(rec, choice, reason):
    if rec["state"] != "pending":
        return  # duplicate or late transitions stay terminal
    rec["state"] = "terminal"
    rec["choice"] = choice
    rec["reason"] = reason
    rec["ended"] = now()
    logbook.log("info", "interaction %s (%s %s): %s (%s)" % (rec["id"], rec["kind"], rec["target"][:200], choice,
                                                             reason))


def _safe(rec, reason):
    _terminal(rec, KINDS[rec["kind"]][1], reason)


def _prune():
    t = now()
    for rid in [r for r, rec in _records.items() if rec["state"] != "pending" and t - rec["ended"] > RETENTION_S]:
        del _records[rid]
    if len(_records) >= MAX_RECORDS:
        # consumed records are spent: the oldest of them make room first
        for rid in [r for r, rec in _records.items() if rec["consumed"]][:len(_records) - MAX_RECORDS + 1]:
            del _records[rid]


def status_of(rec):
    out = {"id": rec["id"], "kind": rec["kind"], "target": rec["target"], "choices": list(KINDS[rec["kind"]][0]),
           "safe_choice": KINDS[rec["kind"]][1], "state": "consumed" if rec["consumed"] else rec["state"],
           "choice": rec["choice"], "reason": rec["reason"], "ttl_s": rec["ttl"]}
    if rec["state"] == "pending":
        out["expires_in_s"] = round(max(0.0, rec["expires"] - now()), 3)
    return out


def create(body):
    check_known_fields(body, ("kind", "target", "ttl_seconds", "message"))
    kind = get_str(body, "kind", required=True)
    if kind not in KINDS:
        raise BridgeError("invalid_field", "'kind' must be one of %s" % ", ".join(sorted(KINDS)), field="kind")
    ttl = get_int(body, "ttl_seconds", default=DEFAULT_TTL_S, minimum=MIN_TTL_S, maximum=MAX_TTL_S)
    message = get_str(body, "message")
    if message is not None and not _printable(message.replace("\n", " "), MAX_MESSAGE_CHARS):
        raise BridgeError("invalid_field", "'message' is 1 to %d printable characters" % MAX_MESSAGE_CHARS,
                          field="message")
    if "target" not in body:
        raise BridgeError("missing_field", "'target' is required", field="target")
    target, fingerprint = TARGETS[kind](body["target"])
    _prune()
    pending = sum(1 for r in _records.values() if r["state"] == "pending")
    if pending >= MAX_PENDING:
        raise BridgeError("interaction_queue_full", "%d decisions are already waiting for the artist; try again "
                          "when one is answered" % pending, limit=MAX_PENDING)
    if len(_records) >= MAX_RECORDS:
        raise BridgeError("interaction_queue_full", "%d decisions are kept and none can be dropped yet; consume or "
                          "wait for older ones" % len(_records), limit=MAX_RECORDS)
    t = now()
    rec = {"id": "i" + secrets.token_hex(12), "kind": kind, "target": target, "fingerprint": fingerprint,
           "message": message, "ttl": ttl, "created": t, "expires": t + ttl, "state": "pending", "choice": None,
           "reason": None, "consumed": False, "shown": False, "ended": None}
    _records[rec["id"]] = rec
    why = delivery()
    if why != "messageBox":
        _safe(rec, why)
    else:
        try:
            ticker.keep("broker", _tick)
        except Exception as exc:
            logbook.log("error", "interaction %s could not be scheduled: %s" % (rec["id"], exc))
            _safe(rec, "scheduling_error")
    return status_of(rec)


def find(request_id):
    rec = _records.get(request_id) if isinstance(request_id, str) else None
    if rec is None:
        raise BridgeError("interaction_not_found", "no interaction %r (unknown, or its record expired)"
                          % str(request_id)[:80], field="interaction_id")
    return rec


def cancel(request_id):
    rec = find(request_id)
    _safe(rec, "cancelled")
    return status_of(rec)


def consume(request_id, kind, target):
    """The artist's choice for this kind and target, once; the fingerprint is recomputed from the live project."""
    rec = find(request_id)
    if rec["kind"] != kind:
        raise BridgeError("interaction_mismatch", "interaction %s is a %s decision, not %s" % (rec["id"], rec["kind"],
                          kind), field="interaction_id")
    if rec["state"] == "pending":
        raise BridgeError("interaction_pending", "the artist has not answered interaction %s yet" % rec["id"],
                          field="interaction_id")
    if rec["consumed"]:
        raise BridgeError("interaction_consumed", "interaction %s was already used" % rec["id"], field="interaction_id")
    rec["consumed"] = True  # whatever follows, a decision is used once
    try:
        _, fingerprint = TARGETS[kind](target)
    except BridgeError:
        fingerprint = None
    if fingerprint != rec["fingerprint"]:
        raise BridgeError("interaction_target_changed", "interaction %s was asked about another target, or the "
                          "target changed since (%s)" % (rec["id"], rec["target"][:200]), field="interaction_id")
    return rec["choice"]


def status():
    pending = [r for r in _records.values() if r["state"] == "pending"]
    return {"pending": len(pending), "limit": MAX_PENDING, "records": len(_records), "record_limit": MAX_RECORDS,
            "active": ticker.active("broker"), "delivery": delivery(), "ttl_range_s": [MIN_TTL_S, MAX_TTL_S],
            "kinds": sorted(KINDS)}


def reset():
    _records.clear()
    ticker.drop("broker")


# ---- the frame callback ---------------------------------------------------------------------------

def _prompt_text(rec):
    choices = KINDS[rec["kind"]][0]
    lines = ["svc asks: %s" % rec["target"]]
    if rec["message"]:
        lines.append(rec["message"])
    lines.append("(%s is kept if nobody answers within %d s)" % (KINDS[rec["kind"]][1], rec["ttl"]))
    return "\n".join(lines), list(choices)


def _show(rec):
    rec["shown"] = True
    text, buttons = _prompt_text(rec)
    try:
        index = td.ui.messageBox(KINDS[rec["kind"]][2], text, buttons=buttons)
    except Exception as exc:
        logbook.log("error", "interaction %s: the prompt failed: %s: %s" % (rec["id"], type(exc).__name__, exc))
        return _safe(rec, "scheduling_error")
    if now() > rec["expires"]:
        return _safe(rec, "timeout")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(buttons):
        return _safe(rec, "closed")
    _terminal(rec, buttons[index], "chosen")


def _tick():
    pending = [r for r in _records.values() if r["state"] == "pending"]
    why = delivery()
    t = now()
    for rec in pending:
        if why != "messageBox":
            _safe(rec, "ui_lost" if why == "headless" else why)
        elif t > rec["expires"]:
            _safe(rec, "timeout")
    waiting = [r for r in _records.values() if r["state"] == "pending" and not r["shown"]]
    if waiting:
        _show(waiting[0])  # one prompt a frame; messageBox holds the frame until answered
    return any(r["state"] == "pending" for r in _records.values())
