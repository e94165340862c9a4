"""One parameter's menu (GET .../params/{param}/menu) and pulsing it (POST .../params/{param}/pulse)."""

from ..body import check_known_fields, query_int
from ..errors import BridgeError
from ..exec_guard import check_pulse
from ..live import require_op
from ..owned import check_writable
from ..params_write import require_par
from ..serialize import mode_name, value_json

MENU_DEFAULT_LIMIT = 1000
MENU_MAX_LIMIT = 10000


def read_menu(ctx):
    """Names, labels and the current value, at most `limit` entries (menus built by a script can be long)."""
    node = require_op(ctx.params["path"])
    par = require_par(node, ctx.params["param"], "param")
    limit = query_int(ctx.query, "limit", MENU_DEFAULT_LIMIT, 1, MENU_MAX_LIMIT)
    if not par.isMenu and par.style not in ("Menu", "StrMenu"):
        raise BridgeError("not_a_menu", "%s.%s is a %s parameter, not a menu" % (node.path, par.name, par.style),
                          path=node.path, param=par.name, style=par.style)
    names = [str(n) for n in par.menuNames]
    labels = [str(n) for n in par.menuLabels]
    current = value_json(par.val)
    return {
        "path": node.path, "param": par.name, "label": par.label, "style": par.style,
        "names": names[:limit], "labels": labels[:limit], "total": len(names), "complete": len(names) <= limit,
        "value": current, "index": names.index(current) if current in names else None,
        "default": value_json(par.default), "mode": mode_name(par.mode),
        # A StrMenu takes any text; its menu only suggests.
        "accepts_other_text": par.style == "StrMenu",
    }


def pulse(ctx):
    """Pulses a Pulse parameter, or presses and releases a Momentary one (Par.pulse()).

    Nothing is written that a rollback could restore: a pulse is an event the operator reacts to (a
    Movie File In TOP's cue, a Timer CHOP's start). What the operator does in reaction is not undone."""
    check_known_fields(ctx.body, ())
    node = require_op(ctx.params["path"])
    check_writable(node.path, ctx.webserver)
    par = require_par(node, ctx.params["param"], "param")
    if not (par.isPulse or par.isMomentary):
        raise BridgeError("not_a_pulse", "%s.%s is a %s parameter; only Pulse and Momentary parameters can be pulsed"
                          % (node.path, par.name, par.style), path=node.path, param=par.name, style=par.style)
    if par.readOnly:
        raise BridgeError("param_read_only", "%s.%s is read-only" % (node.path, par.name), path=node.path, param=par.name)
    check_pulse(par)
    if not getattr(par, "enable", True):
        raise BridgeError("operation_failed", "%s.%s is disabled in the operator's current settings"
                          % (node.path, par.name), path=node.path, param=par.name)
    try:
        par.pulse()
    except Exception as exc:
        raise BridgeError("operation_failed", "pulsing %s.%s failed: %s" % (node.path, par.name, exc),
                          path=node.path, param=par.name)
    return {"path": node.path, "param": par.name, "style": par.style, "pulsed": True,
            "cook_frame": getattr(node, "cookFrame", None)}


def register(router):
    router.add("GET", "/api/nodes/{path:path}/params/{param}/menu", read_menu)
    router.add("POST", "/api/nodes/{path:path}/params/{param}/pulse", pulse, mutating=True,
               undo_label="svc: pulse parameter")
