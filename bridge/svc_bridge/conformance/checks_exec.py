"""The exec gate (spec 5.1): with exec closed, /api/exec, node methods and reloads are refused; with
it open, a script runs. Checks that need exec say so and are UNVERIFIED while it is closed."""

from .. import config
from .client import encode_path as enc
from .registry import Area, expect, passed, unverified

area = Area("exec")
checks = area.checks


def _closed(method, uri, body):
    def run(ctx):
        if config.exec_allowed():
            return unverified("exec is open on this bridge (SVC_BRIDGE_ALLOW_EXEC): the refusal is not reachable")
        ctx.client.refused(method, uri(ctx) if callable(uri) else uri, body, "exec_disabled")
    return run


area.add("exec_closed", "POST /api/exec is exec_disabled while exec is closed",
         _closed("POST", "/api/exec", {"script": "result = 1"}))
area.add("method_closed", "POST /api/nodes/{path}/method is exec_disabled while exec is closed",
         _closed("POST", lambda ctx: "/api/nodes/%s/method" % enc(ctx.path), {"method": "cook"}))
area.add("reload_closed", "POST /api/dev/reload is exec_disabled while exec is closed",
         _closed("POST", "/api/dev/reload", {}))


@area.check("exec_runs", "POST /api/exec runs a script and returns its result", needs_exec=True)
def _runs(ctx):
    data = ctx.client.ok("POST", "/api/exec", {"script": "result = 6 * 7"})
    expect(42, data["result"])


@area.check("method_runs", "POST /api/nodes/{path}/method calls a public method", needs_exec=True)
def _method(ctx):
    node = ctx.make("noiseTOP")
    ctx.client.ok("POST", "/api/nodes/%s/method" % enc(node.path), {"method": "cook", "kwargs": {"force": True}})
    return passed()
