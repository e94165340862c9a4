"""A whole network's state in one HTTP request, built over several frames (main-thread side).

A Web Server DAT's onHTTPRequest must return its response (Web Server DAT page: "The response
... must be returned from the callback. This response will be sent back to the client"), so a
read answered in one frame holds TouchDesigner's main thread for as long as the read takes: about
a second for 1,000 nodes. `read_server.py` therefore takes `POST /api/network/{path}/state` on a
port of its own, in a Python thread that never touches an operator (the Thread Manager page: no
OP, COMP or parameter from another thread). It hands each request here as the request dict a Web
Server DAT gives; the bridge's ticker (once a frame, main thread) checks it as the Web Server DAT
path would (security, route, body), then lists the network a slice at a time, at most SLICE_MS a
frame, and sets the reply when the walk is complete. The thread sends it.

What a reply holds is a state page (routes/network_state.py) that is also the last: `root`,
`stored`, every node (a known digest as path and digest only), `next_after` null, `complete`.
Bounds: `max_nodes` (default and at most MAX_NODES) and MAX_REPLY_CHARS of nodes, else 413
`read_too_large`; MAX_SECONDS from the request's arrival, else 504 `read_timeout`; MAX_JOBS open
at once, else 503 `overloaded`. The read is not atomic: like the pages it replaces, a node changed
while the read runs is listed as it was when its slice reached it.
"""

import queue
import threading
import time
import traceback

from . import logbook, shedding
from .body import check_known_fields, parse_json_body
from .budget import Budget
from .envelope import write_error, write_ok
from .errors import BridgeError
from .live import require_comp
from .request import parse_request
from .router import Router
from .routes.network_state import StateQuery
from .security import check_request, check_route_token
from .walk import PagedWalk

FIELDS = ("depth", "max_nodes", "known", "wanted", "storage_key")
# Per frame, for all open reads together: measured at 6 and 3 ms on a loaded machine, 3 ms halved the
# frames over 16.7 ms without lengthening the read (bench/README.md, "No-op re-apply").
SLICE_MS = 3.0
MAX_NODES = 50000
MAX_REPLY_CHARS = 64 * 1024 * 1024
MAX_SECONDS = 20.0
MAX_JOBS = 4

_inbox = queue.Queue()
_open = []  # main thread only


class Job:
    """One request: filled in by the main thread, `done` set when `response` is complete."""

    def __init__(self, raw):
        self.raw = raw
        self.arrived = time.monotonic()
        self.response = {}
        self.done = threading.Event()
        self.picked = threading.Event()
        self.abandoned = False
        self.query = None
        self.path = None
        self.after = None
        self.nodes = []
        self.chars = 0
        self.head = None
        self.slices = 0

    def finish(self, data=None, error=None):
        if error is not None:
            write_error(self.response, error)
        else:
            _reply_with_nodes(self.response, data, self.nodes)
        self.nodes = []
        self.done.set()


def submit(raw):
    """Server thread: queue one request dict for the main thread; wait on the job's `done`."""
    job = Job(raw)
    _inbox.put(job)
    return job


def open_jobs():
    return len(_open)


def queued():
    return _inbox.qsize()


def _router():
    router = Router()
    router.add("POST", "/api/network/{path:path}/state", None, sheddable=False)
    return router


def _start(job):
    """Main thread: the checks every request passes, then the job's query."""
    req = parse_request(job.raw)
    check_request(req)
    match = _router().match(req.method, req.raw_path)
    check_route_token(match.route)
    if len(_open) >= MAX_JOBS:
        raise BridgeError("overloaded", "%d whole reads are already running; send this one again after %d ms"
                          % (MAX_JOBS, 500), headers={"Retry-After": "1"}, retry_after_ms=500)
    body = parse_json_body(req.body)
    check_known_fields(body, FIELDS)
    job.query = StateQuery(match.params["path"], body, MAX_NODES, MAX_NODES)
    job.path = job.query.comp.path
    _open.append(job)


def _slice(job, seconds):
    """Lists nodes for `seconds` at most (at least one), carrying on after the last listed."""
    query = job.query
    comp = require_comp(job.path)  # looked up again: it may have gone since the last frame
    if job.head is None:
        job.head = query.head(comp)
    left = query.max_nodes - len(job.nodes)
    walk = PagedWalk(comp, Budget(seconds), query.depth, left + 1, job.after)
    for node, level in walk:
        text = query.listed_json(node, level)
        job.nodes.append(text)
        job.chars += len(text) + 1
        if len(job.nodes) > query.max_nodes or job.chars > MAX_REPLY_CHARS:
            raise BridgeError("read_too_large", "%s holds more than %s: read it in pages (POST "
                              "/api/network/{path}/state on the Web Server DAT's port, with 'after')"
                              % (job.path, "%d nodes" % query.max_nodes if len(job.nodes) > query.max_nodes
                                 else "%d MiB of state" % (MAX_REPLY_CHARS // (1024 * 1024))),
                              path=job.path, max_nodes=query.max_nodes, max_chars=MAX_REPLY_CHARS)
    job.slices += 1
    job.after = walk.next_after
    if walk.complete:
        data = {"path": job.path, "next_after": None, "complete": True, "stopped_by": None,
                "visited": len(job.nodes), "slices": job.slices,
                "elapsed_ms": round((time.monotonic() - job.arrived) * 1000.0, 3)}
        data.update(job.head)
        job.finish(data)


def _reply_with_nodes(response, data, nodes):
    """The envelope of `data` with `nodes` (JSON texts already made, slice by slice) joined in."""
    write_ok(response, data)
    text = response["data"]  # '{"ok":true,"data":{...}}'
    response["data"] = '%s,"nodes":[%s]}}' % (text[:-2], ",".join(nodes))


def _fail(job, err):
    if job in _open:
        _open.remove(job)
    if not isinstance(err, BridgeError):
        logbook.log("error", "whole read failed: %s: %s" % (type(err).__name__, err), code="internal_error",
                    trace=traceback.format_exc(limit=6))
        err = BridgeError("internal_error", "%s: %s" % (type(err).__name__, err))
    job.finish(error=err)


def tick():
    """Main thread, once a frame: start what arrived, then give the open reads SLICE_MS between them."""
    start = time.perf_counter()
    while True:
        try:
            job = _inbox.get_nowait()
        except queue.Empty:
            break
        job.picked.set()
        try:
            _start(job)
        except Exception as err:  # a refusal answers at once, as on the Web Server DAT
            _fail(job, err)
    for job in list(_open):
        if job.abandoned:
            _open.remove(job)
            continue
        if time.monotonic() - job.arrived > MAX_SECONDS:
            _fail(job, BridgeError("read_timeout", "reading %s took more than %g s (%d nodes listed): read it in "
                                   "pages instead" % (job.path, MAX_SECONDS, len(job.nodes)), path=job.path))
            continue
        left = SLICE_MS / 1000.0 - (time.perf_counter() - start)
        share = max(left / max(1, len(_open)), 0.0005)
        try:
            _slice(job, share)
        except Exception as err:
            _fail(job, err)
            continue
        if job.done.is_set():
            _open.remove(job)
    _charge(time.perf_counter() - start)
    return True


def _charge(seconds):
    """The slices draw on the bridge's share of the frame (shedding.py) like any request, so the
    Web Server DAT's requests are shed while a whole read takes its part of the frame."""
    budget_ms = shedding.frame_budget_ms()
    if budget_ms is not None and seconds > 0:
        shedding._bucket.charge(seconds, budget_ms, shedding.frame_period_ms())


def reset():
    """Forget every queued and open read, answering them (tests; a reloaded bridge)."""
    while True:
        try:
            job = _inbox.get_nowait()
        except queue.Empty:
            break
        job.finish(error=BridgeError("internal_error", "the bridge was reloaded before this read ran"))
    for job in list(_open):
        job.finish(error=BridgeError("internal_error", "the bridge was reloaded during this read"))
    del _open[:]


