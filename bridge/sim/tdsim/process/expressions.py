"""The expression namespace of a world (`world.expressions`): parameter expressions and bind
expressions evaluated as real Python, td.run() scripts, and the globals of DAT modules.

An expression runs with a namespace like TouchDesigner's: `me` (the parameter's operator),
`op()`/`ops()`/`opex()` relative to that operator's network, `parent()`, `absTime`, `root`,
`project`, `app`, `ui`, `math`, `tdu`, `td` and every public member of the td module (ParMode,
operator classes...): the namespace the world was given (current.py's) with `me` and its
shortcuts added. Statements are not allowed, only expressions (TouchDesigner's parameter
expressions are single Python expressions too).

The builtins of every expression, run() script and DAT module are Python's with an import that
finds DATs first (`import datName`, MOD Class; op/modules.py finds the DAT).
"""
from __future__ import annotations

import builtins
import math

from ..op.modules import find_module_dat
from ..op.shortcuts import OpexShortcut, OpShortcut, OpsShortcut, ParentShortcut

_compiled: dict[str, object] = {}


def _code(source: str):
    code = _compiled.get(source)
    if code is None:
        code = compile(source, "<expression>", "eval")
        if len(_compiled) > 4096:
            _compiled.clear()
        _compiled[source] = code
    return code


class Expressions:
    def __init__(self, world, namespace):
        self._world = world
        self._namespace = namespace  # namespace(world): the td module's members
        # One builtins dict for the world, shared by every namespace, so they stay cheap to make.
        self.builtins = dict(vars(builtins))
        self.builtins["__import__"] = self._import
        # What expressions being evaluated found missing (a CHOP channel), for their error (par.py)
        self.notes: list[str] = []

    def _import(self, name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name and "." not in name:
            dat = find_module_dat(self._world, name)
            if dat is not None:
                return dat.module
        return builtins.__import__(name, globals, locals, fromlist, level)

    def namespace(self, me) -> dict:
        """The globals of code run by `me` (an expression's operator, a DAT module's DAT)."""
        w = self._world
        origin = (lambda: me._parent if me._parent is not None else me) if me is not None else None
        here = (lambda: me) if me is not None else None
        world = (lambda: w) if me is None else None
        ns = self._namespace(w)
        ns.update({
            "me": me,
            "op": OpShortcut(origin, here, world),
            "opex": OpexShortcut(origin, here, world),
            "ops": OpsShortcut(origin, here, world),
            "parent": ParentShortcut((lambda: me) if me is not None else None, world),
            "math": math,
            "__builtins__": self.builtins,  # `import datName` finds DATs first
        })
        return ns

    def evaluate(self, source: str, me):
        """Evaluate one Python expression with `me` as context; exceptions propagate."""
        code = _code(source)
        with self._world.as_me(me):
            return eval(code, self.namespace(me))

    def run_script(self, source, me, args=()):
        """Execute a script string (td.run) with `me` and `args` available."""
        ns = self.namespace(me)
        ns["args"] = tuple(args)  # Run Class / DAT Class: "a local tuple named args"
        with self._world.as_me(me):
            exec(compile(source, "<run>", "exec"), ns)
