"""DAT text and tables (DAT Class: text, numRows, numCols, cell access): what the bridge writes as
text reads back as TouchDesigner holds it."""

from .client import encode_path as enc
from .registry import Area, expect, passed

area = Area("dat")
checks = area.checks


def _put(ctx, node, text):
    return ctx.client.ok("PUT", "/api/nodes/%s/text" % enc(node.path), {"text": text})


def _roundtrip(text):
    def run(ctx):
        node = ctx.make("textDAT")
        data = _put(ctx, node, text)
        expect(text, node.text, "DAT.text")
        expect(len(text), data["length"], "the reply's length")
        expect(text, ctx.client.ok("GET", "/api/nodes/%s/text" % enc(node.path))["text"], "GET …/text")
    return run


TEXTS = [("plain", "hello"), ("lines", "one\ntwo\nthree"), ("unicode", "naïve ☃ 日本"), ("empty", ""),
         ("glsl", "out vec4 fragColor;\nvoid main() { fragColor = vec4(1.0); }\n"), ("tabs", "a\tb\nc\td")]
for _id, _text in TEXTS:
    area.add("text_%s" % _id, "Text DAT text round-trips (%s)" % _id, _roundtrip(_text))


@area.check("table_shape", "a Table DAT's text with tabs and newlines makes rows and columns")
def _table(ctx):
    node = ctx.make("tableDAT")
    _put(ctx, node, "name\tvalue\nspeed\t2\ngain\t0.5")
    expect((3, 2), (node.numRows, node.numCols))


@area.check("table_cells", "Table DAT cells read by row and column")
def _cells(ctx):
    node = ctx.make("tableDAT")
    _put(ctx, node, "name\tvalue\nspeed\t2")
    expect(("name", "value", "speed", "2"), (node[0, 0].val, node[0, 1].val, node[1, 0].val, node[1, 1].val))


@area.check("table_text_back", "a Table DAT's text reads back as written")
def _table_text(ctx):
    node = ctx.make("tableDAT")
    _put(ctx, node, "a\tb\nc\td")
    expect(["a\tb", "c\td"], node.text.rstrip("\n").split("\n"))


@area.check("text_length_in_detail", "node detail reports a DAT's text_length")
def _length(ctx):
    node = ctx.make("textDAT")
    node.text = "12345"
    expect(5, ctx.client.ok("GET", "/api/nodes/" + enc(node.path))["text_length"])


@area.check("text_not_a_dat", "PUT …/text on a TOP is not_a_dat")
def _not_dat(ctx):
    node = ctx.make("nullTOP")
    ctx.client.refused("PUT", "/api/nodes/%s/text" % enc(node.path), {"text": "x"}, "not_a_dat")
    return passed()
