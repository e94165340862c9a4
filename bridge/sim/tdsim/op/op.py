"""OP: what every operator has (td.OP): identity, hierarchy, parameters, flags and lifecycle.
Wiring (connectors.py), the cook model (cook.py), appearance and tags (appearance.py) and
storage (storage.py) are mixed in.

An operator belongs to a world (`_world`, given when it is made): what is above this layer (the
operator factory, the expression namespace, undo, the frame loop, storage) an operator, and each
of its parameters, reaches through it.
"""
from __future__ import annotations

from ..par.custompars import snapshot_custom
from ..par.pages import Page, restore_custom
from ..par.par import ParCore, handle
from ..par.parcollections import ParCollection, ParGroup, ParGroupCollection
from ..par.pardef import defs_for
from ..values import documented
from ..par.sequence import SequenceCollection, init_sequences, resize
from ..values import naming, paths
from ..values.catalog import type_name
from ..values.errors import tdError
from ..values.opbase import OPBase
from .appearance import DEFAULT_COLOR, DEFAULT_NODE_SIZE, AppearanceMixin
from .connectors import ConnectionsMixin
from .cook import CookMixin
from .extensions import Ext
from .internal import iop_of, ipar_of
from .modules import MOD
from .shortcuts import OpexShortcut, OpShortcut, OpsShortcut, ParentShortcut
from .storage import StorageMixin

# Flag members of every OP and their value on a new operator. UNVERIFIED: TouchDesigner shows
# some flags only for some families (render on SOPs/POPs/geometry, display on most); tdsim
# lets scripts read and set all of them on every operator, except that only COMPs can turn
# allowCooking off (documented on OP.allowCooking).
FLAG_DEFAULTS = {
    "bypass": False, "display": False, "render": False, "viewer": False, "lock": False,
    "allowCooking": True, "cloneImmune": False, "current": False, "expose": True,
    "selected": False, "python": True, "showCustomOnly": False, "showDocked": True,
    "activeViewer": False,
}


_ALWAYS_OK = frozenset({"valid", "__class__", "__dict__", "__repr__"})


def _deleted_getattribute(self, name):
    if name[0] != "_" and name not in _ALWAYS_OK:
        raise tdError("Operator has been deleted")
    return object.__getattribute__(self, name)


_DELETED_CLASSES: dict = {}


def _deleted_class(cls):
    """The class a destroyed operator of class `cls` becomes: the same, but every public member
    raises tdError (a subclass, so isinstance and the operator's type still answer as before)."""
    if cls.__dict__.get("__getattribute__") is _deleted_getattribute:
        return cls
    deleted = _DELETED_CLASSES.get(cls)
    if deleted is None:
        deleted = type(cls.__name__, (cls,), {"__getattribute__": _deleted_getattribute,
                                                 "__qualname__": cls.__qualname__,
                                                 "__module__": cls.__module__})
        _DELETED_CLASSES[cls] = deleted
    return deleted


def _flag_property(name):
    def get(self):
        return self._flags[name]

    def set_(self, value):
        value = bool(value)
        if name == "allowCooking" and not value and not self.isCOMP:
            raise tdError("Only COMPs can turn the cooking flag off")
        self._world.undo.record_attr(self, "flag:" + name, self._flags[name], value)
        self._world.derived.changed()  # bypass changes what an operator shows and passes on
        self._flags[name] = value
    return property(get, set_)


class OP(ConnectionsMixin, CookMixin, AppearanceMixin, StorageMixin, OPBase):
    OPType = "OP"
    family = None
    passive = False  # OP Class: True for the passive version td.passive() gives (op/passive.py)
    _spec = None
    _valid = True  # until destroyed (also lets subclasses look at the class before OP.__init__)

    def __init__(self, world, parent, name):
        w = self._world = world
        self._valid = True
        self._id = w.new_id()
        self._name = name
        self._parent = parent
        self._flags = dict(FLAG_DEFAULTS)
        self._comment = ""
        self._color = DEFAULT_COLOR
        self._node = [0, 0, DEFAULT_NODE_SIZE[0], DEFAULT_NODE_SIZE[1]]
        self._tags = set()
        self._storage = {}
        self._pars: dict[str, ParCore] = {}
        self._groups: dict[str, ParGroup] = {}
        self._pages: list[Page] = []
        self._custom_pages: list[Page] = []
        self._init_connections()
        self._init_cook()
        self._build_pars()
        init_sequences(self)
        w.ops[self._id] = self
        w.derived.changed()

    def _build_pars(self):
        if self._spec is None:
            return
        pages = {}
        for name in self._spec.pages:
            pages[name] = Page(self, name)
        for group_defs in defs_for(self._spec):
            page_name = group_defs[0].page_name
            page = pages.get(page_name) if page_name else None
            if page_name and page is None:
                page = pages[page_name] = Page(self, page_name)
            pars = []
            for d in group_defs:
                if d.name in self._pars:
                    continue  # a catalog quirk: the same scalar listed twice keeps the first
                p = ParCore(self, d, page)
                self._pars[d.name] = p
                pars.append(p)
            if not pars:
                continue
            group_name = group_defs[0].group_name
            group = ParGroup(self, group_name, pars, page)
            self._groups.setdefault(group_name, group)
            if page is not None:
                page._groups.append(group)
        self._pages = list(pages.values())

    def __setattr__(self, name, value):
        # TouchDesigner's operators are built-in types: setting a member their class does not
        # document, or one it documents read-only, raises AttributeError (values/documented.py;
        # the message is UNVERIFIED). A COMP's capitalized names are its extensions' (promoted).
        if name[:1] != "_" and not (name[:1].isupper() and self.family == "COMP"):
            found = documented.member(self.OPType, name) or documented.member(self.family or "OP", name)
            if found is None:
                raise AttributeError(f"'td.{self.OPType}' object has no attribute '{name}'")
            if found.get("readOnly") or found.get("kind") == "method":
                raise AttributeError(f"attribute '{name}' of 'td.{self.OPType}' objects is not writable")
        object.__setattr__(self, name, value)

    # ---- validity: a destroyed operator raises on use, as in TouchDesigner -------------------
    # Only a destroyed operator checks its attributes: _destroy_raw moves it to a subclass of its
    # own class that does (`_deleted_class`), so a live operator's every attribute read stays
    # Python's own, without a check that each read of each write would pay.

    def __repr__(self):
        if not self._valid:
            return f"<deleted {self.OPType}>"
        return f"type:{self.OPType} path:{self.path}"

    def __str__(self):
        # TDU Class (rand): an OP's "string representation is a constant path".
        return self.path if self._valid else repr(self)

    # ---- identity ---------------------------------------------------------------------------
    @property
    def valid(self):
        return self._valid

    @property
    def id(self):
        return self._id

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, new):
        if new == self._name:
            return
        if self._parent is None:
            raise tdError("The root cannot be renamed")
        if not naming.is_valid_name(new):
            raise tdError(f"Invalid operator name '{new}'")
        if new in self._parent._children:
            raise tdError(f"An operator named '{new}' already exists in {self._parent.path}")
        old = self._name
        self._rename_raw(new)
        self._world.undo.record_rename(self._parent.path, old, new)

    def _rename_raw(self, new):
        self._world.derived.changed()
        kids = self._parent._children
        self._parent._children = {(new if k == self._name else k): v for k, v in kids.items()}
        self._name = new

    @property
    def path(self):
        # A loop, not a recursion through each parent's `path`: the bridge asks for paths on
        # every write (journal, undo, replies), and each level went through __getattribute__.
        names = []
        node = self
        parent = node._parent
        while parent is not None:
            names.append(node._name)
            node, parent = parent, parent._parent
        return "/" + "/".join(reversed(names))

    digits = property(lambda self: naming.digits(self._name))
    base = property(lambda self: naming.base(self._name))
    opType = property(lambda self: self.OPType)
    type = property(lambda self: self._spec.short_name if self._spec else self.OPType)
    label = property(lambda self: self._spec.label if self._spec else self.OPType)
    # OP Class: subType is "currently only implemented for components": 'panel', 'object', or ''
    # for base components. Which COMP is which comes from the documented class inheritance.
    subType = property(lambda self: "panel" if self.isPanel else "object" if self.isObject else "")
    supported = property(lambda self: True)
    isCustom = property(lambda self: False)
    icon = property(lambda self: (self.type[:2] if self._spec else "").capitalize())
    isFilter = property(lambda self: bool(self._spec and self._spec.is_generator is False))
    minInputs = property(lambda self: (self._spec.inputs_min or 0) if self._spec else 0)
    maxInputs = property(lambda self: (self._spec.inputs_max or 0) if self._spec else 0)
    isMultiInputs = property(lambda self: bool(self._spec and (self._spec.inputs_max or 0) >= 9999))
    isCOMP = property(lambda self: self.family == "COMP")
    isTOP = property(lambda self: self.family == "TOP")
    isCHOP = property(lambda self: self.family == "CHOP")
    isSOP = property(lambda self: self.family == "SOP")
    isPOP = property(lambda self: self.family == "POP")
    isDAT = property(lambda self: self.family == "DAT")
    isMAT = property(lambda self: self.family == "MAT")
    isBase = property(lambda self: self.OPType == "baseCOMP")
    isObject = property(lambda self: "ObjectCOMP" in self._world.catalog.inherits(self.OPType))
    isPanel = property(lambda self: "PanelCOMP" in self._world.catalog.inherits(self.OPType))

    # ---- hierarchy --------------------------------------------------------------------------
    @property
    def parent(self):
        return ParentShortcut(lambda: self)

    @property
    def op(self):
        return OpShortcut(lambda: self)

    @property
    def opex(self):
        return OpexShortcut(lambda: self)

    def ops(self, *patterns, includeUtility=False):
        return OpsShortcut(lambda: self)(*patterns)

    @property
    def time(self):
        """The Time COMP giving this operator its time (timeline.py); root.time is /local/time."""
        return governing_time(self)

    @property
    def children(self):
        return list(getattr(self, "_children", {}).values())

    @property
    def numChildren(self):
        return len(getattr(self, "_children", {}))

    @property
    def numChildrenRecursive(self):
        return sum(1 + c.numChildrenRecursive for c in self.children)

    def relativePath(self, other):
        return paths.relative_path(self, other)

    def shortcutPath(self, other, toParName=None):
        path = f"op('{paths.relative_path(self, other)}')"
        return f"{path}.par.{toParName}" if toParName else path

    def evalExpression(self, source):
        return self._world.expressions.evaluate(source, self)

    def var(self, name, search=True):
        return ""

    # ---- parameters -------------------------------------------------------------------------
    @property
    def par(self):
        return ParCollection(self)

    @property
    def parGroup(self):
        return ParGroupCollection(self)

    @property
    def seq(self):
        return SequenceCollection(self)

    @property
    def iop(self):
        return iop_of(self)

    @property
    def ipar(self):
        return ipar_of(self)

    @property
    def ext(self):
        return Ext(self)

    @property
    def mod(self):
        # OP Class: "a module on demand object that searches for DAT modules relative to this operator".
        return MOD(self)

    def pars(self, *patterns):
        pats = naming.split_patterns(patterns) or ["*"]
        return [handle(p) for p in self._pars.values() if any(naming.match(x, p.name) for x in pats)]

    def parGroups(self, *patterns):
        pats = naming.split_patterns(patterns) or ["*"]
        return [g for g in self._groups.values() if any(naming.match(x, g.name) for x in pats)]

    pages = property(lambda self: list(self._pages))
    customPages = property(lambda self: list(self._custom_pages))
    customPars = property(lambda self: [handle(p) for p in self._pars.values() if p.isCustom])
    builtinPars = property(lambda self: [handle(p) for p in self._pars.values() if not p.isCustom])
    customParGroups = property(lambda self: [g for g in self._groups.values() if g.isCustom])

    def resetPars(self, parNames="*", parGroupNames="*", pageNames="*", includeBuiltin=True,
                  includeCustom=True):
        changed = False
        for p in list(self._pars.values()):
            if (p.isCustom and not includeCustom) or (not p.isCustom and not includeBuiltin):
                continue
            page = p.page.name if p.page is not None else ""
            group = p.parGroup.name if p.parGroup is not None else p.name
            if (naming.match(parNames, p.name) and naming.match(parGroupNames, group)
                    and naming.match(pageNames, page)):
                changed = p.reset() or changed
        return changed

    def copyParameters(self, other, custom=True, builtin=True):
        if custom and other._custom_pages:
            restore_custom(self, snapshot_custom(other))
        if builtin:
            for name, count in other._seq_counts.items():
                if name in self._seq_counts:
                    resize(self, name, count)
            for p in other.builtinPars:
                mine = self._pars.get(p.name)
                if mine is not None:
                    mine._change(lambda m=mine, s=p._state(): m._apply_state(s))

    def _on_pulse(self, par):
        """React to a pulsed parameter of this operator: the families that react to one (the
        Feedback TOP's Reset Pulse, the Web Client DAT's Request) override this; here a pulse only
        fires."""

    # ---- flags ------------------------------------------------------------------------------
    for _flag in FLAG_DEFAULTS:
        locals()[_flag] = _flag_property(_flag)
    del _flag

    # ---- lifecycle --------------------------------------------------------------------------
    def destroy(self):
        if self._parent is None:
            raise tdError("The root cannot be destroyed")
        self._world.undo.record_destroy(self)
        self._destroy_raw()

    def _destroy_raw(self):
        self._world.derived.changed()
        for child in list(getattr(self, "_children", {}).values()):
            child._destroy_raw()
        self._disconnect_all()
        w = self._world
        for p in self._pars.values():
            p._valid = False
            w.live_pars.discard(p)
        if self._parent is not None:
            self._parent._children.pop(self._name, None)
        w.ops.pop(self._id, None)
        self._valid = False
        self.__class__ = _deleted_class(type(self))

    def changeType(self, op_type):
        """Replace this operator by one of another type with the same name, wires and position."""
        if not isinstance(op_type, type):
            # OP Class: "This is not a string, but instead is a class defined in the global td
            # module" (exception class UNVERIFIED).
            raise TypeError(f"changeType() takes an operator class such as td.nullTOP, not {op_type!r}")
        parent, name = self._parent, self._name
        new_type = type_name(op_type)
        spec = self._world.catalog.get(new_type)
        if spec is None:
            raise tdError(f"Unknown operator type: {new_type}")
        inputs = [link for link in self._inputs]
        outputs = [(t, i) for (t, i) in self._out_links]
        node, comment, color = list(self._node), self._comment, self._color
        self.destroy()
        new = self._world.factory.create(parent, new_type, name)
        new._node = node
        new._comment, new._color = comment, color
        for index, link in enumerate(inputs):
            if link is not None and index < len(new.inputConnectors):
                new._connect_input(index, link[0], link[1])
        for target, index in outputs:
            if target._valid:
                target._connect_input(index, new, 0)
        return new


def governing_time(op):
    """The Time COMP that gives `op` its time (OP.time): the first `local/time` Time COMP found
    walking up from the operator's network, a COMP starting at itself."""
    comp = op if op.isCOMP else op._parent
    while comp is not None:
        local = comp._children.get("local")
        found = local._children.get("time") if local is not None and local.isCOMP else None
        if found is not None and found.OPType == "timeCOMP":
            return found
        comp = comp._parent
    return None
