"""Parameter sequences (Sequence Class): svc writes a built-in sequence's header as its block count.

For each sequence: the count written through PATCH /api/nodes/{path} grows numBlocks and makes the
new block's parameters (named as block 0's with the block's index), a block parameter written after
the count in the same request lands, the params route reports the header with the count, and a
smaller count destroys the blocks it drops."""


from .client import encode_path as enc
from .registry import Area, expect, passed, require

area = Area("sequences")
checks = area.checks

SEQUENCES = [("glslTOP", "vec"), ("glslTOP", "color"), ("glslTOP", "array"), ("constantCHOP", "const"),
             ("tableDAT", "fills"), ("phongMAT", "rimlight")]


def _suffixes(node, name):
    """Block 0's parameter names with the block prefix taken off (`const0name` -> `name`)."""
    seq = getattr(node.seq, name)
    prefix = name + "0"
    return [p.name[len(prefix):] for g in seq.blocks[0] for p in g if p.name.startswith(prefix)]


def _par(node, name):
    par = getattr(node.par, name, None)
    return par if par is not None and getattr(par, "valid", True) else None


def _patch(ctx, node, parameters):
    return ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": parameters})


def _grow(op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        suffixes = _suffixes(node, name)
        require(bool(suffixes), "block 0 has parameters", suffixes)
        _patch(ctx, node, {name: 3})
        expect(3, getattr(node.seq, name).numBlocks, "numBlocks")
        missing = [name + "2" + s for s in suffixes if _par(node, name + "2" + s) is None]
        expect([], missing, "block 2's parameters")
        return passed({"block_parameters": [name + "2" + s for s in suffixes]})
    return run


def _value_for(par):
    """A value other than the default for a block parameter, by what kind of value it holds."""
    if par.isNumber:
        return 2
    if par.isMenu and len(par.menuNames) > 1:
        return par.menuNames[1]
    return "svcblock"


def _write_after_count(op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        suffixes = _suffixes(node, name)
        pars = [_par(node, name + "0" + s) for s in suffixes]
        first = next((p for p in pars if p.isNumber), None) or next((p for p in pars if p.isMenu), None) or pars[0]
        target = name + "2" + first.name[len(name) + 1:]
        value = _value_for(first)
        _patch(ctx, node, {name: 3, target: value})
        read = _par(node, target).eval()
        expect(value, int(round(float(read))) if isinstance(value, int) else read, target)
    return run


def _header_reported(op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        getattr(node.seq, name).numBlocks = 2
        data = ctx.client.ok("GET", "/api/nodes/%s/params?keys=%s" % (enc(node.path), name))
        header = [p for p in data["params"] if p["name"] == name]
        expect([2], [p["value"] for p in header], "the header's value as the route reports it")
    return run


def _shrink(op_type, name):
    def run(ctx):
        node = ctx.make(op_type)
        suffixes = _suffixes(node, name)
        getattr(node.seq, name).numBlocks = 3
        _patch(ctx, node, {name: 1})
        expect(1, getattr(node.seq, name).numBlocks, "numBlocks")
        left = [name + "2" + s for s in suffixes if _par(node, name + "2" + s) is not None]
        expect([], left, "block 2's parameters after shrinking")
    return run


for _type, _name in SEQUENCES:
    area.add("%s_%s_grow" % (_type, _name), "%s.seq.%s grows to 3 blocks from its header" % (_type, _name), _grow(_type, _name))
    area.add("%s_%s_block_write" % (_type, _name), "%s: a block parameter written after the count lands" % _type,
             _write_after_count(_type, _name))
    area.add("%s_%s_header_read" % (_type, _name), "%s: the params route reports %s as numBlocks" % (_type, _name),
             _header_reported(_type, _name))
    area.add("%s_%s_shrink" % (_type, _name), "%s.seq.%s shrinks and its dropped blocks' parameters go" % (_type, _name),
             _shrink(_type, _name))


@area.check("sequence_class_members", "Sequence has numBlocks, blocks and maxBlocks")
def _members(ctx):
    node = ctx.make("glslTOP")
    seq = node.seq.vec
    return passed({"numBlocks": seq.numBlocks, "blocks": len(seq.blocks), "maxBlocks": seq.maxBlocks})
