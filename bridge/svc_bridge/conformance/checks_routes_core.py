"""Spec 4.1's routes on scratch operators, each read back through TouchDesigner's own Python API."""

import os

import td

from .client import encode_path as enc, q
from .registry import Area, expect, passed, require, unverified

area = Area("routes_core")
checks = area.checks


def _children(comp):
    return sorted(c.name for c in comp.children)


@area.check("health", "GET /api/health reports the frame TouchDesigner is on")
def _health(ctx):
    data = ctx.client.ok("GET", "/api/health")
    expect(float(td.absTime.frame), float(data["frame"]), "absTime.frame")
    return passed({"frame": data["frame"]})


@area.check("create", "POST /api/nodes makes the operator: type, family and parent read back")
def _create(ctx):
    name = ctx.name("noise")
    data = ctx.client.ok("POST", "/api/nodes", {"parent_path": ctx.path, "type": "noiseTOP", "name": name})
    node = td.op(ctx.path + "/" + name)
    require(node is not None, "an operator at %s/%s" % (ctx.path, name), None)
    expect(("noiseTOP", "TOP", ctx.path), (node.OPType, node.family, node.parent().path))
    expect(node.path, data["path"], "the reply's path")
    return passed({"OPType": node.OPType, "family": node.family})


@area.check("create_with_parameters", "POST /api/nodes writes its parameters in the same request")
def _create_pars(ctx):
    name = ctx.name("noise")
    ctx.client.ok("POST", "/api/nodes", {"parent_path": ctx.path, "type": "noiseTOP", "name": name,
                                         "parameters": {"period": 3.5}})
    expect(3.5, td.op(ctx.path + "/" + name).par.period.eval(), "par.period")


@area.check("list_children", "GET /api/nodes?parent= lists the COMP's children by name")
def _list(ctx):
    comp = ctx.comp()
    for stem in ("b", "a", "c"):
        ctx.make("nullTOP", stem, comp)
    data = ctx.client.ok("GET", "/api/nodes?parent=" + q(comp.path))
    expect(_children(comp), [c["name"] for c in data["children"]])


@area.check("search", "GET /api/nodes/search finds operators by type below a root")
def _search(ctx):
    comp = ctx.comp()
    made = sorted(ctx.make("levelTOP", "lvl", comp).path for _ in range(2))
    ctx.make("nullTOP", "n", comp)
    data = ctx.client.ok("GET", "/api/nodes/search?root=%s&type=levelTOP" % q(comp.path))
    expect(made, sorted(r["path"] for r in data["results"]))
    expect(True, data["complete"], "complete")


@area.check("detail", "GET /api/nodes/{path} reports type, wires and flags as TouchDesigner holds them")
def _detail(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("levelTOP", "b", comp)
    b.inputConnectors[0].connect(a)
    data = ctx.client.ok("GET", "/api/nodes/" + enc(b.path))
    expect("levelTOP", data["type"])
    expect([a.path], [w["source"] for w in data["inputs"]], "inputs")
    expect(bool(b.bypass), bool(data["flags"].get("bypass")), "bypass flag")


@area.check("update", "PATCH /api/nodes/{path} writes constant values")
def _update(ctx):
    node = ctx.make("noiseTOP")
    ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), {"parameters": {"period": 7, "amp": 0.25}})
    expect((7.0, 0.25), (float(node.par.period.eval()), float(node.par.amp.eval())))


@area.check("delete_bypass", "DELETE /api/nodes/{path} with mode bypass sets the bypass flag and keeps the node")
def _delete_bypass(ctx):
    node = ctx.make("levelTOP")
    path = node.path
    data = ctx.client.ok("DELETE", "/api/nodes/" + enc(path), {"mode": "bypass"})
    expect("bypass", data["action"])
    expect(True, td.op(path) is not None and bool(td.op(path).bypass), "op(path).bypass")


@area.check("delete_yolo", "DELETE /api/nodes/{path} with confirmation_policy yolo deletes it")
def _delete(ctx):
    path = ctx.make("levelTOP").path
    ctx.client.ok("DELETE", "/api/nodes/" + enc(path), {"confirmation_policy": "yolo"})
    expect(None, td.op(path), "op(path)")


@area.check("delete_kept", "DELETE /api/nodes/{path} without a decision keeps the node (delete_kept)")
def _delete_kept(ctx):
    path = ctx.make("levelTOP").path
    ctx.client.refused("DELETE", "/api/nodes/" + enc(path), {}, "delete_kept")
    require(td.op(path) is not None, "the node kept", None)


@area.check("node_errors", "GET /api/nodes/{path}/errors gives the lines of errors()")
def _node_errors(ctx):
    node = ctx.make("selectTOP")
    node.par.top = ctx.path + "/no_such_operator"
    node.cook(force=True)
    data = ctx.client.ok("GET", "/api/nodes/%s/errors" % enc(node.path))
    require(bool(node.errors()), "a Select TOP naming no operator has an error", node.errors())
    require(bool(data["errors"]), "the route lists it", data)


@area.check("network_errors", "GET /api/network/{path}/errors finds an error below a COMP")
def _network_errors(ctx):
    comp = ctx.comp()
    node = ctx.make("selectTOP", "s", comp)
    node.par.top = comp.path + "/no_such_operator"
    node.cook(force=True)
    data = ctx.client.ok("GET", "/api/network/%s/errors?depth=8" % enc(comp.path))
    expect([node.path], sorted({e["path"] for e in data["errors"]}))


@area.check("topology", "GET /api/network/{path}/topology lists nodes and the wires TouchDesigner holds")
def _topology(ctx):
    comp = ctx.comp()
    a, b, c = ctx.make("noiseTOP", "a", comp), ctx.make("levelTOP", "b", comp), ctx.make("nullTOP", "c", comp)
    b.inputConnectors[0].connect(a)
    c.inputConnectors[0].connect(b)
    data = ctx.client.ok("GET", "/api/network/%s/topology" % enc(comp.path))
    expect(sorted([a.path, b.path, c.path]), sorted(n["path"] for n in data["nodes"]), "nodes")
    expect(sorted([(a.path, b.path), (b.path, c.path)]), sorted((w["source"], w["target"]) for w in data["wires"]))


@area.check("performance", "GET /api/network/{path}/performance lists cooked operators with cook times")
def _performance(ctx):
    comp = ctx.comp()
    node = ctx.make("noiseTOP", "n", comp)
    node.cook(force=True)
    data = ctx.client.ok("GET", "/api/network/%s/performance" % enc(comp.path))
    paths = [n["path"] for n in data["nodes"]]
    require(node.path in paths, "%s listed" % node.path, paths)
    require(all(isinstance(n["cook_time_ms"], (int, float)) for n in data["nodes"]), "numbers", data["nodes"][:2])


@area.check("preview", "GET /api/preview/{path} encodes the TOP at its own resolution")
def _preview(ctx):
    node = ctx.make("constantTOP")
    node.par.outputresolution = "custom"
    node.par.resolutionw, node.par.resolutionh = 64, 32
    node.cook(force=True)
    data = ctx.client.ok("GET", "/api/preview/" + enc(node.path))
    expect((int(node.width), int(node.height)), (data["width"], data["height"]))
    require(data["png_base64"].startswith("iVBOR"), "a PNG", data["png_base64"][:12])


@area.check("cook", "POST /api/cook/{path} cooks the TOP")
def _cook(ctx):
    node = ctx.make("noiseTOP")
    data = ctx.client.ok("POST", "/api/cook/" + enc(node.path), {})
    expect(node.path, data["path"])
    require(isinstance(data["cookFrame"], (int, float)), "a cook frame", data)


@area.check("batch", "POST /api/batch makes, writes and wires in one request")
def _batch(ctx):
    comp = ctx.comp()
    data = ctx.client.ok("POST", "/api/batch", {"operations": [
        {"action": "create", "parent_path": comp.path, "type": "noiseTOP", "name": "src"},
        {"action": "create", "parent_path": comp.path, "type": "levelTOP", "name": "dst"},
        {"action": "update", "path": comp.path + "/dst", "parameters": {"opacity": 0.5}},
        {"action": "connect", "source_path": comp.path + "/src", "target_path": comp.path + "/dst"}]})
    dst = td.op(comp.path + "/dst")
    expect((4, 0.5, comp.path + "/src"), (data["count"], float(dst.par.opacity.eval()), dst.inputs[0].path))


@area.check("batch_rollback", "a failing POST /api/batch leaves the COMP as it was")
def _batch_rollback(ctx):
    comp = ctx.comp()
    reply = ctx.client.call("POST", "/api/batch", {"operations": [
        {"action": "create", "parent_path": comp.path, "type": "noiseTOP", "name": "made"},
        {"action": "update", "path": comp.path + "/made", "parameters": {"no_such_parameter": 1}}]})
    expect("batch_failed", reply.code)
    expect([], _children(comp), "children after the rollback")


@area.check("connect", "POST /api/connect wires the output to the input")
def _connect(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("compositeTOP", "b", comp)
    c = ctx.make("rampTOP", "c", comp)
    ctx.client.ok("POST", "/api/connect", {"source_path": a.path, "target_path": b.path})
    ctx.client.ok("POST", "/api/connect", {"source_path": c.path, "target_path": b.path, "target_input": 1})
    expect([a.path, c.path], [i.path for i in b.inputs])


@area.check("disconnect", "POST /api/disconnect removes the wire")
def _disconnect(ctx):
    comp = ctx.comp()
    a, b = ctx.make("noiseTOP", "a", comp), ctx.make("levelTOP", "b", comp)
    b.inputConnectors[0].connect(a)
    ctx.client.ok("POST", "/api/disconnect", {"to_path": b.path})
    expect([], [i.path for i in b.inputs])


@area.check("params_modes", "GET /api/nodes/{path}/params?modes=true gives value, mode and default as the Par does")
def _params(ctx):
    node = ctx.make("noiseTOP")
    node.par.period = 4
    data = ctx.client.ok("GET", "/api/nodes/%s/params?modes=true&keys=period,amp" % enc(node.path))
    got = {p["name"]: p for p in data["params"]}
    expect((float(node.par.period.eval()), "constant", False), (float(got["period"]["value"]),
                                                                got["period"]["mode"], got["period"]["isDefault"]))
    expect(float(node.par.amp.default), float(got["amp"]["default"]), "amp default")


@area.check("text_read", "GET /api/nodes/{path}/text gives the DAT's text")
def _text_read(ctx):
    node = ctx.make("textDAT")
    node.text = "line one\nline two"
    expect(node.text, ctx.client.ok("GET", "/api/nodes/%s/text" % enc(node.path))["text"])


@area.check("text_write", "PUT /api/nodes/{path}/text replaces the DAT's text")
def _text_write(ctx):
    node = ctx.make("textDAT")
    ctx.client.ok("PUT", "/api/nodes/%s/text" % enc(node.path), {"text": "written"})
    expect("written", node.text)


@area.check("logs", "GET /api/logs answers lines with severities")
def _logs(ctx):
    data = ctx.client.ok("GET", "/api/logs?severity=info&max_lines=5&scope=bridge")
    require(isinstance(data["lines"], list), "a list of lines", data)


@area.check("watch", "POST, GET and DELETE /api/params/watch watch a parameter and report its change")
def _watch(ctx):
    node = ctx.make("noiseTOP")
    watch = ctx.client.ok("POST", "/api/params/watch", {"path": node.path, "params": ["period"]})
    try:
        ctx.client.ok("GET", "/api/params/watch")
        node.par.period = 9
        listed = ctx.client.ok("GET", "/api/params/watch")["watches"]
        mine = [w for w in listed if w["id"] == watch["id"]]
        changes = mine[0]["changes"] if mine else None
        require(bool(changes) and changes[-1]["param"] == "period" and float(changes[-1]["new"]) == 9.0,
                "a change of period to 9", changes)
    finally:
        ctx.client.call("DELETE", "/api/params/watch?id=" + watch["id"])
    ids = [w["id"] for w in ctx.client.ok("GET", "/api/params/watch")["watches"]]
    require(watch["id"] not in ids, "the watch removed", ids)


@area.check("save_dat", "POST /api/nodes/{path}/save writes the DAT's text to a file (export folder, else project folder)")
def _save(ctx):
    from .. import config
    folder = config.export_dir() or str(td.project.folder or "")
    if not folder or not os.path.isdir(folder):
        return unverified("no folder to save into (SVC_BRIDGE_EXPORT_DIR unset, project.folder %r)" % folder)
    node = ctx.make("textDAT")
    node.text = "saved by svc verify"
    target = os.path.join(folder, "svc_verify_%s.txt" % ctx.run.id[:8])
    try:
        reply = ctx.client.call("POST", "/api/nodes/%s/save" % enc(node.path), {"file_path": target})
        if reply.code == "path_not_allowed" and not config.export_dir():
            return unverified("the project folder is where Python imports from, so saves there need exec: set "
                              "SVC_BRIDGE_EXPORT_DIR to check saves (%s)" % reply.error.get("message"))
        require(reply.ok, "saved", reply.brief())
        with open(target, encoding="utf-8") as handle:
            expect(node.text, handle.read().rstrip("\n"), "the file's text")
        expect(target, reply.data["file_path"])
    finally:
        if os.path.exists(target):
            os.remove(target)


@area.check("duplicate", "POST /api/duplicate copies the operator with its parameters")
def _duplicate(ctx):
    node = ctx.make("noiseTOP")
    node.par.period = 6
    data = ctx.client.ok("POST", "/api/duplicate", {"source_path": node.path, "name": ctx.name("copy")})
    copy = td.op(data["path"])
    require(copy is not None, "the copy at %s" % data["path"], None)
    expect(("noiseTOP", 6.0), (copy.OPType, float(copy.par.period.eval())))


@area.check("optypes", "GET /api/optypes lists the types of td.families")
def _optypes(ctx):
    data = ctx.client.ok("GET", "/api/optypes")
    fam = td.families
    count = sum(len(v) for v in fam.values())
    expect(count, data["count"], "types in td.families")


@area.check("perform", "POST /api/perform with the current Perform Mode reads it back unchanged")
def _perform(ctx):
    current = bool(td.ui.performMode)
    data = ctx.client.ok("POST", "/api/perform", {"enabled": current})
    expect((current, current), (bool(data["performMode"]), bool(td.ui.performMode)))


@area.check("param_modes_batch", "POST /api/param_modes/batch reads modes of several operators")
def _param_modes(ctx):
    a, b = ctx.make("noiseTOP"), ctx.make("levelTOP")
    a.par.period.expr = "1 + 1"
    data = ctx.client.ok("POST", "/api/param_modes/batch", {"paths": [a.path, b.path], "keys": ["period", "opacity"]})
    got = {(n["path"], p["name"]): p.get("mode") for n in data["nodes"] for p in n["params"]}
    expect(("expression", "constant"), (got.get((a.path, "period")), got.get((b.path, "opacity"))), "modes")


@area.check("transport_rate", "POST /api/transport rate at the current rate reads back")
def _transport(ctx):
    rate = float(td.project.cookRate)
    data = ctx.client.ok("POST", "/api/transport", {"action": "rate", "rate": rate})
    expect((rate, rate), (float(data["rate"]), float(td.project.cookRate)))


@area.check("system", "GET /api/system reports monitors and Perform Mode")
def _system(ctx):
    data = ctx.client.ok("GET", "/api/system")
    expect(bool(td.ui.performMode), bool(data["performMode"]))
    require(isinstance(data["monitors"], list), "a list of monitors", data.get("monitors"))


@area.check("analysis", "GET /api/projects/{path}/analysis counts the COMP's operators by family")
def _analysis(ctx):
    comp = ctx.comp()
    for t in ("noiseTOP", "levelTOP", "constantCHOP"):
        ctx.make(t, "n", comp)
    data = ctx.client.ok("GET", "/api/projects/%s/analysis" % enc(comp.path))
    fam = data.get("by_family") or data.get("families") or {}
    expect({"TOP": 2, "CHOP": 1}, {k: v for k, v in fam.items() if v}, "counts by family")


@area.check("storage", "batch store and GET /api/nodes/{path}/storage read node storage back")
def _storage(ctx):
    node = ctx.make("nullTOP")
    ctx.client.ok("POST", "/api/batch", {"operations": [
        {"action": "store", "path": node.path, "key": "svc_check", "value": {"a": [1, 2]}}]})
    expect({"a": [1, 2]}, node.fetch("svc_check", None, search=False), "fetch")
    data = ctx.client.ok("GET", "/api/nodes/%s/storage?key=svc_check" % enc(node.path))
    expect({"a": [1, 2]}, data["value"])


@area.check("receipts", "a keyed write is replayed, and GET /api/receipts/{key} says it ran")
def _receipts(ctx):
    node = ctx.make("noiseTOP")
    key = "svc-verify-" + ctx.run.id + "-" + node.name
    body = {"parameters": {"period": 2}}
    ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), body, headers={"Idempotency-Key": key})
    node.par.period = 5
    again = ctx.client.ok("PATCH", "/api/nodes/" + enc(node.path), body, headers={"Idempotency-Key": key})
    expect((True, 5.0), (again.get("replayed"), float(node.par.period.eval())), "replayed, nothing applied")
    receipt = ctx.client.ok("GET", "/api/receipts/" + key)
    expect(True, receipt["ok"])


@area.check("transactions", "a transaction's rollback undoes its kept requests")
def _transactions(ctx):
    comp = ctx.comp()
    tx = "svc-verify-" + ctx.run.id
    ctx.client.ok("POST", "/api/batch", {"transaction": tx, "operations": [
        {"action": "create", "parent_path": comp.path, "type": "noiseTOP", "name": "t1"}]})
    require(td.op(comp.path + "/t1") is not None, "made", None)
    for _ in range(4):
        data = ctx.client.ok("POST", "/api/transactions/%s/rollback" % tx, {})
        if not data["remaining"]:
            break
    expect([], _children(comp), "children after the rollback")


@area.check("events", "POST /api/events/ticket and GET /api/events answer")
def _events(ctx):
    ticket = ctx.client.ok("POST", "/api/events/ticket", {})
    require(bool(ticket.get("ticket")), "a ticket", ticket)
    data = ctx.client.ok("GET", "/api/events?limit=5")
    require(isinstance(data["events"], list), "a list", data)


@area.check("not_found", "an unknown route is 404 not_found through the whole chain")
def _not_found(ctx):
    ctx.client.refused("GET", "/api/no_such_route", None, "not_found")


@area.check("node_not_found", "a missing operator is 404 node_not_found")
def _node_not_found(ctx):
    ctx.client.refused("GET", "/api/nodes/" + enc(ctx.path + "/no_such_operator"), None, "node_not_found")
