"""Creating operators from the catalog, and the per-type Python classes (td.noiseTOP, ...).

Each catalog type gets a real class, subclass of its family class (noiseTOP -> TOP -> OP), so
`type(n)`, `isinstance(n, td.TOP)` and `parent.create(td.noiseTOP)` work as in TouchDesigner.
A type the catalog does not have cannot be created: td.tdError (UNVERIFIED exception class;
TouchDesigner refuses unknown types).
"""
from __future__ import annotations

from ..values import naming
from ..values.errors import tdError
from ..process.runtime import world

_classes: dict[str, type] = {}


def family_class(family):
    from ..families.comp.comp import COMP
    from ..families.dat.dat import DAT
    from ..families.sop import CHOP, MAT, POP, SOP
    from ..families.top.top import TOP
    return {"TOP": TOP, "CHOP": CHOP, "SOP": SOP, "POP": POP, "DAT": DAT, "MAT": MAT, "COMP": COMP}[family]


def type_class(op_type: str):
    """The class for a catalog type, or None when the catalog does not know it."""
    cls = _classes.get(op_type)
    if cls is not None:
        return cls
    spec = world().catalog.get(op_type)
    if spec is None:
        return None
    bases = (family_class(spec.family),)
    from ..families.dat.webserverdat import WebServerDATMixin
    if op_type == "webserverDAT":
        bases = (WebServerDATMixin,) + bases
    if op_type == "webclientDAT":
        from ..families.dat.webclientdat import WebClientDATMixin
        bases = (WebClientDATMixin,) + bases
    if op_type == "timeCOMP":
        from ..families.comp.timeline import TimeCOMPMixin
        bases = (TimeCOMPMixin,) + bases
    if spec.family == "COMP":
        from ..families.comp.panels import mixin_for
        panel = mixin_for(op_type, world().catalog.inherits(op_type))
        if panel is not None:
            bases = (panel,) + bases
    cls = type(op_type, bases, {"OPType": op_type, "_spec": spec, "__module__": "td"})
    _classes[op_type] = cls
    return cls


def type_name(op_type) -> str:
    """Accept a type class (td.noiseTOP), an instance's OPType string, or a type string."""
    if isinstance(op_type, str):
        return op_type
    name = getattr(op_type, "OPType", None)
    if isinstance(name, str):
        return name
    raise tdError(f"Invalid operator type: {op_type!r}")


def create_op(parent, op_type, name=None, initialize=True):
    """Create an operator of `op_type` inside the COMP `parent` (undo-recorded); `initialize`
    runs its initialization script (the default contents of defaultcontents.py)."""
    new = _instantiate(parent, type_name(op_type), name)
    if initialize:
        from .defaultcontents import add_default_contents
        add_default_contents(new, _instantiate)
    world().undo.record_create(new)
    return new


def _instantiate(parent, op_type, name=None, exact_name=False):
    if not getattr(parent, "isCOMP", False):
        raise tdError("Operators can only be created inside a COMP")
    cls = type_class(op_type)
    if cls is None:
        raise tdError(f"Unknown operator type: {op_type}")
    taken = parent._children
    if name is None:
        name = naming.first_free(cls._spec.short_name, taken)
    else:
        name = str(name)
        if not naming.is_valid_name(name):
            raise tdError(f"Invalid operator name '{name}'")
        if exact_name:
            if name in taken:
                raise tdError(f"An operator named '{name}' already exists in {parent.path}")
        else:
            name = naming.next_numbered(name, taken)
    new = cls(parent, name)
    parent._children[name] = new
    return new
