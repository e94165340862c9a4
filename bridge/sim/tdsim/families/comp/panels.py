"""Panel values of panel components (Panel Value page, Panel Class, PanelValue Class, PanelCOMP
Class) and the virtual clicks that change them (ButtonCOMP, SliderCOMP and ContainerCOMP Class
`click()`).

`comp.panel` is a Panel with one member per panel value; each member is a PanelValue handle
(`name`, `owner`, `val`, `valid`) that stands for its value in arithmetic and comparisons, as the
PanelCOMP page's `v = op('button1').panel.u` shows. Which values a component has: the General
Panel Values on every panel component, the button, slider, field and table lists on those types,
the radio values on every panel component (a radio button writes them on its parent). Derived
values are read live: `display` and `enable` from the Panel page parameters, `children` the number
of components inside; a button's `state` is its `value0` parameter (Button COMP: "Value - The
button's state"), a slider's `u`/`v` (and `stateu`/`statev`) its `value0`/`value1`.

There is no mouse and no window in tdsim, so only scripts change panel values: `click()` and
writing `PanelValue.val`. "Instant" values (select, lselect, mselect, rselect, a momentary button's
state) are set by a click and fall back to 0 at the start of the next frame, so a Panel Execute DAT
sees the press at the end of the click's frame and the release one frame later (UNVERIFIED: how
many frames a real click holds them). Not emulated: `interactMouse`, `interactTouch`, hit-testing
a container's children on `click(u, v)`, layout (`x`, `y`, `width`, `height` are the Layout page
parameters), rollover, keys, drag and drop, focus beyond `focusselect` of the clicked panel's
hierarchy. Read-only values (`display`, `enable`, `children`, `focusselect`) raise td.tdError when
written (UNVERIFIED class). Panel values are runtime state: undo, copies and .tox files do not keep
them (UNVERIFIED).
"""
from __future__ import annotations

from ...values.errors import tdError

GENERAL = ("select lselect mselect rselect reposition resize dragout ldragout mdragout rdragout ctrl alt "
           "shift cmd u v trueu truev rollu rollv dragrollover dragrollu dragrollv rollover inside insideu "
           "insidev children display enable key focusselect click winopen wheel screenw screenh screenwm "
           "screenhm drag drop scrollu scrollv").split()
RADIO = "radio lradio mradio rradio radioname lradioname mradioname rradioname".split()
BY_TYPE = {
    "buttonCOMP": "state lstate mstate rstate picked".split(),
    "sliderCOMP": "stateu statev state".split(),
    "fieldCOMP": "invalidkey focus field fieldediting".split(),
    "tableCOMP": ("celloverid cellfocusid cellselectid celllselectid cellmselectid cellrselectid cellradioid "
                  "celldragid celldropid").split(),
}
STRINGS = frozenset({"field", "fieldediting", "radioname", "lradioname", "mradioname", "rradioname"})
READ_ONLY = frozenset({"display", "enable", "children", "focusselect"})
INSTANT = ("select", "lselect", "mselect", "rselect")
_CELL_IDS = frozenset(BY_TYPE["tableCOMP"])


def value_names(comp) -> list:
    return GENERAL + RADIO + BY_TYPE.get(comp.OPType, [])


def _initial(name):
    if name in STRINGS:
        return ""
    if name in _CELL_IDS:
        return -1
    return 0


def _store(comp) -> dict:
    values = comp.__dict__.get("_panel_values")
    if values is None:
        values = {name: _initial(name) for name in value_names(comp)}
        comp.__dict__["_panel_values"] = values
    return values


def _par_value(comp, name, fallback=0):
    p = comp._pars.get(name)
    if p is None:
        return fallback
    try:
        return p.eval()
    except Exception:
        return fallback


def read(comp, name):
    """The current value of one panel value (derived ones read live)."""
    kind = comp.OPType
    if name in ("display", "enable"):
        return int(bool(_par_value(comp, name, 1)))
    if name == "children":
        return sum(1 for c in comp._children.values() if getattr(c, "isCOMP", False))
    if kind == "buttonCOMP" and name == "state":
        return int(bool(_par_value(comp, "value0")))
    if kind == "sliderCOMP":
        if name in ("u", "stateu"):
            return float(_par_value(comp, "value0"))
        if name in ("v", "statev"):
            return float(_par_value(comp, "value1"))
        if name == "state":
            mode = str(_par_value(comp, "slidertype", "slideru"))
            return float(_par_value(comp, "value1" if mode == "sliderv" else "value0")) if mode != "slideruv" else 0.0
    return _store(comp)[name]


def write(comp, name, value, internal=False):
    if name in READ_ONLY and not internal:
        raise tdError(f"Panel value '{name}' of {comp.path} is read only")
    kind = comp.OPType
    if kind == "buttonCOMP" and name == "state":
        comp.par.value0 = bool(value)
        return
    if kind == "sliderCOMP" and name in ("u", "stateu", "v", "statev", "state"):
        if name == "state":
            mode = str(_par_value(comp, "slidertype", "slideru"))
            name = "v" if mode == "sliderv" else "u"
        setattr(comp.par, "value0" if name in ("u", "stateu") else "value1", float(value))
        return
    _store(comp)[name] = str(value) if name in STRINGS else value


class PanelValue:
    """A handle on one panel value: a new object each time it is asked for (as Par handles are)."""
    __slots__ = ("_owner", "_name")

    def __init__(self, owner, name):
        self._owner = owner
        self._name = name

    name = property(lambda self: self._name)
    owner = property(lambda self: self._owner)
    valid = property(lambda self: bool(self._owner._valid))

    @property
    def val(self):
        self._check()
        return read(self._owner, self._name)

    @val.setter
    def val(self, value):
        self._check()
        write(self._owner, self._name, value)

    def _check(self):
        if not self._owner._valid:
            raise tdError(f"Invalid PanelValue '{self._name}': its panel was deleted")

    def __repr__(self):
        return f"type:PanelValue name:{self._name} owner:{self._owner.path}"

    def __str__(self):
        return str(self.val)

    def __float__(self):
        return float(self.val)

    def __int__(self):
        return int(self.val)

    def __bool__(self):
        return bool(self.val)

    def _other(self, other):
        return other.val if isinstance(other, PanelValue) else other

    __eq__ = lambda s, o: s.val == s._other(o)
    __ne__ = lambda s, o: s.val != s._other(o)
    __lt__ = lambda s, o: s.val < s._other(o)
    __le__ = lambda s, o: s.val <= s._other(o)
    __gt__ = lambda s, o: s.val > s._other(o)
    __ge__ = lambda s, o: s.val >= s._other(o)
    __add__ = lambda s, o: s.val + s._other(o)
    __radd__ = lambda s, o: s._other(o) + s.val
    __sub__ = lambda s, o: s.val - s._other(o)
    __rsub__ = lambda s, o: s._other(o) - s.val
    __mul__ = lambda s, o: s.val * s._other(o)
    __rmul__ = lambda s, o: s._other(o) * s.val
    __truediv__ = lambda s, o: s.val / s._other(o)
    __rtruediv__ = lambda s, o: s._other(o) / s.val
    __neg__ = lambda s: -s.val
    __hash__ = object.__hash__


class Panel:
    """`comp.panel`: one member per panel value of its component (Panel Class)."""
    __slots__ = ("_owner",)

    def __init__(self, owner):
        object.__setattr__(self, "_owner", owner)

    owner = property(lambda self: self._owner)

    def __getattr__(self, name):
        if name in value_names(self._owner):
            return PanelValue(self._owner, name)
        raise AttributeError(f"'td.Panel' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        # The pages write panel values through PanelValue.val; assigning to the Panel's member
        # itself is not documented (UNVERIFIED), so tdsim refuses it and says what to write.
        raise AttributeError(f"'td.Panel' object attribute '{name}' is read-only: set panel.{name}.val")

    def __repr__(self):
        return f"type:Panel owner:{self._owner.path}"


def _press(comp, button):
    """What any click does: the select values for one frame, the click count, the focus."""
    w = comp._world
    values = _store(comp)
    for name in ("select", button[0] + "select"):
        values[name] = 1
    w.panel_instants.append([comp, ("select", button[0] + "select"), False])
    node = comp
    while node is not None and node._valid and getattr(node, "isPanel", False):
        _store(node)["focusselect"] = 1
        node = node.parent()


def _button_name(left, middle, right):
    return "middle" if middle and not left else "right" if right and not (left or middle) else "left"


class PanelCOMPMixin:
    """Members every panel component has (PanelCOMP Class)."""

    @property
    def panel(self):
        return Panel(self)

    @property
    def panelChildren(self):
        return sorted((c for c in self._children.values() if getattr(c, "isPanel", False)), key=lambda c: c._name)

    def panelParent(self, n=1):
        node = self
        for _ in range(max(1, int(n))):
            parent = node.parent()
            if parent is None or not getattr(parent, "isPanel", False):
                return None
            node = parent
        return node

    @property
    def panelRoot(self):
        node = self
        while True:
            parent = node.panelParent()
            if parent is None:
                return node
            node = parent

    x = property(lambda self: int(_par_value(self, "x")))
    y = property(lambda self: int(_par_value(self, "y")))
    width = property(lambda self: int(_par_value(self, "w")))
    height = property(lambda self: int(_par_value(self, "h")))

    def _clickable(self, force):
        return force or bool(_par_value(self, "enable", 1))


class ButtonCOMPMixin(PanelCOMPMixin):
    def click(self, val=None, clickCount=1, force=False, left=False, middle=False, right=False):
        """A virtual click (ButtonCOMP Class). Toggle types flip, momentary types are on for the
        click's frame, radio and exclusive types select this button in its group."""
        if not self._clickable(force):
            return None
        button = _button_name(left, middle, right)
        _press(self, button)
        _store(self)["click"] = int(clickCount)
        kind = str(_par_value(self, "buttontype", "momentary"))
        if kind.startswith("radio") or kind.startswith("exclusive"):
            _radio_click(self, button, exclusive=kind.startswith("exclusive"), val=val)
        elif kind.startswith("toggle"):
            state = (1 - read(self, "state")) if val is None else int(bool(val))
            write(self, "state", state)
            _store(self)[button[0] + "state"] = state
        else:  # momentary, momentaryup
            write(self, "state", 1 if val is None else val)
            _store(self)[button[0] + "state"] = 1 if val is None else int(bool(val))
            if val is None:
                self._world.panel_instants.append([self, ("state", button[0] + "state"), False])
        return None


def _radio_click(button, which, exclusive, val):
    parent = button.parent()
    group = str(_par_value(button, "buttongroup", ""))
    members = sorted((c for c in parent._children.values()
                      if c.OPType == "buttonCOMP" and str(_par_value(c, "buttongroup", "")) == group
                      and str(_par_value(c, "buttontype", "")).startswith(("radio", "exclusive"))),
                     key=lambda c: c._name)
    turn_on = not (exclusive and read(button, "state")) if val is None else bool(val)
    for member in members:
        write(member, "state", 1 if (member is button and turn_on) else 0)
    index = members.index(button) if turn_on else -1
    values = _store(parent) if getattr(parent, "isPanel", False) else None
    if values is not None:
        for prefix in ("", which[0]):
            values[prefix + "radio"] = index
            values[prefix + "radioname"] = button._name if turn_on else ""


class SliderCOMPMixin(PanelCOMPMixin):
    def click(self, uOrV, v=None, clickCount=1, force=False, left=False, middle=False, right=False, vOnly=False):
        """A virtual click at a position (SliderCOMP Class): a U slider takes uOrV as u, a V slider
        (or vOnly) as v, a UV slider both."""
        if not self._clickable(force):
            return None
        _press(self, _button_name(left, middle, right))
        _store(self)["click"] = int(clickCount)
        mode = str(_par_value(self, "slidertype", "slideru"))
        if vOnly or mode == "sliderv":
            write(self, "v", float(uOrV))
        else:
            write(self, "u", float(uOrV))
            if v is not None:
                write(self, "v", float(v))
        return None


class ContainerCOMPMixin(PanelCOMPMixin):
    def click(self, u, v, clickCount=1, force=False, left=False, middle=False, right=False, group=None):
        """A virtual click at (u, v) on the container itself (ContainerCOMP Class); tdsim has no
        layout, so no child panel under the position is clicked (UNVERIFIED what TouchDesigner hits)."""
        if not self._clickable(force):
            return None
        _press(self, _button_name(left, middle, right))
        values = _store(self)
        values.update(u=float(u), v=float(v), trueu=float(u), truev=float(v), click=int(clickCount))
        return None


MIXINS = {"buttonCOMP": ButtonCOMPMixin, "sliderCOMP": SliderCOMPMixin, "containerCOMP": ContainerCOMPMixin}


def mixin_for(op_type, inherits):
    """The panel mixin of a catalog type, or None for a component that is not a panel."""
    if op_type in MIXINS:
        return MIXINS[op_type]
    return PanelCOMPMixin if "PanelCOMP" in inherits else None


def release_instants(w):
    """Start of a frame: instant values that a frame's end has seen go back to 0 (a click between
    frames is seen by the next frame, a click inside a frame by that frame's end)."""
    keep = []
    for entry in w.panel_instants:
        comp, names, seen = entry
        if not seen:
            keep.append(entry)
        elif comp._valid:
            for name in names:
                write(comp, name, 0, internal=True)
    w.panel_instants = keep


def instants_seen(w):
    """End of a frame, after the Execute DATs looked: every pending instant value has been seen."""
    for entry in w.panel_instants:
        entry[2] = True
