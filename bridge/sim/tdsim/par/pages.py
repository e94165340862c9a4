"""Parameter pages (td.Page): built-in pages, custom pages and what scripts append to them, and
custom pages rebuilt from a snapshot (undo, copies, the state file).

Scalar names of multi-value parameters follow TouchDesigner's suffixes: appendXYZ('Pos') makes
Posx, Posy, Posz; appendRGBA('Color') makes Colorr..Colora; appendFloat('V', size=3) makes
V1, V2, V3. The name rule and the other edits of custom parameters are custompars.py's.
"""
from __future__ import annotations

from ..values import styles
from ..values.errors import tdError
from ..values.modes import ParMode
from .custompars import check_name, destroy_page, drop_all, recorded, remove_par
from .par import ParCore, handle
from .parcollections import ParGroup
from .pardef import ParDef


class Page:
    """A parameter page. Built-in pages are read-only; custom pages grow through append*()."""

    def __init__(self, op, name, custom=False):
        self._op = op
        self._name = name
        self._custom = custom
        self._groups: list[ParGroup] = []
        self._valid = True

    owner = property(lambda self: self._op)
    isCustom = property(lambda self: self._custom)
    parGroups = property(lambda self: list(self._groups))
    pars = property(lambda self: [handle(p) for g in self._groups for p in g._pars])
    valid = property(lambda self: self._valid)

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, new):
        if not self._custom:
            raise tdError("Built-in pages cannot be renamed")
        self._name = str(new)

    @property
    def index(self):
        pages = self._op.customPages if self._custom else self._op.pages
        return pages.index(self) if self in pages else -1

    def __repr__(self):
        return f"type:Page name:{self._name} owner:{self._op.path}"

    def __getattr__(self, name):
        # appendFloat, appendXYZ, ...: the appenders below.
        if name.startswith("append"):
            return appender(self, name)
        raise AttributeError(f"'td.Page' object has no attribute '{name}'")

    def destroy(self):
        destroy_page(self)

    def sort(self, *names):
        order = {n: i for i, n in enumerate(names)}
        self._groups.sort(key=lambda g: order.get(g.name, len(order)))

    def resetPars(self):
        return any([g.reset() for g in self._groups])


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
    return recorded(op, change)


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
                remove_par(old)
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
    return recorded(op, change)


def restore_custom(op, snapshot):
    op._world.derived.changed()
    drop_all(op)
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
                d.menu_source = pd.get("menuSource", "")
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
