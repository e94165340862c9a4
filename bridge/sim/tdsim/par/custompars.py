"""Custom parameters: their name rule, and the edits that keep a COMP's custom pages in order
(snapshot, rename, destroy), each recorded for undo as one change of the operator's custom pages.

Name rule (from TouchDesigner's docs on custom parameters): the first letter is an uppercase
letter and the rest are lowercase letters or digits; anything else fails. tdsim raises
td.tdError for it (UNVERIFIED: the exception class is not documented).
Making pages and parameters is pages.py's: it builds on Par, ParGroup and Page, which build on
this module (a Par renames and destroys itself here).
"""
from __future__ import annotations

import re

from ..values.errors import tdError

_NAME = re.compile(r"^[A-Z][a-z0-9]*$")


def check_name(name):
    if not isinstance(name, str) or not _NAME.match(name):
        raise tdError(
            f"Invalid custom parameter name '{name}': it must start with an uppercase letter "
            "followed only by lowercase letters and digits")


def snapshot_custom(op) -> list:
    out = []
    for page in op._custom_pages:
        groups = []
        for g in page._groups:
            pars = []
            for p in g._pars:
                d = p._def
                pars.append({
                    "name": d.name, "label": d.label, "default": d.default, "min": d.min, "max": d.max,
                    "clampMin": d.clamp_min, "clampMax": d.clamp_max, "normMin": d.norm_min,
                    "normMax": d.norm_max, "readOnly": d.read_only, "help": d.help, "enable": d.enable,
                    "menuNames": list(d.menu_names) if d.menu_names is not None else None,
                    "menuLabels": list(d.menu_labels) if d.menu_labels is not None else None,
                    "menuSource": d.menu_source,
                    "val": p._val, "mode": p._mode.name, "expr": p._expr, "bindExpr": p._bind,
                })
            groups.append({"name": g.name, "style": g.style, "label": g.label, "pars": pars})
        out.append({"name": page.name, "groups": groups})
    return out


def drop_all(op):
    for page in list(op._custom_pages):
        for g in page._groups:
            for p in g._pars:
                p._valid = False
                op._world.live_pars.discard(p)
                op._pars.pop(p.name, None)
            op._groups.pop(g.name, None)
        page._valid = False
    op._custom_pages = []


def recorded(op, change):
    """Run change() as one undo step of op's custom pages."""
    before = snapshot_custom(op)
    result = change()
    op._world.derived.changed()
    op._world.undo.record_custom(op, before, snapshot_custom(op))
    return result


def remove_par(par):
    op = par._owner
    group = par._group
    par._valid = False
    op._world.live_pars.discard(par)
    op._pars.pop(par.name, None)
    if group is not None:
        group._pars = [p for p in group._pars if p is not par]
        if not group._pars:
            op._groups.pop(group.name, None)
            if group._page is not None and group in group._page._groups:
                group._page._groups.remove(group)


def destroy_custom_par(par):
    """Destroying one parameter of a tuplet (Posx of Pos) destroys the whole tuplet: its
    parameters exist only together (UNVERIFIED wording; the Par Class page says the same of a
    sequence's block)."""
    group = par._group
    members = list(group._pars) if group is not None else [par]

    def change():
        for member in members:
            remove_par(member)
    recorded(par._owner, change)


def rename_custom(par, new):
    check_name(new)
    op = par._owner
    if new in op._pars:
        raise tdError(f"Parameter '{new}' already exists")

    def change():
        old = par._def.name
        op._pars = {(new if k == old else k): v for k, v in op._pars.items()}
        par._def.name = new
        group = par._group
        if group is not None and group.size == 1 and group.name == old:
            op._groups = {(new if k == old else k): v for k, v in op._groups.items()}
            group._name = new
            par._def.group_name = new
    recorded(op, change)


def destroy_page(page):
    if not page.isCustom:
        raise tdError("Built-in pages cannot be destroyed")
    op = page._op

    def change():
        for g in list(page._groups):
            for p in list(g._pars):
                remove_par(p)
        if page in op._custom_pages:
            op._custom_pages.remove(page)
        page._valid = False
    recorded(op, change)


def destroy_all(op) -> int:
    count = len([p for p in op._pars.values() if p.isCustom])
    recorded(op, lambda: drop_all(op))
    return count
