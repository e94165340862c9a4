"""Connectors and families (OP Class: inputs, outputs, inputConnectors, outputConnectors; td.families):
the bridge wires operators of every family and reads their wires back."""

import td

from .client import encode_path as enc
from .registry import Area, expect, passed, require

area = Area("connectors")
checks = area.checks

FAMILIES = {"TOP": "nullTOP", "CHOP": "nullCHOP", "SOP": "nullSOP", "DAT": "nullDAT", "MAT": "nullMAT",
            "POP": "nullPOP"}


def _family_listed(family, op_type):
    def run(ctx):
        fam = td.families
        require(family in fam, "td.families has %s" % family, sorted(fam))
        names = [t if isinstance(t, str) else getattr(t, "__name__", str(t)) for t in fam[family]]
        require(op_type in names, "%s among %s types" % (op_type, family), len(names))
        node = ctx.make(op_type)
        expect(family, node.family, "OP.family")
        return passed({"types": len(names)})
    return run


def _wire(family, op_type):
    def run(ctx):
        comp = ctx.comp()
        a, b = ctx.make(op_type, "a", comp), ctx.make(op_type, "b", comp)
        ctx.client.ok("POST", "/api/connect", {"source_path": a.path, "target_path": b.path})
        expect([a.path], [i.path for i in b.inputs], "inputs")
        expect([b.path], [o.path for o in a.outputs], "outputs")
        conns = b.inputConnectors[0].connections
        expect([a.path], [c.owner.path for c in conns], "inputConnectors[0].connections")
    return run


def _unwire(family, op_type):
    def run(ctx):
        comp = ctx.comp()
        a, b = ctx.make(op_type, "a", comp), ctx.make(op_type, "b", comp)
        b.inputConnectors[0].connect(a)
        ctx.client.ok("POST", "/api/disconnect", {"to_path": b.path, "from_path": a.path})
        expect(([], []), ([i.path for i in b.inputs], [o.path for o in a.outputs]))
    return run


def _read_back(family, op_type):
    def run(ctx):
        comp = ctx.comp()
        a, b = ctx.make(op_type, "a", comp), ctx.make(op_type, "b", comp)
        b.inputConnectors[0].connect(a)
        data = ctx.client.ok("GET", "/api/nodes/" + enc(b.path))
        expect([(a.path, 0, 0)], [(w["source"], w["source_output"], w["target_input"]) for w in data["inputs"]])
    return run


for _family, _type in FAMILIES.items():
    area.add("%s_family" % _family, "td.families lists %s with %s" % (_family, _type), _family_listed(_family, _type))
    area.add("%s_connect" % _family, "%s: /api/connect wires output 0 to input 0" % _family, _wire(_family, _type))
    area.add("%s_disconnect" % _family, "%s: /api/disconnect removes the wire" % _family, _unwire(_family, _type))
    area.add("%s_read" % _family, "%s: node detail lists the input wire" % _family, _read_back(_family, _type))


@area.check("cross_family_refused", "a wire from a TOP into a CHOP is refused (invalid_connection) and nothing is wired")
def _cross(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("nullCHOP", "b", comp)
    ctx.client.refused("POST", "/api/connect", {"source_path": a.path, "target_path": b.path}, "invalid_connection")
    expect([], list(b.inputs))


@area.check("multi_input_order", "a Composite TOP keeps its inputs in slot order")
def _multi(ctx):
    comp = ctx.comp()
    srcs = [ctx.make("noiseTOP", "s", comp) for _ in range(3)]
    dst = ctx.make("compositeTOP", "c", comp)
    for index, src in enumerate(srcs):
        ctx.client.ok("POST", "/api/connect", {"source_path": src.path, "target_path": dst.path, "target_input": index})
    expect([s.path for s in srcs], [i.path for i in dst.inputs])
