"""Spec 4.2's routes (structured editor, search and safety) on scratch operators, read back."""

import os

import td

from .client import encode_path as enc
from .registry import Area, expect, passed, require, unverified

area = Area("routes_editor")
checks = area.checks


def _meta(ctx, node, body):
    return ctx.client.ok("PATCH", "/api/nodes/%s/metadata" % enc(node.path), body)


@area.check("metadata_rename", "PATCH …/metadata renames the operator")
def _rename(ctx):
    node = ctx.make("nullTOP")
    new = ctx.name("renamed")
    _meta(ctx, node, {"name": new})
    expect(new, node.name)


@area.check("metadata_comment", "PATCH …/metadata writes the comment")
def _comment(ctx):
    node = ctx.make("nullTOP")
    _meta(ctx, node, {"comment": "checked by svc"})
    expect("checked by svc", node.comment)


@area.check("metadata_color", "PATCH …/metadata writes the node colour")
def _color(ctx):
    node = ctx.make("nullTOP")
    _meta(ctx, node, {"color": [0.25, 0.5, 0.75]})
    expect([0.25, 0.5, 0.75], [round(float(c), 4) for c in node.color])


@area.check("metadata_position", "PATCH …/metadata moves the node in the network editor")
def _position(ctx):
    node = ctx.make("nullTOP")
    _meta(ctx, node, {"node_x": 300, "node_y": -200})
    expect((300, -200), (int(node.nodeX), int(node.nodeY)))


@area.check("metadata_tags", "PATCH …/metadata replaces the tags")
def _tags(ctx):
    node = ctx.make("nullTOP")
    _meta(ctx, node, {"tags": ["svc", "checked"]})
    expect(["checked", "svc"], sorted(node.tags))


@area.check("metadata_flags", "PATCH …/metadata sets the bypass flag")
def _flags(ctx):
    node = ctx.make("levelTOP")
    _meta(ctx, node, {"flags": {"bypass": True}})
    expect(True, bool(node.bypass))


@area.check("metadata_move", "PATCH …/metadata parent_path moves the operator into another COMP")
def _move(ctx):
    a, b = ctx.comp("from"), ctx.comp("to")
    node = ctx.make("nullTOP", "moved", a)
    name = node.name
    data = _meta(ctx, node, {"parent_path": b.path})
    expect(([], [name]), ([c.name for c in a.children], [c.name for c in b.children]))
    expect(b.path + "/" + name, data["path"])


@area.check("annotation", "GET and PATCH …/annotation read and write an Annotate COMP's title")
def _annotation(ctx):
    node = ctx.make("annotateCOMP")
    ctx.client.ok("PATCH", "/api/nodes/%s/annotation" % enc(node.path), {"title": "svc check"})
    data = ctx.client.ok("GET", "/api/nodes/%s/annotation" % enc(node.path))
    expect("svc check", data["title"])


@area.check("menu", "GET …/params/{param}/menu gives menuNames and menuLabels")
def _menu(ctx):
    node = ctx.make("noiseTOP")
    data = ctx.client.ok("GET", "/api/nodes/%s/params/type/menu" % enc(node.path))
    expect((list(node.par.type.menuNames), list(node.par.type.menuLabels)), (data["names"], data["labels"]))


@area.check("pulse", "POST …/params/{param}/pulse pulses a Pulse parameter")
def _pulse(ctx):
    node = ctx.make("textDAT")
    data = ctx.client.ok("POST", "/api/nodes/%s/params/edit/pulse" % enc(node.path), {})
    expect(("Pulse", True), (data["style"], data["pulsed"]))


@area.check("pulse_refused", "POST …/pulse on a Float parameter is not_a_pulse")
def _pulse_refused(ctx):
    node = ctx.make("noiseTOP")
    ctx.client.refused("POST", "/api/nodes/%s/params/period/pulse" % enc(node.path), {}, "not_a_pulse")


@area.check("custom_params", "POST and GET …/custom_params add a page and a parameter and read them back")
def _custom(ctx):
    comp = ctx.comp()
    ctx.client.ok("POST", "/api/nodes/%s/custom_params" % enc(comp.path), {"operations": [
        {"action": "add", "page": "Svc", "name": "Gain", "style": "Float", "default": 0.5}]})
    expect(["Svc"], [p.name for p in comp.customPages])
    expect(0.5, float(comp.par.Gain.default))
    data = ctx.client.ok("GET", "/api/nodes/%s/custom_params" % enc(comp.path))
    expect(["Svc"], [p["name"] for p in data["pages"]])


@area.check("custom_params_rollback", "a failing custom_params request leaves no page behind")
def _custom_rollback(ctx):
    comp = ctx.comp()
    reply = ctx.client.call("POST", "/api/nodes/%s/custom_params" % enc(comp.path), {"operations": [
        {"action": "add", "page": "Svc", "name": "Gain", "style": "Float"},
        {"action": "add", "page": "Svc", "name": "Gain", "style": "Float"}]})
    require(not reply.ok, "refused (Gain twice)", reply.brief())
    expect([], [p.name for p in comp.customPages])


@area.check("params_search", "POST /api/params/search finds a parameter by value")
def _params_search(ctx):
    comp = ctx.comp()
    node = ctx.make("noiseTOP", "n", comp)
    node.par.period = 123.5
    data = ctx.client.ok("POST", "/api/params/search", {"root": comp.path, "value": "123.5"})
    expect([(node.path, "period")], [(m["path"], m["name"]) for m in data["matches"]])


@area.check("code_search", "POST /api/code/search finds a word in a DAT's text")
def _code_search(ctx):
    comp = ctx.comp()
    node = ctx.make("textDAT", "notes", comp)
    node.text = "the quick conformanceword fox"
    data = ctx.client.ok("POST", "/api/code/search", {"query": "conformanceword", "root": comp.path})
    expect([node.path], [r["path"] for r in data["results"]])


@area.check("editor_context", "GET /api/editor/context answers with the project and a fingerprint")
def _context(ctx):
    data = ctx.client.ok("GET", "/api/editor/context")
    expect(str(td.project.name), data["project"]["name"])
    require(isinstance(data["fingerprint"], str) and len(data["fingerprint"]) == 32, "32 hex", data["fingerprint"])


@area.check("editor_focus_cancel", "POST /api/editor/focus schedules a job, and cancel ends it before it runs")
def _focus(ctx):
    node = ctx.make("nullTOP")
    job = ctx.client.ok("POST", "/api/editor/focus", {"path": node.path})
    expect("scheduled", job["state"])
    data = ctx.client.ok("POST", "/api/editor/focus/%s/cancel" % job["operation_id"])
    expect("cancelled", data["state"])
    expect("cancelled", ctx.client.ok("GET", "/api/editor/focus/" + job["operation_id"])["state"])


@area.check("editor_insert_stale", "POST /api/editor/insert with a stale fingerprint changes nothing (stale_fingerprint)")
def _insert(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("nullTOP", "b", comp)
    b.inputConnectors[0].connect(a)
    before = sorted(c.name for c in comp.children)
    reply = ctx.client.call("POST", "/api/editor/insert", {"network": comp.path, "fingerprint": "0" * 32,
                                                           "source_path": a.path, "target_path": b.path,
                                                           "type": "levelTOP"})
    require(not reply.ok and reply.code in ("stale_fingerprint",), "refused with stale_fingerprint", reply.brief())
    expect(before, sorted(c.name for c in comp.children))


@area.check("annotation_layout_context", "POST /api/editor/annotation-layout/context lists a COMP's annotations")
def _layout(ctx):
    comp = ctx.comp()
    note = ctx.make("annotateCOMP", "note", comp)
    data = ctx.client.ok("POST", "/api/editor/annotation-layout/context", {"parent": comp.path})
    expect([note.path], [a["path"] for a in data["annotations"]])


@area.check("reposition", "POST /api/editor/reposition places operators exactly (context, then apply)")
def _reposition(ctx):
    comp = ctx.comp()
    node = ctx.make("nullTOP", "n", comp)
    context = ctx.client.ok("POST", "/api/editor/reposition/context", {"parent": comp.path})
    ctx.client.ok("POST", "/api/editor/reposition", {"parent": comp.path, "fingerprint": context["fingerprint"],
                                                     "positions": [{"path": node.path, "x": 420, "y": 60}]})
    expect((420, 60), (int(node.nodeX), int(node.nodeY)))


@area.check("workspace_cancel", "POST /api/editor/workspaces schedules a viewer, and cancel ends it with nothing made")
def _workspace(ctx):
    node = ctx.make("nullTOP")
    reply = ctx.client.call("POST", "/api/editor/workspaces", {"kind": "top_viewer", "path": node.path})
    if not reply.ok and reply.code == "no_editor":
        return unverified("no network editor pane is open in this session")
    require(reply.ok, "scheduled", reply.brief())
    data = ctx.client.ok("POST", "/api/editor/workspaces/%s/cancel" % reply.data["workspace_id"])
    expect("cancelled", data["state"])


@area.check("project_save_refused", "POST /api/project/save outside the project folder is path_not_allowed")
def _save_refused(ctx):
    outside = os.path.join(os.path.dirname(os.path.abspath(str(td.project.folder or os.sep))), "svc_verify_never.toe")
    ctx.client.refused("POST", "/api/project/save", {"file_path": outside}, "path_not_allowed")
    require(not os.path.exists(outside), "no file", outside)


@area.check("interactions_status", "GET /api/interactions/status says how decisions reach the artist")
def _interactions(ctx):
    data = ctx.client.ok("GET", "/api/interactions/status")
    require(data["delivery"] in ("messageBox", "perform_mode", "headless"), "a delivery", data["delivery"])


@area.check("interaction_unknown", "GET /api/interactions/{id} of an unknown id is interaction_not_found")
def _interaction_unknown(ctx):
    ctx.client.refused("GET", "/api/interactions/no_such_request", None, "interaction_not_found")


@area.check("oauth_consume_unknown", "POST /api/oauth/consents/{id}/consume of an unknown id is interaction_not_found")
def _oauth(ctx):
    ctx.client.refused("POST", "/api/oauth/consents/no_such_request/consume",
                       {"target": {"client_name": "x", "redirect_uri": "http://127.0.0.1/cb"}}, "interaction_not_found")


@area.check("operations_preview", "POST /api/operations/preview shows a parameter change without making it")
def _operations(ctx):
    from .. import config
    node = ctx.make("noiseTOP")
    body = {"operation": {"kind": "set_parameters", "path": node.path, "parameters": {"period": 8}}}
    if config.env_token() is None:
        ctx.client.refused("POST", "/api/operations/preview", body, "token_required")
        return passed("no token: refused with token_required, as spec 5.1.7 requires")
    data = ctx.client.ok("POST", "/api/operations/preview", body)
    expect((8, 1.0), (data["changes"][0]["after"], float(node.par.period.eval())))


@area.check("tox_export_unknown", "GET /api/artifacts/tox/exports/by-key/{key} of an unknown key is operation_not_found")
def _tox_export(ctx):
    ctx.client.refused("GET", "/api/artifacts/tox/exports/by-key/svc-verify-none", None, "operation_not_found")


@area.check("tox_roundtrip_quarantine", "POST /api/artifacts/tox/roundtrip needs a quarantine bridge")
def _roundtrip(ctx):
    if os.environ.get("SVC_PROJECT_RAG_QUARANTINE") == "1":
        return unverified("this bridge is a quarantine bridge: the refusal is not reachable")
    ctx.client.refused("POST", "/api/artifacts/tox/roundtrip", {"file_path": os.path.abspath("x.tox")},
                       "quarantine_required")


@area.check("package_reconcile_check", "POST /api/packages/reconcile/check finds a package's orphans")
def _reconcile(ctx):
    comp = ctx.comp()
    node = ctx.make("nullTOP", "orphan", comp)
    node.tags.add("svcpkg:svcverify")
    data = ctx.client.ok("POST", "/api/packages/reconcile/check", {"package": "svcverify", "root": comp.path})
    expect([node.path], [o["path"] for o in data["orphans"]])
