"""The operator factory: the per-type Python classes of the catalog (td.noiseTOP, ...) and creating
operators from them.

Each catalog type gets a real class, subclass of its family class (noiseTOP -> TOP -> OP), so
`type(n)`, `isinstance(n, td.TOP)` and `parent.create(td.noiseTOP)` work as in TouchDesigner.
A type the catalog does not have cannot be created: td.tdError (UNVERIFIED exception class;
TouchDesigner refuses unknown types). The classes are made once per process (an operator of a
world made before tdsim.reset() is still of td.noiseTOP); each world has its own Factory
(`world.factory`), through which the layers below ask for operators to be made.
"""
from __future__ import annotations

from ..families.chop.chop import CHOP
from ..families.chop.chopmixins import CHOP_MIXINS
from ..families.comp.comp import COMP
from ..families.comp.panels import mixin_for
from ..families.comp.timeline import TimeCOMPMixin
from ..families.dat.dat import DAT
from ..families.dat.webclientdat import WebClientDATMixin
from ..families.dat.webserverdat import WebServerDATMixin
from ..families.mat import MAT
from ..families.pop import POP
from ..families.sop import SOP
from ..families.top.scripttop import ScriptTOPMixin
from ..families.top.top import TOP
from ..values import naming
from ..values.catalog import type_name
from ..values.errors import tdError
from . import snapshots
from .defaultcontents import add_default_contents

FAMILY_CLASSES = {"TOP": TOP, "CHOP": CHOP, "SOP": SOP, "POP": POP, "DAT": DAT, "MAT": MAT, "COMP": COMP}
# Members only some types have, mixed in before the family class.
TYPE_MIXINS = {"webserverDAT": WebServerDATMixin, "webclientDAT": WebClientDATMixin, "timeCOMP": TimeCOMPMixin,
               "scriptTOP": ScriptTOPMixin, **CHOP_MIXINS}

_classes: dict[str, type] = {}


def type_class(catalog, op_type: str):
    """The class for a catalog type, or None when the catalog does not know it."""
    cls = _classes.get(op_type)
    if cls is not None:
        return cls
    spec = catalog.get(op_type)
    if spec is None:
        return None
    bases = (FAMILY_CLASSES[spec.family],)
    if op_type in TYPE_MIXINS:
        bases = (TYPE_MIXINS[op_type],) + bases
    if spec.family == "COMP":
        panel = mixin_for(op_type, catalog.inherits(op_type))
        if panel is not None:
            bases = (panel,) + bases
    cls = type(op_type, bases, {"OPType": op_type, "_spec": spec, "__module__": "td"})
    _classes[op_type] = cls
    return cls


class Factory:
    """Makes the operators of one world."""

    def __init__(self, world):
        self._world = world

    def type_class(self, op_type: str):
        return type_class(self._world.catalog, op_type)

    def create(self, parent, op_type, name=None, initialize=True):
        """Create an operator of `op_type` inside the COMP `parent` (undo-recorded); `initialize`
        runs its initialization script (the default contents of defaultcontents.py)."""
        new = self.instantiate(parent, type_name(op_type), name)
        if initialize:
            add_default_contents(new, self.instantiate)
        self._world.undo.record_create(new)
        return new

    def instantiate(self, parent, op_type, name=None, exact_name=False):
        """An operator of `op_type` in `parent`, not undo-recorded and without default contents
        (what creation, copies, files and undo build on)."""
        if not getattr(parent, "isCOMP", False):
            raise tdError("Operators can only be created inside a COMP")
        cls = self.type_class(op_type)
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
        new = cls(self._world, parent, name)
        parent._children[name] = new
        return new

    def make_root(self):
        """The root '/' of a new project (a Base COMP, as the td module documents `root`)."""
        cls = self.type_class("baseCOMP")
        if cls is None:
            raise tdError("The catalog has no baseCOMP: cannot build the root")
        root = cls(self._world, None, "")
        self._world.root = root
        return root

    def copy_into(self, comp, sources, name=None):
        """Copy operators into comp with free names; wires between the copied operators are kept."""
        return snapshots.copy_into(comp, sources, name)
