"""Custom parameters: pages added to a COMP and the parameters appended to them.

Name rule (from TouchDesigner's docs on custom parameters): the first letter is an uppercase
letter and the rest are lowercase letters or digits; anything else fails. tdsim raises
td.tdError for it (UNVERIFIED: the exception class is not documented).
Scalar names of multi-value parameters follow TouchDesigner's suffixes: appendXYZ('Pos') makes
Posx, Posy, Posz; appendRGBA('Color') makes Colorr..Colora; appendFloat('V', size=3) makes
V1, V2, V3.
"""
from __future__ import annotations

import re

from ..values import styles
from ..values.errors import tdError
from ..values.modes import ParMode
from .par import ParCore
from .parcollections import Page, ParGroup
from .pardef import ParDef
from ..process.runtime import world

_NAME = re.compile(r"^[A-Z][a-z0-9]*$")

# append method -> (style, fixed suffixes or None when `size` decides)
_APPENDERS = {
    "appendFloat": ("Float", None), "appendInt": ("Int", None),
    "appendXY": ("XY", "xy"), "appendXYZ": ("XYZ", "xyz"), "appendXYZW": ("XYZW", "xyzw"),
    "appendUV": ("UV", "uv"), "appendUVW": ("UVW", "uvw"), "appendWH": ("WH", "wh"),
    "appendRGB": ("RGB", "rgb"), "appendRGBA": ("RGBA", "rgba"),
    "appendToggle": ("Toggle", ""), "appendPulse": ("Pulse", ""), "appendMomentary": ("Momentary", ""),
    "appendStr": ("Str", ""), "appendMenu": ("Menu", ""), "appendStrMenu": ("StrMenu", ""),
    "appendFile": ("File", ""), "appendFileSave": ("FileSave", ""), "appendFolder": ("Folder", ""),
    "appendPython": ("Python", ""), "appendHeader": ("Header", ""),
    "appendOP": ("OP", ""), "appendCOMP": ("COMP", ""), "appendObject": ("Object", ""),
    "appendPanelCOMP": ("PanelCOMP", ""), "appendTOP": ("TOP", ""), "appendCHOP": ("CHOP", ""),
    "appendSOP": ("SOP", ""), "appendPOP": ("POP", ""), "appendMAT": ("MAT", ""), "appendDAT": ("DAT", ""),
}


def check_name(name):
    if not isinstance(name, str) or not _NAME.match(name):
        raise tdError(
            f"Invalid custom parameter name '{name}': it must start with an uppercase letter "
            "followed only by lowercase letters and digits")


def appender(page: Page, method: str):
    if method not in _APPENDERS:
        raise AttributeError(f"'td.Page' object has no attribute '{method}'")
    style, suffixes = _APPENDERS[method]

    def append(name, label=None, size=1, order=None, replace=True):
        return append_group(page, name, style, suffixes, label=label, size=size, replace=replace)

    append.__name__ = method
    return append


def _scalar_names(name, style, suffixes, size):
    if suffixes is None:
        size = int(size)
        if size < 1:
            raise tdError("size must be at least 1")
        return [name] if size == 1 else [f"{name}{i + 1}" for i in range(size)]
    if suffixes == "":
        return [name]
    return [name + s for s in suffixes]


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
                    "val": p._val, "mode": p._mode.name, "expr": p._expr, "bindExpr": p._bind,
                })
            groups.append({"name": g.name, "style": g.style, "label": g.label, "pars": pars})
        out.append({"name": page.name, "groups": groups})
    return out


def _drop_all(op):
    for page in list(op._custom_pages):
        for g in page._groups:
            for p in g._pars:
                p._valid = False
                world().live_pars.discard(p)
                op._pars.pop(p.name, None)
            op._groups.pop(g.name, None)
        page._valid = False
    op._custom_pages = []


def restore_custom(op, snapshot):
    world().derived.changed()
    _drop_all(op)
    for page_data in snapshot:
        page = Page(op, page_data["name"], custom=True)
        op._custom_pages.append(page)
        for gd in page_data["groups"]:
            pars = []
            for pd in gd["pars"]:
                d = ParDef(pd["name"], gd["style"], label=pd.get("label") or gd.get("label"),
                           page_name=page.name, default=pd.get("default"), custom=True,
                           group_name=gd["name"], vec_index=len(pars), size=len(gd["pars"]),
                           menu_names=pd.get("menuNames"), menu_labels=pd.get("menuLabels"),
                           min=pd.get("min"), max=pd.get("max"), clamp_min=pd.get("clampMin"),
                           clamp_max=pd.get("clampMax"), read_only=bool(pd.get("readOnly")))
                d.norm_min = pd.get("normMin", d.norm_min)
                d.norm_max = pd.get("normMax", d.norm_max)
                d.help = pd.get("help", "")
                d.enable = pd.get("enable", True)
                p = ParCore(op, d, page)
                p._val = pd.get("val", d.default)
                p._expr = pd.get("expr", "")
                p._bind = pd.get("bindExpr", "")
                p._set_mode_raw(ParMode[pd.get("mode", "CONSTANT")])
                op._pars[d.name] = p
                pars.append(p)
            group = ParGroup(op, gd["name"], pars, page)
            op._groups[gd["name"]] = group
            page._groups.append(group)


def _recorded(op, change):
    before = snapshot_custom(op)
    result = change()
    world().derived.changed()
    world().undo.record_custom(op, before, snapshot_custom(op))
    return result


def append_page(op, name) -> Page:
    if not isinstance(name, str) or not name:
        raise tdError("A custom page needs a name")

    def change():
        for page in op._custom_pages:
            if page.name == name:
                return page
        page = Page(op, name, custom=True)
        op._custom_pages.append(page)
        return page
    return _recorded(op, change)


def append_group(page, name, style, suffixes, label=None, size=1, replace=True):
    if not page._valid:
        raise tdError("Page has been destroyed")
    check_name(name)
    op = page._op
    scalars = _scalar_names(name, style, suffixes, size)
    clashes = [n for n in scalars if n in op._pars] + ([name] if name in op._groups else [])
    if clashes and not replace:
        raise tdError(f"Parameter '{clashes[0]}' already exists")

    def change():
        for n in clashes:
            old = op._pars.get(n)
            if old is not None and old.isCustom:
                _remove_par(old)
        pars = []
        for i, scalar in enumerate(scalars):
            d = ParDef(scalar, style, label=label or name, page_name=page.name, custom=True,
                       group_name=name, vec_index=i, size=len(scalars),
                       menu_names=() if style in styles.MENU_STYLES else None,
                       menu_labels=() if style in styles.MENU_STYLES else None)
            p = ParCore(op, d, page)
            op._pars[scalar] = p
            pars.append(p)
        group = ParGroup(op, name, pars, page)
        op._groups[name] = group
        page._groups.append(group)
        return group
    return _recorded(op, change)


def _remove_par(par):
    op = par._owner
    group = par._group
    par._valid = False
    world().live_pars.discard(par)
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
            _remove_par(member)
    _recorded(par._owner, change)


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
    _recorded(op, change)


def destroy_page(page):
    if not page.isCustom:
        raise tdError("Built-in pages cannot be destroyed")
    op = page._op

    def change():
        for g in list(page._groups):
            for p in list(g._pars):
                _remove_par(p)
        if page in op._custom_pages:
            op._custom_pages.remove(page)
        page._valid = False
    _recorded(op, change)


def destroy_all(op) -> int:
    count = len([p for p in op._pars.values() if p.isCustom])
    _recorded(op, lambda: _drop_all(op))
    return count

