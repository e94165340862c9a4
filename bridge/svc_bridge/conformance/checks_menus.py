"""Menus (Par Class: menuNames, menuLabels, menuIndex): svc writes menus by entry name or index and
refuses anything else with the valid names."""

from .client import encode_path as enc
from .registry import Area, expect, passed, require

area = Area("menus")
checks = area.checks

MENUS = [("noiseTOP", "type"), ("constantCHOP", "startunit"), ("textDAT", "language"), ("sphereSOP", "type"),
         ("glslTOP", "glslversion"), ("levelTOP", "clampinput")]


def _names(ctx, op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        par = getattr(node.par, name)
        require(par.isMenu, "a menu", par.style)
        data = ctx.client.ok("GET", "/api/nodes/%s/params/%s/menu" % (enc(node.path), name))
        expect(list(par.menuNames), data["names"], "menuNames")
        expect(list(par.menuLabels), data["labels"], "menuLabels")
        return passed({"entries": len(data["names"])})
    return run


def _by_name(ctx, op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        par = getattr(node.par, name)
        entry = list(par.menuNames)[-1]
        ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {name: entry}})
        expect((entry, len(par.menuNames) - 1), (par.eval(), par.menuIndex))
    return run


def _by_index(ctx, op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        par = getattr(node.par, name)
        ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {name: 1}})
        expect(list(par.menuNames)[1], par.eval())
    return run


def _refused(ctx, op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        par = getattr(node.par, name)
        before = par.eval()
        reply = ctx.client.refused("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {name: "no_such_entry"}},
                                   "invalid_menu_entry")
        expect(list(par.menuNames), reply.error.get("valid"), "the valid names the error lists")
        expect(before, par.eval(), "the value after the refusal")
    return run


for _type, _name in MENUS:
    for _kind, _make, _title in (("names", _names, "menu names and labels read as Par.menuNames/menuLabels"),
                                 ("by_name", _by_name, "written by entry name"),
                                 ("by_index", _by_index, "written by index"),
                                 ("refused", _refused, "an unknown entry is refused with the valid names")):
        area.add("%s_%s_%s" % (_type, _name, _kind), "%s.par.%s: %s" % (_type, _name, _title),
                 _make(None, _type, _name))
