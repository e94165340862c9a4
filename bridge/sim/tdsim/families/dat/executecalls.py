"""What every DAT of the Execute family shares: which types they are, reading their toggles and
their watched operators, and calling a function of their own text (the DAT's module, `me` = the
DAT), whose errors are printed and never raised (TouchDesigner prints script errors to the
textport). executedats.py and panelexecute.py run them from the frame loop.
"""
from __future__ import annotations

import sys
import traceback

from ...values import naming

EXECUTE_TYPES = frozenset({"executeDAT", "chopexecuteDAT", "datexecuteDAT", "parameterexecuteDAT",
                           "opexecuteDAT", "panelexecuteDAT"})


def flag(dat, name):
    p = dat._pars.get(name)
    if p is None:
        return False
    try:
        return bool(p.eval())
    except Exception:
        return False


def call(dat, name, *args):
    """Run dat's function `name` if its text defines one; errors are printed, never raised."""
    try:
        with dat._world.as_me(dat):
            fn = getattr(dat.module, name, None)
            if callable(fn):
                fn(*args)
    except Exception:
        traceback.print_exc(file=sys.stderr)


def watched(dat, par_name):
    p = dat._pars.get(par_name)
    if p is None:
        return []
    try:
        return [o for o in p.evalOPs() if o is not None and o._valid]
    except Exception:
        return []


def patterns(dat, par_name):
    p = dat._pars.get(par_name)
    text = str(p.eval()) if p is not None else ""
    return naming.split_patterns([text]) or ["*"]
