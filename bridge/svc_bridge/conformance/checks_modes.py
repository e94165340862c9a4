"""Parameter modes (Par Class: mode, expr, bindExpr; ParMode): constant, expression and bind set
through the bridge, and a bound parameter's write going through to its master."""

import td

from .client import encode_path as enc
from .registry import Area, expect, passed, require

area = Area("modes")
checks = area.checks


def _mode(ctx, node, par, body):
    return ctx.client.ok("PATCH", "/api/nodes/%s/params/%s/mode" % (enc(node.path), par), body)


@area.check("parmode_members", "td.ParMode has CONSTANT, EXPRESSION, EXPORT and BIND")
def _members(ctx):
    return passed({n: str(getattr(td.ParMode, n)) for n in ("CONSTANT", "EXPRESSION", "EXPORT", "BIND")})


@area.check("expression", "mode expression: Par.mode is EXPRESSION, Par.expr the text, eval() its value")
def _expression(ctx):
    node = ctx.make("noiseTOP")
    _mode(ctx, node, "period", {"mode": "expression", "expr": "2 * 3"})
    expect((td.ParMode.EXPRESSION, "2 * 3", 6.0), (node.par.period.mode, node.par.period.expr,
                                                   float(node.par.period.eval())))


@area.check("expression_reads_other_operator", "an expression reading another operator's parameter follows it")
def _expression_op(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("noiseTOP", "b", comp)
    a.par.period = 4
    _mode(ctx, b, "period", {"mode": "expression", "expr": "op('%s').par.period * 2" % a.path})
    a.par.period = 5
    expect(10.0, float(b.par.period.eval()))


@area.check("constant_back", "mode constant with a value: Par.mode CONSTANT, the value held")
def _constant(ctx):
    node = ctx.make("noiseTOP")
    node.par.period.expr = "1 + 1"
    _mode(ctx, node, "period", {"mode": "constant", "value": 3})
    expect((td.ParMode.CONSTANT, 3.0), (node.par.period.mode, float(node.par.period.eval())))


@area.check("bind", "mode bind: Par.mode BIND, Par.bindExpr the text, the master's value read")
def _bind(ctx):
    comp = ctx.comp()
    master, node = ctx.make("noiseTOP", "m", comp), ctx.make("noiseTOP", "n", comp)
    master.par.period = 7
    expr = "op('%s').par.period" % master.path
    _mode(ctx, node, "period", {"mode": "bind", "expr": expr})
    expect((td.ParMode.BIND, expr, 7.0), (node.par.period.mode, node.par.period.bindExpr,
                                          float(node.par.period.eval())))


@area.check("bind_write_through", "writing a bound parameter writes its bind master, as in TouchDesigner")
def _bind_through(ctx):
    comp = ctx.comp()
    master, node = ctx.make("noiseTOP", "m", comp), ctx.make("noiseTOP", "n", comp)
    node.par.period.bindExpr = "op('%s').par.period" % master.path
    node.par.period.mode = td.ParMode.BIND
    ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {"period": 11}})
    expect((11.0, td.ParMode.BIND), (float(master.par.period.eval()), node.par.period.mode),
           "the master's value and the bound parameter's mode")


@area.check("bind_master_follows", "a bound parameter reads its master after the master changes")
def _bind_follow(ctx):
    comp = ctx.comp()
    master, node = ctx.make("noiseTOP", "m", comp), ctx.make("noiseTOP", "n", comp)
    _mode(ctx, node, "period", {"mode": "bind", "expr": "op('%s').par.period" % master.path})
    master.par.period = 13
    expect(13.0, float(node.par.period.eval()))


@area.check("export_refused", "mode export is not set by the bridge (invalid_mode): only a CHOP exports")
def _export(ctx):
    node = ctx.make("noiseTOP")
    reply = ctx.client.call("PATCH", "/api/nodes/%s/params/period/mode" % enc(node.path), {"mode": "export"})
    require(not reply.ok, "refused", reply.brief())
    expect(td.ParMode.CONSTANT, node.par.period.mode)


@area.check("reset_param", "batch reset_param puts the default back (Par.reset)")
def _reset(ctx):
    node = ctx.make("noiseTOP")
    node.par.period = 9
    ctx.client.ok("POST", "/api/batch", {"operations": [{"action": "reset_param", "path": node.path, "param": "period"}]})
    expect(float(node.par.period.default), float(node.par.period.eval()))


@area.check("modes_read", "GET …/params?modes=true reports expression and bind texts")
def _read(ctx):
    comp = ctx.comp()
    master, node = ctx.make("noiseTOP", "m", comp), ctx.make("noiseTOP", "n", comp)
    node.par.period.expr = "3 + 4"
    node.par.period.mode = td.ParMode.EXPRESSION
    node.par.amp.bindExpr = "op('%s').par.amp" % master.path
    node.par.amp.mode = td.ParMode.BIND
    data = ctx.client.ok("GET", "/api/nodes/%s/params?modes=true&keys=period,amp" % enc(node.path))
    got = {p["name"]: (p["mode"], p.get("expr"), p.get("bindExpr")) for p in data["params"]}
    expect(("expression", "3 + 4"), got["period"][:2], "period")
    expect(("bind", node.par.amp.bindExpr), (got["amp"][0], got["amp"][2]), "amp")


@area.check("batch_set_mode", "batch set_mode expression then constant round-trips")
def _batch(ctx):
    node = ctx.make("noiseTOP")
    ctx.client.ok("POST", "/api/batch", {"operations": [
        {"action": "set_mode", "path": node.path, "param": "amp", "mode": "expression", "expr": "0.25 * 2"}]})
    expect((td.ParMode.EXPRESSION, 0.5), (node.par.amp.mode, float(node.par.amp.eval())))
