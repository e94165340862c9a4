"""The bridge's refusals that keep a project safe, checked on this build: its own operators are
read-only, saves stay in the project's folders, type and operator names are checked."""

import os

import td

from .. import config
from .client import encode_path as enc
from .registry import Area, expect, passed, unverified

area = Area("safety")
checks = area.checks


@area.check("bridge_callbacks_read_only", "PUT text on the bridge's own callbacks DAT is bridge_read_only")
def _callbacks(ctx):
    ws = ctx.webserver
    dat = ws.par.callbacks.eval() if ws is not None else None
    if dat is None:
        return unverified("the request came without the Web Server DAT that serves it")
    before = dat.text
    ctx.client.refused("PUT", "/api/nodes/%s/text" % enc(dat.path), {"text": "# replaced"}, "bridge_read_only")
    expect(before, dat.text)


@area.check("bridge_webserver_read_only", "turning the bridge's Web Server DAT off is bridge_read_only")
def _webserver(ctx):
    ws = ctx.webserver
    if ws is None:
        return unverified("the request came without the Web Server DAT that serves it")
    ctx.client.refused("PATCH", "/api/nodes/" + enc(ws.path), {"parameters": {"active": False}}, "bridge_read_only")
    expect(True, bool(ws.par.active.eval()))


@area.check("save_outside_refused", "POST …/save outside the project and export folders is path_not_allowed")
def _save(ctx):
    node = ctx.make("textDAT")
    target = os.path.join(os.path.dirname(os.path.abspath(str(td.project.folder or os.sep))), "svc_verify_never.txt")
    ctx.client.refused("POST", "/api/nodes/%s/save" % enc(node.path), {"file_path": target}, "path_not_allowed")
    expect(False, os.path.exists(target), "a file written")


@area.check("save_dotdot_refused", "a save path with .. is invalid_file_path")
def _dotdot(ctx):
    node = ctx.make("textDAT")
    target = os.path.join(str(td.project.folder or os.sep), "..", "svc_verify_never.txt")
    ctx.client.refused("POST", "/api/nodes/%s/save" % enc(node.path), {"file_path": target}, "invalid_file_path")


@area.check("invalid_op_type", "a type name outside [A-Za-z][A-Za-z0-9_]* is invalid_op_type")
def _bad_type(ctx):
    ctx.client.refused("POST", "/api/nodes", {"parent_path": ctx.path, "type": "noise TOP"}, "invalid_op_type")


@area.check("unknown_op_type", "a type this build does not have is unknown_op_type")
def _unknown(ctx):
    ctx.client.refused("POST", "/api/nodes", {"parent_path": ctx.path, "type": "noSuchTypeTOP"}, "unknown_op_type")


@area.check("invalid_name", "an operator name with a space is invalid_name")
def _bad_name(ctx):
    ctx.client.refused("POST", "/api/nodes", {"parent_path": ctx.path, "type": "nullTOP", "name": "a b"}, "invalid_name")


@area.check("name_conflict", "a second operator of the same name is name_conflict")
def _conflict(ctx):
    node = ctx.make("nullTOP")
    ctx.client.refused("POST", "/api/nodes", {"parent_path": ctx.path, "type": "nullTOP", "name": node.name},
                       "name_conflict")


@area.check("root_protected", "deleting the root is protected_node")
def _root(ctx):
    ctx.client.refused("DELETE", "/api/nodes/" + enc("/"), {"confirmation_policy": "yolo"}, "protected_node")


@area.check("expression_mode", "the expression mode holds: safe refuses Python outside the grammar, open runs it")
def _expression_mode(ctx):
    node = ctx.make("noiseTOP")
    uri = "/api/nodes/%s/params/period/mode" % enc(node.path)
    body = {"mode": "expression", "expr": "[i for i in range(4)][3]"}
    if config.expressions_safe() and not config.exec_allowed():
        ctx.client.refused("PATCH", uri, body, "unsafe_python")
        expect(td.ParMode.CONSTANT, node.par.period.mode)
        return passed({"mode": "safe"})
    ctx.client.ok("PATCH", uri, body)
    expect(3.0, float(node.par.period.eval()))
    return passed({"mode": "open"})
