"""Default contents of COMP types (COMP Class, create): what a COMP made through the bridge holds.

The bridge keeps the contents of the COMPs in default_contents.KEEPS_CONTENTS and empties every
other COMP it makes; each check reads the COMP's children after POST /api/nodes, and for a COMP
that keeps contents, that TouchDesigner gave it some."""

import td

from .. import default_contents
from .registry import Area, expect, passed, require

area = Area("default_contents")
checks = area.checks

TYPES = ["baseCOMP", "containerCOMP", "geometryCOMP", "lightCOMP", "cameraCOMP", "animationCOMP", "annotateCOMP",
         "selectCOMP", "textCOMP", "buttonCOMP"]


def _made(op_type):
    def run(ctx):
        comp = ctx.comp()
        name = ctx.name(op_type)
        ctx.client.ok("POST", "/api/nodes", {"parent_path": comp.path, "type": op_type, "name": name})
        node = td.op(comp.path + "/" + name)
        children = sorted((c.name, c.OPType) for c in node.children)
        # What TouchDesigner itself puts in the type, for the report (bridge/README.md "Default contents").
        native = ctx.scratch.create(getattr(td, op_type), ctx.name(op_type))
        native_children = sorted((c.name, c.OPType) for c in native.children)
        native.destroy()
        if op_type in default_contents.KEEPS_CONTENTS:
            require(bool(children), "TouchDesigner's contents kept", children)
            expect(native_children, children, "the kept contents are those COMP.create makes")
            return passed({"kept": children})
        expect([], children, "children after the bridge made it")
        return passed({"COMP.create makes": native_children})
    return run


for _type in TYPES:
    area.add("%s_made" % _type, "%s made through the bridge holds what the bridge's table says" % _type, _made(_type))


@area.check("animation_out", "an Animation COMP keeps a CHOP output (its Out CHOP)")
def _animation(ctx):
    comp = ctx.comp()
    ctx.client.ok("POST", "/api/nodes", {"parent_path": comp.path, "type": "animationCOMP", "name": "anim"})
    node = td.op(comp.path + "/anim")
    outs = [c.OPType for c in node.children if c.OPType == "outCHOP"]
    expect(["outCHOP"], outs)
