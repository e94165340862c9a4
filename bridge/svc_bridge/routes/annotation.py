"""PATCH /api/nodes/{path}/annotation: an Annotate COMP's title, body, colour (RGBA) and bounds.

The fields are the Annotate COMP's own parameters (`Titletext`, `Bodytext`, `Backcolorr/g/b`,
`Backcoloralpha`, from the operator's documented parameter list) and its node box (`nodeX`,
`nodeY`, `nodeWidth`, `nodeHeight`). UNVERIFIED: that the annotateCOMP class's `x`, `y`, `width`,
`height` are that same box (the class documents them without saying); to verify, resize an
annotation in the editor and compare both in the textport.

Before anything is written the whole state of those fields is taken as a snapshot; the journal
puts the snapshot back if a write or the read-back fails, and a rollback that fails is reported as
`rollback_failed`. Receipts never echo the text: each text field reports its length and a short
SHA-256 of the text before and after, so a log of replies holds no artist's notes.
"""

import hashlib
import math

from .. import config
from ..body import check_known_fields, get_list, get_number, get_object, get_str
from ..errors import BridgeError
from ..journal import Journal, run_atomically
from ..live import require_op
from ..owned import check_writable
from ..params_write import par_snapshot, require_par, restore_par

FIELDS = ("title", "body", "color", "bounds")
TEXT_PARS = {"title": "Titletext", "body": "Bodytext"}
COLOR_PARS = ("Backcolorr", "Backcolorg", "Backcolorb", "Backcoloralpha")
BOUNDS = (("x", "nodeX"), ("y", "nodeY"), ("width", "nodeWidth"), ("height", "nodeHeight"))
MAX_TEXT = 100000


def require_annotation(path):
    node = require_op(path)
    if node.OPType != "annotateCOMP":
        raise BridgeError("not_an_annotation", "%s is a %s, not an Annotate COMP" % (node.path, node.OPType),
                          path=node.path)
    return node


def _validate(body):
    check_known_fields(body, FIELDS)
    if not any(body.get(k) is not None for k in FIELDS):
        raise BridgeError("missing_field", "give at least one of: title, body, color, bounds", field="title")
    for key in TEXT_PARS:
        text = get_str(body, key)
        if text is not None and len(text) > MAX_TEXT:
            raise BridgeError("invalid_field", "'%s' is longer than %d characters" % (key, MAX_TEXT), field=key)
    color = get_list(body, "color")
    if color is not None and not (len(color) == 4 and all(
            isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) and 0 <= c <= 1 for c in color)):
        raise BridgeError("invalid_field", "'color' must be [r, g, b, a] with each from 0 to 1", field="color")
    bounds = get_object(body, "bounds")
    if bounds is not None:
        check_known_fields(bounds, ("x", "y", "width", "height"), "bounds")
        if not bounds:
            raise BridgeError("missing_field", "'bounds' needs at least one of x, y, width, height", field="bounds")
        for key in ("x", "y"):
            get_number(bounds, key, where="bounds", bound=config.MAX_COORDINATE)
        for key in ("width", "height"):
            value = get_number(bounds, key, where="bounds", bound=config.MAX_COORDINATE)
            if value is not None and value < 1:
                raise BridgeError("number_out_of_range", "'%s' in bounds must be at least 1" % key, field=key)


def _digest(text):
    return {"length": len(text), "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]}


def _number(value):
    """A colour component; null when the environment gives no number (tdsim, whose knowledge base has no
    style for Backcoloralpha, holds an empty string until it is written)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def read_state(node):
    return {"title": str(node.par.Titletext.eval()), "body": str(node.par.Bodytext.eval()),
            "color": [_number(getattr(node.par, n).eval()) for n in COLOR_PARS],
            "bounds": {key: getattr(node, attr) for key, attr in BOUNDS}}


def _snapshot(node):
    pars = [par_snapshot(require_par(node, name)) for name in tuple(TEXT_PARS.values()) + COLOR_PARS]
    return {"pars": pars, "bounds": {attr: getattr(node, attr) for _, attr in BOUNDS}}


def _restore(path, snap):
    node = require_op(path)
    for state in snap["pars"]:
        restore_par(state)
    for attr, value in snap["bounds"].items():
        if getattr(node, attr) != value:
            setattr(node, attr, value)


def write_fields(node, body, journal):
    """Writes the asked fields after recording the snapshot that undoes them all."""
    path = node.path
    snap = _snapshot(node)
    journal.record("restore the annotation %s" % path, lambda: _restore(path, snap))
    for key, par_name in TEXT_PARS.items():
        if body.get(key) is not None:
            getattr(node.par, par_name).val = body[key]
    if body.get("color") is not None:
        for name, value in zip(COLOR_PARS, body["color"]):
            getattr(node.par, name).val = float(value)
    for key, attr in BOUNDS:
        value = (body.get("bounds") or {}).get(key)
        if value is not None:
            setattr(node, attr, int(round(value)))


def _read_back(node, body):
    state = read_state(node)
    wrong = [k for k in TEXT_PARS if body.get(k) is not None and state[k] != body[k]]
    if body.get("color") is not None and not all(
            a is not None and math.isclose(a, b, abs_tol=1e-5) for a, b in zip(state["color"], body["color"])):
        wrong.append("color")
    for key, value in (body.get("bounds") or {}).items():
        if value is not None and state["bounds"][key] != int(round(value)):
            wrong.append("bounds.%s" % key)
    if wrong:
        raise BridgeError("operation_failed", "%s did not keep %s as asked" % (node.path, ", ".join(wrong)),
                          path=node.path, fields=wrong)
    return state


def receipt(before, after, asked):
    """Per field: changed, and for text only length and hash, never the text itself."""
    fields = {}
    for key in FIELDS:
        if asked.get(key) is None:
            continue
        entry = {"changed": before[key] != after[key]}
        if key in TEXT_PARS:
            entry.update({"before": _digest(before[key]), "after": _digest(after[key])})
        else:
            entry.update({"before": before[key], "after": after[key]})
        fields[key] = entry
    return fields


def patch_annotation(ctx):
    _validate(ctx.body)
    path = ctx.params["path"]

    def work(journal):
        node = require_annotation(path)
        check_writable(node.path, ctx.webserver)
        before = read_state(node)
        write_fields(node, ctx.body, journal)
        after = _read_back(node, ctx.body)
        return {"path": node.path, "fields": receipt(before, after, ctx.body)}

    return run_atomically(Journal(), work)


def get_annotation(ctx):
    node = require_annotation(ctx.params["path"])
    state = read_state(node)
    return {"path": node.path, "title": state["title"][:MAX_TEXT], "body": state["body"][:MAX_TEXT],
            "color": state["color"], "bounds": state["bounds"]}


def register(router):
    router.add("GET", "/api/nodes/{path:path}/annotation", get_annotation)
    router.add("PATCH", "/api/nodes/{path:path}/annotation", patch_annotation, mutating=True,
               undo_label="svc: edit annotation")
