"""GET|POST /api/nodes/{path}/custom_params: a COMP's custom pages and parameters, read bounded, and
changed by a list of operations (add, add_page, edit, delete, sort, rename) that all happen or none.

Each operation records its inverse in the request's journal, so a failing one puts back everything
the earlier ones did: definitions, values, modes and expressions, and the order of parameters on
their pages and of the pages themselves. Renaming a parameter does not rewrite expressions that
name it (TouchDesigner does not either).

UNVERIFIED in TouchDesigner: `Page.sort(*pars)` and `COMP.sortCustomPages(*pages)` are documented
with parameters and pages as arguments; the bridge passes names, which tdsim takes (to verify:
`op('/project1/base1').customPages[0].sort('B', 'A')` in the textport, then read the page's pars).
"""

from .. import custom_pars
from ..body import check_known_fields, get_list, get_str, get_str_list, query_int
from ..errors import BridgeError
from ..journal import Journal, run_atomically
from ..live import require_comp
from ..owned import check_writable
from ..operations.params import PAR_FIELDS, validate_par
from ..params_write import par_snapshot, restore_par
from ..serialize import custom_pages, par_groups

READ_DEFAULT_LIMIT = 500
READ_MAX_LIMIT = 5000
MAX_OPERATIONS = 100

EDIT_ATTRS = {"label": "label", "min": "min", "max": "max", "norm_min": "normMin", "norm_max": "normMax",
              "clamp_min": "clampMin", "clamp_max": "clampMax", "default": "default", "help": "help"}


def read_custom_params(ctx):
    node = require_comp(ctx.params["path"])
    limit = query_int(ctx.query, "limit", READ_DEFAULT_LIMIT, 1, READ_MAX_LIMIT)
    pages, shown, total = [], 0, 0
    for page in custom_pages(node):
        total += len(page["pars"])
        room = max(0, limit - shown)
        pages.append({"name": page["name"], "pars": page["pars"][:room]})
        shown += min(room, len(page["pars"]))
    return {"path": node.path, "pages": pages, "count": shown, "total": total, "complete": shown == total}


# -- validation (nothing changes until every operation is valid) -------------------------------------

def _validate(op, where):
    if not isinstance(op, dict):
        raise BridgeError("invalid_field", "%s must be an object" % where, field="operations")
    action = get_str(op, "action", required=True, where=where)
    if action == "add":
        check_known_fields(op, ("action",) + tuple(f for f in PAR_FIELDS if f != "path"), where)
        validate_par(dict(op, path="/"), where)
    elif action == "add_page":
        check_known_fields(op, ("action", "page"), where)
        get_str(op, "page", required=True, where=where, allow_empty=False)
    elif action == "edit":
        check_known_fields(op, ("action", "name", "menu_names", "menu_labels") + tuple(EDIT_ATTRS), where)
        get_str(op, "name", required=True, where=where, allow_empty=False)
        get_str(op, "label", where=where)
        get_str(op, "help", where=where)
        names = get_str_list(op, "menu_names", where=where)
        labels = get_str_list(op, "menu_labels", where=where)
        if labels is not None and (names is None or len(labels) != len(names)):
            raise BridgeError("invalid_field", "'menu_labels' needs 'menu_names' of the same length%s" % _at(where),
                              field="menu_labels")
        if len(op) == 2:
            raise BridgeError("missing_field", "edit needs at least one of: %s%s"
                              % (", ".join(sorted(tuple(EDIT_ATTRS) + ("menu_names", "menu_labels"))), _at(where)),
                              field="label")
        # Ranges, clamps and defaults have the same shapes as in add.
        validate_par({"path": "/", "page": "x", "name": "X", "style": "Float",
                      **{k: v for k, v in op.items() if k in ("min", "max", "norm_min", "norm_max", "clamp_min",
                                                               "clamp_max", "default")}}, where)
    elif action == "delete":
        check_known_fields(op, ("action", "name", "page"), where)
        _one_of(op, ("name", "page"), where)
    elif action == "sort":
        check_known_fields(op, ("action", "page", "order", "pages"), where)
        if op.get("pages") is not None:
            if op.get("page") is not None or op.get("order") is not None:
                raise BridgeError("invalid_field", "sort takes either pages, or page and order%s" % _at(where),
                                  field="pages")
            _distinct(get_str_list(op, "pages", where=where), "pages", where)
        else:
            get_str(op, "page", required=True, where=where, allow_empty=False)
            _distinct(get_str_list(op, "order", required=True, where=where), "order", where)
    elif action == "rename":
        check_known_fields(op, ("action", "name", "page", "new_name"), where)
        _one_of(op, ("name", "page"), where)
        get_str(op, "new_name", required=True, where=where, allow_empty=False)
        if op.get("name") is not None and not custom_pars.CUSTOM_NAME_RE.match(op["new_name"]):
            raise BridgeError("invalid_name", "custom parameter names are a capital letter then lower-case letters "
                              "or digits (e.g. 'Gain'), not %r" % op["new_name"], field="new_name")
    else:
        raise BridgeError("invalid_field", "unknown action %r%s; known: add, add_page, delete, edit, rename, sort"
                          % (action, _at(where)), field="action")


def _at(where):
    return " in %s" % where if where else ""


def _one_of(op, keys, where):
    given = [k for k in keys if op.get(k) is not None]
    if len(given) != 1:
        raise BridgeError("missing_field" if not given else "invalid_field",
                          "give exactly one of %s%s" % (", ".join(keys), _at(where)), field=keys[0])
    get_str(op, given[0], where=where, allow_empty=False)


def _distinct(names, field, where):
    if not names or len(set(names)) != len(names):
        raise BridgeError("invalid_field", "'%s'%s must list names, each once" % (field, _at(where)), field=field)


# -- the operations ----------------------------------------------------------------------------------

def _group(node, name):
    """(page, members) of the custom parameter group `name`: a tuplet is found by its group name."""
    for page in node.customPages:
        for key, members in par_groups(page):
            if key == name or (len(members) == 1 and members[0].name == name):
                return page, members
    raise BridgeError("unknown_param", "%s has no custom parameter %r" % (node.path, name), path=node.path,
                      param=name, field="name")


def _page(node, name):
    page = custom_pars.find_page(node, name)
    if page is None:
        raise BridgeError("invalid_field", "%s has no custom page %r; it has: %s"
                          % (node.path, name, ", ".join(p.name for p in node.customPages) or "none"), field="page")
    return page


def _page_order(node):
    return [p.name for p in node.customPages]


def _par_order(page):
    return [key for key, _ in par_groups(page)]


def _sort_pars(node_path, page_name, order):
    from ..live import require_op
    page = custom_pars.find_page(require_op(node_path), page_name)
    if page is not None:
        page.sort(*order)


def _sort_pages(node_path, order):
    from ..live import require_op
    require_op(node_path).sortCustomPages(*order)


def _add(node, op, journal):
    spec = dict(op, path=node.path)
    spec.pop("action")
    return custom_pars.add_par(node, spec, journal)


def _add_page(node, op, journal):
    page, created = custom_pars.add_page(node, op["page"], journal)
    return {"page": page.name, "created": created}


def _edit(node, op, journal):
    _, members = _group(node, op["name"])
    path = node.path
    for par in members:
        # Everything edit can touch: `min` and `max` set the slider range (normMin, normMax) too.
        before = {attr: getattr(par, attr) for attr in EDIT_ATTRS.values() if par.isNumber or attr in ("label", "help", "default")}
        if "menu_names" in op:
            before["menuNames"] = list(par.menuNames)
            before["menuLabels"] = list(par.menuLabels)
        name = par.name
        journal.record("restore the definition of %s.%s" % (path, name),
                       lambda name=name, before=before: _restore_def(path, name, before))
    try:
        if "label" in op or "help" in op:
            for par in members:
                for key in ("label", "help"):
                    if key in op:
                        setattr(par, key, op[key])
        custom_pars.configure(members, {k: v for k, v in op.items() if k not in ("label", "help")}, restoring=True)
    except BridgeError:
        raise
    except Exception as exc:
        raise BridgeError("custom_par_failed", "cannot change %s.%s: %s" % (path, op["name"], exc), field="name")
    return {"name": op["name"], "edited": sorted(k for k in op if k not in ("action", "name"))}


def _restore_def(path, name, before):
    from ..live import require_op
    node = require_op(path)
    par = next(p for p in node.customPars if p.name == name)
    for attr, value in before.items():
        if getattr(par, attr) != value:
            setattr(par, attr, value)


def _delete(node, op, journal):
    path = node.path
    pages_before = _page_order(node)
    if op.get("page") is not None:
        page = _page(node, op["page"])
        removed_pages = [p for p in custom_pars.snapshot(node) if p["name"] == page.name]
        members = list(page.pars)
    else:
        page, members = _group(node, op["name"])
        spec = next(s for p in custom_pars.snapshot(node) if p["name"] == page.name
                    for s in p["pars"] if s["name"] in (op["name"], members[0].name))
        removed_pages = [{"name": page.name, "pars": [spec]}]
    page_name, order = page.name, _par_order(page)
    values = [par_snapshot(p) for p in members]

    def restore():
        from ..live import require_op
        target = require_op(path)
        for snap in removed_pages:
            custom_pars.add_page(target, snap["name"], custom_pars.NO_JOURNAL)
            for spec in snap["pars"]:
                custom_pars.add_par(target, dict(spec), custom_pars.NO_JOURNAL, restoring=True)
        for state in values:
            restore_par(state)
        _sort_pars(path, page_name, order)
        _sort_pages(path, pages_before)

    names = [p.name for p in members]
    journal.record("re-create %s on %s" % (", ".join(names) or page_name, path), restore)
    if op.get("page") is not None:
        page.destroy()
    else:
        members[0].destroy()  # destroys the whole tuplet
    return {"removed": names, "page": page_name if op.get("page") is not None else None}


def _sort(node, op, journal):
    path = node.path
    if op.get("pages") is not None:
        before = _page_order(node)
        unknown = [n for n in op["pages"] if n not in before]
        if unknown or len(op["pages"]) != len(before):
            raise BridgeError("invalid_field", "'pages' must list every custom page of %s once: %s"
                              % (path, ", ".join(before)), field="pages")
        journal.record("restore the page order of %s" % path, lambda: _sort_pages(path, before))
        node.sortCustomPages(*op["pages"])
        return {"pages": _page_order(node)}
    page = _page(node, op["page"])
    before = _par_order(page)
    if sorted(op["order"]) != sorted(before):
        raise BridgeError("invalid_field", "'order' must list every parameter of page %r once: %s"
                          % (page.name, ", ".join(before)), field="order")
    page_name = page.name
    journal.record("restore the order of page %s on %s" % (page_name, path),
                   lambda: _sort_pars(path, page_name, before))
    page.sort(*op["order"])
    return {"page": page_name, "order": _par_order(page)}


def _rename(node, op, journal):
    path, new = node.path, op["new_name"]
    if op.get("page") is not None:
        page = _page(node, op["page"])
        old = page.name
        if custom_pars.find_page(node, new) is not None:
            raise BridgeError("name_conflict", "%s already has a custom page %r" % (path, new), field="new_name")
        page.name = new
        journal.record("rename page %s back to %s" % (new, old), lambda: setattr(_page(_op(path), new), "name", old))
        return {"page": new, "previous": old}
    _, members = _group(node, op["name"])
    if len(members) != 1:
        raise BridgeError("invalid_field", "%s.%s is a tuplet of %d parameters: rename is for single parameters"
                          % (path, op["name"], len(members)), field="name")
    par = members[0]
    old = par.name
    if any(p.name == new or (p.parGroup is not None and p.parGroup.name == new) for p in node.pars()):
        raise BridgeError("name_conflict", "%s already has a parameter %r" % (path, new), field="new_name")
    try:
        par.name = new
    except Exception as exc:
        raise BridgeError("custom_par_failed", "cannot rename %s.%s: %s" % (path, old, exc), field="new_name")
    journal.record("rename %s.%s back to %s" % (path, new, old),
                   lambda: setattr(next(p for p in _op(path).customPars if p.name == new), "name", old))
    return {"name": new, "previous": old}


def _op(path):
    from ..live import require_op
    return require_op(path)


APPLY = {"add": _add, "add_page": _add_page, "edit": _edit, "delete": _delete, "sort": _sort, "rename": _rename}


def change_custom_params(ctx):
    check_known_fields(ctx.body, ("operations",))
    ops = get_list(ctx.body, "operations", required=True)
    if not ops or len(ops) > MAX_OPERATIONS:
        raise BridgeError("invalid_field", "'operations' holds 1 to %d operations" % MAX_OPERATIONS, field="operations")
    for index, op in enumerate(ops):
        _validate(op, "operations[%d]" % index)
    path = ctx.params["path"]

    def work(journal):
        node = require_comp(path)
        check_writable(node.path, ctx.webserver)
        results = []
        for index, op in enumerate(ops):
            try:
                result = APPLY[op["action"]](node, op, journal)
            except BridgeError as err:
                err.extra.setdefault("index", index)
                raise
            results.append(dict(result, index=index, action=op["action"]))
        return {"path": node.path, "results": results, "pages": custom_pages(node)}

    return run_atomically(Journal(), work)


def register(router):
    router.add("GET", "/api/nodes/{path:path}/custom_params", read_custom_params)
    router.add("POST", "/api/nodes/{path:path}/custom_params", change_custom_params, mutating=True,
               undo_label="svc: change custom parameters")
