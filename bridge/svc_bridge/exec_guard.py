"""The safe mode's rules for text TouchDesigner runs: one place every route calls.

With SVC_BRIDGE_EXPRESSIONS=safe and the exec gate closed, a client may not make TouchDesigner run
Python it chose. So every expression and bind, every value of a parameter TouchDesigner evaluates
as Python, and every DAT text pass safe_python's allow-list grammar (`unsafe_python`); and text
TouchDesigner runs is exec (`exec_disabled`): writing any text into a DAT that runs (an
Execute-family DAT, the callbacks or script DAT an operator names, a DAT an extension instantiates,
a table an Evaluate DAT evaluates), changing such a DAT or turning it on, pointing an operator's
callbacks at a DAT, loading code (an external .tox, incoming scripts), wiring a DAT into an input
that evaluates its cells, and copying operators that carry code. exec_table.py says which
parameters and operators these are. With exec open (SVC_BRIDGE_ALLOW_EXEC) none of this applies:
the client could run the same Python through /api/exec. In the open expression mode expressions
are Python by design (spec 4.3); only the file rule holds there.

Whatever the modes, with exec closed a parameter naming a file TouchDesigner writes (a Text DAT
synced to its file, a File Out DAT) may not name a place Python imports from (save_path.py).
"""

import td

from . import exec_table, safe_python
from .config import exec_allowed, expressions_safe
from .errors import BridgeError
from .save_path import check_not_importable

EXEC_HINT = "set SVC_BRIDGE_ALLOW_EXEC=1 in TouchDesigner's environment to allow it"


def closed():
    """The safe mode with the exec gate closed: the rules of this module apply."""
    return expressions_safe() and not exec_allowed()


def needs_exec(message, **extra):
    return BridgeError("exec_disabled", "%s: with SVC_BRIDGE_EXPRESSIONS=safe that is running Python, which needs "
                       "the exec gate (%s)" % (message, EXEC_HINT), **extra)


def check_expression(expr, field="expr"):
    if not closed():
        return
    try:
        safe_python.check_expression(expr)
    except safe_python.Unsafe as exc:
        raise BridgeError("unsafe_python", "'%s' is outside the safe expression grammar (SVC_BRIDGE_EXPRESSIONS=safe): "
                          "%s" % (field, exc), field=field)


def _runs(dat):
    if not getattr(dat, "isDAT", False):
        return None
    return exec_table.run_reason(dat, td.root)


def check_dat_text(dat, text):
    """Text for a DAT: refused when the DAT runs, else it must be data (safe_python.check_data_text)."""
    if not closed():
        return
    reason = _runs(dat)
    if reason is not None:
        raise needs_exec("writing text into %s is writing code (%s)" % (dat.path, reason), path=dat.path,
                         field="text")
    try:
        safe_python.check_data_text(text)
    except safe_python.Unsafe as exc:
        raise BridgeError("unsafe_python", "the text for %s is Python code, not data (SVC_BRIDGE_EXPRESSIONS=safe): %s"
                          % (dat.path, exc), path=dat.path, field="text")


def _where(par):
    return "%s.%s" % (par.owner.path, par.name)


def check_file_value(par, value):
    if exec_table.par_kind(par) == "file_write" and isinstance(value, str) and value.strip():
        check_not_importable(_absolute(value))


def check_file_pars(node, skip=None):
    """The files node writes now (a switch such as Sync to File or a Write pulse writes to them)."""
    for par in exec_table.file_pars(node):
        if par.name != skip:
            try:
                value = par.eval()
            except Exception:
                value = par.val
            check_file_value(par, value if isinstance(value, str) else str(value or ""))


def _absolute(path):
    import os
    folder = getattr(getattr(td, "project", None), "folder", None) or os.getcwd()
    return os.path.normpath(os.path.join(folder, path.strip()))


def check_value(par, value):
    """A constant written to a parameter."""
    if exec_allowed():
        return
    check_file_value(par, value)
    check_file_pars(par.owner, skip=par.name)
    if not closed():
        return
    kind = exec_table.par_kind(par)
    if kind == "python" and isinstance(value, str) and value.strip():
        check_expression(value, field=par.name)
    elif kind in ("dat", "loads_code"):
        raise needs_exec("%s %s" % (_where(par), "names a DAT whose text runs" if kind == "dat" else "loads code"),
                         path=par.owner.path, param=par.name)
    if kind != "switch" or value:  # an Execute-family DAT runs: only turning it off is left
        _check_running_owner(par)


def _check_running_owner(par):
    reason = _runs(par.owner)
    if reason is not None:
        raise needs_exec("%s is a DAT that runs (%s); in the safe mode it may only be turned off" % (par.owner.path, reason),
                         path=par.owner.path, param=par.name)


def check_mode(par, mode, expr):
    """An expression or bind for a parameter (the expression itself is checked by check_expression)."""
    if not closed() or mode == "constant":
        return
    kind = exec_table.par_kind(par)
    if kind in ("dat", "loads_code", "switch"):
        raise needs_exec("an expression on %s decides what code runs" % _where(par), path=par.owner.path, param=par.name)
    if kind == "file_write":
        raise needs_exec("an expression on %s could name any file to write" % _where(par), path=par.owner.path,
                         param=par.name)
    _check_running_owner(par)


def check_pulse(par):
    if not exec_allowed():
        check_file_pars(par.owner)
    if closed():
        _check_running_owner(par)


def check_wire(target, target_input):
    if closed() and target_input in exec_table.table()["code_inputs"].get(getattr(target, "OPType", None), ()):
        raise needs_exec("input %d of %s evaluates its DAT's cells as Python" % (target_input, target.path),
                         path=target.path, field="target_input")


def check_copy(source):
    """Copying operators that carry code runs that code again."""
    if closed():
        found = exec_table.holds_code(source, expressions=False)
        if found:
            raise needs_exec("%s carries code (%s: %s)" % (source.path, found[0]["path"], found[0]["why"]),
                             path=source.path, carries_code=found[:20])


def check_not_running(node):
    """After a rename or move: a DAT that did not run must not have become one that runs."""
    if closed():
        reason = _runs(node)
        if reason is not None:
            raise needs_exec("%s would run as code (%s)" % (node.path, reason), path=node.path)
