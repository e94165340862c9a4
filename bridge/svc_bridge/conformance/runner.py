"""A run of the conformance suite: a scratch COMP, the checks in order, a step per request.

The bridge serves requests on TouchDesigner's main thread, so a run never holds a frame long: each
request (a step) runs checks until its time budget is spent (at least one check), and the next
request resumes where it stopped. The scratch COMP is made at the root when the run starts and is
destroyed when the last check has run, when the run is cancelled, when a step fails unexpectedly,
when a new run starts, and when a run is found idle for longer than IDLE_SECONDS: whatever happens,
the next request to the suite leaves nothing of an earlier run behind.
"""

import secrets
import sys
import time

import td

from ..errors import BridgeError
from ..version import BRIDGE_VERSION
from .registry import FAIL, PASS, UNVERIFIED

IDLE_SECONDS = 60.0
DEFAULT_STEP_MS = 50
MAX_STEP_MS = 200

_runs = {}


class Run:
    def __init__(self, checks):
        self.id = secrets.token_hex(8)
        self.checks = checks
        self.index = 0
        self.results = []
        self.steps = []  # {ms, frame, budget_ms}
        self.requests = []  # what each step's request looked like (webserver checks)
        self.last = time.monotonic()
        self.scratch_path = None
        self.names = 0
        self.done = False

    def unique(self, stem):
        self.names += 1
        clean = "".join(c if c.isalnum() else "_" for c in stem)
        return "%s_%d" % (clean[:40] or "n", self.names)


class CheckContext:
    """What a check sees."""

    def __init__(self, run, client, request, raw, webserver):
        self.run = run
        self.client = client
        self.request = request  # the step's request, normalised
        self.raw = raw  # the step's request dict as the host gave it
        self.webserver = webserver
        self.check = None

    @property
    def scratch(self):
        return td.op(self.run.scratch_path)

    @property
    def path(self):
        return self.run.scratch_path

    def name(self, stem=None):
        return self.run.unique(stem or (self.check.id if self.check else "n"))

    def comp(self, stem=None):
        """A fresh Base COMP of its own in the scratch COMP (made directly, not through a route)."""
        return self.make("baseCOMP", stem)

    def make(self, op_type, stem=None, parent=None):
        parent = parent if parent is not None else self.scratch
        node = parent.create(getattr(td, op_type), self.name(stem))
        if getattr(node, "isCOMP", False) and op_type not in ("animationCOMP",):
            for child in list(node.children):
                child.destroy()
        return node


def _build():
    app = td.app
    out = {}
    for key in ("version", "build", "osName", "osVersion", "product"):
        try:
            out[key] = str(getattr(app, key))
        except Exception as exc:
            out[key] = None
            out.setdefault("unreadable", {})[key] = "%s: %s" % (type(exc).__name__, exc)
    out["python"] = sys.version.split()[0]
    return out


def _remove_scratch(run):
    path, run.scratch_path = run.scratch_path, None
    if path is None:
        return True
    node = td.op(path)
    if node is not None:
        node.destroy()
    return td.op(path) is None


def _close(run):
    _runs.pop(run.id, None)
    return _remove_scratch(run)


def sweep(now=None):
    """Ends every run idle for longer than IDLE_SECONDS (its scratch COMP destroyed)."""
    now = time.monotonic() if now is None else now
    for run in list(_runs.values()):
        if now - run.last > IDLE_SECONDS:
            _close(run)


def start(checks):
    """A new run; an earlier one still open is ended first (one scratch COMP at a time)."""
    for run in list(_runs.values()):
        _close(run)
    run = Run(checks)
    name = "svc_verify_" + run.id[:8]
    scratch = td.op("/").create(td.baseCOMP, name)
    for child in list(scratch.children):
        child.destroy()
    run.scratch_path = scratch.path
    _runs[run.id] = run
    return run


def find(run_id):
    run = _runs.get(run_id)
    if run is None:
        raise BridgeError("operation_not_found", "no conformance run %r is open (finished, cancelled, or idle for "
                          "more than %d s)" % (run_id, IDLE_SECONDS), run=run_id)
    return run


def cancel(run_id):
    run = find(run_id)
    removed = _close(run)
    return {"run": run_id, "cancelled": True, "scratch_removed": removed}


def _request_shape(raw):
    if not isinstance(raw, dict):
        return None
    return {"keys": sorted(str(k) for k in raw), "clientAddress": raw.get("clientAddress"),
            "serverAddress": raw.get("serverAddress"), "uri": raw.get("uri"), "method": raw.get("method"),
            "pars": raw.get("pars") if isinstance(raw.get("pars"), dict) else repr(type(raw.get("pars"))),
            "data_type": type(raw.get("data")).__name__}


def step(run, client, request, raw, webserver, budget_ms):
    """Runs checks until the budget is spent (at least one); returns this step's results."""
    started = time.perf_counter()
    run.last = time.monotonic()
    run.requests.append(_request_shape(raw))
    ctx = CheckContext(run, client, request, raw, webserver)
    results = []
    spent_before_last = 0.0
    try:
        while run.index < len(run.checks):
            check = run.checks[run.index]
            if results and getattr(check.fn, "fresh_step", False):
                break  # it reads what earlier requests saw: it runs first in a request of its own
            t0 = time.perf_counter()
            if results and (t0 - started) * 1000.0 >= budget_ms:
                break  # the budget is spent: the next request goes on
            ctx.check = check
            spent_before_last = (t0 - started) * 1000.0
            result = check.run(ctx)
            result = dict(result, id=check.id, area=check.area, title=check.title,
                          ms=round((time.perf_counter() - t0) * 1000.0, 3))
            results.append(result)
            run.index += 1
    except BaseException:
        _close(run)
        raise
    run.steps.append({"ms": round((time.perf_counter() - started) * 1000.0, 3), "frame": float(td.absTime.frame),
                      "budget_ms": budget_ms, "checks": len(results),
                      "before_last_ms": round(spent_before_last, 3)})
    run.results.extend(results)
    out = {"run": run.id, "step": len(run.steps), "results": results, "checked": run.index,
           "total": len(run.checks), "done": False, "scratch": run.scratch_path}
    if run.index >= len(run.checks):
        removed = _close(run)
        run.done = True
        final = {"id": "suite.scratch_removed", "area": "suite", "title": "the scratch COMP is gone after the run",
                 "status": PASS if removed else FAIL, "ms": 0.0}
        if not removed:
            final.update(expected="no operator at the scratch path", read="it is still there")
        out["results"].append(final)
        run.results.append(final)
        counts = {PASS: 0, FAIL: 0, UNVERIFIED: 0}
        for result in run.results:
            counts[result["status"]] = counts.get(result["status"], 0) + 1
        from .. import config
        out.update(done=True, scratch=None, report={
            "build": _build(), "bridge_version": BRIDGE_VERSION, "exec_open": config.exec_allowed(),
            "expressions": "safe" if config.expressions_safe() else "open", "counts": counts,
            "checks": len(run.results), "steps": len(run.steps),
            "max_step_ms": max(s["ms"] for s in run.steps)})
    return out
