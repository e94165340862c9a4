"""Following an operator in the artist's network editor: POST /api/editor/focus schedules one job
(show the operator's network in the active editor, select it, centre the view on it), run on the
next frame as the editor itself would; GET /api/editor/focus/{id} polls its receipt; POST
.../cancel cancels it while it is still scheduled. A new focus supersedes one still scheduled.

A follow changes what the artist sees, not the project: it is not an undo step (spec 4.3). Jobs are
kept for the last 32 requests. UNVERIFIED in TouchDesigner: that setting a NetworkEditor pane's
`owner`, `x` and `y` and an operator's `selected` and `current` from a run() callback shows the
result on the next frame; to verify, focus an operator in another COMP and watch the editor.
"""

import collections
import itertools

import td

from .. import ticker
from ..body import check_known_fields, get_bool, get_str
from ..errors import BridgeError
from ..live import check_path, find_op, require_op

MAX_JOBS = 32
TERMINAL = ("done", "failed", "cancelled", "superseded")

_jobs = collections.OrderedDict()
_ids = itertools.count(1)


def _receipt(job):
    return {key: job[key] for key in ("operation_id", "path", "state", "select", "frame", "scheduled_frame",
                                      "finished_frame", "result", "reason")}


def _remember(job):
    _jobs[job["operation_id"]] = job
    while len(_jobs) > MAX_JOBS:
        _jobs.popitem(last=False)


def _pane():
    from .editor import _editor_pane
    return _editor_pane()


def _run(job):
    job["finished_frame"] = td.absTime.frame
    node = find_op(job["path"])
    pane = _pane()
    if node is None or node.parent() is None:
        job.update(state="failed", reason="%s no longer exists" % job["path"])
        return
    if pane is None:
        job.update(state="failed", reason="no network editor is open")
        return
    network = node.parent()
    pane.owner = network
    if job["select"]:
        for sibling in network.children:
            if sibling.selected and sibling is not node:
                sibling.selected = False
        node.selected = True
        node.current = True
    if job["frame"]:
        pane.x = node.nodeX + node.nodeWidth / 2.0
        pane.y = node.nodeY + node.nodeHeight / 2.0
    job.update(state="done", result={"network": network.path, "selected": job["select"],
                                     "viewport": {"x": getattr(pane, "x", None), "y": getattr(pane, "y", None),
                                                  "zoom": getattr(pane, "zoom", None)}})


def _tick():
    for job in list(_jobs.values()):
        if job["state"] == "scheduled":
            try:
                _run(job)
            except Exception as exc:  # the environment refused: say so, without its internals
                job.update(state="failed", reason="the editor refused the change (%s)" % type(exc).__name__)
    return any(j["state"] == "scheduled" for j in _jobs.values())


def schedule(ctx):
    check_known_fields(ctx.body, ("path", "select", "frame"))
    path = check_path(get_str(ctx.body, "path", required=True))
    select = get_bool(ctx.body, "select", default=True)
    frame = get_bool(ctx.body, "frame", default=True)
    node = require_op(path)
    if node.parent() is None:
        raise BridgeError("invalid_field", "the root has no network to show it in", field="path")
    for job in _jobs.values():
        if job["state"] == "scheduled":
            job.update(state="superseded", reason="a newer focus was asked for")
    job = {"operation_id": "focus-%d" % next(_ids), "path": node.path, "state": "scheduled", "select": select,
           "frame": frame, "scheduled_frame": td.absTime.frame, "finished_frame": None, "result": None,
           "reason": None}
    _remember(job)
    ticker.keep("focus", _tick)
    return _receipt(job)


def _job(ctx):
    job = _jobs.get(ctx.params["operation_id"])
    if job is None:
        raise BridgeError("operation_not_found", "no focus job %r is remembered (the last %d are)"
                          % (ctx.params["operation_id"][:80], MAX_JOBS))
    return job


def poll(ctx):
    return _receipt(_job(ctx))


def cancel(ctx):
    check_known_fields(ctx.body, ())
    job = _job(ctx)
    cancelled = job["state"] == "scheduled"
    if cancelled:
        job.update(state="cancelled", reason="cancelled by the client")
    return dict(_receipt(job), cancelled=cancelled)


def reset():
    """Forget every job (tests)."""
    _jobs.clear()


def register(router):
    router.add("POST", "/api/editor/focus", schedule)
    router.add("GET", "/api/editor/focus/{operation_id}", poll)
    router.add("POST", "/api/editor/focus/{operation_id}/cancel", cancel)
