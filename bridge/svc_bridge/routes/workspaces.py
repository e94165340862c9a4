"""Temporary artist workspaces: POST /api/editor/workspaces schedules one right-hand TOP Viewer or
Panel split of the artist's network editor, made on the next frame; GET .../{id} reads its bounded
status; POST .../restore closes it on a later frame only if the pane is still the one svc made (same
id, type and owner: an artist who changed it keeps it), then checks on the frame after that the pane
is gone; POST .../cancel stops a scheduled one, or, when the split already happened (a race with
the apply), schedules the same cleanup.

States: scheduled, active, restoring (cleanup under way), restored, cancelled, kept (the artist
changed the pane; svc leaves it), failed. A workspace changes the layout of panes, not the project:
it is not an undo step. One workspace at a time; the last 32 are remembered.

Pane calls (Pane Class: splitRight, changeType, close; PaneType.TOPVIEWER and PANEL) follow
https://derivative.ca/UserGuide/Pane_Class. UNVERIFIED in TouchDesigner: that a TOP Viewer pane
shows the TOP given as its owner (the Pane Class types owner as a COMP), and that these calls made
from a run() callback take effect on that frame; to verify, open a workspace on a TOP and on a Panel
COMP and watch the split appear and, after a restore, close.
"""

import collections
import itertools

import td

from .. import ticker
from ..body import check_known_fields, get_str
from ..errors import BridgeError
from ..live import check_path, find_op, require_op

MAX_WORKSPACES = 32
KINDS = {"top_viewer": "TOPVIEWER", "panel": "PANEL"}
LIVE = ("scheduled", "active", "restoring")

_workspaces = collections.OrderedDict()
_ids = itertools.count(1)


def _receipt(ws):
    return {key: ws[key] for key in ("workspace_id", "kind", "path", "state", "pane", "base_pane",
                                     "scheduled_frame", "changed_frame", "cancel_requested", "reason")}


def _panes():
    try:
        return list(td.ui.panes)
    except Exception:  # no UI (a headless build)
        return None


def _find_pane(pane_id):
    for pane in _panes() or []:
        if pane.id == pane_id:
            return pane
    return None


def _type_name(pane):
    return str(getattr(pane, "type", "")).upper().split(".")[-1]


def _open(ws):
    from .editor import _editor_pane
    base = _editor_pane()
    target = find_op(ws["path"])
    if base is None:
        return ws.update(state="failed", reason="no network editor is open to split")
    if target is None:
        return ws.update(state="failed", reason="%s no longer exists" % ws["path"])
    made = base.splitRight()
    try:
        made = made.changeType(getattr(td.PaneType, KINDS[ws["kind"]]))
        made.owner = target
    except Exception:
        made.close()  # nothing half-made stays
        raise
    ws.update(state="active", pane={"id": made.id, "name": made.name, "type": _type_name(made)},
              base_pane=base.id)


def _close(ws):
    pane = _find_pane(ws["pane"]["id"])
    if pane is None:  # the artist closed it already: the layout is as it was
        return ws.update(state=ws["end"], reason="the pane was already closed")
    from .editor import live_owner, shows_deleted
    owner = live_owner(pane)
    # What svc's pane showed was deleted (its COMP or the COMP holding it): the pane is still svc's and
    # shows nothing now, so it is closed like any other; only a pane the artist changed is kept.
    gone = shows_deleted(pane)
    if _type_name(pane) != ws["pane"]["type"] or (not gone and (owner is None or owner.path != ws["path"])):
        return ws.update(state="kept", reason="the artist changed the pane since; it stays")
    pane.close()
    ws["verify"] = True


def _verify(ws):
    if _find_pane(ws["pane"]["id"]) is not None:
        return ws.update(state="failed", reason="the pane was still open a frame after it was closed")
    ws.update(state=ws["end"])


def _step(ws):
    if ws["state"] == "scheduled":
        _open(ws)
        if ws["state"] == "active" and ws["cancel_requested"]:
            ws.update(state="restoring", end="cancelled")
    elif ws["state"] == "restoring":
        if ws.get("verify"):
            _verify(ws)
        else:
            _close(ws)
    else:
        return
    ws["changed_frame"] = td.absTime.frame


def _tick():
    for ws in list(_workspaces.values()):
        if ws["state"] in ("scheduled", "restoring"):
            try:
                _step(ws)
            except Exception as exc:  # the environment refused: say so, without its internals
                ws.update(state="failed", reason="the editor refused the change (%s)" % type(exc).__name__)
    return any(w["state"] in ("scheduled", "restoring") for w in _workspaces.values())


def schedule(ctx):
    check_known_fields(ctx.body, ("kind", "path"))
    kind = get_str(ctx.body, "kind", required=True)
    if kind not in KINDS:
        raise BridgeError("invalid_field", "kind must be one of %s" % ", ".join(sorted(KINDS)), field="kind")
    node = require_op(check_path(get_str(ctx.body, "path", required=True)))
    if kind == "top_viewer" and getattr(node, "family", None) != "TOP":
        raise BridgeError("invalid_field", "a TOP Viewer shows a TOP; %s is a %s" % (node.path, node.OPType), field="path")
    if kind == "panel" and not getattr(node, "isPanel", False):
        raise BridgeError("invalid_field", "a Panel shows a Panel COMP; %s is a %s" % (node.path, node.OPType), field="path")
    from .editor import _editor_pane
    if _editor_pane() is None:
        raise BridgeError("no_editor", "no network editor is open to split")
    busy = [w for w in _workspaces.values() if w["state"] in LIVE]
    if busy:
        raise BridgeError("workspace_busy", "workspace %s is still open; restore or cancel it first"
                          % busy[0]["workspace_id"], workspace_id=busy[0]["workspace_id"])
    ws = {"workspace_id": "ws-%d" % next(_ids), "kind": kind, "path": node.path, "state": "scheduled",
          "pane": None, "base_pane": None, "scheduled_frame": td.absTime.frame, "changed_frame": None,
          "cancel_requested": False, "reason": None}
    _workspaces[ws["workspace_id"]] = ws
    while len(_workspaces) > MAX_WORKSPACES:
        _workspaces.popitem(last=False)
    ticker.keep("workspaces", _tick)
    return _receipt(ws)


def _workspace(ctx):
    ws = _workspaces.get(ctx.params["workspace_id"])
    if ws is None:
        raise BridgeError("workspace_not_found", "no workspace %r is remembered (the last %d are)"
                          % (ctx.params["workspace_id"][:80], MAX_WORKSPACES))
    return ws


def status(ctx):
    return _receipt(_workspace(ctx))


def restore(ctx):
    check_known_fields(ctx.body, ())
    ws = _workspace(ctx)
    if ws["state"] != "active":
        raise BridgeError("workspace_state", "workspace %s is %s; only an active one is restored"
                          % (ws["workspace_id"], ws["state"]), state=ws["state"])
    ws.update(state="restoring", end="restored")
    ticker.keep("workspaces", _tick)
    return _receipt(ws)


def cancel(ctx):
    check_known_fields(ctx.body, ())
    ws = _workspace(ctx)
    cancelled = ws["state"] in ("scheduled", "active")
    if ws["state"] == "scheduled":
        ws.update(state="cancelled", reason="cancelled by the client before the split")
    elif ws["state"] == "active":  # the split happened first: the same cleanup as a restore
        ws.update(state="restoring", end="cancelled", cancel_requested=True)
        ticker.keep("workspaces", _tick)
    return dict(_receipt(ws), cancelled=cancelled)


def reset():
    """Forget every workspace (tests)."""
    _workspaces.clear()


def register(router):
    router.add("POST", "/api/editor/workspaces", schedule)
    router.add("GET", "/api/editor/workspaces/{workspace_id}", status)
    router.add("POST", "/api/editor/workspaces/{workspace_id}/restore", restore)
    router.add("POST", "/api/editor/workspaces/{workspace_id}/cancel", cancel)
