"""Cook errors and warnings as the bridge reads them (OP Class: errors, warnings, cook)."""

from .client import encode_path as enc, q
from .registry import Area, expect, passed, require

area = Area("cook")
checks = area.checks


def _broken(ctx, parent=None):
    node = ctx.make("selectTOP", "broken", parent)
    node.par.top = (parent or ctx.scratch).path + "/no_such_operator"
    node.cook(force=True)
    return node


@area.check("errors_text", "OP.errors() of a Select TOP naming no operator is text naming the problem")
def _errors(ctx):
    node = _broken(ctx)
    text = node.errors()
    require(isinstance(text, str) and text.strip() != "", "a non-empty string", text)
    return passed({"errors": text})


@area.check("errors_route_lines", "GET …/errors gives errors() as lines")
def _route(ctx):
    node = _broken(ctx)
    data = ctx.client.ok("GET", "/api/nodes/%s/errors" % enc(node.path))
    expect([l for l in node.errors().splitlines() if l.strip()], data["errors"])


@area.check("errors_clear", "fixing the cause clears the error on the next cook")
def _clear(ctx):
    comp = ctx.comp()
    node = _broken(ctx, comp)
    src = ctx.make("noiseTOP", "src", comp)
    node.par.top = src.path
    node.cook(force=True)
    expect("", node.errors().strip())
    expect([], ctx.client.ok("GET", "/api/nodes/%s/errors" % enc(node.path))["errors"])


@area.check("warnings_text", "OP.warnings() reads as text")
def _warnings(ctx):
    node = ctx.make("noiseTOP")
    require(isinstance(node.warnings(), str), "a string", node.warnings())


@area.check("network_errors_paged", "GET /api/network/{path}/errors?paged=true reaches every error to the end")
def _paged(ctx):
    comp = ctx.comp()
    made = sorted(_broken(ctx, comp).path for _ in range(3))
    seen, after = [], ""
    for _ in range(10):
        data = ctx.client.ok("GET", "/api/network/%s/errors?paged=true&after=%s" % (enc(comp.path), q(after)))
        seen.extend(e["path"] for e in data["errors"])
        if data.get("next_after") is None:
            break
        after = data["next_after"]
    expect(made, sorted(set(seen)))


@area.check("error_in_detail", "node detail lists the operator's errors")
def _detail(ctx):
    node = _broken(ctx)
    require(bool(ctx.client.ok("GET", "/api/nodes/" + enc(node.path))["errors"]), "errors listed", None)
