"""Custom pages and parameters on COMPs: creating them, and re-creating them from a snapshot.

Custom parameter names follow TouchDesigner's rule: a capital letter, then lower-case letters
and digits (`Gain`, `Speed2`). A tuplet is one group with several parameters.
"""

import re

from .errors import BridgeError
from .exec_guard import check_expression
from .serialize import par_groups

CUSTOM_NAME_RE = re.compile(r"^[A-Z][a-z0-9]*$")

# style -> Page method. Styles that take a size accept `size`.
APPEND = {
    "Float": "appendFloat", "Int": "appendInt", "Str": "appendStr", "Toggle": "appendToggle",
    "Pulse": "appendPulse", "Momentary": "appendMomentary", "Menu": "appendMenu", "StrMenu": "appendStrMenu",
    "RGB": "appendRGB", "RGBA": "appendRGBA", "XY": "appendXY", "XYZ": "appendXYZ", "XYZW": "appendXYZW",
    "WH": "appendWH", "UV": "appendUV", "UVW": "appendUVW", "OP": "appendOP", "COMP": "appendCOMP",
    "Object": "appendObject", "PanelCOMP": "appendPanelCOMP", "TOP": "appendTOP", "CHOP": "appendCHOP",
    "SOP": "appendSOP", "POP": "appendPOP", "MAT": "appendMAT", "DAT": "appendDAT", "File": "appendFile",
    "FileSave": "appendFileSave", "Folder": "appendFolder", "Python": "appendPython", "Header": "appendHeader",
}
SIZED = ("Float", "Int")


def find_page(node, name):
    for page in node.customPages:
        if page.name == name:
            return page
    return None


def add_page(node, name, journal):
    if not isinstance(name, str) or name.strip() == "":
        raise BridgeError("invalid_field", "'page' must be a non-empty string", field="page")
    existing = find_page(node, name)
    if existing is not None:
        return existing, False
    page = node.appendCustomPage(name)
    path = node.path
    journal.record("remove custom page %s on %s" % (name, path), lambda: _destroy_page(path, name))
    return page, True


def _destroy_page(path, name):
    from .live import require_op
    page = find_page(require_op(path), name)
    if page is not None:
        page.destroy()


def _members(created):
    """appendX returns a ParGroup in recent builds and a list of Par in older ones."""
    if created is None:
        return []
    pars = getattr(created, "pars", None)
    if callable(pars):
        return list(pars())
    return list(created)


def add_par(node, spec, journal, restoring=False):
    """spec: name, style, page, label?, size?, default?, min?, max?, clamp_min?, clamp_max?,
    norm_min?, norm_max?, menu_names?, menu_labels?, help?, value?"""
    name = spec["name"]
    style = spec["style"]
    if not CUSTOM_NAME_RE.match(name):
        raise BridgeError("invalid_name", "custom parameter names are a capital letter then lower-case letters or "
                          "digits (e.g. 'Gain'), not %r" % name, field="name")
    if style not in APPEND:
        raise BridgeError("invalid_field", "unknown custom parameter style %r; known: %s"
                          % (style, ", ".join(sorted(APPEND))), field="style")
    for par in node.customPars:
        group = par.parGroup
        if par.name == name or (group is not None and group.name == name):
            raise BridgeError("name_conflict", "%s already has a custom parameter %r" % (node.path, name), field="name")
    page, _ = add_page(node, spec["page"], journal)
    kwargs = {"label": spec.get("label") or name}
    if style in SIZED and spec.get("size", 1) != 1:
        kwargs["size"] = spec["size"]
    try:
        created = getattr(page, APPEND[style])(name, **kwargs)
    except Exception as exc:
        raise BridgeError("custom_par_failed", "cannot add %s parameter %r to %s: %s" % (style, name, node.path, exc))
    members = _members(created)
    path = node.path
    names = [p.name for p in members]
    journal.record("remove custom parameter %s on %s" % (name, path), lambda: _destroy_pars(path, names))
    try:
        configure(members, spec, restoring)
    except BridgeError:
        raise
    except Exception as exc:
        raise BridgeError("custom_par_failed", "cannot configure custom parameter %r: %s" % (name, exc))
    return {"path": path, "name": name, "pars": names, "page": page.name, "style": style}


def _destroy_pars(path, names):
    from .live import find_op
    node = find_op(path)
    if node is None:
        return
    for par in list(node.customPars):
        if par.name in names and par.valid:
            par.destroy()


def _per_member(value, count, field):
    if isinstance(value, list):
        if len(value) != count:
            raise BridgeError("invalid_field", "'%s' needs %d values" % (field, count), field=field)
        return value
    return [value] * count


def configure(members, spec, restoring=False):
    """Applies default, range, clamps, menu and value to freshly made parameters.

    When re-creating from a snapshot only the definition is applied: the recorded default may be
    a value the parameter would refuse as a value (an empty menu default), and values and modes
    are restored afterwards with the other parameters.
    """
    count = len(members)
    if members and members[0].style == "Python":  # TouchDesigner evaluates a Python parameter's value
        for key in ("default", "value"):
            for value in _per_member(spec.get(key), count, key) if spec.get(key) is not None else ():
                if isinstance(value, str) and value.strip():
                    check_expression(value, field=key)
    if spec.get("help"):
        for par in members:
            par.help = spec["help"]
    menu_names = spec.get("menu_names")
    if menu_names is not None:
        for par in members:
            par.menuNames = list(menu_names)
            par.menuLabels = list(spec.get("menu_labels") or menu_names)
    for key, attr in (("min", "normMin"), ("max", "normMax")):
        if spec.get(key) is not None:
            for par, v in zip(members, _per_member(spec[key], count, key)):
                setattr(par, attr, v)
                setattr(par, key, v)
    for key, attr in (("norm_min", "normMin"), ("norm_max", "normMax"), ("clamp_min", "clampMin"),
                      ("clamp_max", "clampMax")):
        if spec.get(key) is not None:
            for par, v in zip(members, _per_member(spec[key], count, key)):
                setattr(par, attr, v)
    if spec.get("default") is not None:
        for par, v in zip(members, _per_member(spec["default"], count, "default")):
            if par.default != v:
                par.default = v
            if not restoring:
                par.val = v
    if spec.get("value") is not None:
        for par, v in zip(members, _per_member(spec["value"], count, "value")):
            par.val = v


def snapshot(node):
    """Custom pages as specs that add_par/configure can replay, in page and parameter order."""
    pages = []
    for page in node.customPages:
        specs = []
        for key, members in par_groups(page):
            first = members[0]
            spec = {"name": key, "style": first.style, "page": page.name, "label": first.label,
                    "size": len(members), "default": [p.default for p in members]}
            if first.help:
                spec["help"] = first.help
            if first.isNumber:
                spec.update({"min": [p.min for p in members], "max": [p.max for p in members],
                             "norm_min": [p.normMin for p in members], "norm_max": [p.normMax for p in members],
                             "clamp_min": [p.clampMin for p in members], "clamp_max": [p.clampMax for p in members]})
            if first.style in ("Menu", "StrMenu"):
                spec["menu_names"] = [str(n) for n in first.menuNames]
                spec["menu_labels"] = [str(n) for n in first.menuLabels]
            specs.append(spec)
        pages.append({"name": page.name, "pars": specs})
    return pages


def recreate(node, pages, journal):
    """Re-makes custom pages from snapshot(); values and modes are restored with the other params."""
    for page in pages:
        add_page(node, page["name"], journal)
        for spec in page["pars"]:
            add_par(node, dict(spec), journal, restoring=True)


def clear(node, journal, pages=None):
    """Destroys the custom parameters of node (only those on the pages named in `pages`, when
    given: an artist's own pages stay); the journal re-creates them in their page order, then
    their values and modes."""
    from .params_write import par_snapshot, restore_par
    order = [page.name for page in node.customPages]
    chosen = [page for page in node.customPages if pages is None or page.name in pages]
    names = set(page.name for page in chosen)
    specs = [page for page in snapshot(node) if page["name"] in names]
    doomed = [p for p in node.customPars if p.page.name in names]
    values = [par_snapshot(p) for p in doomed]
    path = node.path

    def restore():
        from .live import require_op
        target = require_op(path)
        for page in specs:
            add_page(target, page["name"], _NoJournal())
            for spec in page["pars"]:
                add_par(target, dict(spec), _NoJournal(), restoring=True)
        target.sortCustomPages(*order)
        for state in values:
            restore_par(state)

    journal.record("re-create the custom parameters of %s" % path, restore)
    removed = sorted(set(p.name for p in doomed))
    if pages is None:
        node.destroyCustomPars()
    for page in chosen:
        page.destroy()
    return {"path": path, "removed": removed}


class _NoJournal(object):
    """A journal that records nothing: used while a rollback itself re-creates parameters."""

    def record(self, label, undo):
        pass


NO_JOURNAL = _NoJournal()
