"""GET and PUT /api/nodes/{path}/text: a DAT's text."""

from ..live import require_dat
from .common import body_spec, run_operation


def get_text(ctx):
    dat = require_dat(ctx.params["path"])
    text = dat.text
    return {"path": dat.path, "text": text, "length": len(text),
            "editable": bool(getattr(dat, "isEditable", True))}


def put_text(ctx):
    return run_operation(body_spec(ctx, "set_text", ("text",), {"path": ctx.params["path"]}), ctx)


def register(router):
    router.add("GET", "/api/nodes/{path:path}/text", get_text)
    router.add("PUT", "/api/nodes/{path:path}/text", put_text, mutating=True, undo_label="svc: set DAT text")
