"""One scalar parameter of an operator: ParCore holds it, td.Par is a handle on it.

TouchDesigner gives a new Par object on every access (`op.par.tx is op.par.tx` is False; compare
parameters with isSamePar, values with ==). tdsim keeps one ParCore per parameter for its own
bookkeeping and hands scripts a fresh Par handle each time (`handle()`), so a script or a bridge
that relies on Par identity fails here as it would in TouchDesigner.

A parameter reaches what is above it through its operator: the world it belongs to (`_world`:
the derived cache, undo, the frame loop, the expression namespace) and its sequences (`seq`)."""
from __future__ import annotations

from ..values import paths, styles, values
from ..values.errors import tdError
from ..values.modes import ParMode
from ..values.opbase import OPBase
from .custompars import destroy_custom_par, rename_custom
from .pardef import ParDef
from .parconveniences import ConvenienceMembers
from .parmenus import MenuMembers
from .parprotocol import ValueProtocol
from ..process import deviations

# Members TouchDesigner lets scripts set on custom parameters only.
_CUSTOM_ONLY = {
    "label": "label", "min": "min", "max": "max", "clampMin": "clamp_min", "clampMax": "clamp_max",
    "normMin": "norm_min", "normMax": "norm_max", "default": "default", "help": "help",
    "enable": "enable", "order": "order", "startSection": "start_section",
    "defaultExpr": "default_expr", "menuSource": "menu_source",
}


class ParCore(MenuMembers, ConvenienceMembers, ValueProtocol):
    __slots__ = ("_owner", "_def", "_val", "_mode", "_prev_mode", "_expr", "_bind", "_error",
                 "_valid", "_page", "_group", "_default_mode", "__weakref__")

    def __init__(self, owner, pdef, page=None):
        # Straight to the slots: every operator created builds dozens of these, and the
        # class's own __setattr__ (for custom-parameter members) would run for each field.
        _set = object.__setattr__
        _set(self, "_owner", owner)
        _set(self, "_def", pdef)
        _set(self, "_val", pdef.initial)
        _set(self, "_mode", ParMode.CONSTANT)
        _set(self, "_prev_mode", ParMode.CONSTANT)
        _set(self, "_default_mode", ParMode.CONSTANT)
        _set(self, "_expr", "")
        _set(self, "_bind", "")
        _set(self, "_error", None)
        _set(self, "_valid", True)
        _set(self, "_page", page)
        _set(self, "_group", None)

    # ---- identity -------------------------------------------------------------------------
    def _check(self):
        if not self._valid:
            raise tdError("Parameter has been deleted")

    @property
    def owner(self):
        return self._owner

    @property
    def name(self):
        return self._def.name

    @name.setter
    def name(self, new):
        self._check()
        if not self._def.custom:
            raise tdError(f"Cannot rename built-in parameter '{self.name}'")
        rename_custom(self, new)

    @property
    def style(self):
        return self._def.style

    @property
    def page(self):
        return self._page

    @property
    def parGroup(self):
        return self._group

    @property
    def vecIndex(self):
        return self._def.vec_index

    @property
    def index(self):
        return list(self._owner._pars).index(self.name) if self.name in self._owner._pars else -1

    @property
    def valid(self):
        return self._valid

    @property
    def isCustom(self):
        return self._def.custom

    @property
    def readOnly(self):
        return self._def.read_only

    @readOnly.setter
    def readOnly(self, flag):
        self._set_def("read_only", bool(flag), custom_only=False)

    def _set_def(self, field, value, custom_only=True):
        self._check()
        if custom_only and not self._def.custom:
            raise tdError(f"'{self.name}' is a built-in parameter: only custom parameters can change this")
        if not self._def.custom and field == "read_only":
            # Built-in definitions are shared between operators: give this Par its own copy.
            clone = ParDef.__new__(ParDef)
            for slot in ParDef.__slots__:
                setattr(clone, slot, getattr(self._def, slot))
            self._def = clone
        before = getattr(self._def, field)
        setattr(self._def, field, value)
        w = self._owner._world
        w.derived.changed()
        w.undo.record_def(self, field, before, value)

    def __getattr__(self, name):
        field = _CUSTOM_ONLY.get(name)
        if field is not None:
            return getattr(self._def, field)
        raise AttributeError(f"'td.Par' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        field = _CUSTOM_ONLY.get(name)
        if field is not None:
            if field == "default" and self._def.custom:
                value = values.coerce(self._def, value)
            elif field == "menu_source":
                value = "" if value is None else str(value)
            self._set_def(field, value)
            return
        object.__setattr__(self, name, value)

    # ---- type members ---------------------------------------------------------------------
    isMenu = property(lambda self: self.style in styles.MENU_STYLES)
    isFloat = property(lambda self: self.style in styles.FLOAT_STYLES)
    isInt = property(lambda self: self.style in styles.INT_STYLES)
    isNumber = property(lambda self: styles.is_number(self.style))
    isToggle = property(lambda self: self.style == "Toggle")
    isPulse = property(lambda self: self.style == "Pulse")
    isMomentary = property(lambda self: self.style == "Momentary")
    isString = property(lambda self: self.style in styles.STRING_STYLES or self.style == "StrMenu")
    isOP = property(lambda self: self.style in styles.OP_STYLES)
    isPython = property(lambda self: self.style == "Python")
    isSequence = property(lambda self: self.style == "Sequence")

    @property
    def sequence(self):
        """The Sequence a block parameter (or header) belongs to, else None (the operator's own,
        through OP.seq: sequence.py builds on this module)."""
        name = self._def.sequence
        if name is None or self.isCustom or name not in self._owner._seq_counts:
            return None
        return self._owner.seq[name]

    @property
    def sequenceBlock(self):
        """The block of a block parameter, else None."""
        seq = self.sequence
        if seq is None or self._def.block_index is None:
            return None
        return seq._block(self._def.block_index)

    # ---- value and modes ------------------------------------------------------------------
    def _state(self):
        return (self._val, self._mode, self._expr, self._bind)

    def _apply_state(self, state):
        self._val, mode, self._expr, self._bind = state
        self._set_mode_raw(mode)

    def _set_mode_raw(self, mode):
        w = self._owner._world
        w.derived.changed()  # every change of value, mode, expression or bind passes here
        if mode != self._mode:
            self._prev_mode = self._mode
        self._mode = mode
        live = w.live_pars
        if mode in (ParMode.EXPRESSION, ParMode.BIND):
            live.add(self)
        else:
            live.discard(self)
            self._error = None

    def _change(self, apply):
        self._check()
        before = self._state()
        apply()
        self._owner._world.undo.record_par(self, before, self._state())

    @property
    def val(self):
        return self._val

    @val.setter
    def val(self, value):
        if isinstance(value, (Par, ParCore)):
            value = value.eval()
        master = self._write_through_master()
        if master is not None:
            # A bound parameter's constant value is its master's (Par Class, bindExpr: "bind this
            # parameter's constant value to the referenced object's value"; Bind CHOP: "any change
            # to the parameter will update the channel value"). Writing it writes the master and
            # the parameter stays bound. The Par Class page says setting val places a parameter in
            # constant mode; for bound parameters write-through is taken as TouchDesigner's
            # behaviour (UNVERIFIED in a real build, see bridge/sim/README.md).
            master.val = value
            return
        names = self._menu_names() if self._def.menu_source else None
        stored = values.clamp(self._def, values.coerce(self._def, value, menu_names=names))

        def apply():
            self._val = stored
            self._set_mode_raw(ParMode.CONSTANT)
        self._change(apply)

    def _write_through_master(self):
        """The parameter a write goes to instead of this one: the bind master, while bound."""
        self._check()
        if self._mode != ParMode.BIND or not self._bind.strip():
            return None
        if deviations.active("bind_no_write_through"):
            return None  # a deliberate deviation for tests (TDSIM_DEVIATE, process/deviations.py)
        try:
            return handle(self._bind_target())
        except Exception:
            return None  # UNVERIFIED: an unresolved bind is written as a constant, as documented for val

    @property
    def expr(self):
        return self._expr

    @expr.setter
    def expr(self, source):
        source = "" if source is None else str(source)

        def apply():
            self._expr = source
            self._set_mode_raw(ParMode.EXPRESSION)
        self._change(apply)

    @property
    def bindExpr(self):
        return self._bind

    @bindExpr.setter
    def bindExpr(self, source):
        # UNVERIFIED: assumed to switch the parameter to bind mode, as setting expr switches
        # it to expression mode.
        source = "" if source is None else str(source)

        def apply():
            self._bind = source
            self._set_mode_raw(ParMode.BIND if source else ParMode.CONSTANT)
        self._change(apply)

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, mode):
        if not isinstance(mode, ParMode):
            raise tdError(f"Invalid parameter mode {mode!r}: use a ParMode member")
        if mode == ParMode.EXPORT and self._mode != ParMode.EXPORT:
            # An export is made by the CHOP (or DAT) that exports to the parameter; how a script
            # setting EXPORT without one behaves is not documented: tdsim refuses (UNVERIFIED).
            raise tdError(f"{self.name}: export mode comes from an exporting CHOP, not from a script")
        self._change(lambda: self._set_mode_raw(mode))

    @property
    def prevMode(self):
        return self._prev_mode

    @property
    def bindMaster(self):
        if self._mode != ParMode.BIND or not self._bind:
            return None
        try:
            return handle(self._bind_target())
        except Exception:
            return None

    @property
    def bindReferences(self):
        """Par Class: "The (possibly empty) list of objects which bind to this parameter": every
        parameter of the world whose bind expression gives this one."""
        found = []
        for other in list(self._owner._world.live_pars):
            if other is self or not other._valid or other._mode != ParMode.BIND or not other._bind.strip():
                continue
            try:
                target = other._bind_target()
            except Exception:
                continue
            if target is self:
                found.append(handle(other))
        return sorted(found, key=lambda p: (p.owner.path, p.name))

    @property
    def defaultMode(self):
        return self._default_mode

    @defaultMode.setter
    def defaultMode(self, mode):
        # Par Class: "Get or set the parameter's default evaluation mode" (not limited to custom
        # parameters there). reset() returns to it; with EXPRESSION the expression is defaultExpr.
        self._check()
        if not isinstance(mode, ParMode):
            raise tdError(f"Invalid parameter mode {mode!r}: use a ParMode member")
        self._default_mode = mode

    @property
    def isDefault(self):
        if self._default_mode == ParMode.EXPRESSION:
            return self._mode == ParMode.EXPRESSION and self._expr == (self._def.default_expr or "")
        return (self._mode == self._default_mode and self._val == self._def.default
                and not self._expr and not self._bind)

    @property
    def exportOP(self):
        return None

    # ---- evaluation -----------------------------------------------------------------------
    def _bind_target(self):
        target = core_of(self._owner._world.expressions.evaluate(self._bind, self._owner))
        if not isinstance(target, ParCore):
            raise tdError(f"Bind expression did not return a parameter: {self._bind!r}")
        if target is self:
            raise tdError("A parameter cannot bind to itself")
        return target

    def _raw_eval(self):
        """The value by mode, without resolving operator references."""
        if self._mode == ParMode.EXPRESSION and self._expr.strip():
            return values.convert_result(self._def, self._owner._world.expressions.evaluate(self._expr, self._owner))
        if self._mode == ParMode.BIND and self._bind.strip():
            return values.convert_result(self._def, self._bind_target().eval())
        # CONSTANT, EXPORT (not emulated: the constant value is used) and empty expressions.
        return self._val

    def _evaluate(self):
        """Evaluate and remember the error, if any (the cook model reads it). What the expression
        found missing on its way (a CHOP without the channel it asked for) is added to the error,
        so it says which operator and why."""
        notes = self._owner._world.expressions.notes
        mark = len(notes)
        try:
            value = self._raw_eval()
        except RecursionError:
            self._error = f"{self.name}: expression refers to itself"
            raise tdError(self._error) from None
        except Exception as exc:  # any failure of user Python is a parameter error
            found = "; ".join(dict.fromkeys(notes[mark:]))
            self._error = f"{self.name}: {type(exc).__name__}: {exc}" + (f" ({found})" if found else "")
            raise tdError(self._error) from exc
        finally:
            del notes[mark:]
        self._error = None
        return value

    def eval(self):
        self._check()
        value = values.clamp(self._def, self._evaluate())
        if self.isOP:
            return self._resolve_ops(value, single=True)
        return value

    def evalExpression(self):
        return self._owner._world.expressions.evaluate(self._expr, self._owner)

    def evalOPs(self):
        found = self._resolve_ops(self._evaluate(), single=False)
        return found

    def evalNorm(self):
        v = float(self.eval())
        span = (self._def.norm_max - self._def.norm_min) or 1.0
        return (v - self._def.norm_min) / span

    def _resolve_ops(self, value, single):
        if isinstance(value, OPBase):
            return value if single else [value]
        if isinstance(value, (list, tuple)):
            found = [v for v in value if isinstance(v, OPBase)]
        else:
            text = "" if value is None else str(value)
            base = self._owner._parent if self._owner._parent is not None else self._owner
            if text.strip() == "." or text.strip().startswith("./"):
                # `.` is the parameter's own operator: Internal Operators sets a COMP's Internal OP
                # to `./iparEffect`, a child of that COMP. A plain name is a sibling.
                base = self._owner
            found = paths.find_all(self._owner._world, base, [text]) if text.strip() else []
        if not single:
            return found
        if not found:
            return None
        return found[0] if len(found) == 1 else found

    def pulse(self, value=1, frames=0, seconds=0):
        """Par Class: pulsing "sets a parameter to the specific value, cooks the operator, then
        restores the parameter to its previous value", after `frames` or `seconds` when given;
        "for pulse type parameters no value or time is specified or used"."""
        self._check()
        self._owner._world.pulsed.add((self._owner._id, self.name))  # for Parameter Execute DATs (onPulse)
        if self.isPulse:
            self._owner._on_pulse(self)
            return
        before = self._state()
        self.val = value
        self._owner.cook(force=True)

        def restore():
            if self._valid and self._owner._valid:
                self._change(lambda: self._apply_state(before))
        if frames or seconds:
            self._owner._world.loop.schedule(restore, delay_frames=frames, delay_ms=seconds * 1000)
        else:
            restore()

    def reset(self):
        changed = not self.isDefault

        def apply():
            self._val, self._expr, self._bind = self._def.default, "", ""
            if self._default_mode == ParMode.EXPRESSION:
                self._expr = self._def.default_expr or ""
            self._set_mode_raw(self._default_mode if self._default_mode != ParMode.BIND else ParMode.CONSTANT)
        self._change(apply)
        return changed

    def isSamePar(self, par):
        """Par Class: True if par is the same parameter on the same operator (`==` compares
        values, and `is` is always False between two accesses)."""
        par = core_of(par)
        return isinstance(par, ParCore) and par is self and par._valid

    def destroy(self):
        self._check()
        if not self._def.custom:
            raise tdError(f"Cannot destroy built-in parameter '{self.name}'")
        destroy_custom_par(self)


class Par(ValueProtocol):
    """td.Par: a handle on one parameter, new on every access as in TouchDesigner. Every member is
    the parameter's own (read and written through); `==` compares values (Par Class), and the
    hash is the parameter's, so two handles on one parameter share a dict slot (UNVERIFIED)."""
    __slots__ = ("_core",)

    def __init__(self, *args, **kwargs):
        # Scripts never construct a Par in TouchDesigner; they get one from an operator.
        raise TypeError("cannot create 'td.Par' instances")

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "_core"), name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_core"), name, value)

    def __dir__(self):
        return dir(object.__getattribute__(self, "_core"))

    def __hash__(self):
        return id(object.__getattribute__(self, "_core"))


def handle(core):
    """A fresh td.Par on a ParCore (None stays None)."""
    if type(core) is not ParCore:
        return core  # None, a ParGroup or a handle already
    h = object.__new__(Par)
    object.__setattr__(h, "_core", core)
    return h


def core_of(x):
    """The ParCore behind a td.Par handle (anything else unchanged)."""
    return object.__getattribute__(x, "_core") if type(x) is Par else x
