"""Evaluation of parameter expressions and bind expressions as real Python.

An expression runs with a namespace like TouchDesigner's: `me` (the parameter's operator),
`op()`/`ops()`/`opex()` relative to that operator's network, `parent()`, `absTime`, `root`,
`project`, `app`, `ui`, `math`, `tdu`, `td` and every public member of the td module (ParMode,
operator classes...). Statements are not allowed, only expressions (TouchDesigner's parameter
expressions are single Python expressions too).
"""
from __future__ import annotations

import math

from ..op.modules import BUILTINS
from .runtime import world

_compiled: dict[str, object] = {}


def _code(source: str):
    code = _compiled.get(source)
    if code is None:
        code = compile(source, "<expression>", "eval")
        if len(_compiled) > 4096:
            _compiled.clear()
        _compiled[source] = code
    return code


def namespace(me) -> dict:
    import td
    import tdu
    from ..op.shortcuts import OpShortcut, OpexShortcut, OpsShortcut, ParentShortcut

    origin = (lambda: me._parent if me._parent is not None else me) if me is not None else None
    here = (lambda: me) if me is not None else None
    ns = td.public_namespace()
    ns.update({
        "me": me,
        "op": OpShortcut(origin, here),
        "opex": OpexShortcut(origin, here),
        "ops": OpsShortcut(origin, here),
        "parent": ParentShortcut((lambda: me) if me is not None else None),
        "math": math,
        "tdu": tdu,
        "td": td,
        "__builtins__": BUILTINS,  # `import datName` finds DATs first (modules.py)
    })
    return ns


def evaluate(source: str, me):
    """Evaluate one Python expression with `me` as context; exceptions propagate."""
    w = world()
    code = _code(source)
    with w.as_me(me):
        return eval(code, namespace(me))


def run_script(source, me, args=()):
    """Execute a script string (td.run) with `me` and `args` available."""
    w = world()
    ns = namespace(me)
    ns["args"] = list(args)
    with w.as_me(me):
        exec(compile(source, "<run>", "exec"), ns)
