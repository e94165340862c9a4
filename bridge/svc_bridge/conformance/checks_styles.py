"""Parameter styles: a custom parameter of every style svc offers is made with that style (Page Class
append methods), and built-in parameters of each common style take a value written through the
bridge and read it back (Par Class: style, eval, val)."""

import td

from .client import encode_path as enc
from .registry import Area, expect, passed, require

area = Area("styles")
checks = area.checks

# style -> how many parameters the group holds
CUSTOM = {"Float": 1, "Int": 1, "Str": 1, "Toggle": 1, "Pulse": 1, "Momentary": 1, "Menu": 1, "StrMenu": 1,
          "RGB": 3, "RGBA": 4, "XY": 2, "XYZ": 3, "XYZW": 4, "WH": 2, "UV": 2, "UVW": 3, "OP": 1, "COMP": 1,
          "Object": 1, "PanelCOMP": 1, "TOP": 1, "CHOP": 1, "SOP": 1, "POP": 1, "MAT": 1, "DAT": 1, "File": 1,
          "FileSave": 1, "Folder": 1, "Python": 1, "Header": 1}


def _custom(style, size):
    def run(ctx):
        comp = ctx.comp()
        op = {"action": "add", "page": "Svc", "name": "Probe", "style": style}
        if style in ("Menu", "StrMenu"):
            op.update(menu_names=["a", "b"], menu_labels=["A", "B"])
        data = ctx.client.ok("POST", "/api/nodes/%s/custom_params" % enc(comp.path), {"operations": [op]})
        names = data["results"][0].get("pars") or []
        pars = [comp.par[n] for n in names] if names else []
        expect(size, len([p for p in pars if p is not None]), "parameters in the group")
        expect([style] * size, [p.style for p in pars], "Par.style")
        expect(["Svc"] * size, [p.page.name for p in pars], "Par.page")
        return passed({"pars": names})
    return run


for _style, _size in CUSTOM.items():
    area.add("custom_%s" % _style, "a custom %s parameter has style %s and %d part%s" % (
        _style, _style, _size, "" if _size == 1 else "s"), _custom(_style, _size))


def _ref(kind):
    return lambda ctx: ctx.make(kind).path


# (check id, operator type, parameter, value or a function of ctx making it, expected style)
BUILTIN = [
    ("float", "noiseTOP", "period", 2.5, "Float"),
    ("int", "noiseTOP", "harmon", 3, "Int"),
    ("toggle", "noiseTOP", "mono", False, "Toggle"),
    ("menu", "noiseTOP", "type", lambda ctx: list(td.op(ctx.path).create(td.noiseTOP, ctx.name("m")).par.type.menuNames)[1], "Menu"),
    ("str", "constantCHOP", "const0name", "chan1", "Str"),
    ("strmenu", "constantCHOP", "scope", "chan*", "StrMenu"),
    ("xyz", "noiseTOP", "tx", 0.5, "XYZ"),
    ("rgb", "phongMAT", "diffr", 0.2, "RGB"),
    ("rgba", "glslTOP", "clearvaluer", 0.3, "RGBA"),
    ("top", "selectTOP", "top", _ref("noiseTOP"), "TOP"),
    ("dat", "glslTOP", "predat", _ref("textDAT"), "DAT"),
    ("mat", "geometryCOMP", "material", _ref("phongMAT"), "MAT"),
    ("sop", "geometryCOMP", "pathsop", _ref("sphereSOP"), "SOP"),
    ("op", "constantCHOP", "autoexportroot", _ref("nullCHOP"), "OP"),
    ("file", "moviefileinTOP", "file", "svc_verify_no_such_movie.mov", "File"),
]


def _read(par):
    value = par.eval()
    return value.path if hasattr(value, "path") else value


def _builtin(op_type, name, value, style):
    def run(ctx):
        node = ctx.make(op_type)
        want = value(ctx) if callable(value) else value
        par = getattr(node.par, name)
        expect(style, par.style, "Par.style of %s" % name)
        ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {name: want}})
        got = _read(par)
        if isinstance(want, float):
            require(abs(float(got) - want) < 1e-6, want, got, name)
        else:
            expect(want, got, name)
        return passed({name: got})
    return run


for _id, _type, _name, _value, _style in BUILTIN:
    area.add("builtin_%s" % _id, "%s.par.%s (%s) takes a value written through the bridge" % (_type, _name, _style),
             _builtin(_type, _name, _value, _style))


@area.check("tuplet_list", "a list on a tuplet's group name writes its components (noiseTOP t)")
def _tuplet(ctx):
    node = ctx.make("noiseTOP")
    ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {"t": [0.1, 0.2, 0.3]}})
    expect([0.1, 0.2, 0.3], [round(float(node.par.tx.eval()), 6), round(float(node.par.ty.eval()), 6),
                             round(float(node.par.tz.eval()), 6)])


@area.check("bad_value_refused", "a word written to a Float parameter is invalid_param_value and changes nothing")
def _bad(ctx):
    node = ctx.make("noiseTOP")
    before = node.par.period.eval()
    ctx.client.refused("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {"period": "fast"}}, "invalid_param_value")
    expect(before, node.par.period.eval())
