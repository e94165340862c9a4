"""Undo blocks: each mutating request adds one item to ui.undo's stack under its label, and undoing
that item takes its change back (Undo Class: startBlock, endBlock, undoStack, undo)."""

import td

from .client import encode_path as enc
from .registry import Area, expect, passed, require, unverified

area = Area("undo")
checks = area.checks


def _stack():
    return [i if isinstance(i, str) else getattr(i, "name", str(i)) for i in td.ui.undo.undoStack]


def _undo_check(setup, request, changed, route):
    """setup(ctx) -> state; request(ctx, state) -> reply data; changed(state) -> True once the change is
    there; route: (method, pattern) whose undo block the request runs in."""

    def one_item(ctx):
        label = _label_of(ctx.client.router, *route)
        state = setup(ctx)
        before = _stack()
        data = request(ctx, state)
        after = _stack()
        expect(len(before) + 1, len(after), "undo stack length after one request")
        newest = after[-1] if after[:-1] == before else after[0]
        expect(label, newest, "the new item's name")
        expect(label, data.get("undo_label"), "the reply's undo_label")
        return passed({"undo_label": newest})

    def undone(ctx):
        state = setup(ctx)
        request(ctx, state)
        require(changed(state), "the change made", "not made")
        if td.ui.undo.state:
            return unverified("an undo block is open")
        td.ui.undo.undo()
        expect(False, changed(state), "the change is there after ui.undo.undo()")
    return one_item, undone


def _node(op_type):
    return lambda ctx: {"ctx": ctx, "node": ctx.make(op_type), "comp": ctx.comp()}


CASES = [
    ("create", lambda ctx: {"ctx": ctx, "comp": ctx.comp()},
     lambda ctx, s: ctx.client.ok("POST", "/api/nodes", {"parent_path": s["comp"].path, "type": "nullTOP", "name": "u"}),
     lambda s: td.op(s["comp"].path + "/u") is not None),
    ("update", _node("noiseTOP"),
     lambda ctx, s: ctx.client.ok("PATCH", "/api/nodes/" + enc(s["node"].path), {"parameters": {"period": 9}}),
     lambda s: float(s["node"].par.period.eval()) == 9.0),
    ("delete", _node("nullTOP"),
     lambda ctx, s: s.update(path=s["node"].path) or ctx.client.ok(
         "DELETE", "/api/nodes/" + enc(s["path"]), {"confirmation_policy": "yolo"}),
     lambda s: td.op(s["path"]) is None),
    ("bypass", _node("levelTOP"),
     lambda ctx, s: ctx.client.ok("DELETE", "/api/nodes/" + enc(s["node"].path), {"mode": "bypass"}),
     lambda s: bool(s["node"].bypass)),
    ("text", _node("textDAT"),
     lambda ctx, s: ctx.client.ok("PUT", "/api/nodes/%s/text" % enc(s["node"].path), {"text": "undo me"}),
     lambda s: s["node"].text == "undo me"),
    ("mode", _node("noiseTOP"),
     lambda ctx, s: ctx.client.ok("PATCH", "/api/nodes/%s/params/period/mode" % enc(s["node"].path),
                                  {"mode": "expression", "expr": "2 + 3"}),
     lambda s: s["node"].par.period.mode == td.ParMode.EXPRESSION),
    ("metadata", _node("nullTOP"),
     lambda ctx, s: ctx.client.ok("PATCH", "/api/nodes/%s/metadata" % enc(s["node"].path), {"comment": "undo"}),
     lambda s: s["node"].comment == "undo"),
    ("batch", lambda ctx: {"ctx": ctx, "comp": ctx.comp()},
     lambda ctx, s: ctx.client.ok("POST", "/api/batch", {"operations": [
         {"action": "create", "parent_path": s["comp"].path, "type": "noiseTOP", "name": "a"},
         {"action": "create", "parent_path": s["comp"].path, "type": "nullTOP", "name": "b"},
         {"action": "connect", "source_path": s["comp"].path + "/a", "target_path": s["comp"].path + "/b"}]}),
     lambda s: len(s["comp"].children) == 2),
    ("connect", lambda ctx: (lambda comp: {"comp": comp, "a": ctx.make("noiseTOP", "a", comp),
                                                 "b": ctx.make("nullTOP", "b", comp)})(ctx.comp()),
     lambda ctx, s: ctx.client.ok("POST", "/api/connect", {"source_path": s["a"].path, "target_path": s["b"].path}),
     lambda s: len(s["b"].inputs) == 1),
    ("custom_params", _node("nullTOP"),
     lambda ctx, s: ctx.client.ok("POST", "/api/nodes/%s/custom_params" % enc(s["comp"].path), {"operations": [
         {"action": "add", "page": "Svc", "name": "Level", "style": "Float"}]}),
     lambda s: len(s["comp"].customPages) == 1),
    ("duplicate", _node("nullTOP"),
     lambda ctx, s: ctx.client.ok("POST", "/api/duplicate", {"source_path": s["node"].path, "parent_path": s["comp"].path,
                                                             "name": "copy"}),
     lambda s: td.op(s["comp"].path + "/copy") is not None),
]

def _label_of(router, method, pattern):
    for route in router.routes:
        if route.method == method and route.pattern == pattern:
            return route.undo_label
    return None


ROUTES = {"create": ("POST", "/api/nodes"), "update": ("PATCH", "/api/nodes/{path:path}"),
          "delete": ("DELETE", "/api/nodes/{path:path}"), "bypass": ("DELETE", "/api/nodes/{path:path}"),
          "text": ("PUT", "/api/nodes/{path:path}/text"),
          "mode": ("PATCH", "/api/nodes/{path:path}/params/{param}/mode"),
          "metadata": ("PATCH", "/api/nodes/{path:path}/metadata"), "batch": ("POST", "/api/batch"),
          "connect": ("POST", "/api/connect"), "custom_params": ("POST", "/api/nodes/{path:path}/custom_params"),
          "duplicate": ("POST", "/api/duplicate")}

for _name, _setup, _request, _changed in CASES:
    _one, _undone = _undo_check(_setup, _request, _changed, ROUTES[_name])
    area.add("%s_one_item" % _name, "%s %s adds one undo item named as the route's block" % ROUTES[_name], _one)
    area.add("%s_undoes" % _name, "ui.undo.undo() takes %s %s back" % ROUTES[_name], _undone)


@area.check("failed_request_changes_nothing", "a request that fails and is rolled back leaves the operators as before")
def _failed(ctx):
    comp = ctx.comp()
    ctx.client.call("POST", "/api/batch", {"operations": [
        {"action": "create", "parent_path": comp.path, "type": "nullTOP", "name": "x"},
        {"action": "connect", "source_path": comp.path + "/nope", "target_path": comp.path + "/x"}]})
    expect([], [c.name for c in comp.children])
