"""POST /api/conformance/run and POST /api/conformance/{run}/cancel: the conformance suite.

A run is served a step per request (conformance/runner.py), each bounded by `time_budget_ms`, so
no frame is held long. Not an undo block: what the suite makes lives in a scratch COMP it destroys,
and the mutating requests it sends itself each get their own block (one of the things it checks).
"""

from ..body import check_known_fields, get_int, get_str
from ..conformance import all_checks, runner
from ..conformance.client import Client


def run(ctx):
    body = ctx.body
    check_known_fields(body, ("run", "time_budget_ms"))
    budget = get_int(body, "time_budget_ms", default=runner.DEFAULT_STEP_MS, minimum=1, maximum=runner.MAX_STEP_MS)
    runner.sweep()
    run_id = get_str(body, "run", allow_empty=False)
    current = runner.find(run_id) if run_id is not None else runner.start(all_checks())
    client = Client(ctx.request, ctx.webserver, ctx.handle, ctx.router)
    return runner.step(current, client, ctx.request, ctx.raw, ctx.webserver, budget)


def cancel(ctx):
    runner.sweep()
    return runner.cancel(ctx.params["run"])


def register(router):
    router.add("POST", "/api/conformance/run", run)
    router.add("POST", "/api/conformance/{run}/cancel", cancel)
