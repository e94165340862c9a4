"""set_mode, set_text, add_custom_page, add_custom_par."""

from .. import custom_pars, exec_guard
from ..body import get_int, get_str, get_str_list
from ..errors import BridgeError
from ..live import check_path, require_comp, require_dat, require_op
from ..params_write import check_expression, require_par, reset_par, set_mode

MODE_FIELDS = ("path", "param", "mode", "expr", "value")


def validate_mode(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "param", required=True, where=where, allow_empty=False)
    mode = get_str(spec, "mode", required=True, where=where)
    if mode not in ("constant", "expression", "bind"):
        raise BridgeError("invalid_mode", "mode must be constant, expression or bind, not %r" % mode, field="mode")
    if mode != "constant":
        check_expression(spec.get("expr"))


def apply_mode(spec, journal, env):
    node = require_op(spec["path"])
    par = require_par(node, spec["param"], "param")
    return set_mode(par, spec["mode"], journal, expr=spec.get("expr"), value=spec.get("value"),
                    has_value=spec.get("value") is not None)


TEXT_FIELDS = ("path", "text")


def validate_text(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "text", required=True, where=where)


def set_text(node, text, journal):
    editable = getattr(node, "isEditable", True)
    if editable is False:
        raise BridgeError("operation_failed", "the text of %s is produced by the operator and cannot be set"
                          % node.path, path=node.path)
    exec_guard.check_dat_text(node, text)
    path = node.path
    before = node.text
    journal.record("restore text of %s" % path, lambda: setattr(require_op(path), "text", before))
    node.text = text
    return {"path": path, "length": len(node.text)}


def apply_text(spec, journal, env):
    return set_text(require_dat(spec["path"]), spec["text"], journal)


PAGE_FIELDS = ("path", "page")


def validate_page(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "page", required=True, where=where, allow_empty=False)


def apply_page(spec, journal, env):
    node = require_comp(spec["path"])
    page, created = custom_pars.add_page(node, spec["page"], journal)
    return {"path": node.path, "page": page.name, "created": created}


PAR_FIELDS = ("path", "page", "name", "style", "label", "size", "default", "min", "max", "clamp_min", "clamp_max",
              "norm_min", "norm_max", "menu_names", "menu_labels", "help", "value")


def _scalar_or_list(spec, key, where, check):
    value = spec.get(key)
    if value is None:
        return
    items = value if isinstance(value, list) else [value]
    if not items or not all(check(v) for v in items):
        raise BridgeError("invalid_field", "'%s'%s has a value of the wrong type" % (key, " in %s" % where if where else ""),
                          field=key)


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def validate_par(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "page", required=True, where=where, allow_empty=False)
    get_str(spec, "name", required=True, where=where, allow_empty=False)
    style = get_str(spec, "style", required=True, where=where)
    if style not in custom_pars.APPEND:
        raise BridgeError("invalid_field", "unknown custom parameter style %r; known: %s"
                          % (style, ", ".join(sorted(custom_pars.APPEND))), field="style")
    get_str(spec, "label", where=where)
    get_str(spec, "help", where=where)
    size = get_int(spec, "size", where=where, minimum=1, maximum=4)
    if size not in (None, 1) and style not in custom_pars.SIZED:
        raise BridgeError("invalid_field", "'size' applies to Float and Int parameters only", field="size")
    for key in ("min", "max", "norm_min", "norm_max"):
        _scalar_or_list(spec, key, where, _is_number)
    for key in ("clamp_min", "clamp_max"):
        _scalar_or_list(spec, key, where, lambda v: isinstance(v, bool))
    for key in ("default", "value"):
        _scalar_or_list(spec, key, where, lambda v: isinstance(v, (str, int, float, bool)))
    names = get_str_list(spec, "menu_names", where=where)
    labels = get_str_list(spec, "menu_labels", where=where)
    if labels is not None and (names is None or len(labels) != len(names)):
        raise BridgeError("invalid_field", "'menu_labels' needs 'menu_names' of the same length", field="menu_labels")
    if names is not None and style == "Menu":
        for key in ("default", "value"):
            given = spec.get(key)
            if given is not None and given not in names:
                raise BridgeError("invalid_menu_entry", "'%s' %r is not one of the menu names: %s"
                                  % (key, given, ", ".join(names)), field=key, valid=names)


def apply_par(spec, journal, env):
    node = require_comp(spec["path"])
    return custom_pars.add_par(node, spec, journal)


RESET_FIELDS = ("path", "param")


def validate_reset(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str(spec, "param", required=True, where=where, allow_empty=False)


def apply_reset(spec, journal, env):
    """Back to constant mode at the parameter's default (what svc does when the source drops a value)."""
    node = require_op(spec["path"])
    par = require_par(node, spec["param"], "param")
    return reset_par(par, journal)


CLEAR_FIELDS = ("path", "pages")


def validate_clear(spec, where):
    check_path(get_str(spec, "path", required=True, where=where))
    get_str_list(spec, "pages", where=where)


def apply_clear(spec, journal, env):
    """Removes the custom pages of a COMP (every one, or those named in `pages`) with their
    parameters; the rollback re-makes them with their values."""
    node = require_comp(spec["path"])
    return custom_pars.clear(node, journal, spec.get("pages"))


OPERATIONS = {
    "reset_param": (RESET_FIELDS, validate_reset, apply_reset),
    "clear_custom_pars": (CLEAR_FIELDS, validate_clear, apply_clear),
    "set_mode": (MODE_FIELDS, validate_mode, apply_mode),
    "set_text": (TEXT_FIELDS, validate_text, apply_text),
    "add_custom_page": (PAGE_FIELDS, validate_page, apply_page),
    "add_custom_par": (PAR_FIELDS, validate_par, apply_par),
}
