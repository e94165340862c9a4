"""The td names as globals of `__main__` (op, me, parent, ui, project, tdu, mod, ...), as they are
in TouchDesigner's textport, which the host's process stands for."""
from __future__ import annotations

import sys

import td


def install_main_globals(main=None):
    """Put the td names in `__main__`'s globals. The host does this once it has its project."""
    if main is None:
        main = sys.modules["__main__"]
    main.__dict__.update(td.public_namespace())
